import { Hono } from 'hono';
import { createPracticeSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { coachOf, requireCoach } from '../middleware/session';
import { publish } from '../room/room';
import { createPractice, deletePractice, getPractice, listPractices, regenerateRoomCode } from '../store/practices';
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
    await publish(c.env, practice.id, { type: 'practice', practice });
    return c.json(practice);
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    await deletePractice(getDb(c.env.DB), coachOf(c).id, id);
    await publish(c.env, id, { type: 'practice-deleted', practiceId: id });
    return c.json({ ok: true });
  });
