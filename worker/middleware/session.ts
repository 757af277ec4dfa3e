import { createMiddleware } from 'hono/factory';
import type { AppEnv, AuthUser } from '../env';
import { readAccessCookie } from '../auth/cookies';
import { verifyGuestToken } from '../auth/guest-token';
import { verifyAccessToken } from '../auth/tokens';
import { HttpError, notAuthenticated } from '../errors';
import { getRoom } from '../room/room';
import { isRoomPath } from './to-room';
import { knownEnded, sessionStillValid } from '../auth/session-versions';

/** The guest bearer token of a request (a header, or the query of a websocket upgrade). */
export function guestTokenOf(c: { req: { header(name: string): string | undefined; query(name: string): string | undefined } }) {
  const auth = c.req.header('authorization');
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return c.req.query('token') ?? null;
}

/**
 * Reads who is asking: the coach's access cookie sets `user`; a guest bearer token sets `guest`, but only
 * while the practice's room still lists the session (leaving, removal, sharing off or a new code end it
 * at once). Routes then check the token's epoch against the practice's (see auth/access).
 */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const token = readAccessCookie(c);
  const signed = token ? await verifyAccessToken(token, c.env.JWT_SECRET) : null;
  // A token from before the account's sessions ended is nobody's. A practice's own routes (a score's path) ask
  // its room, which keeps the version itself; elsewhere this isolate reads it from D1 at most every few seconds.
  const verified = signed && (isRoomPath(c.req.path) ? !knownEnded(signed.user) : await sessionStillValid(c.env.DB, signed.user)) ? signed : null;
  c.set('user', verified?.user ?? null);
  c.set('accessExp', verified?.expMs ?? null);
  c.set('guest', null);
  c.set('guestEnded', false);
  const guestToken = verified ? null : guestTokenOf(c);
  if (guestToken) {
    const claims = await verifyGuestToken(guestToken, c.env.JWT_SECRET);
    // A practice's own routes run in its room, which checks the session there (issue 26: one call).
    const live = claims ? isRoomPath(c.req.path) || (await getRoom(c.env, claims.practiceId).hasGuest(claims.sessionId)) : false;
    if (claims && live) c.set('guest', claims);
    else c.set('guestEnded', true);
  }
  await next();
});

export const guestSessionEnded = () => new HttpError(401, 'Your guest session has ended. Join again with the room code.');

/** The refusal for a request without the right credentials: an ended guest session says so. */
export function unauthenticated(c: { get(key: 'guestEnded'): boolean }) {
  return c.get('guestEnded') ? guestSessionEnded() : notAuthenticated();
}

/** The signed-in coach; only valid behind `authorize` of a coach-only action. */
export function coachOf(c: { get(key: 'user'): AuthUser | null }) {
  const user = c.get('user');
  if (!user) throw notAuthenticated();
  return user;
}
