import { Hono } from 'hono';
import { backupSchema } from '../../core/interop/backup';
import type { AppEnv } from '../env';
import { authorize } from '../auth/access';
import { coachOf } from '../middleware/session';
import { exportAccount, restoreAccount } from '../store/d1/interop';
import { countFileWrite } from '../store/d1/throttle';
import { eachRoom } from '../room/room';
import { dayRoomsOf } from '../day/day-backup';
import { json } from '../validate';

/** Issue 15: the coach's whole data as one file, and back into an account (theirs only, all or nothing). */
export const accountRoutes = new Hono<AppEnv>()
  .get('/backup', authorize('account.backup'), async (c) => {
    const backup = await exportAccount(c.get('db'), coachOf(c).id, dayRoomsOf(c.env));
    c.header('Cache-Control', 'no-store');
    return c.json(backup);
  })
  .post('/restore', authorize('account.backup'), json(backupSchema), async (c) => {
    await countFileWrite(c.env.DB, 'restore', coachOf(c).id);
    const backup = c.req.valid('json');
    // The days' rooms are filled before D1 holds the days (and emptied if it fails): their first read links their events.
    const { summary, practiceIds } = await restoreAccount(c.get('db'), coachOf(c).id, backup, dayRoomsOf(c.env));
    // Each restored practice's room takes it from D1 behind the answer (DESIGN: a restore builds its rooms), so
    // the first screen to open one is not the one that waits for it.
    c.executionCtx.waitUntil(eachRoom(c.env, practiceIds, 'restore', (room, practiceId) => room.ensurePractice(practiceId)));
    return c.json(summary, 201);
  });
