import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import type { CreateTeamsBody } from '../../../core/validation';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { assignTeams, TEAM_MAX, teamCount, validTeamSizes } from '../../../core/fencing/teams';
import { toast, toastError } from '../../state/toasts';
import { ApiError, call, client } from '../../lib/api';
import { paths } from '../../lib/paths';
import { sessionAtom } from '../../state/session';
import { useCurrentPractice } from '../../state/practices';
import { setupSelectionAtom, toRequestEntry } from '../../state/setup-selection';
import { applyTeams } from '../../state/teams';
import { EmptyState } from '../../components/empty-state';
import { count, params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('team-assignment-page', {
  goSetup: 'Go to team setup',
  noPractice: 'No practice selected',
  notAuthenticated: 'Not authenticated',
  incompleteTitle: 'Incomplete Assignment',
  incomplete: 'Please assign all athletes to teams',
  saved: 'Teams created and saved successfully',
  failed: 'Failed to save teams',
  back: '← Back to team setup',
  singleTitle: 'Single match: two teams',
  title: 'Assign athletes to teams',
  teamFor: params('Team for {name}'),
  teamsOfSize: count({ one: '{count} team of 3 or 4', other: '{count} teams of 3 or 4' }),
  // A team and how many it holds now: "Team 2: 4".
  teamSize: params('{team}: {n}'),
  save: 'Save Teams',
});

/**
 * /manual-team-assignment (ceil(n/4) teams) and /single-match (two teams for one match): each athlete
 * picks a team; a team leaves the other selectors once it has 4 members.
 */
export function TeamAssignmentPage({ singleMatch = false }: { singleMatch?: boolean }) {
  const t = useTexts(messages);
  const practice = useCurrentPractice();
  const session = useAtomValue(sessionAtom);
  const entries = useAtomValue(setupSelectionAtom);
  const navigate = useNavigate();
  const [teamOf, setTeamOf] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const teams = singleMatch ? 2 : teamCount(entries.length);

  if (entries.length === 0) {
    return <EmptyState title={t.noAthletesSelected} text={t.selectAthletes} to={paths.teamPracticeSetup} action={t.goSetup} />;
  }

  const sizes = Array.from({ length: teams }, (_, t) => Object.values(teamOf).filter((n) => n === t + 1).length);

  async function save() {
    if (!practice) return toastError(t.noPractice);
    if (session.status !== 'signed-in') return toastError(t.notAuthenticated);
    const { groups, unassigned } = assignTeams(entries.map((_, i) => i), (i) => teamOf[i], teams);
    if (unassigned > 0) return toastError(t.incomplete, t.incompleteTitle);
    if (!validTeamSizes(groups.map((g) => g.length))) return toastError(t.teamSizes, t.teamSizesTitle);
    setBusy(true);
    try {
      const body = { method: 'manual', teams, entries: entries.map((e, i) => ({ ...toRequestEntry(e), team: teamOf[i] })) } satisfies CreateTeamsBody;
      applyTeams(practice.id, await call(client.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: body })));
      toast({ title: t.success, description: t.saved });
      navigate(singleMatch ? paths.teams : paths.teamPoolSetup);
    } catch (e) {
      toastError(e instanceof ApiError && e.status === 400 ? e.message : t.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div>
        <Link to={paths.teamPracticeSetup} className="text-sm text-sky-700 hover:underline">{t.back}</Link>
        <h1 className="mt-2 text-2xl font-bold">{singleMatch ? t.singleTitle : t.title}</h1>
        <p className="text-sm text-slate-600">
          {t.teamsOfSize(teams)} · {sizes.map((n, i) => t.teamSize({ team: t.teamN({ n: i + 1 }), n })).join(' · ')}
        </p>
      </div>
      <ul className="card divide-y divide-slate-100">
        {entries.map((e, i) => (
          <li key={i} className="flex items-center justify-between gap-3 px-4 py-2">
            <span className="font-medium">{e.name}</span>
            <select aria-label={t.teamFor({ name: e.name })} className="input w-40" value={teamOf[i] ?? 0} onChange={(ev) => setTeamOf((a) => ({ ...a, [i]: Number(ev.target.value) }))}>
              <option value={0}>{t.unassigned}</option>
              {Array.from({ length: teams }, (_, n) => n + 1)
                // SPEC §2: a team option disappears once it has 4 members (unless it is this athlete's own).
                .filter((team) => teamOf[i] === team || sizes[team - 1]! < TEAM_MAX)
                .map((team) => (
                  <option key={team} value={team}>{t.teamN({ n: team })}</option>
                ))}
            </select>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={busy} onClick={save}>{t.save}</button>
      </div>
    </div>
  );
}
