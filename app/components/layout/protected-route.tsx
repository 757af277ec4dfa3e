import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../paths';
import { sessionAtom } from '../../state/session';
import { Spinner } from '../ui/spinner';

/** SPEC §2: lets a signed-in visitor through, shows 'Loading...' while that is unknown, else sends to /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'loading') return <Spinner />;
  if (session.status === 'signed-out') return <Navigate to={paths.auth} replace />;
  return <>{children}</>;
}
