import { Hono } from 'hono';
import { feedbackSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { feedback } from '../db/schema';
import { HttpError } from '../errors';
import { readJson } from '../validate';

export const feedbackRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const user = c.get('user');
  if (c.get('guest')) throw new HttpError(403, 'Only coaches can send feedback.');
  if (!user) throw new HttpError(401, 'You must be logged in to submit feedback.');
  const input = await readJson(c, feedbackSchema);
  await getDb(c.env.DB).insert(feedback).values({
    id: crypto.randomUUID(),
    user_id: user.id,
    user_email: user.email,
    message: input.message,
    feedback_type: input.feedback_type,
    status: 'new',
    created_at: Date.now(),
  });
  return c.json({ ok: true }, 201);
});
