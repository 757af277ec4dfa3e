import { Hono, type Context } from 'hono';
import type { DaySnapshot, HallFencer, HallFencers, PushConfig } from '../../core/contracts/days';
import { followSchema } from '../../core/day-validation';
import { fencerDayOf } from '../../core/fencing/fencer-day';
import { resolveTableau } from '../../core/fencing/tableau';
import { BOARD_ID_PATTERN } from '../../core/room-code';
import type { AppEnv } from '../env';
import { authorize, lookupClient } from '../auth/access';
import { fromBase64Url, hmacKey, timingSafeEqual, toBase64Url } from '../auth/crypto';
import { clientNetwork } from '../auth/network';
import { HttpError, notFound } from '../errors';
import { boardSnapshot, hallSnapshot } from '../room/board-reads';
import { getDayRoom } from '../day/day';
import { forSpectators } from '../day/day-store';
import { endpointAllowed, vapidPublicKey } from '../day/push';
import { findHall } from '../store/d1/days';
import { tooManyAttempts } from '../store/d1/throttle';
import { json } from '../validate';
import { sharedNameOrder } from '../../core/names';

/** Why a hall board link opens nothing: unknown or rotated (a right link of a day not shared now is told HALL_NOT_SHARED). */
export const HALL_UNAVAILABLE = 'This hall board link is not valid, or the day is not shared right now';

/** A right hall board link of a day not shared right now: the board waits and comes back by itself. */
const HALL_NOT_SHARED = 'The coach is not sharing the hall board right now.';

/** Ids of a practice or a fencer's entry as the hall's paths carry them. */
const ID = /^[\w-]{1,64}$/;

/**
 * The day a shared hall board link opens (through the lookup limiter), and its room's snapshot; 404 otherwise,
 * 409 for a right link of a day not shared right now (nothing of it: the board waits for sharing to come back).
 */
async function sharedDay(c: Context<AppEnv>): Promise<DaySnapshot> {
  const boardId = c.req.param('boardId')!;
  const found = BOARD_ID_PATTERN.test(boardId) ? await findHall(c.get('db'), boardId, await lookupClient(c)) : null;
  if (!found) throw new HttpError(404, HALL_UNAVAILABLE);
  if (!found.shared) throw new HttpError(409, HALL_NOT_SHARED);
  const { held } = await hallSnapshot(c.env, found.day.id, (p) => c.executionCtx.waitUntil(p));
  if (!held || held.day.board_id !== boardId) throw new HttpError(404, HALL_UNAVAILABLE);
  if (!held.day.board_shared) throw new HttpError(409, HALL_NOT_SHARED);
  return held;
}

/** A fencer of one of the day's events, read from the event's room: their pools, tableau and seed (404 for anyone else). */
async function fencerOf(c: Context<AppEnv>, day: DaySnapshot, practiceId: string, entryId: string) {
  const event = ID.test(practiceId) && ID.test(entryId) ? day.events.find((e) => e.practice_id === practiceId) : undefined;
  if (!event) throw notFound('Fencer');
  const { held } = await boardSnapshot(c.env, practiceId, (p) => c.executionCtx.waitUntil(p));
  // The tableau once drawn (every pool bout fenced): before that, no seed and no match is the fencer's yet.
  const resolved = held && event.practice_type === 'individual' ? resolveTableau(held.pools, held.bracket) : null;
  const tableau = resolved && resolved.remaining === 0 ? resolved : null;
  const fencer = held ? fencerDayOf(held.pools, tableau, entryId) : null;
  if (!fencer) throw notFound('Fencer');
  return { event, fencer };
}

/** How long an isolate keeps a day's fencer list while the day's pools keep their shape (a new pool or event is read at once). */
const FENCERS_KEPT_MS = 60_000;
const fencerLists = new Map<string, { shape: string; at: number; list: Promise<HallFencers> }>();

/** The day's events and pools as far as the fencer list depends on them: who could be in it. */
const shapeOf = (day: DaySnapshot) => JSON.stringify(day.events.map((e) => [e.practice_id, e.name, e.pools.map((p) => [p.id, p.fencers])]));

/** Every fencer of the day, one line per person, read from the events' rooms. */
async function readFencers(c: Context<AppEnv>, day: DaySnapshot): Promise<HallFencers> {
  const events = await Promise.all(
    day.events.map(async (e) => {
      const { held } = await boardSnapshot(c.env, e.practice_id, (p) => c.executionCtx.waitUntil(p));
      // One line per person: a later round of pools gives a fencer a new entry (fencer-day.ts finds them by any).
      const seen = new Set<string>();
      const fencers = (held?.pools ?? []).flatMap((p) => p.players).filter((p) => {
        const who = p.athlete_id ?? `name:${p.name}`;
        return !seen.has(who) && seen.add(who);
      });
      return { practice_id: e.practice_id, name: e.name, fencers: fencers.map((p) => ({ id: p.id, name: p.name })).sort((a, b) => sharedNameOrder(a.name, b.name)) };
    }),
  );
  return { events };
}

/**
 * The day's fencer list, kept by this isolate for FENCERS_KEPT_MS while the day's pools keep their shape: a
 * crowd of phones (or a script) opening the finder costs the events' rooms one read a minute, not one each.
 */
function fencersOf(c: Context<AppEnv>, day: DaySnapshot): Promise<HallFencers> {
  const now = Date.now();
  const shape = shapeOf(day);
  const kept = fencerLists.get(day.day.id);
  if (kept && kept.shape === shape && now - kept.at < FENCERS_KEPT_MS) return kept.list;
  const list = readFencers(c, day);
  // A failed read is not kept: the next request reads again.
  list.catch(() => fencerLists.get(day.day.id)?.list === list && fencerLists.delete(day.day.id));
  fencerLists.delete(day.day.id);
  if (fencerLists.size >= 256) fencerLists.delete(fencerLists.keys().next().value!);
  fencerLists.set(day.day.id, { shape, at: now, list });
  return list;
}

/**
 * A follow's id: its day, a random part, and the server's signature of both. Its phone alone holds it and
 * ends the follow by it, through the link it followed by, shared or not, current or replaced; the signature
 * means a made-up id never reaches a day's room.
 */
const FOLLOW_ID = /^([\w-]{1,64})\.([\w-]{22})\.([\w-]{22})$/;

async function followSignature(secret: string, dayId: string, random: string): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`follow:${dayId}.${random}`));
  return new Uint8Array(mac).slice(0, 16);
}

async function newFollowId(c: Context<AppEnv>, dayId: string): Promise<string> {
  const random = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  return `${dayId}.${random}.${toBase64Url(await followSignature(c.env.JWT_SECRET, dayId, random))}`;
}

/** The day a follow id names, when the server signed it; null otherwise. */
async function dayOfFollow(c: Context<AppEnv>, id: string): Promise<string | null> {
  const [, dayId, random, signature] = FOLLOW_ID.exec(id) ?? [];
  if (!dayId || !random || !signature) return null;
  return timingSafeEqual(fromBase64Url(signature), await followSignature(c.env.JWT_SECRET, dayId, random)) ? dayId : null;
}

/** Why a follow was refused past a limit of worker/day/follows (409, its message). */
const FOLLOW_REFUSED = {
  'day-full': 'This day has as many followers as it takes. Watch the hall board instead.',
  'subscription-full': 'This phone follows as many fencers of this day as it can. Stop following one to follow another.',
  'network-full': 'This network follows as many fencers of this day as it can. Follow from another connection, or watch the hall board.',
} as const;

/**
 * The hall board of a day that shares (issue 28), by its board id, no account: the day itself (every event's
 * pools with their pistes and flights), who fences (the fencer finder), a fencer's own page (next bout,
 * piste, results so far), and following a fencer for a push when they are called. Mounted at /hall.
 */
export const hallRoutes = new Hono<AppEnv>()
  .get('/:boardId', authorize('board.read'), async (c) => c.json(forSpectators(await sharedDay(c))))
  .get('/:boardId/fencers', authorize('board.read'), async (c) => c.json((await fencersOf(c, await sharedDay(c))) satisfies HallFencers))
  .get('/:boardId/fencers/:practiceId/:entryId', authorize('board.read'), async (c) => {
    const day = await sharedDay(c);
    const { event, fencer } = await fencerOf(c, day, c.req.param('practiceId'), c.req.param('entryId'));
    const { keys: _keys, ...shown } = fencer;
    return c.json({ practice_id: event.practice_id, event: event.name, weapon: event.weapon, fencer: shown } satisfies HallFencer);
  })
  .get('/:boardId/push', authorize('board.read'), async (c) => {
    await sharedDay(c);
    return c.json({ key: await vapidPublicKey(c.env), standin: c.env.PUSH_STANDIN === '1' } satisfies PushConfig);
  })
  .post('/:boardId/fencers/:practiceId/:entryId/follows', authorize('hall.follow'), json(followSchema), async (c) => {
    const day = await sharedDay(c);
    const { fencer } = await fencerOf(c, day, c.req.param('practiceId'), c.req.param('entryId'));
    if ((await vapidPublicKey(c.env)) === null) throw new HttpError(409, 'Notifications are not set up on this server');
    const body = c.req.valid('json');
    if (!endpointAllowed(c.env, body.endpoint)) throw new HttpError(400, 'This phone’s notification subscription is not one this server can use');
    const id = await newFollowId(c, day.day.id);
    const added = await getDayRoom(c.env, day.day.id).follow(
      { id, practice_id: c.req.param('practiceId'), entry_id: c.req.param('entryId'), keys: fencer.keys, board_id: day.day.board_id, ...body },
      clientNetwork(c),
    );
    if (added === 'not-shared') throw new HttpError(409, HALL_NOT_SHARED);
    if (typeof added === 'object') throw tooManyAttempts(added.waitMs);
    if (added !== 'added') throw new HttpError(409, FOLLOW_REFUSED[added]);
    return c.json({ id }, 201);
  })
  .delete('/:boardId/follows/:followId', authorize('hall.follow'), async (c) => {
    const boardId = c.req.param('boardId');
    const id = c.req.param('followId');
    // A follow is ended through the link it was made by, whether the day still shares it or not. (Follows made
    // before ids were signed are plain ids: they are ended through the day's shared link.)
    const dayId = !BOARD_ID_PATTERN.test(boardId) ? null : FOLLOW_ID.test(id) ? await dayOfFollow(c, id) : ID.test(id) ? (await sharedDay(c)).day.id : null;
    if (!dayId || !(await getDayRoom(c.env, dayId).unfollow(id, boardId))) throw notFound('Follow');
    return c.body(null, 204);
  });
