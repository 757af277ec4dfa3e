import { common } from '../../i18n/common';
import { useStore } from '../../i18n';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router';
import { Link } from '../link';
import { livePath } from '../../lib/api';
import { practiceHome, paths } from '../../lib/paths';
import { guestAtom } from '../../state/guest';
import { useLivePractice } from '../../state/live-practice';
import { usePractices, useCurrentPractice } from '../../state/practices';
import { useCan, type PracticeView } from '../../state/viewer';
import { Spinner } from '../ui/spinner';
import { GuestBanner } from './guest-banner';
import { LiveIndicator } from './live-indicator';
import { PracticeTabs } from './practice-tabs';
import { OutboxStatus } from './outbox-status';
import { can } from '../../../core/permissions';
import { NoPracticeSelected } from '../empty-state';
import { useTerms } from '../../i18n/fencing-terms';
import { WeaponSelect } from './weapon-select';
import { ShareControl } from './share-control';
import { useWideScreen } from './use-wide-screen';
import { onDemand } from '../ui/lazy';

// Guest access, the room and the board's chips: a wider screen's header only, after the first paint (issue 29).
const HeaderSharing = onDemand(() => import('./header-sharing').then((m) => m.HeaderSharing));


/**
 * The header of every practice screen: name, type badge, room code and sharing (coach), tabs, the screen. On a
 * phone it condenses to the name, the weapon, the live state and one Share control (issue 29).
 */
export function PracticeLayout() {
  return useCan('practice.read') ? <CoachPractice /> : <GuestPractice />;
}

function CoachPractice() {
  const state = usePractices();
  const practice = useCurrentPractice();
  if (state.status === 'idle' || state.status === 'loading') return <Spinner />;
  if (!practice) return <NoPracticeSelected />;
  const { id, name, date, practice_type, weapon } = practice;
  return <LivePractice view={{ id, name, date, practice_type, weapon, role: 'coach', coach: practice, liveUrl: livePath({ practice: id }) }} />;
}

function GuestPractice() {
  const guest = useAtomValue(guestAtom);
  if (guest.status !== 'active') return <Spinner />;
  const { session, token } = guest;
  return <LivePractice view={{ ...session.practice, role: 'guest', coach: null, liveUrl: livePath({ practice: session.practice.id, token }) }} />;
}

/** A practice's screens share one live connection to its room. */
function LivePractice({ view }: { view: PracticeView }) {
  const t = useStore(common);
  const term = useTerms();
  const wide = useWideScreen();
  useLivePractice(view);
  return (
    <div className="space-y-3 sm:space-y-4">
      {/* On a phone the brand in the bar above goes back to the practices: the grid comes first (issue 29). */}
      {can(view.role, 'practice.read') && (
        <Link to={paths.practices} className="hidden text-sm text-sky-700 hover:underline sm:inline-block" data-testid="practice-back-link">
          ← {view.name}
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h1 className="text-xl font-bold sm:text-2xl" data-testid="practice-name">{view.name}</h1>
          <span className="hidden rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold uppercase text-sky-800 sm:inline">
            {view.practice_type === 'team' ? t.team : t.individual}
          </span>
          {view.coach ? <WeaponSelect practice={view.coach} /> : (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase text-slate-700" data-testid="practice-weapon">{term.weapon(view.weapon)}</span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OutboxStatus practiceId={view.id} />
          <LiveIndicator />
          {/* A phone keeps these in the Share dialog; a wider screen shows them here too. */}
          {view.coach && wide && <HeaderSharing practice={view.coach} role={view.role} />}
          {view.coach && <ShareControl practice={view.coach} role={view.role} />}
        </div>
      </div>
      {can(view.role, 'guest.session') && <GuestBanner />}
      <PracticeTabs poolsPath={practiceHome(view.practice_type)} role={view.role} />
      <Outlet context={view} />
    </div>
  );
}
