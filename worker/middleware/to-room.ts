import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { notFound } from '../errors';
import { roomRoutes, type Caller } from '../room/http';
import { getRoom } from '../room/room';
import { headersMayChange } from './security-headers';
import { unauthenticated } from './session';

/**
 * The practice's routes live in its room: pools, bouts, the tableau, teams and relays, the referee desk, the
 * weapon, the steps on its day's calls. The worker learns who is asking (session: signatures and expiry only),
 * finds the practice's room and hands the request over in one call; the room authorises, applies and answers.
 * Which paths go there is read from the room's own routes (../room/http `roomRoutes`), the one list of them.
 */
const ROOM_PATHS = roomRoutes.routes.map((r) => r.path);
const PRACTICE_PARTS = [...new Set(ROOM_PATHS.flatMap((p) => /^\/api\/practices\/:practiceId\/([\w-]+)/.exec(p)?.[1] ?? []))];
const PRACTICE_PATH = new RegExp(`^/api/practices/([^/]+)/(${PRACTICE_PARTS.join('|')})(/|$)`);
const POOL_PATH = ROOM_PATHS.some((p) => p.startsWith('/api/pools/')) ? /^\/api\/pools\/([^/]+)(\/|$)/ : /$^/;

/** Whether a path is one of a practice's routes, answered by its room. */
export const isRoomPath = (path: string) => PRACTICE_PATH.test(path) || POOL_PATH.test(path);

/** Ids are UUIDs: anything else names no practice, and creates no room. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A pool never moves to another practice: its practice, once read from D1's index, is remembered here. */
const POOL_PRACTICE = new Map<string, string>();
const POOL_PRACTICE_MAX = 10_000;

/**
 * The practice of a pool named by its older path (`/api/pools/:poolId`): a guest's token names it; for the
 * coach the index row in D1 (their own pools only), remembered by this isolate. The app names the practice
 * in the path (`/api/practices/:practiceId/pools/:poolId`), which needs no lookup at all.
 */
async function practiceOfPool(c: Context<AppEnv>, poolId: string): Promise<string> {
  const guest = c.get('guest');
  if (guest) return guest.practiceId;
  const user = c.get('user')!;
  const known = POOL_PRACTICE.get(`${user.id}:${poolId}`);
  if (known) return known;
  const row = await c.get('d1').$client.prepare('SELECT practice_id FROM tournaments WHERE id = ? AND user_id = ?').bind(poolId, user.id).first<{ practice_id: string }>();
  if (!row) throw notFound('Pool');
  if (POOL_PRACTICE.size >= POOL_PRACTICE_MAX) POOL_PRACTICE.clear();
  POOL_PRACTICE.set(`${user.id}:${poolId}`, row.practice_id);
  return row.practice_id;
}

export const toRoom = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path;
  const byPractice = PRACTICE_PATH.exec(path);
  const byPool = byPractice ? null : POOL_PATH.exec(path);
  if (!byPractice && !byPool) return next();
  const user = c.get('user');
  const guest = c.get('guest');
  // Nobody (or an ended guest session) is refused here: no room is woken for them.
  if (!user && !guest) throw unauthenticated(c);
  let practiceId: string;
  if (byPractice) {
    practiceId = decodeURIComponent(byPractice[1]!);
    if (!ID.test(practiceId)) throw notFound('Practice');
  } else {
    const poolId = decodeURIComponent(byPool![1]!);
    if (!ID.test(poolId)) throw notFound('Pool');
    practiceId = await practiceOfPool(c, poolId);
  }
  const caller: Caller = { user, accessExp: c.get('accessExp'), guest, guestEnded: c.get('guestEnded') };
  // The body (at most 64 KB, 256 KB for a draw: bodyLimit in ../app) travels whole, so the room may answer before reading it.
  const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? null : await c.req.arrayBuffer();
  const request = new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body });
  const answer = await getRoom(c.env, practiceId).answer(request, caller, practiceId);
  // The room's answer, with headers the worker's middleware may still add to (security headers), in place.
  return headersMayChange(new Response(answer.body, answer));
});
