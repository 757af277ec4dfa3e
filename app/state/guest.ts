import { common } from '../i18n/common';
import { atom, getDefaultStore } from 'jotai';
import type { GuestJoinBody } from '../../core/validation';
import type { GuestSession } from '../../core/contracts/guests';
import { ApiError, call, client } from '../lib/api';
import { checkHeaders } from '../lib/challenge';
import { forget, isNetworkError, loadOrRecall } from '../lib/offline-cache';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';


export type GuestState =
  | { status: 'checking' }
  /** `ended`: this tab's guest session just ended (left, or closed by the coach); send them to /guest-join. */
  | { status: 'none'; ended?: boolean }
  | { status: 'active'; token: string; session: GuestSession };

export const guestAtom = atom<GuestState>(readStorage(storageKeys.guestSessionToken) ? { status: 'checking' } : { status: 'none' });

const store = getDefaultStore();

/** The stored guest token, sent as a bearer token with every API call while it lasts. */
export const guestToken = () => readStorage(storageKeys.guestSessionToken);

/** SPEC §4 Guest: not guest → guest by joining a room. */
export async function joinRoom(roomCode: string, guestName: string, check?: string): Promise<GuestSession> {
  const body = { room_code: roomCode, guest_name: guestName || null } satisfies GuestJoinBody;
  const answer = await call(client.guest.join.$post({ json: body }, { headers: checkHeaders(check) }));
  // SPEC §5: a join answer without pools or a token is a failed join.
  if (!answer.tournaments || !answer.sessionToken) throw new ApiError(404, common.get().invalidRoom);
  const { sessionToken, ...session } = answer;
  writeStorage(storageKeys.guestSessionToken, sessionToken);
  store.set(guestAtom, { status: 'active', token: sessionToken, session });
  return session;
}

/**
 * SPEC §4 Guest: a stored token is validated on load; an invalid or expired one is removed silently. The
 * answer carries a renewed token (a session lasts as long as the practice's sharing), which replaces it.
 */
export async function validateStoredGuest() {
  const token = guestToken();
  if (!token) return store.set(guestAtom, { status: 'none' });
  try {
    // With no network, the session this device last confirmed opens the guest screens from their saved state.
    const { sessionToken, ...session } = await loadOrRecall('guest-session', () => call(client.guest.validate.$post()));
    if (guestToken() !== token) return;
    writeStorage(storageKeys.guestSessionToken, sessionToken);
    store.set(guestAtom, { status: 'active', token: sessionToken, session });
  } catch (e) {
    // A network failure is not an ended session: keep the token and try again later.
    if (isNetworkError(e) && store.get(guestAtom).status === 'active') return;
    clearGuest();
  }
}

export function clearGuest(ended = false) {
  writeStorage(storageKeys.guestSessionToken, null);
  void forget('guest-session');
  store.set(guestAtom, { status: 'none', ended });
}

/** The token this guest is leaving with, by their own choice: the room's word that it ended is no news to them. */
let leavingWith: string | null = null;

/** Whether the guest's session ended because they left (not sharing off, a new code, the coach removing them). */
export const leftByChoice = () => leavingWith !== null && (guestToken() === null || guestToken() === leavingWith);

/** Leaves the room: the server ends the session; the caller drops the token once off the guest screens. */
export async function leaveRoom() {
  leavingWith = guestToken();
  await call(client.guest.leave.$post()).catch(() => undefined);
}
