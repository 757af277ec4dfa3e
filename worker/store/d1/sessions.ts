import { eq, lte, or, sql } from 'drizzle-orm';
import type { D1Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { fromBase64Url, hashToken, randomToken, toBase64Url } from '../../auth/crypto';
import { REFRESH_TTL_MS } from '../../auth/cookies';

/**
 * Refresh sessions (OWASP Session Management): every refresh token is stored hashed and works once.
 * Rotating one keeps its successor for a short grace window, encrypted under a key derived from the
 * rotated token itself (which the table never holds), so two tabs that refresh with the same token at
 * the same moment both receive the same new token instead of one signing the other out. Presenting a
 * rotated token after the grace window is reuse: the whole family (every token of that sign-in) is revoked.
 */
export const REFRESH_GRACE_MS = 30_000;

/** Starts a refresh session (a new family); returns the raw token (only its hash is stored). */
export async function createSession(db: D1Db, userId: string, now = Date.now()) {
  const token = randomToken();
  const id = crypto.randomUUID();
  await db.insert(sessions).values({ id, user_id: userId, token_hash: await hashToken(token), expires_at: now + REFRESH_TTL_MS, created_at: now, family_id: id });
  return token;
}

async function successorKey(token: string, usage: 'encrypt' | 'decrypt') {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`piste-successor|${token}`));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, [usage]);
}

async function sealSuccessor(token: string, successor: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await successorKey(token, 'encrypt'), new TextEncoder().encode(successor));
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

async function openSuccessor(token: string, sealed: string): Promise<string | null> {
  const [iv, data] = sealed.split('.');
  if (!iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64Url(iv) }, await successorKey(token, 'decrypt'), fromBase64Url(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

export type Rotation = { userId: string; token: string } | null;

/**
 * Swaps a live refresh token for a new one in one batch (the new row is inserted only while the old one is
 * still live, so of two racing rotations exactly one rotates). The other, and any repeat within the grace
 * window, gets the same successor. Null for an unknown, expired or signed-out token, and for reuse after
 * the grace window, which also revokes the family. Raw SQL because the rotation is a conditional
 * INSERT … SELECT … RETURNING beside an UPDATE in one batch, which drizzle's batch cannot bind.
 */
export async function rotateSession(db: D1Db, token: string, now = Date.now()): Promise<Rotation> {
  const oldHash = await hashToken(token);
  const next = randomToken();
  const d1 = db.$client;
  const [inserted] = await d1.batch<{ user_id: string }>([
    d1
      .prepare(
        `INSERT INTO sessions (id, user_id, token_hash, expires_at, created_at, family_id)
         SELECT ?1, user_id, ?2, ?3, ?4, family_id FROM sessions WHERE token_hash = ?5 AND revoked_at IS NULL AND expires_at > ?4
         RETURNING user_id`,
      )
      .bind(crypto.randomUUID(), await hashToken(next), now + REFRESH_TTL_MS, now, oldHash),
    d1
      .prepare('UPDATE sessions SET revoked_at = ?1, successor = ?2 WHERE token_hash = ?3 AND revoked_at IS NULL AND expires_at > ?1')
      .bind(now, await sealSuccessor(token, next), oldHash),
  ]);
  const userId = inserted?.results[0]?.user_id;
  if (userId) return { userId, token: next };

  const row = await d1
    .prepare('SELECT user_id, family_id, revoked_at, successor FROM sessions WHERE token_hash = ?')
    .bind(oldHash)
    .first<{ user_id: string; family_id: string; revoked_at: number | null; successor: string | null }>();
  if (!row?.successor || row.revoked_at === null) return null;
  if (now - row.revoked_at <= REFRESH_GRACE_MS) {
    const successor = await openSuccessor(token, row.successor);
    const live = successor
      ? await d1.prepare('SELECT 1 FROM sessions WHERE token_hash = ? AND family_id = ? AND expires_at > ? AND (revoked_at IS NULL OR successor IS NOT NULL)')
          .bind(await hashToken(successor), row.family_id, now).first()
      : null;
    if (successor && live) return { userId: row.user_id, token: successor };
    return null;
  }
  await revokeFamily(db, row.family_id, now);
  return null;
}

/**
 * Ends every token of one sign-in, and forgets the successors kept for the grace window: a stolen,
 * replayed token takes the thief's copy down with it, and nothing of the family can be renewed again.
 */
export async function revokeFamily(db: D1Db, familyId: string, now = Date.now()) {
  await db.update(sessions).set({ revoked_at: sql`COALESCE(${sessions.revoked_at}, ${now})`, successor: null }).where(eq(sessions.family_id, familyId));
}

/** The account of a refresh token that is still live (not revoked, not expired), or null. */
export async function liveSessionUser(db: D1Db, token: string, now = Date.now()): Promise<string | null> {
  const row = await db.$client
    .prepare('SELECT user_id FROM sessions WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?')
    .bind(await hashToken(token), now)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}

/** Deletes sessions that expired, or were revoked, more than a day ago (run by the scheduled clean-up). */
export async function purgeOldSessions(db: D1Db, now = Date.now()) {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  const deleted = await db.delete(sessions).where(or(lte(sessions.expires_at, dayAgo), lte(sessions.revoked_at, dayAgo))).returning({ id: sessions.id });
  return deleted.length;
}
