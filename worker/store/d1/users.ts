import { eq, isNull, sql } from 'drizzle-orm';
import type { User } from '../../../core/contracts/account';
import type { D1Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** The account as the app sees it (never the password hash). */
export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, full_name: row.full_name, email_verified: row.email_verified_at !== null };
}

/** The account of an address (already lower-cased by the schemas), or null. */
export async function findUserByEmail(db: D1Db, email: string) {
  return (await db.select().from(users).where(eq(users.email, email)).get()) ?? null;
}

/** The account of an id, or null. */
export async function findUserById(db: D1Db, id: string) {
  return (await db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

/**
 * A sign-up: creates the account unverified, or, when the address has an account still unverified, notes this
 * sign-up's name and password as its latest (a sign-in with them says the address waits for confirmation). What
 * a link activates is the link's own (./auth-tokens `activateAccount`), never this row's: a second sign-up
 * of a pending address cannot choose the password the owner's link opens. One upsert, so parallel sign-ups for
 * one address never race. Returns null, changing nothing, when the address already has a verified account.
 */
export async function saveUnverifiedUser(db: D1Db, input: { email: string; full_name: string; password_hash: string }, now = Date.now()) {
  const row: UserRow = { id: crypto.randomUUID(), ...input, email_verified_at: null, created_at: now, session_version: 0 };
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
 * Ends every session of the account, in one batch: every refresh token (no successor kept for the refresh
 * grace window survives) and, by raising the session version, every access token already handed out. With a
 * password, sets it too (a reset or a change). Returns the new session version (null: no such account).
 */
export async function endSessions(db: D1Db, userId: string, password_hash?: string, now = Date.now()): Promise<number | null> {
  const [raised] = await db.batch([
    db
      .update(users)
      .set({
        session_version: sql`${users.session_version} + 1`,
        // A reset's link was opened from the mailbox: the address counts as verified from then on.
        ...(password_hash ? { password_hash, email_verified_at: sql`COALESCE(${users.email_verified_at}, ${now})` } : {}),
      })
      .where(eq(users.id, userId))
      .returning({ version: users.session_version }),
    db.update(sessions).set({ revoked_at: sql`COALESCE(${sessions.revoked_at}, ${now})`, successor: null }).where(eq(sessions.user_id, userId)),
  ]);
  return raised[0]?.version ?? null;
}

/** How long a sign-up of a confirmed address is remembered: as long as a pending sign-up's link lives. */
const ATTEMPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Remembers a sign-up of an address that already has a confirmed account (the latest one): a sign-in with its
 * password then answers as a pending sign-up's would, so nobody learns from signing up and then in whether an
 * address has an account. Nothing about the account changes.
 */
export async function rememberSignupAttempt(db: D1Db, email: string, password_hash: string, now = Date.now()) {
  await db.$client
    .prepare('INSERT INTO signup_attempts (email, password_hash, expires_at) VALUES (?1, ?2, ?3) ON CONFLICT (email) DO UPDATE SET password_hash = ?2, expires_at = ?3')
    .bind(email, password_hash, now + ATTEMPT_MS)
    .run();
}

/** The password hash of the latest sign-up of a confirmed address, while remembered; null otherwise. */
export async function signupAttemptOf(db: D1Db, email: string, now = Date.now()): Promise<string | null> {
  const row = await db.$client.prepare('SELECT password_hash FROM signup_attempts WHERE email = ? AND expires_at > ?').bind(email, now).first<{ password_hash: string }>();
  return row?.password_hash ?? null;
}

/** Forgets sign-up attempts past their time (the scheduled clean-up). */
export async function purgeSignupAttempts(db: D1Db, now = Date.now()) {
  return (await db.$client.prepare('DELETE FROM signup_attempts WHERE expires_at <= ?').bind(now).run()).meta.changes;
}
