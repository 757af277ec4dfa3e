import type { Db } from '../db/client';
import { hashToken, randomToken } from '../auth/crypto';

export type TokenPurpose = 'reset' | 'verify';

const LIFETIME_MS: Record<TokenPurpose, number> = { reset: 60 * 60 * 1000, verify: 7 * 24 * 60 * 60 * 1000 };

/** A single-use token for a mailed link; returns the raw token. */
export async function issueAuthToken(db: Db, userId: string, purpose: TokenPurpose, now = Date.now()) {
  const token = randomToken();
  await db.$client
    .prepare('INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(await hashToken(token), userId, purpose, now + LIFETIME_MS[purpose], now)
    .run();
  return token;
}

/** Marks a live token used and returns its user id; null when unknown, expired, used or of another purpose. */
export async function consumeAuthToken(db: Db, token: string, purpose: TokenPurpose, now = Date.now()) {
  const row = await db.$client
    .prepare(
      `UPDATE auth_tokens SET used_at = ?1
       WHERE token_hash = ?2 AND purpose = ?3 AND used_at IS NULL AND expires_at > ?1 RETURNING user_id`,
    )
    .bind(now, await hashToken(token), purpose)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}

/** Deletes mailed tokens that were used or expired more than a day ago (run by the scheduled clean-up). */
export async function purgeUsedAuthTokens(db: Db, now = Date.now()) {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  const { meta } = await db.$client.prepare('DELETE FROM auth_tokens WHERE expires_at <= ?1 OR used_at <= ?1').bind(dayAgo).run();
  return meta.changes;
}
