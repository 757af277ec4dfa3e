import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { SessionInfo, User } from '../../core/contracts/account';
import { refreshDelayMs } from '../../core/session-refresh';
import { call, client, noteResumable, refreshSession, whenSessionEnds } from '../lib/api';
import { clearOfflineCache, loadOrRecall, remember } from '../lib/offline-cache';
import { loadGuard } from '../lib/load-guard';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; accessExpiresAt: number };

export const sessionAtom = atom<SessionState>({ status: 'loading' });

const store = getDefaultStore();

/**
 * Orders session answers: a sign-in, sign-up or sign-out made here while a session read was on its way
 * wins over that read's (older) answer, which would otherwise sign the coach straight out again.
 */
const sessionLoads = loadGuard();

/** Stores what the server says of the session (a signed-in answer, or signed out), as the newest word on it. */
export function applySession(info: SessionInfo | null) {
  sessionLoads.changed();
  setSession(info);
}

function setSession(info: SessionInfo | null) {
  // Signed out (or the session could not be read): nothing to refresh until a session answer says otherwise.
  noteResumable(info !== null && (info.user !== null || info.resumable === true));
  store.set(
    sessionAtom,
    info?.user && info.accessExpiresAt
      ? { status: 'signed-in', user: info.user, accessExpiresAt: info.accessExpiresAt }
      : { status: 'signed-out' },
  );
}

/**
 * Reads the session, trying the refresh cookie when the access cookie is gone. With no network, the coach
 * who was signed in here stays signed in (their last-known account, no token), so the app still opens.
 */
export async function loadSession() {
  const answer = sessionLoads.begin();
  const apply = (info: SessionInfo | null) => answer() === 'fresh' && setSession(info);
  try {
    const info = await loadOrRecall(
      'session',
      async () => {
        const first = await call(client.auth.session.$get());
        if (first.user || !first.resumable) return first;
        // A refresh cookie that renews nothing is no reason to ask again.
        return (await refreshSession()) ? call(client.auth.session.$get()) : { ...first, resumable: false };
      },
      // Only a signed-in session is worth opening offline; signed out, there is nothing to remember.
      (info) => info.user !== null,
    );
    apply(info.user ? { user: info.user, accessExpiresAt: info.accessExpiresAt ?? Date.now() } : info);
  } catch {
    apply(null);
  }
}

export function signOutLocally() {
  applySession(null);
  void clearOfflineCache();
}

// A refresh that finds the session over (signed out everywhere, a password changed on another device) signs
// this tab out: its screens go back to the sign-in page instead of failing one request at a time.
whenSessionEnds(() => {
  if (store.get(sessionAtom).status === 'signed-in') signOutLocally();
});

/** The read started at boot, beside the route's code (issue 33): the keeper's first mount takes it. */
let booting = false;

/** At boot on any screen the keepers run (app/main.tsx): the session is asked for before they mount. */
export function bootSession() {
  booting = true;
  void loadSession();
}

/**
 * A practice screen rendered by the worker (issue 33) came with the session it was rendered for: it is the
 * newest word on it, and the keeper's first mount does not read it again.
 */
export function sessionFromPage(info: SessionInfo) {
  applySession(info);
  booting = true;
  // Kept for an offline reload, as the keeper's read would have kept it.
  if (info.user) void remember('session', info);
}

/** Loads the session once and keeps the access token fresh while the app is open. */
export function useSessionKeeper() {
  const session = useAtomValue(sessionAtom);
  useEffect(() => {
    if (booting) booting = false;
    else void loadSession();
    // Back online after opening offline: confirm the session with the server.
    const online = () => void loadSession();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
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
