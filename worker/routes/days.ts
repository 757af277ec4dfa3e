import { Hono, type Context } from 'hono';
import type { DaySnapshot } from '../../core/contracts/days';
import { callStepSchema, createDaySchema, movePoolSchema, pistesSchema, poolRefereeSchema, refereesSchema, updateDaySchema } from '../../core/day-validation';
import { todayIso } from '../../core/dates';
import type { AppEnv } from '../env';
import { authorize } from '../auth/access';
import { HttpError, notFound } from '../errors';
import { coachOf } from '../middleware/session';
import { eachRoom, getRoom } from '../room/room';
import { getDayRoom } from '../day/day';
import type { DayRefusal } from '../day/day-room';
import type { StepRefusal } from '../day/call-steps';
import { createDay, dayPractices, deleteDay, getDay, linkPractice, listDays, rotateDayBoard, unlinkPractice, updateDay } from '../store/d1/days';
import { getPractice } from '../store/d1/practices';
import { json, readIdempotencyKey } from '../validate';

/** A day of the coach's (404 for anyone else's) and its room. */
async function ownDay(c: Context<AppEnv>) {
  const day = await getDay(c.get('db'), coachOf(c).id, c.req.param('dayId')!);
  return { day, room: getDayRoom(c.env, day.id) };
}

/** The room's answer: the day as it now stands, or the refusal as a coded error. */
function answer(c: Context<AppEnv>, result: DaySnapshot | DayRefusal | StepRefusal) {
  if ('refused' in result) throw new HttpError(result.refused.status, result.refused.message);
  return c.json(result);
}

/**
 * The day as its room holds it, made to agree with D1's index first: a room that never heard of the day
 * (first use, or erased) is told its facts, an event D1 links that the room lacks is linked, and one the room
 * still shows after a call that failed (a practice deleted while the day was out of reach) goes.
 */
async function snapshotOf(c: Context<AppEnv>, day: Awaited<ReturnType<typeof getDay>>) {
  const room = getDayRoom(c.env, day.id);
  const [held, linked] = await Promise.all([room.snapshot(), dayPractices(c.get('db'), day.id)]);
  if (!held || held.day.id !== day.id) {
    const { user_id, ...facts } = day;
    await room.dayChanged(facts, user_id);
  }
  const known = new Set(held?.day.id === day.id ? held.events.map((e) => e.practice_id) : []);
  const wanted = new Set(linked.map((p) => p.id));
  for (const id of known) if (!wanted.has(id)) await room.eventUnlinked(id);
  for (const [position, p] of linked.entries()) {
    if (known.has(p.id)) continue;
    await room.eventLinked({ practice_id: p.id, name: p.name, weapon: p.weapon, practice_type: p.practice_type, position });
    await getRoom(c.env, p.id).dayLinked(p.id, day.id);
  }
  return (await room.snapshot())!;
}

/**
 * The clubs of the roster athletes fencing in the day's pools (the coach's own), by athlete id, for the
 * referees' neutrality: read from D1 when the coach places pools or lists referees, never on a score's path.
 */
async function clubsOf(c: Context<AppEnv>, day: DaySnapshot): Promise<Record<string, string | null>> {
  const rows = await rosterOf(c, day.events.flatMap((e) => e.pools.flatMap((p) => p.athletes)));
  return Object.fromEntries(rows.map((r) => [r.id, r.club]));
}

/** These athletes of the coach's roster (others' and unknown ids are left out), in one read whatever their number. */
async function rosterOf(c: Context<AppEnv>, ids: string[]): Promise<{ id: string; name: string; club: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await c.get('db').$client
    .prepare('SELECT id, name, club FROM athletes WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))')
    .bind(coachOf(c).id, JSON.stringify([...new Set(ids)]))
    .all<{ id: string; name: string; club: string | null }>();
  return rows.results;
}

/**
 * A competition day (issue 28): the coach groups practices (its events) at a venue, with its pistes, and
 * places their pools on them. D1 keeps the index (the day, its events, its hall board link); the day's room
 * keeps the pistes and placements and tells every screen. Mounted at /days.
 */
export const dayRoutes = new Hono<AppEnv>()
  .get('/', authorize('day.manage'), async (c) => c.json(await listDays(c.get('db'), coachOf(c).id)))
  .post('/', authorize('day.manage'), json(createDaySchema), async (c) => {
    const input = c.req.valid('json');
    const day = await createDay(c.get('db'), coachOf(c).id, { name: input.name, date: input.date ?? todayIso(new Date()), venue: input.venue ?? null });
    await getDayRoom(c.env, day.id).dayChanged(day, coachOf(c).id);
    return c.json(day, 201);
  })
  .get('/:dayId', authorize('day.manage'), async (c) => {
    const day = await getDay(c.get('db'), coachOf(c).id, c.req.param('dayId'));
    return c.json(await snapshotOf(c, day));
  })
  .patch('/:dayId', authorize('day.manage'), json(updateDaySchema), async (c) => {
    const { room } = await ownDay(c);
    const day = await updateDay(c.get('db'), coachOf(c).id, c.req.param('dayId'), c.req.valid('json'));
    return c.json(await room.dayChanged(day, coachOf(c).id));
  })
  .post('/:dayId/board', authorize('day.manage'), async (c) => {
    const day = await rotateDayBoard(c.get('db'), coachOf(c).id, c.req.param('dayId'));
    return c.json(await getDayRoom(c.env, day.id).dayChanged(day, coachOf(c).id));
  })
  .delete('/:dayId', authorize('day.manage'), async (c) => {
    const id = c.req.param('dayId');
    const practiceIds = await deleteDay(c.get('db'), coachOf(c).id, id);
    await getDayRoom(c.env, id).dayDeleted(id);
    // The events go on alone: their rooms stop telling the day.
    await eachRoom(c.env, practiceIds, 'day deleted', (room, practiceId) => room.dayLinked(practiceId, null));
    return c.json({ ok: true });
  })
  .put('/:dayId/events/:practiceId', authorize('day.manage'), async (c) => {
    const { day } = await ownDay(c);
    const practice = await getPractice(c.get('db'), coachOf(c).id, c.req.param('practiceId'));
    await linkPractice(c.get('db'), day.id, practice);
    // The day's room takes the event as D1 now links it, and the practice's room tells the day its pools now
    // and after every change from here on.
    return c.json(await snapshotOf(c, day));
  })
  .delete('/:dayId/events/:practiceId', authorize('day.manage'), async (c) => {
    const { day, room } = await ownDay(c);
    const practiceId = c.req.param('practiceId');
    if (!(await unlinkPractice(c.get('db'), day.id, practiceId))) throw notFound('Practice');
    await getRoom(c.env, practiceId).dayLinked(practiceId, null);
    return c.json(await room.eventUnlinked(practiceId));
  })
  .put('/:dayId/pistes', authorize('day.manage'), json(pistesSchema), async (c) => {
    const { day, room } = await ownDay(c);
    await snapshotOf(c, day);
    return answer(c, await room.setPistes(c.req.valid('json').pistes));
  })
  .post('/:dayId/placements', authorize('day.manage'), async (c) => {
    const { day, room } = await ownDay(c);
    return answer(c, await room.placePools(await clubsOf(c, await snapshotOf(c, day))));
  })
  .put('/:dayId/referees', authorize('day.manage'), json(refereesSchema), async (c) => {
    const { day, room } = await ownDay(c);
    const list = c.req.valid('json').referees;
    // A roster athlete referees under the roster's name and club (never the client's word for them).
    const linked = list.flatMap((r) => (r.athlete_id ? [r.athlete_id] : []));
    const roster = new Map((await rosterOf(c, linked)).map((r) => [r.id, r]));
    if (linked.some((id) => !roster.has(id))) throw notFound('Athlete');
    const referees = list.map((r) => ({ id: r.id, athlete_id: r.athlete_id ?? null, name: r.athlete_id ? roster.get(r.athlete_id)!.name : r.name, club: r.athlete_id ? roster.get(r.athlete_id)!.club : r.club }));
    return c.json(await room.setReferees(referees, await clubsOf(c, await snapshotOf(c, day))));
  })
  .post('/:dayId/calls/:callId', authorize('day.manage'), json(callStepSchema), async (c) => {
    const { room } = await ownDay(c);
    const { event, version } = c.req.valid('json');
    return answer(c, await room.callStep({ callId: c.req.param('callId'), event, version, key: readIdempotencyKey(c) }));
  })
  .delete('/:dayId/held/:callId', authorize('day.manage'), async (c) => {
    const { room } = await ownDay(c);
    return answer(c, await room.callAgain(c.req.param('callId')));
  })
  .put('/:dayId/placements/:poolId/referee', authorize('day.manage'), json(poolRefereeSchema), async (c) => {
    const { day, room } = await ownDay(c);
    await snapshotOf(c, day);
    return answer(c, await room.choosePoolReferee(c.req.param('poolId'), c.req.valid('json').referee_id));
  })
  .put('/:dayId/placements/:poolId', authorize('day.manage'), json(movePoolSchema), async (c) => {
    const { day, room } = await ownDay(c);
    await snapshotOf(c, day);
    return answer(c, await room.movePool(c.req.param('poolId'), c.req.valid('json').piste_id));
  });
