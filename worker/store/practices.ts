import { and, desc, eq } from 'drizzle-orm';
import type { Practice, PracticeType } from '../../core/api';
import { makeRoomCode, ROOM_CODE_ATTEMPTS } from '../../core/room-code';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { practices } from '../db/schema';
import { HttpError, notFound } from '../errors';

export type RandomUint32 = () => number;

export const cryptoUint32: RandomUint32 = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

/**
 * Runs a write that stores a fresh room code, retrying with a new code while the unique index refuses it
 * (SPEC §5 Practice: up to 10 attempts).
 */
async function withUniqueRoomCode<T>(random: RandomUint32, write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < ROOM_CODE_ATTEMPTS; attempt++) {
    try {
      return await write(makeRoomCode(random));
    } catch (e) {
      if (!isUniqueViolation(e, 'practices.room_code')) throw e;
    }
  }
  throw new HttpError(409, 'Failed to generate unique practice room code');
}

export async function listPractices(db: Db, userId: string): Promise<Practice[]> {
  return db
    .select()
    .from(practices)
    .where(eq(practices.user_id, userId))
    .orderBy(desc(practices.date), desc(practices.created_at))
    .all();
}

/** A practice of this coach; 404 for one that does not exist or belongs to someone else. */
export async function getPractice(db: Db, userId: string, id: string): Promise<Practice> {
  const row = await db.select().from(practices).where(and(eq(practices.id, id), eq(practices.user_id, userId))).get();
  if (!row) throw notFound('Practice');
  return row;
}

/** A practice that currently shares with guests, by id; null otherwise. */
export async function getSharedPractice(db: Db, id: string): Promise<Practice | null> {
  return (await db.select().from(practices).where(and(eq(practices.id, id), eq(practices.allow_guest_access, true))).get()) ?? null;
}

/** The practice a room code opens, only while it shares with guests. */
export async function findSharedPracticeByCode(db: Db, code: string): Promise<Practice | null> {
  return (await db.select().from(practices).where(and(eq(practices.room_code, code), eq(practices.allow_guest_access, true))).get()) ?? null;
}

export async function setSharing(db: Db, userId: string, id: string, enabled: boolean): Promise<Practice> {
  const row = await db
    .update(practices)
    .set({ allow_guest_access: enabled, updated_at: Date.now() })
    .where(and(eq(practices.id, id), eq(practices.user_id, userId)))
    .returning()
    .get();
  if (!row) throw notFound('Practice');
  return row;
}

export async function createPractice(
  db: Db,
  userId: string,
  input: { name: string; practice_type: PracticeType; date: string },
  random: RandomUint32 = cryptoUint32,
): Promise<Practice> {
  const now = Date.now();
  return withUniqueRoomCode(random, async (room_code) => {
    const row: Practice = {
      id: crypto.randomUUID(),
      user_id: userId,
      name: input.name,
      date: input.date,
      practice_type: input.practice_type,
      room_code,
      allow_guest_access: false,
      created_at: now,
      updated_at: now,
    };
    await db.insert(practices).values(row);
    return row;
  });
}

export async function regenerateRoomCode(db: Db, userId: string, id: string, random: RandomUint32 = cryptoUint32) {
  await getPractice(db, userId, id);
  return withUniqueRoomCode(random, async (room_code) => {
    const row = await db
      .update(practices)
      .set({ room_code, updated_at: Date.now() })
      .where(and(eq(practices.id, id), eq(practices.user_id, userId)))
      .returning()
      .get();
    if (!row) throw notFound('Practice');
    return row;
  });
}

export async function deletePractice(db: Db, userId: string, id: string) {
  const row = await db
    .delete(practices)
    .where(and(eq(practices.id, id), eq(practices.user_id, userId)))
    .returning({ id: practices.id })
    .get();
  if (!row) throw notFound('Practice');
}
