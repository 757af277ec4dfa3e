import { textsOf, useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { maxTeamPools } from '../../../core/fencing/teams';
import { Spinner } from '../../components/ui/spinner';
import { toastError } from '../../state/toasts';
import { call, client } from '../../lib/api';
import { paths, practiceHome } from '../../lib/paths';
import { useResource } from '../../lib/use-resource';
import { useGeneratePools } from '../../components/use-generate-pools';
import { useCurrentPractice } from '../../state/practices';
import { sessionAtom } from '../../state/session';
import { params } from '@nanostores/i18n';
import { i18n, locale } from '../../i18n';

const messages = i18n('team-pool-setup-page', {
  loadFailed: 'Failed to load teams',
  summary: params('{count} teams · team bouts go to 45'),
  single: 'Single pool: every team meets every other',
  needsFour: '(needs at least 4 teams)',
  noTeamsTitle: 'No teams found',
  noTeams: 'Please create teams first',
});

/** /team-pool-setup: the practice's teams into one pool, or a random split into 2..floor(teams/2). */
export function TeamPoolSetupPage() {
  const t = useTexts(messages);
  const practice = useCurrentPractice();
  const session = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const [method, setMethod] = useState<'single' | 'random'>('single');
  const [poolCount, setPoolCount] = useState(2);
  const { busy, generate: submit } = useGeneratePools({ success: t.poolsGenerated, failure: t.generateFailed });
  const practiceId = practice?.id;

  const loaded = useResource(practiceId && session.status === 'signed-in' ? practiceId : null, () => call(client.practices[':practiceId'].teams.$get({ param: { practiceId: practiceId! } })), () => toastError(textsOf(messages).loadFailed));
  const teams = loaded.data;
  const noTeams = teams !== null && teams.length === 0;
  useEffect(() => {
    if (!noTeams) return;
    toastError(textsOf(messages).noTeams, textsOf(messages).noTeamsTitle);
    navigate(paths.teamPracticeSetup, { replace: true });
  }, [noTeams, navigate]);

  if (!practice) return <Link to={paths.practices} className="btn-primary">{t.goPractices}</Link>;
  if (!teams || noTeams) return <Spinner />;
  const max = maxTeamPools(teams.length);

  function generate() {
    if (!practice) return;
    void submit(practice, () => call(client.practices[':practiceId'].teams.pools.$post({ param: { practiceId: practice.id }, json: { method, pool_count: method === 'random' ? poolCount : undefined, lang: locale.get() } })));
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div>
        <Link to={practiceHome(practice.practice_type)} className="text-sm text-sky-700 hover:underline">{t.backToTournament}</Link>
        <h1 className="mt-2 text-2xl font-bold">{t.teamPools}</h1>
        <p className="text-sm text-slate-600">{t.summary({ count: teams.length })}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="team-list">
        {teams.map((team) => (
          <li key={team.id} className="card p-3">
            <p className="font-semibold">{t.teamN({ n: team.team_number })}</p>
            <p className="text-sm text-slate-600">{team.members.map((m) => m.athlete_name).join(', ')}</p>
          </li>
        ))}
      </ul>
      <fieldset className="card space-y-3 p-4">
        <legend className="sr-only">{t.poolDivision}</legend>
        <label className="flex items-center gap-3">
          <input type="radio" name="team-method" checked={method === 'single'} onChange={() => setMethod('single')} />
          <span>{t.single}</span>
        </label>
        <label className={`flex items-center gap-3 ${max < 2 ? 'opacity-50' : ''}`}>
          <input type="radio" name="team-method" disabled={max < 2} checked={method === 'random'} onChange={() => setMethod('random')} />
          <span>{t.randomSplit} {max < 2 && t.needsFour}</span>
        </label>
        {method === 'random' && (
          <div className="w-40">
            <label className="label" htmlFor="team-pool-count">{t.poolCount}</label>
            <input id="team-pool-count" type="number" className="input" min={2} max={max} value={poolCount} onChange={(e) => setPoolCount(Math.min(max, Math.max(2, Math.round(Number(e.target.value) || 2))))} />
          </div>
        )}
      </fieldset>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={busy} onClick={generate}>{t.generatePools}</button>
      </div>
    </div>
  );
}
