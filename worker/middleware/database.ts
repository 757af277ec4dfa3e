import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { d1Db, d1For, sessionD1 } from '../db/client';
import { withD1Delay } from '../db/slow-d1';
import { isRoomPath } from './to-room';

/** The header a client sends its last D1 bookmark in, and gets the new one back in (DESIGN: read replicas). */
export const BOOKMARK_HEADER = 'x-d1-bookmark';

/** What a D1 bookmark looks like (hex groups and dashes); anything else is ignored, never passed to D1. */
const BOOKMARK = /^[0-9a-f]{1,16}(-[0-9a-f]{1,64}){1,8}$/i;

/**
 * Requests the worker makes of its own API for a coach's page (issue 33, worker/app.ts `ownApi`): they carry no
 * bookmark (a page load has none) yet must see the coach's own latest writes, so they read at the primary.
 * Held by object, so no request from outside can ask for it.
 */
export const primaryReads = new WeakSet<Request>();

/**
 * Puts one drizzle handle over a D1 session on the context: routes read it as `c.get('db')`. Reads may come
 * from the nearest read replica (D1's Sessions API): a client that sends back the bookmark of its last answer
 * reads at least that state, so a coach always sees their own writes; a request without one (a spectator's
 * first read) starts anywhere, and a write starts at the primary. Writes and their batches are unchanged: D1
 * sends them to the primary. The new bookmark goes back in the answer's header.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  c.env = withD1Delay(c.env); // the bench's far database (BENCH_D1_DELAY_MS); the same env otherwise
  if (isRoomPath(c.req.path)) {
    // A practice's routes run in its room (./to-room): the worker reads D1 at most for an old pool path's
    // index row, and the answer carries no bookmark of its own. One handle per binding, not one per request.
    const db = d1For(c.env.DB);
    c.set('db', db);
    c.set('d1', db);
    return next();
  }
  const sent = c.req.header(BOOKMARK_HEADER);
  const write = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  const session = c.env.DB.withSession(sent && BOOKMARK.test(sent) ? sent : write || primaryReads.has(c.req.raw) ? 'first-primary' : 'first-unconstrained');
  const db = d1Db(sessionD1(session));
  c.set('db', db);
  c.set('d1', db);
  await next();
  const bookmark = session.getBookmark();
  // A websocket upgrade's answer (101) cannot take headers; the socket reads nothing through this session.
  if (bookmark && c.res.status !== 101) c.res.headers.set(BOOKMARK_HEADER, bookmark);
});
