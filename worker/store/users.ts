import { eq, isNull, sql } from 'drizzle-orm';
import type { User } from '../../core/contracts/account';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** The account as the app sees it (never the password hash). */
export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, full_name: row.full_name, email_verified: row.email_verified_at !== null };
}

/** The account of an address (already lower-cased by the schemas), or null. */
export async function findUserByEmail(db: Db, email: string) {
  return (await db.select().from(users).where(eq(users.email, email)).get()) ?? null;
}

/** The account of an id, or null. */
export async function findUserById(db: Db, id: string) {
  return (await db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

/**
 * A sign-up: creates the account unverified, or, when the address has an account still unverified, gives it
 * this sign-up's name and password (whoever holds the mailbox can always claim the address). One upsert, so
 * parallel sign-ups for one address never race. Returns null, changing nothing, when the address already has
 * a verified account.
 */
export async function saveUnverifiedUser(db: Db, input: { email: string; full_name: string; password_hash: string }, now = Date.now()) {
  const row: UserRow = { id: crypto.randomUUID(), ...input, email_verified_at: null, created_at: now };
  const saved = await db
    .insert(users)
    .values(row)
    .onConflictDoUpdate({
      target: users.email,
      set: { full_name: input.full_name, password_hash: input.password_hash },
      setWhere: isNull(users.email_verified_at),
    })
    .returning()
    .get();
  return saved ?? null;
}

/**
 * Sets a new password and ends every refresh session of the user, in one batch. The address counts as verified
 * from then on: the reset link that allowed it was opened from its mailbox.
 */
export async function replacePassword(db: Db, userId: string, password_hash: string, now = Date.now()) {
  await db.batch([
    db.update(users).set({ password_hash, email_verified_at: sql`COALESCE(${users.email_verified_at}, ${now})` }).where(eq(users.id, userId)),
    // Every session ends, and no successor kept for the refresh grace window survives.
    db.update(sessions).set({ revoked_at: sql`COALESCE(${sessions.revoked_at}, ${now})`, successor: null }).where(eq(sessions.user_id, userId)),
  ]);
}

/** Marks the address verified (its mailed link was opened); the first time counts. */
export async function markEmailVerified(db: Db, userId: string, now = Date.now()) {
  await db.update(users).set({ email_verified_at: sql`COALESCE(${users.email_verified_at}, ${now})` }).where(eq(users.id, userId));
}
