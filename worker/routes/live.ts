import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { HttpError, notAuthenticated } from '../errors';
import { getRoom } from '../room/room';
import { getPractice } from '../store/practices';

/** Websocket entry: authenticates the watcher, then hands the upgrade to the practice's room object. */
export const liveRoutes = new Hono<AppEnv>()
  // Browser tests cut every socket of a practice server-side to prove clients reconnect and catch up.
  // Only exists when TEST_HOOKS=1 is set (the e2e harness does; wrangler.toml never does).
  .post('/test-drop', async (c) => {
    if (c.env.TEST_HOOKS !== '1') throw new HttpError(404, 'Not found');
    const user = c.get('user');
    if (!user) throw notAuthenticated();
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

  const user = c.get('user');
  if (!user) throw notAuthenticated();
  const practiceId = c.req.query('practice') ?? '';
  const practice = await getPractice(getDb(c.env.DB), user.id, practiceId);

  const headers = new Headers(c.req.raw.headers);
  headers.set('x-piste-socket', JSON.stringify({ role: 'coach', subject: user.id, practiceId: practice.id }));
  return getRoom(c.env, practice.id).fetch(new Request(c.req.raw.url, { headers }));
});
