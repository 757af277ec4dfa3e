import { Hono } from 'hono';
import type { EventCalls } from '../../../core/contracts/days';
import { callStepSchema } from '../../../core/day-validation';
import { matchId } from '../../../core/fencing/bracket';
import type { RoomEnv, Env } from '../../env';
import { authorize, practiceFor } from '../../auth/access';
import type { CallStep, StepRefusal } from '../../day/call-steps';
import { getDayRoom } from '../../day/day';
import { eventCallsOf } from '../../day/event-calls';
import { HttpError } from '../../errors';
import { roomHere, type RoomHere } from '../here';
import { json, readIdempotencyKey } from '../../validate';
import { notArchived } from '../archive-timing';

/**
 * Takes a step on a call of this event through its day, and keeps the day's answer in the event's room at
 * once (its screens hear it now; the day's own word, behind it, then finds nothing new). The room names
 * the day, never the client.
 */
async function takeStep(env: Env, room: RoomHere, step: Omit<CallStep, 'practiceId'>): Promise<EventCalls | StepRefusal> {
  const practiceId = room.practiceId;
  const dayId = room.dayOfEvent();
  if (dayId === null) return { refused: { status: 404, message: 'Call not found' } };
  const day = await getDayRoom(env, dayId).callStep({ ...step, practiceId });
  if ('refused' in day) return day;
  const calls = { seq: day.version, ...eventCallsOf(day, practiceId) };
  await room.dayCalls(dayId, calls);
  return calls;
}

/**
 * A referee took a called tableau match on their phone (issue 18's desk): they are at its piste with its
 * fencers, so the call is on piste, as if its coach (or a guest the coach lets) had said so. Nothing when the
 * match is not called, or already on piste.
 */
export async function refereeAtPiste(env: Env, room: RoomHere, round: number, position: number, byGuest: boolean): Promise<void> {
  const call = room.heldDayCalls()?.calls.find((c) => c.match_id === matchId(round, position));
  if (!call || call.state !== 'called') return;
  await takeStep(env, room, { callId: call.id, event: 'on-piste', version: call.version, key: null, byGuest });
}

/**
 * The calls of an event of a competition day (issue 28), from its own screens: the coach, or a guest of the
 * event while the coach lets guests take the call steps, marks a called match's fencers on piste (only the
 * coach cancels). The day checks the call is this event's and the guest may, and takes the step over the
 * version the screen saw, once per idempotency key. Mounted at /practices/:practiceId/calls.
 */
export const callRoutes = new Hono<RoomEnv>().post('/:callId', notArchived, authorize('call.step'), json(callStepSchema), async (c) => {
  // The caller's practice, or 404 (a guest of another practice, another coach's): then the room's own.
  await practiceFor(c, c.req.param('practiceId')!);
  const { event, version } = c.req.valid('json');
  const step = { callId: c.req.param('callId'), event, version, key: readIdempotencyKey(c), byGuest: c.get('role') === 'guest' };
  const calls = await takeStep(c.env, roomHere(c), step);
  if ('refused' in calls) throw new HttpError(calls.refused.status, calls.refused.message);
  return c.json(calls);
});
