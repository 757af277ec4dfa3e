import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { guestAtom } from '../../state/guest';
import { Navigate } from '../link';
import { paths } from '../../lib/paths';
import { useRole } from '../../state/viewer';
import { Spinner } from '../ui/spinner';

/** SPEC §2: lets a signed-in visitor or a guest through, shows 'Loading...' while that is unknown, else /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const role = useRole();
  const guest = useAtomValue(guestAtom);
  if (role === 'loading') return <Spinner />;
  // A guest whose session just ended goes back to joining, not to the coaches' sign-in.
  if (role === 'none') return <Navigate to={guest.status === 'none' && guest.ended ? paths.guestJoin : paths.auth} replace />;
  return <>{children}</>;
}
