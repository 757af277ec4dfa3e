import { useEffect } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { restoreOutbox } from './state/outbox';
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
import { useGuestKeeper } from './state/guest-keeper';
import { CoachOnly } from './components/layout/coach-only';
import { SpectatorPage } from './features/spectator/spectator-page';

function Root() {
  useSessionKeeper();
  useGuestKeeper();
  useEffect(() => {
    // Scores an earlier visit could not send go out now.
    void restoreOutbox();
  }, []);
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
        path: '/live/:boardId',
        element: <SpectatorPage />,
        children: [
          { index: true, element: <PoolsScreen /> },
          { path: 'results', element: <PoolResultsPage /> },
          { path: 'tableau', element: <TableauPage /> },
          { path: 'final', element: <FinalResultsPage /> },
        ],
      },
      {
        element: (
          <ProtectedRoute>
            <AppShell />
          </ProtectedRoute>
        ),
        children: [
          { path: '/', element: <PracticesPage /> },
          { path: '/practices', element: <PracticesPage /> },
          { path: '/athletes', element: <CoachOnly><AthletesPage /></CoachOnly> },
          { path: '/athletes/:id', element: <CoachOnly><AthleteDetailPage /></CoachOnly> },
          { path: '/practice-setup', element: <CoachOnly><PracticeSetupPage /></CoachOnly> },
          { path: '/manual-pool-assignment', element: <CoachOnly><ManualPoolAssignmentPage /></CoachOnly> },
          { path: '/team-practice-setup', element: <CoachOnly><TeamPracticeSetupPage /></CoachOnly> },
          { path: '/manual-team-assignment', element: <CoachOnly><TeamAssignmentPage /></CoachOnly> },
          { path: '/single-match', element: <CoachOnly><TeamAssignmentPage singleMatch /></CoachOnly> },
          { path: '/team-pool-setup', element: <CoachOnly><TeamPoolSetupPage /></CoachOnly> },
          {
            element: <PracticeLayout />,
            children: [
              { path: '/individual-practice', element: <PoolsScreen /> },
              { path: '/team-practice', element: <PoolsScreen /> },
              { path: '/pool-results', element: <PoolResultsPage /> },
              { path: '/tableau', element: <TableauPage /> },
              { path: '/final-results', element: <FinalResultsPage /> },
              { path: '/teams', element: <CoachOnly><TeamsPage /></CoachOnly> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
