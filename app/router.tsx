import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { Toaster } from './components/ui/toast';
import { i18n, useStore } from './i18n';

const messages = i18n('router', {
  loading: 'Loading…',
});

function Root() {
  const t = useStore(messages);
  return (
    <>
      <Suspense fallback={<p className="py-10 text-center text-sm text-slate-600" role="status">{t.loading}</p>}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}

/**
 * A screen in its own chunk, loaded when first shown (issue 13: the sign-in page, the guest join page and
 * the live board never download the coach's screens). The service worker precaches every chunk, so an
 * offline visit still opens any screen.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(async () => ({ default: pick(await load()) }));
}

const pools = () => import('./features/pools/pools-screen');
const PoolsScreen = screen(pools, (m) => m.PoolsScreen);
const PoolResultsPage = screen(() => import('./features/pool-results/pool-results-page'), (m) => m.PoolResultsPage);
const TableauPage = screen(() => import('./features/tableau/tableau-page'), (m) => m.TableauPage);
const FinalResultsPage = screen(() => import('./features/final-results/final-results-page'), (m) => m.FinalResultsPage);
const teamAssignment = () => import('./features/team-setup/team-assignment-page');
const TeamAssignmentPage = screen(teamAssignment, (m) => m.TeamAssignmentPage);
const SingleMatchPage = screen(teamAssignment, (m) => () => <m.TeamAssignmentPage singleMatch />);
const AuthPage = screen(() => import('./features/auth/auth-page'), (m) => m.AuthPage);
const guestJoin = () => import('./features/guest/guest-join-page');
const GuestJoinPage = screen(guestJoin, (m) => m.GuestJoinPage);
const GuestJoinCodePage = screen(guestJoin, (m) => m.GuestJoinCodePage);
const boardPools = () => import('./features/spectator/board-pools');
const BoardPools = screen(boardPools, (m) => m.BoardPools);
// The board's pools tab is what most visitors open: fetched alongside the board itself, not after its data.
const SpectatorPage = screen(() => (void boardPools(), import('./features/spectator/spectator-page')), (m) => m.SpectatorPage);
const TvBoard = screen(() => import('./features/spectator/tv-board'), (m) => m.TvBoard);
const HallPage = screen(() => import('./features/hall/hall-page'), (m) => m.HallPage);
// A competition day's two coach screens come in one chunk (one entry in every first load's preload list, not two).
const days = () => import('./features/days/days-page');
const DaysPage = screen(days, (m) => m.DaysPage);
const DayPage = screen(days, (m) => m.DayPage);
const SignedInShell = screen(() => import('./features/account/account-shell'), (m) => m.SignedInShell);
const PracticeLayout = screen(() => import('./components/layout/practice-layout'), (m) => m.PracticeLayout);
const PracticesPage = screen(() => import('./features/practices/practices-page'), (m) => m.PracticesPage);
const AthletesPage = screen(() => import('./features/athletes/athletes-page'), (m) => m.AthletesPage);
const AthleteDetailPage = screen(() => import('./features/athletes/athlete-detail-page'), (m) => m.AthleteDetailPage);
const PracticeSetupPage = screen(() => import('./features/practice-setup/practice-setup-page'), (m) => m.PracticeSetupPage);
const ManualPoolAssignmentPage = screen(() => import('./features/practice-setup/manual-pool-assignment-page'), (m) => m.ManualPoolAssignmentPage);
const TeamPracticeSetupPage = screen(() => import('./features/team-setup/team-practice-setup-page'), (m) => m.TeamPracticeSetupPage);
const TeamPoolSetupPage = screen(() => import('./features/team-setup/team-pool-setup-page'), (m) => m.TeamPoolSetupPage);
const TeamsPage = screen(() => import('./features/teams/teams-page'), (m) => m.TeamsPage);
const Keepers = screen(() => import('./keepers'), (m) => m.Keepers);
const CoachOnly = lazy(() => import('./components/layout/coach-only').then((m) => ({ default: m.CoachOnly })));
const NotFoundPage = screen(() => import('./features/not-found/not-found-page'), (m) => m.NotFoundPage);

/** A coach-only screen: guests are sent to their practice (SPEC §6). */
const coach = (Screen: ComponentType) => (
  <CoachOnly>
    <Screen />
  </CoachOnly>
);

/** Every client route (SPEC §2); declarative routes keep the data router's code out of the first load. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route path="/live/:boardId/tv" element={<TvBoard />} />
        <Route path="/live/:boardId" element={<SpectatorPage />}>
          <Route index element={<BoardPools />} />
          <Route path="results" element={<PoolResultsPage />} />
          <Route path="tableau" element={<TableauPage />} />
          <Route path="final" element={<FinalResultsPage />} />
        </Route>
        {/* The hall board and its TV view (/hall/:boardId/tv): one route, so no first load grows by an entry. */}
        <Route path="/hall/:boardId/*" element={<HallPage />} />
        <Route element={<Keepers />}>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/guest-join" element={<GuestJoinPage />} />
          <Route path="/guest-join/:code" element={<GuestJoinCodePage />} />
          <Route element={<SignedInShell />}>
            <Route path="/" element={<PracticesPage />} />
            <Route path="/practices" element={<PracticesPage />} />
            <Route path="/athletes" element={coach(AthletesPage)} />
            <Route path="/athletes/:id" element={coach(AthleteDetailPage)} />
            <Route path="/days" element={coach(DaysPage)} />
            <Route path="/days/:dayId" element={coach(DayPage)} />
            <Route path="/practice-setup" element={coach(PracticeSetupPage)} />
            <Route path="/manual-pool-assignment" element={coach(ManualPoolAssignmentPage)} />
            <Route path="/team-practice-setup" element={coach(TeamPracticeSetupPage)} />
            <Route path="/manual-team-assignment" element={coach(TeamAssignmentPage)} />
            <Route path="/single-match" element={coach(SingleMatchPage)} />
            <Route path="/team-pool-setup" element={coach(TeamPoolSetupPage)} />
            <Route element={<PracticeLayout />}>
              <Route path="/individual-practice" element={<PoolsScreen />} />
              <Route path="/team-practice" element={<PoolsScreen />} />
              <Route path="/pool-results" element={<PoolResultsPage />} />
              <Route path="/tableau" element={<TableauPage />} />
              <Route path="/final-results" element={<FinalResultsPage />} />
              <Route path="/teams" element={coach(TeamsPage)} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
