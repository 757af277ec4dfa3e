import { Hono } from 'hono';
import type { SpectatorSnapshot } from '../../core/contracts/guests';
import { BOARD_ID_PATTERN, BOARD_PAUSED, BOARD_UNAVAILABLE } from '../../core/room-code';
import type { AppEnv } from '../env';
import { HttpError } from '../errors';
import { authorize, lookupClient } from '../auth/access';
import { boardSnapshot, READ_SOURCE_HEADER } from '../room/board-reads';
import { findBoard, toGuestPractice } from '../store/d1/practices';



/**
 * The read-only live board of a practice that shares, by its board id (never the guest room code): no
 * account, no name, no way to score. A right link whose practice does not share right now is told so (409,
 * nothing of the practice): the board waits on its socket for sharing to come back. Mounted at /board.
 */
export const boardRoutes = new Hono<AppEnv>().get('/:boardId', authorize('board.read'), async (c) => {
  const boardId = c.req.param('boardId');
  const db = c.get('db');
  const found = BOARD_ID_PATTERN.test(boardId) ? await findBoard(db, boardId, await lookupClient(c)) : null;
  if (!found) throw new HttpError(404, BOARD_UNAVAILABLE);
  if (!found.shared) throw new HttpError(409, BOARD_PAUSED);
  const { practice } = found;
  // The pools and the tableau as the practice's room holds them now, from the edge's copy of that version.
  const { held, source } = await boardSnapshot(c.env, practice.id, (p) => c.executionCtx.waitUntil(p));
  if (!held) throw new HttpError(404, BOARD_UNAVAILABLE);
  c.header(READ_SOURCE_HEADER, source);
  return c.json({ practice: toGuestPractice(practice), pools: held.pools, bracket: held.bracket } satisfies SpectatorSnapshot);
});
