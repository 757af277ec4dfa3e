import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Day, DaySummary } from '../../../core/contracts/days';
import { MAX_DAY_EVENTS } from '../../../core/day-validation';
import { MAX_COACH_DAYS } from '../../../core/limits';
import type { D1Db } from '../../db/client';
import { dayEvents, days, practices } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { newBoardId, type PracticeRecord, toPractice } from './practices';
import { lookupUnderLimits, type LookupClient } from './throttle';

/**
 * A competition day's index in D1 (issue 28): the day, its hall board link and the practices it groups. The
 * day's pistes and placements are its room's (worker/day/); everything here crosses practices.
 */

type DayRow = typeof days.$inferSelect;

const toDay = ({ user_id: _owner, ...row }: DayRow): Day => row;

export async function listDays(db: D1Db, userId: string): Promise<DaySummary[]> {
  const rows = await db
    .select({ day: days, events: sql<number>`(SELECT count(*) FROM day_events WHERE day_events.day_id = ${days.id})` })
    .from(days)
    .where(eq(days.user_id, userId))
    .orderBy(desc(days.date), desc(days.created_at))
    .all();
  return rows.map((r) => ({ ...toDay(r.day), events: r.events }));
}

/** A day of this coach; 404 for one that does not exist or is someone else's. */
export async function getDay(db: D1Db, userId: string, id: string): Promise<Day & { user_id: string }> {
  const row = await db.select().from(days).where(and(eq(days.id, id), eq(days.user_id, userId))).get();
  if (!row) throw notFound('Day');
  return { ...toDay(row), user_id: row.user_id };
}

export const COACH_DAYS_FULL = `An account keeps at most ${MAX_COACH_DAYS} competition days. Delete a past day to create a new one.`;

/**
 * A new day of the coach's, unshared, with no pistes yet; refused (409) while the coach keeps MAX_COACH_DAYS.
 * The count and the insert are one statement, so two days created at once cannot both slip under the bound.
 */
export async function createDay(db: D1Db, userId: string, input: { name: string; date: string; venue: string | null }): Promise<Day> {
  const now = Date.now();
  const row: DayRow = { id: crypto.randomUUID(), user_id: userId, name: input.name, date: input.date, venue: input.venue, board_id: newBoardId(), board_shared: false, starts_at: null, minutes: null, guests_call: false, created_at: now, updated_at: now };
  const inserted = await db.$client
    .prepare(
      `INSERT INTO days (id, user_id, name, date, venue, board_id, board_shared, starts_at, minutes, guests_call, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, 0, NULL, NULL, 0, ?7, ?7
       WHERE (SELECT count(*) FROM days WHERE user_id = ?2) < ?8`,
    )
    .bind(row.id, userId, row.name, row.date, row.venue, row.board_id, now, MAX_COACH_DAYS)
    .run();
  if (inserted.meta.changes === 0) throw new HttpError(409, COACH_DAYS_FULL);
  return toDay(row);
}

export async function updateDay(db: D1Db, userId: string, id: string, change: Partial<Pick<Day, 'name' | 'date' | 'venue' | 'board_shared' | 'starts_at' | 'minutes' | 'guests_call'>>): Promise<Day> {
  const row = await db.update(days).set({ ...change, updated_at: Date.now() }).where(and(eq(days.id, id), eq(days.user_id, userId))).returning().get();
  if (!row) throw notFound('Day');
  return toDay(row);
}

/** A new hall board link: the old one stops opening the board at once. */
export async function rotateDayBoard(db: D1Db, userId: string, id: string): Promise<Day> {
  const row = await db.update(days).set({ board_id: newBoardId(), updated_at: Date.now() }).where(and(eq(days.id, id), eq(days.user_id, userId))).returning().get();
  if (!row) throw notFound('Day');
  return toDay(row);
}

/** Deletes the day (its events are unlinked by the cascade); answers the practices it grouped. */
export async function deleteDay(db: D1Db, userId: string, id: string): Promise<string[]> {
  const linked = await db.select({ id: dayEvents.practice_id }).from(dayEvents).innerJoin(days, eq(days.id, dayEvents.day_id)).where(and(eq(days.id, id), eq(days.user_id, userId))).all();
  const row = await db.delete(days).where(and(eq(days.id, id), eq(days.user_id, userId))).returning({ id: days.id }).get();
  if (!row) throw notFound('Day');
  return linked.map((l) => l.id);
}

/** The practices a day groups, in the day's order (the coach's own: a day only ever links them). */
export async function dayPractices(db: D1Db, dayId: string): Promise<PracticeRecord[]> {
  const rows = await db.select({ practice: practices }).from(dayEvents).innerJoin(practices, eq(practices.id, dayEvents.practice_id)).where(eq(dayEvents.day_id, dayId)).orderBy(asc(dayEvents.position)).all();
  return rows.map((r) => toPractice(r.practice));
}

const IN_OTHER_DAY = 'This practice is already part of another day. Take it out of that day first.';

/**
 * Puts a practice of the coach in the day (at the end). Linking it again to the same day changes nothing;
 * a practice of another day is refused (409), and so is a day already holding the most events.
 */
export async function linkPractice(db: D1Db, dayId: string, practice: PracticeRecord): Promise<number> {
  const held = await db.select({ day_id: dayEvents.day_id, position: dayEvents.position }).from(dayEvents).where(eq(dayEvents.practice_id, practice.id)).get();
  if (held?.day_id === dayId) return held.position;
  if (held) throw new HttpError(409, IN_OTHER_DAY);
  await db.$client
    .prepare(
      `INSERT INTO day_events (practice_id, day_id, position, created_at)
       SELECT ?1, ?2, coalesce(max(position), -1) + 1, ?3 FROM day_events WHERE day_id = ?2
       HAVING count(*) < ?4
       ON CONFLICT (practice_id) DO NOTHING`,
    )
    .bind(practice.id, dayId, Date.now(), MAX_DAY_EVENTS)
    .run();
  const now = await db.select({ day_id: dayEvents.day_id, position: dayEvents.position }).from(dayEvents).where(eq(dayEvents.practice_id, practice.id)).get();
  if (now?.day_id === dayId) return now.position;
  if (now) throw new HttpError(409, IN_OTHER_DAY);
  throw new HttpError(409, `A day groups at most ${MAX_DAY_EVENTS} events`);
}

/** Takes a practice out of the day; false when it was not in it. */
export async function unlinkPractice(db: D1Db, dayId: string, practiceId: string): Promise<boolean> {
  const row = await db.delete(dayEvents).where(and(eq(dayEvents.day_id, dayId), eq(dayEvents.practice_id, practiceId))).returning({ id: dayEvents.practice_id }).get();
  return row !== undefined;
}

/** The day a practice belongs to, if any. */
export async function dayOfPractice(db: D1Db, practiceId: string): Promise<string | null> {
  const row = await db.select({ day_id: dayEvents.day_id }).from(dayEvents).where(eq(dayEvents.practice_id, practiceId)).get();
  return row?.day_id ?? null;
}

/**
 * The day of a hall board link, through the lookup limits like a practice's board, shared right now or not
 * (`shared`): a right link of a day not shared now is no guess (a hall TV waiting, or reloaded, for the day to be
 * shared again), so it never counts against its network; it shows nothing of the day. Null: no day has this link.
 */
export async function findHall(db: D1Db, boardId: string, client: LookupClient): Promise<{ day: Day; shared: boolean } | null> {
  const row = await lookupUnderLimits<Omit<DayRow, 'board_shared' | 'minutes' | 'guests_call'> & { board_shared: number; minutes: string | null; guests_call: number }>(db.$client, client, {
    sql: 'SELECT * FROM days WHERE board_id = ?',
    params: [boardId],
    guessable: false,
  });
  if (!row) return null;
  const day = toDay({ ...row, board_shared: row.board_shared === 1, guests_call: row.guests_call === 1, minutes: row.minutes === null ? null : (JSON.parse(row.minutes) as Day['minutes']) });
  return { day, shared: day.board_shared };
}
