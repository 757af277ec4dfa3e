import { Hono } from 'hono';
import type { SpectatorSnapshot } from '../../core/api';
import { ROOM_CODE_PATTERN } from '../../core/room-code';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { HttpError } from '../errors';
import { loadBracket } from '../store/bracket';
import { listPoolSnapshots } from '../store/pools';
import { findSharedPracticeByCode } from '../store/practices';
import { ROOM_NOT_ACCESSIBLE, toGuestPractice } from './guest';

/** The read-only live board of a practice that shares: no account, no name. Mounted at /spectate. */
export const spectateRoutes = new Hono<AppEnv>().get('/:code', async (c) => {
  const code = c.req.param('code');
  const db = getDb(c.env.DB);
  const practice = ROOM_CODE_PATTERN.test(code) ? await findSharedPracticeByCode(db, code) : null;
  if (!practice) throw new HttpError(404, ROOM_NOT_ACCESSIBLE);
  const [pools, bracket] = await Promise.all([listPoolSnapshots(db, practice.id), loadBracket(db, practice.id)]);
  return c.json({ practice: toGuestPractice(practice), pools: pools.filter((p) => p.allow_guest_access), bracket } satisfies SpectatorSnapshot);
});
