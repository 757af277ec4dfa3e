import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { D1Db } from '../../db/client';
import { authTokens } from '../../db/schema';
import { hashToken, randomToken } from '../../auth/crypto';

export type TokenPurpose = 'reset' | 'verify';

const LIFETIME_MS: Record<TokenPurpose, number> = { reset: 60 * 60 * 1000, verify: 7 * 24 * 60 * 60 * 1000 };

/** The sign-up a verification link activates: the password (hashed) and name given with it. */
export interface SignupCredentials {
  password_hash: string;
  full_name: string;
}

/**
 * A single-use token for a mailed link; returns the raw token (only its hash is stored). A reset voids the
 * user's earlier reset links in the same batch: only the latest mail's link opens. A verification link
 * carries its own sign-up's credentials and voids nothing: each link activates the password it was issued for,
 * so a later sign-up of the same pending address cannot take the owner's link over (nor void it).
 */
export async function issueAuthToken(db: D1Db, userId: string, purpose: 'reset', now?: number): Promise<string>;
export async function issueAuthToken(db: D1Db, userId: string, purpose: 'verify', signup: SignupCredentials, now?: number): Promise<string>;
export async function issueAuthToken(db: D1Db, userId: string, purpose: TokenPurpose, signupOrNow?: SignupCredentials | number, at?: number) {
  const signup = typeof signupOrNow === 'object' ? signupOrNow : null;
  const now = (typeof signupOrNow === 'number' ? signupOrNow : at) ?? Date.now();
  const token = randomToken();
  const row = { token_hash: await hashToken(token), user_id: userId, purpose, expires_at: now + LIFETIME_MS[purpose], created_at: now, ...signup };
  if (purpose === 'verify') await db.insert(authTokens).values(row);
  else
    await db.batch([
      db.update(authTokens).set({ used_at: now }).where(and(eq(authTokens.user_id, userId), eq(authTokens.purpose, purpose), isNull(authTokens.used_at))),
      db.insert(authTokens).values(row),
    ]);
  return token;
}

/** A live verification link: whose account it confirms (the address, and the name its sign-up gave) and the password it activates. */
export interface PendingSignup {
  userId: string;
  email: string;
  fullName: string;
  passwordHash: string;
}

/** What a live, unused verification link would activate; null when it is unknown, used, expired or its account is already confirmed. */
export async function findPendingSignup(db: D1Db, token: string, now = Date.now()): Promise<PendingSignup | null> {
  const row = await db.$client
    .prepare(
      `SELECT u.id, u.email, COALESCE(t.full_name, u.full_name) AS full_name, COALESCE(t.password_hash, u.password_hash) AS password_hash
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = ? AND t.purpose = 'verify' AND t.used_at IS NULL AND t.expires_at > ? AND u.email_verified_at IS NULL`,
    )
    .bind(await hashToken(token), now)
    .first<{ id: string; email: string; full_name: string; password_hash: string }>();
  return row ? { userId: row.id, email: row.email, fullName: row.full_name, passwordHash: row.password_hash } : null;
}

/**
 * Opens a verification link whose password was given: the account takes the link's own password and name and
 * is confirmed, and this and every other verification link of the account is used up, in one batch. False when
 * the link was used (or its account confirmed) meanwhile: nothing changes then.
 */
export async function activateAccount(db: D1Db, token: string, now = Date.now()): Promise<boolean> {
  const hash = await hashToken(token);
  const d1 = db.$client;
  const [activated] = await d1.batch<{ id: string }>([
    d1
      .prepare(
        `UPDATE users SET password_hash = COALESCE(t.password_hash, users.password_hash), full_name = COALESCE(t.full_name, users.full_name), email_verified_at = ?2
         FROM auth_tokens t
         WHERE t.token_hash = ?1 AND t.purpose = 'verify' AND t.used_at IS NULL AND t.expires_at > ?2 AND t.user_id = users.id AND users.email_verified_at IS NULL
         RETURNING users.id`,
      )
      .bind(hash, now),
    d1
      .prepare(
        `UPDATE auth_tokens SET used_at = ?2 WHERE purpose = 'verify' AND used_at IS NULL AND user_id = (SELECT user_id FROM auth_tokens WHERE token_hash = ?1)
         AND EXISTS (SELECT 1 FROM users WHERE users.id = auth_tokens.user_id AND users.email_verified_at = ?2)`,
      )
      .bind(hash, now),
  ]);
  return (activated?.results.length ?? 0) > 0;
}

/** Marks a live token used and returns its user id; null when unknown, expired, used or of another purpose. */
export async function consumeAuthToken(db: D1Db, token: string, purpose: TokenPurpose, now = Date.now()) {
  const row = await db
    .update(authTokens)
    .set({ used_at: now })
    .where(and(eq(authTokens.token_hash, await hashToken(token)), eq(authTokens.purpose, purpose), isNull(authTokens.used_at), gt(authTokens.expires_at, now)))
    .returning({ user_id: authTokens.user_id })
    .get();
  return row?.user_id ?? null;
}

/** Deletes mailed tokens that were used or expired more than a day ago (run by the scheduled clean-up). */
export async function purgeUsedAuthTokens(db: D1Db, now = Date.now()) {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  const deleted = await db.delete(authTokens).where(or(lte(authTokens.expires_at, dayAgo), lte(authTokens.used_at, dayAgo))).returning({ hash: authTokens.token_hash });
  return deleted.length;
}
