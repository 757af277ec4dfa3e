import type { ReactNode } from 'react';
import { Navigate } from '../link';
import { paths } from '../../lib/paths';
import { useCan } from '../../state/viewer';

/** Screens for coaches only (roster, setup, teams): a guest is taken to the pools they may work on. */
export function CoachOnly({ children }: { children: ReactNode }) {
  return useCan('roster.read') ? <>{children}</> : <Navigate to={paths.individualPractice} replace />;
}
