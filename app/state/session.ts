import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { apiPaths, type SessionInfo, type User } from '../../core/api';
import { refreshDelayMs } from '../../core/session-refresh';
import { api, refreshSession } from '../lib/api';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; accessExpiresAt: number };

export const sessionAtom = atom<SessionState>({ status: 'loading' });

const store = getDefaultStore();

/** Stores what the server says of the session (a signed-in answer, or signed out). */
export function applySession(info: SessionInfo | null) {
  store.set(
    sessionAtom,
    info?.user && info.accessExpiresAt
      ? { status: 'signed-in', user: info.user, accessExpiresAt: info.accessExpiresAt }
      : { status: 'signed-out' },
  );
}

/** Reads the session, trying the refresh cookie when the access cookie is gone. */
export async function loadSession() {
  try {
    let info = await api<SessionInfo>('GET', apiPaths.session);
    if (!info.user && (await refreshSession())) info = await api<SessionInfo>('GET', apiPaths.session);
    applySession(info);
  } catch {
    applySession(null);
  }
}

export function signOutLocally() {
  store.set(sessionAtom, { status: 'signed-out' });
}

/** Loads the session once and keeps the access token fresh while the app is open. */
export function useSessionKeeper() {
  const session = useAtomValue(sessionAtom);
  useEffect(() => {
    void loadSession();
  }, []);
  const expiresAt = session.status === 'signed-in' ? session.accessExpiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const delay = refreshDelayMs(expiresAt, Date.now());
    if (delay === null) return;
    const timer = setTimeout(async () => {
      if (await refreshSession()) await loadSession();
      else applySession(null);
    }, delay);
    return () => clearTimeout(timer);
  }, [expiresAt]);
}
