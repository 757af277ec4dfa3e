import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { HttpError } from '../errors';
import { getRoom } from '../room/room';
import { findSharedPracticeByCode, getPractice } from '../store/practices';
import type { SocketTag } from '../room/practice-room';
import { guestSessionEnded, unauthenticated } from '../middleware/session';
import { ROOM_NOT_ACCESSIBLE } from './guest';

/** Websocket entry: authenticates the watcher, then hands the upgrade to the practice's room object. */
export const liveRoutes = new Hono<AppEnv>()
  // Browser tests cut every socket of a practice server-side to prove clients reconnect and catch up.
  // Only exists when TEST_HOOKS=1 is set (the e2e harness does; wrangler.toml never does).
  .post('/test-drop', async (c) => {
    if (c.env.TEST_HOOKS !== '1') throw new HttpError(404, 'Not found');
    const user = c.get('user');
    if (!user) throw unauthenticated(c);
    const practice = await getPractice(getDb(c.env.DB), user.id, c.req.query('practice') ?? '');
    return c.json({ closed: await getRoom(c.env, practice.id).closeSockets('coach', 'Connection reset') });
  })
  .get('/', async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new HttpError(426, 'Expected a websocket upgrade');
  }
  // hono/csrf never sees upgrades, so a foreign page opening a socket with our cookies is refused here.
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) throw new HttpError(403, 'Cross-site request refused');

  const db = getDb(c.env.DB);
  const user = c.get('user');
  const guest = c.get('guest');
  let tag: SocketTag & { practiceId: string };
  if (c.req.query('practice') !== undefined) {
    // A coach watching their own practice.
    if (!user) throw unauthenticated(c);
    const practice = await getPractice(db, user.id, c.req.query('practice') ?? '');
    tag = { role: 'coach', subject: user.id, practiceId: practice.id };
  } else {
    // A guest (with their session token) or a spectator, by room code, while the practice shares.
    const practice = await findSharedPracticeByCode(db, c.req.query('code') ?? '');
    if (!practice) throw new HttpError(404, ROOM_NOT_ACCESSIBLE);
    if (guest && guest.practiceId === practice.id) tag = { role: 'guest', subject: guest.sessionId, practiceId: practice.id };
    else if (c.get('guestEnded')) throw guestSessionEnded();
    else tag = { role: 'spectator', practiceId: practice.id };
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-piste-socket', JSON.stringify(tag));
  return getRoom(c.env, tag.practiceId).fetch(new Request(c.req.raw.url, { headers }));
});
