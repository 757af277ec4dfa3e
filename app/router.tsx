import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { liveRoutes } from './live-routes';
import { screen, screensOf } from './lib/screen';
import { setRouteLoader } from './lib/route-preload';
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
const CoachOnly = screen(() => import('./components/layout/coach-only'), (m) => m.CoachOnly);
const NotFoundPage = screen(() => import('./features/not-found/not-found-page'), (m) => m.NotFoundPage);

/** A coach-only screen: guests are sent to their practice (SPEC §6). */
const coach = (Screen: ComponentType) => (
  <CoachOnly>
    <Screen />
  </CoachOnly>
);

/** Every client route (SPEC §2), as route objects: the router renders them, and the boot reads what each loads. */
const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...liveRoutes({ TvBoard, SpectatorPage, BoardPools, PoolResults: PoolResultsPage, Tableau: TableauPage, FinalResults: FinalResultsPage }),
      // The hall board and its TV view (/hall/:boardId/tv): one route, so no first load grows by an entry.
      { path: '/hall/:boardId/*', element: <HallPage /> },
      {
        element: <Keepers />,
        children: [
          { path: '/auth', element: <AuthPage /> },
          { path: '/guest-join', element: <GuestJoinPage /> },
          { path: '/guest-join/:code', element: <GuestJoinCodePage /> },
          {
            element: <SignedInShell />,
            children: [
              { path: '/', element: <PracticesPage /> },
              { path: '/practices', element: <PracticesPage /> },
              { path: '/athletes', element: coach(AthletesPage) },
              { path: '/athletes/:id', element: coach(AthleteDetailPage) },
              { path: '/days', element: coach(DaysPage) },
              { path: '/days/:dayId', element: coach(DayPage) },
              { path: '/practice-setup', element: coach(PracticeSetupPage) },
              { path: '/manual-pool-assignment', element: coach(ManualPoolAssignmentPage) },
              { path: '/team-practice-setup', element: coach(TeamPracticeSetupPage) },
              { path: '/manual-team-assignment', element: coach(TeamAssignmentPage) },
              { path: '/single-match', element: coach(SingleMatchPage) },
              { path: '/team-pool-setup', element: coach(TeamPoolSetupPage) },
              {
                element: <PracticeLayout />,
                children: [
                  { path: '/individual-practice', element: <PoolsScreen /> },
                  { path: '/team-practice', element: <PoolsScreen /> },
                  { path: '/pool-results', element: <PoolResultsPage /> },
                  { path: '/tableau', element: <TableauPage /> },
                  { path: '/final-results', element: <FinalResultsPage /> },
                  { path: '/teams', element: coach(TeamsPage) },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Declarative routes keep the data router's code out of the first load. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads every chunk on the way to `pathname` at once (issue 33): its layouts' and its screen's, started
 * together rather than each after the one around it ran. Settles when all are here (or one failed).
 */
export function loadRoute(pathname: string): Promise<unknown> {
  const screens = (matchRoutes(routes, pathname) ?? []).flatMap((m) => screensOf(m.route.element));
  return Promise.all(screens.map((s) => s.load()));
}
setRouteLoader(loadRoute);

/** Whether `pathname` is a screen that shows the coach's practice list (theirs, or the current practice's header). */
export const coachListScreen = (pathname: string) => pathname === '/' || pathname === '/practices' || isPracticeScreen(pathname);

/** Whether `pathname` is a screen of the current practice (under its layout): it shows the practice's snapshot. */
export const isPracticeScreen = (pathname: string) => (matchRoutes(routes, pathname) ?? []).some((m) => screensOf(m.route.element).some((s) => s === PracticeLayout));
