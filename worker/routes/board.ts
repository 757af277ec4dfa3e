import { Hono } from 'hono';
import type { SpectatorSnapshot } from '../../core/api';
import { BOARD_ID_PATTERN, BOARD_UNAVAILABLE } from '../../core/room-code';
import type { AppEnv } from '../env';
import { HttpError } from '../errors';
import { authorize, lookupClient } from '../auth/access';
import { loadBracket } from '../store/bracket';
import { listPoolSnapshots } from '../store/pools';
import { findSharedPractice, toGuestPractice } from '../store/practices';



/**
 * The read-only live board of a practice that shares, by its board id (never the guest room code): no
 * account, no name, no way to score. Mounted at /board.
 */
export const boardRoutes = new Hono<AppEnv>().get('/:boardId', authorize('board.read'), async (c) => {
  const boardId = c.req.param('boardId');
  const db = c.get('db');
  const practice = BOARD_ID_PATTERN.test(boardId) ? await findSharedPractice(db, 'board_id', boardId, await lookupClient(c)) : null;
  if (!practice) throw new HttpError(404, BOARD_UNAVAILABLE);
  const [pools, bracket] = await Promise.all([listPoolSnapshots(db, practice.id), loadBracket(db, practice.id)]);
  return c.json({ practice: toGuestPractice(practice), pools, bracket } satisfies SpectatorSnapshot);
});
