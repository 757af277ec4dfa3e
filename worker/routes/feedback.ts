import { Hono } from 'hono';
import { feedbackSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { feedback } from '../db/schema';
import { authorize } from '../auth/access';
import { coachOf } from '../middleware/session';
import { json } from '../validate';

export const feedbackRoutes = new Hono<AppEnv>().post(
  '/',
  authorize('feedback.send', { unauthenticated: 'You must be logged in to submit feedback.', forbidden: 'Only coaches can send feedback.' }),
  json(feedbackSchema),
  async (c) => {
    const user = coachOf(c);
    const input = c.req.valid('json');
    await c.get('db').insert(feedback).values({
      id: crypto.randomUUID(),
      user_id: user.id,
      user_email: user.email,
      message: input.message,
      feedback_type: input.feedback_type,
      status: 'new',
      created_at: Date.now(),
    });
    return c.json({ ok: true }, 201);
  },
);
