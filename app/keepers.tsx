import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useGuestKeeper } from './state/guest-keeper';
import { useSessionKeeper } from './state/session';

/**
 * Everything but the live board runs under these: the coach's session kept fresh, a stored guest session
 * validated, and scores an earlier visit could not send restored to the outbox. A chunk of its own, so a
 * spectator's board loads none of it.
 */
export function Keepers() {
  useSessionKeeper();
  useGuestKeeper();
  useEffect(() => {
    // The outbox loads after the first paint.
    // It cannot load (offline, not cached): what an earlier visit left stays on the device for the next.
    import('./state/outbox').then((m) => m.restoreOutbox()).catch(() => undefined);
  }, []);
  return <Outlet />;
}
