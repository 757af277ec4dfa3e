import { eq, sql } from 'drizzle-orm';
import type { User } from '../../core/api';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { HttpError } from '../errors';
import { isUniqueViolation } from '../db/errors';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, full_name: row.full_name, email_verified: row.email_verified_at !== null };
}

export async function findUserByEmail(db: Db, email: string) {
  return (await db.select().from(users).where(eq(users.email, email)).get()) ?? null;
}

export async function findUserById(db: Db, id: string) {
  return (await db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

export async function createUser(db: Db, input: { email: string; full_name: string; password_hash: string }) {
  const row: UserRow = { id: crypto.randomUUID(), ...input, email_verified_at: null, created_at: Date.now() };
  try {
    await db.insert(users).values(row);
  } catch (e) {
    if (isUniqueViolation(e, 'users.email')) throw new HttpError(409, 'User already registered');
    throw e;
  }
  return row;
}

/** Sets a new password and ends every refresh session of the user, in one batch. */
export async function replacePassword(db: Db, userId: string, password_hash: string, now = Date.now()) {
  await db.batch([
    db.update(users).set({ password_hash }).where(eq(users.id, userId)),
    // Every session ends, and no successor kept for the refresh grace window survives.
    db.update(sessions).set({ revoked_at: sql`COALESCE(${sessions.revoked_at}, ${now})`, successor: null }).where(eq(sessions.user_id, userId)),
  ]);
}

export async function markEmailVerified(db: Db, userId: string) {
  await db.update(users).set({ email_verified_at: Date.now() }).where(eq(users.id, userId));
}
