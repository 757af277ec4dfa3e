import { Hono } from 'hono';
import type { SpectatorSnapshot } from '../../core/contracts/guests';
import { BOARD_ID_PATTERN, BOARD_UNAVAILABLE } from '../../core/room-code';
import type { AppEnv } from '../env';
import { HttpError } from '../errors';
import { authorize, lookupClient } from '../auth/access';
import { getRoom } from '../room/room';
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
  // The pools and the tableau from the practice's room, its home (issue 26).
  const held = await getRoom(c.env, practice.id).snapshot(practice.id);
  if (!held) throw new HttpError(404, BOARD_UNAVAILABLE);
  return c.json({ practice: toGuestPractice(practice), pools: held.pools, bracket: held.bracket } satisfies SpectatorSnapshot);
});
