import { Link, Outlet } from 'react-router';
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
  if (!practice) {
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
        <RoomCodeChip practice={practice} />
      </div>
      <PracticeTabs poolsPath={practiceHome(practice.practice_type)} />
      <Outlet context={practice} />
    </div>
  );
}
