import { getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/toast';
import { onGuestSessionEnded, setBearerSource } from '../lib/api';
import { paths } from '../paths';
import { clearGuest, guestToken, validateStoredGuest } from './guest';
import { sessionAtom } from './session';

// A coach's cookie session wins: a guest token left in this browser is not sent while signed in.
setBearerSource(() => (getDefaultStore().get(sessionAtom).status === 'signed-in' ? null : guestToken()));

/** Validates a stored guest session on load, and sends a guest whose session ended back to /guest-join. */
export function useGuestKeeper() {
  const navigate = useNavigate();
  useEffect(() => {
    void validateStoredGuest();
  }, []);
  useEffect(() => {
    onGuestSessionEnded((message) => {
      toast({ title: 'Guest access ended', description: message, variant: 'destructive' });
      clearGuest(true);
      void navigate(paths.guestJoin, { replace: true });
    });
  }, [navigate]);
}
