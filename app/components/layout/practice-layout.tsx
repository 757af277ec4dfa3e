import { Link, Outlet } from 'react-router';
import type { Practice } from '../../../core/api';
import { useLivePractice } from '../../state/live';
import { LiveIndicator } from './live-indicator';
import { practiceHome, paths } from '../../paths';
import { usePractices, useCurrentPractice } from '../../state/practices';
import { Spinner } from '../ui/spinner';
import { PracticeTabs } from './practice-tabs';
import { RoomCodeChip } from './room-code-chip';

/** The header of every practice screen: name, type badge, room code chip, tabs, and the screen below. */
export function PracticeLayout() {
  const state = usePractices();
  const practice = useCurrentPractice();
  if (state.status === 'idle' || state.status === 'loading') return <Spinner />;
  if (!practice) return <NoPractice />;
  return <LivePractice practice={practice} />;
}

function NoPractice() {
  return (
    <div className="card p-8 text-center">
      <h1 className="text-lg font-semibold">No practice selected</h1>
      <p className="mt-1 text-sm text-slate-600">Please select or create a practice first.</p>
      <Link to={paths.practices} className="btn-primary mt-4">
        Go to practices
      </Link>
    </div>
  );
}

/** A practice's screens share one live connection to its room. */
function LivePractice({ practice }: { practice: Practice }) {
  useLivePractice(practice.id);
  return (
    <div className="space-y-4">
      <Link to={paths.practices} className="text-sm text-sky-700 hover:underline" data-testid="practice-back-link">
        ← {practice.name}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold" data-testid="practice-name">
            {practice.name}
          </h1>
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold uppercase text-sky-800">
            {practice.practice_type === 'team' ? 'Team' : 'Individual'}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <LiveIndicator />
          <RoomCodeChip practice={practice} />
        </div>
      </div>
      <PracticeTabs poolsPath={practiceHome(practice.practice_type)} />
      <Outlet context={practice} />
    </div>
  );
}
