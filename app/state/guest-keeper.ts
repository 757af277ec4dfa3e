import { getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from './toasts';
import { onGuestSessionEnded, setBearerSource } from '../lib/api';
import { paths } from '../lib/paths';
import { clearGuest, guestToken, leftByChoice, validateStoredGuest } from './guest';
import { sessionAtom } from './session';
import { i18n } from '../i18n';

const messages = i18n('guest-keeper', {
  ended: 'Guest access ended',
});

// A coach's cookie session wins: a guest token left in this browser is not sent while signed in.
setBearerSource(() => (getDefaultStore().get(sessionAtom).status === 'signed-in' ? null : guestToken()));

/** A guest's token is renewed this often while the app is open, so an active practice never drops them. */
const RENEW_EVERY_MS = 60 * 60 * 1000;

/** Validates a stored guest session on load (and hourly), and sends a guest whose session ended back to /guest-join. */
export function useGuestKeeper() {
  const navigate = useNavigate();
  useEffect(() => {
    void validateStoredGuest();
    const timer = setInterval(() => guestToken() && void validateStoredGuest(), RENEW_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    onGuestSessionEnded((message) => {
      // Leaving closes this guest's own sockets too: the banner says "Left room", not that access ended.
      if (leftByChoice()) return;
      toast({ title: messages.get().ended, description: message, variant: 'destructive' });
      clearGuest(true);
      void navigate(paths.guestJoin, { replace: true });
    });
  }, [navigate]);
}
