import { Hono } from 'hono';
import { createPracticeSchema, sharingSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { coachOf, requireCoach } from '../middleware/session';
import { getRoom, publish } from '../room/room';
import { createPractice, deletePractice, getPractice, listPractices, regenerateRoomCode, setSharing } from '../store/practices';
import { readJson } from '../validate';
import { todayIso } from '../../core/dates';

export const practiceRoutes = new Hono<AppEnv>()
  .use(requireCoach)
  .get('/', async (c) => c.json(await listPractices(getDb(c.env.DB), coachOf(c).id)))
  .post('/', async (c) => {
    const input = await readJson(c, createPracticeSchema);
    const practice = await createPractice(getDb(c.env.DB), coachOf(c).id, {
      name: input.name,
      practice_type: input.practice_type,
      date: input.date ?? todayIso(new Date()),
    });
    return c.json(practice, 201);
  })
  .get('/:id', async (c) => c.json(await getPractice(getDb(c.env.DB), coachOf(c).id, c.req.param('id'))))
  .post('/:id/room-code', async (c) => {
    const practice = await regenerateRoomCode(getDb(c.env.DB), coachOf(c).id, c.req.param('id'));
    // The old code is void: everyone who joined with it is out at once.
    await getRoom(c.env, practice.id).endGuestAccess('The coach changed the room code. Join again with the new code.');
    await publish(c.env, practice.id, { type: 'practice', practice }, 'coach');
    return c.json(practice);
  })
  .post('/:id/sharing', async (c) => {
    const { enabled } = await readJson(c, sharingSchema);
    const practice = await setSharing(getDb(c.env.DB), coachOf(c).id, c.req.param('id'), enabled);
    if (!enabled) await getRoom(c.env, practice.id).endGuestAccess('The coach turned off guest access.');
    await publish(c.env, practice.id, { type: 'practice', practice }, 'coach');
    return c.json(practice);
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    await deletePractice(getDb(c.env.DB), coachOf(c).id, id);
    await getRoom(c.env, id).endGuestAccess('This practice was deleted.');
    await publish(c.env, id, { type: 'practice-deleted', practiceId: id }, 'coach');
    return c.json({ ok: true });
  });
