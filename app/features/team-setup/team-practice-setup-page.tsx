import { useTexts } from '../../i18n/common';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { canFormTeams, teamCount } from '../../../core/fencing/teams';
import { AthleteSelector, useAthleteSelection } from '../../components/athlete-selector';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { paths, practiceHome } from '../../lib/paths';
import { useCurrentPractice } from '../../state/practices';
import { setupSelectionAtom, toRequestEntry } from '../../state/setup-selection';
import { applyTeams } from '../../state/teams';
import { NoPracticeSelected } from '../../components/empty-state';
import { TeamFileButton } from './team-file';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('team-practice-setup-page', {
  distributed: 'Teams distributed randomly',
  failed: 'Failed to distribute teams',
  title: 'Build teams',
  subtitle: params('{name} · teams of 3 or 4'),
  singleMatch: 'Set up a single match',
  distribute: 'Distribute into teams',
  dialogTitle: 'Distribute athletes',
  dialogText: params('{count} athletes into {teams} teams.'),
  random: 'Random',
  randomHelp: 'Shuffled into teams whose sizes differ by at most one.',
  manual: 'Manual',
  manualHelp: 'Pick each athlete’s team yourself.',
});

/** /team-practice-setup: choose athletes, then how to distribute them into teams of 3 or 4. */
export function TeamPracticeSetupPage() {
  const t = useTexts(messages);
  const practice = useCurrentPractice();
  const navigate = useNavigate();
  const selection = useAthleteSelection();
  const setSelection = useSetAtom(setupSelectionAtom);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!practice) return <NoPracticeSelected />;

  function next() {
    const list = selection.entries();
    if (list.length === 0) return toastError(t.selectAthletesOrNames, t.noAthletesSelected);
    if (!canFormTeams(list.length)) return toastError(t.teamSizes, t.teamSizesTitle);
    setSelection(list);
    setChoosing(true);
  }

  async function random() {
    if (!practice) return;
    setBusy(true);
    try {
      const teams = await call(client.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: selection.entries().map(toRequestEntry) } }));
      applyTeams(practice.id, teams);
      toast({ title: t.success, description: t.distributed });
      navigate(paths.teamPoolSetup);
    } catch (e) {
      toastError(errorMessage(e, t.failed));
    } finally {
      setBusy(false);
    }
  }

  const count = selection.entries().length;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <Link to={practiceHome(practice.practice_type)} className="text-sm text-sky-700 hover:underline">{t.backToTournament}</Link>
        <h1 className="mt-2 text-2xl font-bold">{t.title}</h1>
        <p className="text-sm text-slate-600">{t.subtitle({ name: practice.name })}</p>
      </div>
      <AthleteSelector selection={selection} />
      <div className="flex flex-wrap items-center justify-end gap-3">
        <TeamFileButton practice={practice} />
        <Link to={paths.singleMatch} className="btn-secondary" onClick={() => setSelection(selection.entries())}>{t.singleMatch}</Link>
        <button type="button" className="btn-primary" onClick={next}>{t.distribute}</button>
      </div>
      <Dialog open={choosing} onOpenChange={setChoosing} title={t.dialogTitle} description={t.dialogText({ count, teams: teamCount(count) })}>
        <div className="grid gap-3 sm:grid-cols-2">
          <button type="button" disabled={busy} className="card p-4 text-left hover:border-slate-900" onClick={random}>
            <span className="block font-semibold">{t.random}</span>
            <span className="text-sm text-slate-600">{t.randomHelp}</span>
          </button>
          <button type="button" className="card p-4 text-left hover:border-slate-900" onClick={() => navigate(paths.manualTeamAssignment)}>
            <span className="block font-semibold">{t.manual}</span>
            <span className="text-sm text-slate-600">{t.manualHelp}</span>
          </button>
        </div>
      </Dialog>
    </div>
  );
}
