import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens } from '../db/schema';
import { hashToken, randomToken } from '../auth/crypto';

export type TokenPurpose = 'reset' | 'verify';

const LIFETIME_MS: Record<TokenPurpose, number> = { reset: 60 * 60 * 1000, verify: 7 * 24 * 60 * 60 * 1000 };

/**
 * A single-use token for a mailed link; returns the raw token (only its hash is stored). The user's earlier
 * links of the same purpose stop working in the same batch: only the latest mail's link opens.
 */
export async function issueAuthToken(db: Db, userId: string, purpose: TokenPurpose, now = Date.now()) {
  const token = randomToken();
  await db.batch([
    db.update(authTokens).set({ used_at: now }).where(and(eq(authTokens.user_id, userId), eq(authTokens.purpose, purpose), isNull(authTokens.used_at))),
    db.insert(authTokens).values({ token_hash: await hashToken(token), user_id: userId, purpose, expires_at: now + LIFETIME_MS[purpose], created_at: now }),
  ]);
  return token;
}

/** Marks a live token used and returns its user id; null when unknown, expired, used or of another purpose. */
export async function consumeAuthToken(db: Db, token: string, purpose: TokenPurpose, now = Date.now()) {
  const row = await db
    .update(authTokens)
    .set({ used_at: now })
    .where(and(eq(authTokens.token_hash, await hashToken(token)), eq(authTokens.purpose, purpose), isNull(authTokens.used_at), gt(authTokens.expires_at, now)))
    .returning({ user_id: authTokens.user_id })
    .get();
  return row?.user_id ?? null;
}

/** Deletes mailed tokens that were used or expired more than a day ago (run by the scheduled clean-up). */
export async function purgeUsedAuthTokens(db: Db, now = Date.now()) {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  const deleted = await db.delete(authTokens).where(or(lte(authTokens.expires_at, dayAgo), lte(authTokens.used_at, dayAgo))).returning({ hash: authTokens.token_hash });
  return deleted.length;
}
