import { and, desc, eq, sql } from 'drizzle-orm';
import type { GuestPractice } from '../../../core/contracts/guests';
import type { Practice, PracticeType } from '../../../core/contracts/practices';
import { MAX_COACH_PRACTICES } from '../../../core/limits';
import { ERROR_MESSAGES } from '../../../core/messages';
import { makeRoomCode, ROOM_CODE_ATTEMPTS } from '../../../core/room-code';
import type { D1Db, EitherDb } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { practices } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { randomToken } from '../../auth/crypto';
import { lookupUnderLimits, type LookupClient } from './throttle';
import type { Weapon } from '../../../core/fencing/referee';

export type RandomUint32 = () => number;

export const cryptoUint32: RandomUint32 = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

export type PracticeRow = typeof practices.$inferSelect;

/** A practice as the server uses it: the API shape plus the guest epoch, which never leaves the worker. */
export type PracticeRecord = Practice & { guest_epoch: number };

/**
 * The stamp of a change to the index's facts (sharing, the code, the board link): the time, but always past the
 * row's last one, so two changes in the same millisecond still tell which came last. The practice's room applies
 * the index's words in this order, whatever order its calls arrive in (room/index-word).
 */
const nextStamp = (now: number) => sql<number>`max(${practices.updated_at} + 1, ${now})`;

/** The API shape of a row: sharing counts as on only until it expires (SPEC: sharing ends after a quiet period). */
export function toPractice(row: PracticeRow, now = Date.now()): PracticeRecord {
  return { ...row, allow_guest_access: row.allow_guest_access && row.sharing_expires_at > now };
}

/** Strips what only the worker needs before a practice is answered or published. */
export function publicPractice({ guest_epoch: _epoch, ...practice }: PracticeRecord): Practice {
  return practice;
}

/** What guests and spectators see of a practice. */
export const toGuestPractice = (p: Practice): GuestPractice => ({ id: p.id, name: p.name, date: p.date, practice_type: p.practice_type, weapon: p.weapon });

/** A fresh id for a practice's live board: 128 random bits, unguessable, distinct from the room code. */
export const newBoardId = () => randomToken().slice(0, 22);

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

export async function listPractices(db: D1Db, userId: string): Promise<Practice[]> {
  const rows = await db.select().from(practices).where(eq(practices.user_id, userId)).orderBy(desc(practices.date), desc(practices.created_at)).all();
  return rows.map((r) => publicPractice(toPractice(r)));
}

/**
 * A practice of this coach; 404 for one that does not exist or belongs to someone else. Both: the worker reads the
 * index (a socket's practice), a room its own copy (`practiceFor`).
 */
export async function getPractice(db: EitherDb, userId: string, id: string): Promise<PracticeRecord> {
  const row = await db.select().from(practices).where(and(eq(practices.id, id), eq(practices.user_id, userId))).get();
  if (!row) throw notFound('Practice');
  return toPractice(row);
}

/** A practice that currently shares with guests (on, and not expired), by id; null otherwise. Both, as `getPractice`. */
export async function getSharedPractice(db: EitherDb, id: string): Promise<PracticeRecord | null> {
  const row = await db.select().from(practices).where(eq(practices.id, id)).get();
  const practice = row ? toPractice(row) : null;
  return practice?.allow_guest_access ? practice : null;
}

/** The lookup of each secret: a room code finds only a sharing practice; a board id any (a right link is no guess). */
const lookupBy = (by: 'room_code' | 'board_id', secret: string, now: number) =>
  by === 'room_code'
    ? { sql: 'SELECT * FROM practices WHERE room_code = ? AND allow_guest_access = 1 AND sharing_expires_at > ?', params: [secret, now], guessable: true }
    : { sql: 'SELECT * FROM practices WHERE board_id = ?', params: [secret], guessable: false };

async function lookupPractice(db: D1Db, by: 'room_code' | 'board_id', secret: string, client: LookupClient, now: number) {
  const row = await lookupUnderLimits<Omit<PracticeRow, 'allow_guest_access'> & { allow_guest_access: number }>(db.$client, client, lookupBy(by, secret, now), now);
  return row ? toPractice({ ...row, allow_guest_access: row.allow_guest_access === 1 }, now) : null;
}

/**
 * The practice a room code opens while it shares (guests). Every such lookup goes through the lookup limits,
 * counted per client network; a room code is guessable (see `SecretLookup.guessable`).
 */
export async function findSharedPractice(db: D1Db, roomCode: string, client: LookupClient, now = Date.now()) {
  const practice = await lookupPractice(db, 'room_code', roomCode, client, now);
  return practice?.allow_guest_access ? practice : null;
}

/**
 * The practice of a board link (spectators), through the same limits; a board id is not guessable. It is found
 * whether or not its practice shares right now (`shared`): a paused board waits on the wall for sharing to come
 * back (a TV reconnecting or reloaded), and its right link never counts against its network's failed lookups.
 * It shows nothing of the practice while it does not share. Null: no practice has this link.
 */
export async function findBoard(db: D1Db, boardId: string, client: LookupClient, now = Date.now()): Promise<{ practice: PracticeRecord; shared: boolean } | null> {
  const practice = await lookupPractice(db, 'board_id', boardId, client, now);
  return practice ? { practice, shared: practice.allow_guest_access } : null;
}

/** Guest access on (for `idleMs` from now unless writes extend it) or off; off moves the guest epoch on. */
export async function setSharing(db: D1Db, userId: string, id: string, enabled: boolean, idleMs: number, now = Date.now()) {
  const row = await db
    .update(practices)
    .set(
      enabled
        ? { allow_guest_access: true, sharing_expires_at: now + idleMs, updated_at: nextStamp(now) }
        : { allow_guest_access: false, sharing_expires_at: 0, guest_epoch: sql`${practices.guest_epoch} + 1`, updated_at: nextStamp(now) },
    )
    .where(and(eq(practices.id, id), eq(practices.user_id, userId)))
    .returning()
    .get();
  if (!row) throw notFound('Practice');
  return toPractice(row, now);
}

/**
 * A write keeps sharing alive for another quiet period. Only written when the stored expiry is more than
 * ten minutes behind, so a busy practice costs one extra write per ten minutes, not one per bout. Either store, as
 * `authorize` runs in both places; the writes that count as activity are a room's.
 */
export async function extendSharing(db: EitherDb, practice: PracticeRecord, idleMs: number, now = Date.now()) {
  if (!practice.allow_guest_access || practice.sharing_expires_at > now + idleMs - 10 * 60_000) return;
  await db
    .update(practices)
    .set({ sharing_expires_at: now + idleMs })
    .where(and(eq(practices.id, practice.id), eq(practices.allow_guest_access, true), sql`${practices.sharing_expires_at} > ${now}`));
}

/** Turns off sharing that has expired (moving the guest epoch on); true when this call turned it off. */
export async function endExpiredSharing(db: D1Db, id: string, now = Date.now()) {
  const row = await db
    .update(practices)
    .set({ allow_guest_access: false, sharing_expires_at: 0, guest_epoch: sql`${practices.guest_epoch} + 1`, updated_at: nextStamp(now) })
    .where(and(eq(practices.id, id), eq(practices.allow_guest_access, true), sql`${practices.sharing_expires_at} <= ${now}`))
    .returning()
    .get();
  return row ? toPractice(row, now) : null;
}

/** Practices whose sharing has run out but is still marked on (for the scheduled clean-up). */
export async function listExpiredSharing(db: D1Db, now = Date.now()) {
  return db
    .select({ id: practices.id })
    .from(practices)
    .where(and(eq(practices.allow_guest_access, true), sql`${practices.sharing_expires_at} <= ${now}`))
    .limit(100)
    .all();
}

/** Why a coach at MAX_COACH_PRACTICES cannot add another practice (a new one, or a restored one). */
export const COACH_PRACTICES_FULL = ERROR_MESSAGES.coach_practices_most.replace('{max_practices}', String(MAX_COACH_PRACTICES));

/**
 * A new practice of the coach's, unshared, under a fresh room code and board link; refused (409) while the coach
 * keeps MAX_COACH_PRACTICES. The count and the insert are one statement, so two practices created at once cannot
 * both slip under the bound.
 */
export async function createPractice(
  db: D1Db,
  userId: string,
  input: { name: string; practice_type: PracticeType; date: string; weapon?: Weapon },
  random: RandomUint32 = cryptoUint32,
): Promise<PracticeRecord> {
  const now = Date.now();
  return withUniqueRoomCode(random, async (room_code) => {
    const row: PracticeRow = {
      id: crypto.randomUUID(),
      user_id: userId,
      name: input.name,
      date: input.date,
      practice_type: input.practice_type,
      weapon: input.weapon ?? 'epee',
      room_code,
      allow_guest_access: false,
      board_id: newBoardId(),
      guest_epoch: 0,
      sharing_expires_at: 0,
      created_at: now,
      updated_at: now,
    };
    const inserted = await db.$client
      .prepare(
        `INSERT INTO practices (id, user_id, name, date, practice_type, weapon, room_code, allow_guest_access, board_id, guest_epoch, sharing_expires_at, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, ?8, 0, 0, ?9, ?9
         WHERE (SELECT count(*) FROM practices WHERE user_id = ?2) < ?10`,
      )
      .bind(row.id, userId, row.name, row.date, row.practice_type, row.weapon, room_code, row.board_id, now, MAX_COACH_PRACTICES)
      .run();
    if (inserted.meta.changes === 0) throw new HttpError(409, COACH_PRACTICES_FULL);
    return toPractice(row, now);
  });
}

/** A new room code; the guest epoch moves on in the same statement, so every token of the old code is void. */
export async function regenerateRoomCode(db: D1Db, userId: string, id: string, random: RandomUint32 = cryptoUint32) {
  await getPractice(db, userId, id);
  return withUniqueRoomCode(random, async (room_code) => {
    const row = await db
      .update(practices)
      .set({ room_code, guest_epoch: sql`${practices.guest_epoch} + 1`, updated_at: nextStamp(Date.now()) })
      .where(and(eq(practices.id, id), eq(practices.user_id, userId)))
      .returning()
      .get();
    if (!row) throw notFound('Practice');
    return toPractice(row);
  });
}

/** A new board link: the old one stops opening the board at once. */
export async function rotateBoardId(db: D1Db, userId: string, id: string) {
  const row = await db
    .update(practices)
    .set({ board_id: newBoardId(), updated_at: nextStamp(Date.now()) })
    .where(and(eq(practices.id, id), eq(practices.user_id, userId)))
    .returning()
    .get();
  if (!row) throw notFound('Practice');
  return toPractice(row);
}

export async function deletePractice(db: D1Db, userId: string, id: string) {
  const row = await db
    .delete(practices)
    .where(and(eq(practices.id, id), eq(practices.user_id, userId)))
    .returning({ id: practices.id })
    .get();
  if (!row) throw notFound('Practice');
}
