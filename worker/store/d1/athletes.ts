import { and, asc, desc, eq } from 'drizzle-orm';
import type { Athlete, AthleteNote } from '../../../core/contracts/athletes';
import { NO_DETAILS, type AthleteDetails } from '../../../core/athlete-details';
import type { D1Db } from '../../db/client';
import { athleteNotes, athletes } from '../../db/schema';
import { inJsonList } from '../../db/sql';
import { notFound } from '../../errors';

type AthleteRow = typeof athletes.$inferSelect;

/** A stored athlete as the API answers it: the national rating's two columns as one value. */
export function toAthlete({ rating_system, rating, ...row }: AthleteRow): Athlete {
  return { ...row, national_rating: rating_system && rating ? { system: rating_system, value: rating } : null };
}

/** The columns an athlete's details are stored in (undefined: not given, left as it is). */
export function detailColumns(input: Partial<AthleteDetails>) {
  const r = input.national_rating;
  return {
    licence: input.licence, nation: input.nation, birth_date: input.birth_date, laterality: input.laterality, gender: input.gender, region: input.region,
    rating_system: r === undefined ? undefined : (r?.system ?? null), rating: r === undefined ? undefined : (r?.value ?? null),
  };
}

export async function listAthletes(db: D1Db, userId: string): Promise<Athlete[]> {
  return (await db.select().from(athletes).where(eq(athletes.user_id, userId)).orderBy(asc(athletes.name)).all()).map(toAthlete);
}

/** An athlete of this coach; 404 for one that does not exist or belongs to someone else. */
export async function getAthlete(db: D1Db, userId: string, id: string): Promise<Athlete> {
  const row = await db.select().from(athletes).where(and(eq(athletes.id, id), eq(athletes.user_id, userId))).get();
  if (!row) throw notFound('Athlete');
  return toAthlete(row);
}

/** Whether this athlete is one of this coach's. */
export async function athleteExists(db: D1Db, userId: string, id: string): Promise<boolean> {
  return (await db.select({ id: athletes.id }).from(athletes).where(and(eq(athletes.id, id), eq(athletes.user_id, userId))).get()) !== undefined;
}

type AthleteInput = { name: string; club: string | null; ranking?: number | null | undefined } & { [K in keyof AthleteDetails]?: AthleteDetails[K] | undefined };

export async function createAthlete(db: D1Db, userId: string, input: AthleteInput): Promise<Athlete> {
  const details = { ...NO_DETAILS, ...Object.fromEntries(Object.entries(input).filter(([k, v]) => k in NO_DETAILS && v !== undefined)) };
  const row = { id: crypto.randomUUID(), user_id: userId, name: input.name, club: input.club, ranking: input.ranking ?? null, created_at: Date.now(), ...detailColumns(details) };
  const stored = await db.insert(athletes).values(row).returning().get();
  return toAthlete(stored);
}

/** Changes an athlete; a detail the input leaves out is kept as it is. */
export async function updateAthlete(db: D1Db, userId: string, id: string, input: AthleteInput) {
  const row = await db
    .update(athletes)
    .set({ name: input.name, club: input.club, ...(input.ranking !== undefined && { ranking: input.ranking }), ...detailColumns(input) })
    .where(and(eq(athletes.id, id), eq(athletes.user_id, userId)))
    .returning()
    .get();
  if (!row) throw notFound('Athlete');
  return toAthlete(row);
}

export async function deleteAthlete(db: D1Db, userId: string, id: string) {
  const row = await db
    .delete(athletes)
    .where(and(eq(athletes.id, id), eq(athletes.user_id, userId)))
    .returning({ id: athletes.id })
    .get();
  if (!row) throw notFound('Athlete');
}

export async function listNotes(db: D1Db, userId: string, athleteId: string): Promise<AthleteNote[]> {
  await getAthlete(db, userId, athleteId);
  return db
    .select()
    .from(athleteNotes)
    .where(and(eq(athleteNotes.athlete_id, athleteId), eq(athleteNotes.user_id, userId)))
    .orderBy(desc(athleteNotes.created_at), desc(athleteNotes.id))
    .all();
}

export async function createNote(db: D1Db, userId: string, athleteId: string, note: string): Promise<AthleteNote> {
  await getAthlete(db, userId, athleteId);
  const row: AthleteNote = { id: crypto.randomUUID(), athlete_id: athleteId, user_id: userId, note, created_at: Date.now() };
  await db.insert(athleteNotes).values(row);
  return row;
}

export async function updateNote(db: D1Db, userId: string, id: string, note: string) {
  const row = await db
    .update(athleteNotes)
    .set({ note })
    .where(and(eq(athleteNotes.id, id), eq(athleteNotes.user_id, userId)))
    .returning()
    .get();
  if (!row) throw notFound('Note');
  return row;
}

export async function deleteNote(db: D1Db, userId: string, id: string) {
  const row = await db
    .delete(athleteNotes)
    .where(and(eq(athleteNotes.id, id), eq(athleteNotes.user_id, userId)))
    .returning({ id: athleteNotes.id })
    .get();
  if (!row) throw notFound('Note');
}

/** The coach's athletes among the given ids (others' ids are simply absent). */
export async function listAthletesByIds(db: D1Db, userId: string, ids: string[]): Promise<Map<string, Athlete>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(athletes).where(and(eq(athletes.user_id, userId), inJsonList(athletes.id, ids))).all();
  return new Map(rows.map((r) => [r.id, toAthlete(r)]));
}
