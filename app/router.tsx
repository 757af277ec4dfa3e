import { createBrowserRouter, Outlet } from 'react-router';
import { AppShell } from './components/layout/app-shell';
import { PracticeLayout } from './components/layout/practice-layout';
import { ProtectedRoute } from './components/layout/protected-route';
import { Toaster } from './components/ui/toast';
import { AthleteDetailPage } from './features/athletes/athlete-detail-page';
import { AthletesPage } from './features/athletes/athletes-page';
import { AuthPage } from './features/auth/auth-page';
import { GuestJoinCodePage, GuestJoinPage } from './features/guest/guest-join-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { PoolResultsPage } from './features/pool-results/pool-results-page';
import { PoolsScreen } from './features/pools/pools-screen';
import { FinalResultsPage } from './features/final-results/final-results-page';
import { TableauPage } from './features/tableau/tableau-page';
import { TeamAssignmentPage } from './features/team-setup/team-assignment-page';
import { TeamPoolSetupPage } from './features/team-setup/team-pool-setup-page';
import { TeamPracticeSetupPage } from './features/team-setup/team-practice-setup-page';
import { TeamsPage } from './features/teams/teams-page';
import { ManualPoolAssignmentPage } from './features/practice-setup/manual-pool-assignment-page';
import { PracticeSetupPage } from './features/practice-setup/practice-setup-page';
import { PracticesPage } from './features/practices/practices-page';
import { useSessionKeeper } from './state/session';

function Root() {
  useSessionKeeper();
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/auth', element: <AuthPage /> },
      { path: '/guest-join', element: <GuestJoinPage /> },
      { path: '/guest-join/:code', element: <GuestJoinCodePage /> },
      {
        element: (
          <ProtectedRoute>
            <AppShell />
          </ProtectedRoute>
        ),
        children: [
          { path: '/', element: <PracticesPage /> },
          { path: '/practices', element: <PracticesPage /> },
          { path: '/athletes', element: <AthletesPage /> },
          { path: '/athletes/:id', element: <AthleteDetailPage /> },
          { path: '/practice-setup', element: <PracticeSetupPage /> },
          { path: '/manual-pool-assignment', element: <ManualPoolAssignmentPage /> },
          { path: '/team-practice-setup', element: <TeamPracticeSetupPage /> },
          { path: '/manual-team-assignment', element: <TeamAssignmentPage /> },
          { path: '/single-match', element: <TeamAssignmentPage singleMatch /> },
          { path: '/team-pool-setup', element: <TeamPoolSetupPage /> },
          {
            element: <PracticeLayout />,
            children: [
              { path: '/individual-practice', element: <PoolsScreen /> },
              { path: '/team-practice', element: <PoolsScreen /> },
              { path: '/pool-results', element: <PoolResultsPage /> },
              { path: '/tableau', element: <TableauPage /> },
              { path: '/final-results', element: <FinalResultsPage /> },
              { path: '/teams', element: <TeamsPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
