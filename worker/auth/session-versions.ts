import type { AuthUser } from '../env';

/**
 * An account's session version (DESIGN, Auth): every access token names the version it was minted under, and
 * signing out, a reset or a password change raise it, so every token minted before ends. The worker reads
 * the version from D1 at most once per KEPT_MS for each account in each isolate (a score's path, which runs
 * in the practice's room, never reads it: the room keeps its own copy, told by the worker).
 */
export const KEPT_MS = 3_000;
const KEPT_MAX = 10_000;

const known = new Map<string, { version: number; at: number }>();

/** What this isolate learned of an account's version (a sign-out here is known at once). */
export function noteSessionVersion(userId: string, version: number, now = Date.now()) {
  const had = known.get(userId);
  if (had && had.version > version) return;
  if (known.size >= KEPT_MAX) known.clear();
  known.set(userId, { version, at: now });
}

/** Whether this isolate already knows that an access token's sessions ended (no read: a score's path asks this). */
export const knownEnded = (user: AuthUser) => (known.get(user.id)?.version ?? 0) > user.sv;

/** Whether an access token's version is still the account's (false once a later one ended it, or the account is gone). */
export async function sessionStillValid(d1: D1Database, user: AuthUser, now = Date.now()): Promise<boolean> {
  const had = known.get(user.id);
  if (had && now - had.at < KEPT_MS) return user.sv >= had.version;
  const row = await d1.prepare('SELECT session_version FROM users WHERE id = ?').bind(user.id).first<{ session_version: number }>();
  if (!row) return false;
  noteSessionVersion(user.id, row.session_version, now);
  return user.sv >= row.session_version;
}
