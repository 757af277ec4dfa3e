import type { Db } from '../db/client';
import { hashToken, randomToken } from '../auth/crypto';
import { REFRESH_TTL_MS } from '../auth/cookies';

/** Starts a refresh session; returns the raw token (only its hash is stored). */
export async function createSession(db: Db, userId: string, now = Date.now()) {
  const token = randomToken();
  await db.$client
    .prepare('INSERT INTO sessions (id, user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(crypto.randomUUID(), userId, await hashToken(token), now + REFRESH_TTL_MS, now)
    .run();
  return token;
}

/**
 * Swaps a live refresh token for a new one in one batch; the old one is revoked, so a token works once.
 * Returns the user id and the new token, or null for an unknown, expired or already used token.
 */
export async function rotateSession(db: Db, token: string, now = Date.now()) {
  const oldHash = await hashToken(token);
  const next = randomToken();
  const d1 = db.$client;
  const [inserted] = await d1.batch<{ user_id: string }>([
    d1
      .prepare(
        `INSERT INTO sessions (id, user_id, token_hash, expires_at, created_at)
         SELECT ?1, user_id, ?2, ?3, ?4 FROM sessions WHERE token_hash = ?5 AND revoked_at IS NULL AND expires_at > ?4
         RETURNING user_id`,
      )
      .bind(crypto.randomUUID(), await hashToken(next), now + REFRESH_TTL_MS, now, oldHash),
    d1.prepare('UPDATE sessions SET revoked_at = ?1 WHERE token_hash = ?2 AND revoked_at IS NULL').bind(now, oldHash),
  ]);
  const userId = inserted?.results[0]?.user_id;
  return userId ? { userId, token: next } : null;
}

export async function revokeSession(db: Db, token: string, now = Date.now()) {
  await db.$client
    .prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
    .bind(now, await hashToken(token))
    .run();
}

