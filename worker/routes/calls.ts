import { Hono } from 'hono';
import { callStepSchema } from '../../core/day-validation';
import type { AppEnv } from '../env';
import { authorize, practiceFor } from '../auth/access';
import { getDayRoom } from '../day/day';
import { eventCallsOf } from '../day/event-calls';
import { HttpError, notFound } from '../errors';
import { getRoom } from '../room/room';
import { json, readIdempotencyKey } from '../validate';

/**
 * The calls of an event of a competition day (issue 28), from its own screens: the coach, or a guest of the
 * event while the coach lets guests take the call steps, marks a called match's fencers on piste. The room
 * names its day (never the client); the day checks the call is this event's and the guest may, and takes the
 * step over the version the screen saw, once per idempotency key. Mounted at /practices/:practiceId/calls.
 */
export const callRoutes = new Hono<AppEnv>().post('/:callId', authorize('call.step'), json(callStepSchema), async (c) => {
  const practice = await practiceFor(c, c.req.param('practiceId')!);
  const dayId = await getRoom(c.env, practice.id).dayOfEvent();
  if (dayId === null) throw notFound('Call');
  const { event, version } = c.req.valid('json');
  const step = { callId: c.req.param('callId'), event, version, key: readIdempotencyKey(c), practiceId: practice.id, byGuest: c.get('role') === 'guest' };
  const day = await getDayRoom(c.env, dayId).callStep(step);
  if ('refused' in day) throw new HttpError(day.refused.status, day.refused.message);
  const calls = { seq: day.version, ...eventCallsOf(day, practice.id) };
  // The event's screens hear it now; the day's own word, behind it, then finds nothing new.
  await getRoom(c.env, practice.id).dayCalls(dayId, calls);
  return c.json(calls);
});
