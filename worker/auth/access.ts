import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { can, type Action, type Role } from '../../core/permissions';
import type { EitherEnv, RoomEnv } from '../env';
import type { EitherDb } from '../db/client';
import { HttpError, notFound } from '../errors';
import { guestSessionEnded, unauthenticated } from '../middleware/session';
import type { LookupClient } from '../store/d1/throttle';
import { clientAddress, clientNetwork } from './network';
import { challengeInfo, verifyChallenge } from './turnstile';
import { getOwnedPool, getSharedPool, type PoolContext } from '../store/room/pools';
import { extendSharing, getPractice, getSharedPractice, type PracticeRecord } from '../store/d1/practices';

export const GUEST_REFUSED = 'Guests cannot do this: it needs the coach’s account';

export { clientAddress, clientNetwork } from './network';

/** The header a screen sends a solved human check in (Turnstile's own field name). */
export const CHALLENGE_HEADER = 'cf-turnstile-response';

/**
 * Who is looking a secret up, for the lookup limiter: their network, and whether the request carries a
 * human check that siteverify accepts (checked only when one is sent: screens send one only when asked).
 */
export async function lookupClient<E extends EitherEnv>(c: Context<E>): Promise<LookupClient> {
  const token = c.req.header(CHALLENGE_HEADER) ?? '';
  return {
    network: clientNetwork(c),
    checked: token !== '' && (await verifyChallenge(c.env, token, clientAddress(c))),
    challenge: challengeInfo(c.env),
  };
}

/** Who is asking over HTTP: a coach (cookie), a guest (live bearer token) or nobody. */
export function roleOf<E extends EitherEnv>(c: Context<E>): Role {
  if (c.get('user')) return 'coach';
  if (c.get('guest')) return 'guest';
  if (c.get('machine')) return 'machine';
  return 'anonymous';
}

/** Hours of quiet after which sharing turns itself off, as milliseconds. */
export function guestIdleMs<E extends EitherEnv>(c: Context<E>) {
  const hours = Number(c.env.GUEST_IDLE_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : 12) * 60 * 60 * 1000;
}

/** Writes that count as activity: they keep a practice's sharing alive for another quiet period. */
const ACTIVITY: ReadonlySet<Action> = new Set<Action>(['bout.write', 'bracket.write', 'relay.write', 'pool.manage', 'teams.manage', 'bracket.manage']);

interface Refusals {
  /** The message for a caller with no session (default 'Not authenticated'). */
  unauthenticated?: string;
  /** The message for a signed-in caller whose role may not do this. */
  forbidden?: string;
}

export type Authorize = MiddlewareHandler<EitherEnv> & { action: Action };

/**
 * The one authorisation step every route declares: the caller's role must be allowed `action` by the
 * permission table of core/permissions (the same table the app asks to hide controls). Nobody gets 401
 * (or the ended-session message), a role without the right 403. After a successful write that counts
 * as activity, the practice's sharing is extended.
 */
export function authorize(action: Action, refusals: Refusals = {}): Authorize {
  const middleware = createMiddleware<EitherEnv>(async (c, next) => {
    const role = roleOf(c);
    if (!can(role, action)) {
      if (role === 'anonymous') throw refusals.unauthenticated && !c.get('guestEnded') ? new HttpError(401, refusals.unauthenticated) : unauthenticated(c);
      throw new HttpError(403, refusals.forbidden ?? (role === 'guest' ? GUEST_REFUSED : 'You cannot do this'));
    }
    c.set('role', role);
    c.set('practice', null);
    strangerRefused(c, role);
    await next();
    const practice = c.get('practice');
    if (practice && ACTIVITY.has(action) && c.res.ok) await extendSharing(c.get('db'), practice, guestIdleMs(c));
  });
  return Object.assign(middleware, { action });
}

/**
 * Inside a practice's room, someone else's coach and a guest of another practice are told it does not exist
 * before their body is read: they learn nothing from a 400, and the route's own lookups stay the check of record.
 */
function strangerRefused(c: Context<EitherEnv>, role: Role) {
  const held = c.get('roomPractice');
  // A bridge is let into a practice's room only while the practice is an event of the bridge's day.
  if (role === 'machine' && c.get('here') && !machineHere(c)) throw notFound('Practice');
  if (!held) return;
  if ((role === 'coach' && c.get('user')!.id !== held.ownerId) || (role === 'guest' && c.get('guest')!.practiceId !== held.id)) throw notFound('Practice');
}

/** A bridge's request reaches a practice only inside its room, and only while the practice is an event of the bridge's day. */
function machineHere(c: Context<EitherEnv>): boolean {
  const here = c.get('here');
  return here !== undefined && c.get('roomPractice') != null && here.dayOfEvent() === c.get('machine')?.dayId;
}

/**
 * A practice the caller may act on: the coach's own, or the shared practice whose code the guest joined
 * (in the epoch their token names). Another practice is 404, so ids from the client never reach it; a
 * guest whose sharing ended (off, expired, new code) is told their session is over.
 */
export async function practiceFor<E extends EitherEnv>(c: Context<E>, practiceId: string): Promise<PracticeRecord> {
  const db = c.get('db');
  const role = c.get('role');
  const practice = role === 'coach' ? await getPractice(db, c.get('user')!.id, practiceId)
    : role === 'machine' ? await machinePractice(c, db, practiceId)
    : await guestPractice(c, db, practiceId);
  c.set('practice', practice);
  return practice;
}

/**
 * The practice of the room a bridge's request reached: `authorize` let it in only inside a room whose practice is
 * an event of the bridge's day (`strangerRefused`), and the id must be that practice's.
 */
async function machinePractice<E extends EitherEnv>(c: Context<E>, db: EitherDb, practiceId: string): Promise<PracticeRecord> {
  const held = c.get('roomPractice');
  if (!held || held.id !== practiceId) throw notFound('Practice');
  return getPractice(db, held.ownerId, practiceId);
}

async function guestPractice<E extends EitherEnv>(c: Context<E>, db: EitherDb, practiceId: string): Promise<PracticeRecord> {
  const guest = c.get('guest');
  if (!guest || guest.practiceId !== practiceId) throw notFound('Practice');
  const practice = await getSharedPractice(db, practiceId);
  if (!practice || practice.guest_epoch !== guest.epoch) throw guestSessionEnded();
  return practice;
}

/** A pool the caller may act on: the coach's own, or a shared pool of the guest's practice. */
export async function poolFor(c: Context<RoomEnv>, poolId: string): Promise<PoolContext> {
  const db = c.get('db');
  let found: PoolContext;
  const role = c.get('role');
  const held = c.get('roomPractice');
  if (role === 'coach') found = await getOwnedPool(db, c.get('user')!.id, poolId);
  // A bridge, in a room of its day's event (strangerRefused): a pool of that practice.
  else if (role === 'machine') {
    if (!held) throw notFound('Pool');
    found = await getSharedPool(db, held.id, poolId);
  } else {
    const guest = c.get('guest')!;
    found = await getSharedPool(db, guest.practiceId, poolId);
    if (!found.practice.allow_guest_access || found.practice.guest_epoch !== guest.epoch) throw guestSessionEnded();
  }
  c.set('practice', found.practice);
  return found;
}
