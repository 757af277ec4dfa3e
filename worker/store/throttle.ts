import type { Db } from '../db/client';
import { HttpError } from '../errors';

export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
}

/** Throws 429 when any rule's key has reached its limit of failures inside the current window. */
export async function assertNotThrottled(db: Db, rules: ThrottleRule[], now = Date.now()) {
  const d1 = db.$client;
  const rows = await d1.batch<{ count: number; reset_at: number }>(
    rules.map((r) => d1.prepare('SELECT count, reset_at FROM throttle WHERE key = ?').bind(r.key)),
  );
  let waitMs = 0;
  rules.forEach((rule, i) => {
    const row = rows[i]?.results[0];
    if (row && row.reset_at > now && row.count >= rule.limit) waitMs = Math.max(waitMs, row.reset_at - now);
  });
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new HttpError(429, `Too many attempts, try again in ${seconds} seconds`, { 'Retry-After': String(seconds) });
  }
}

/** Counts one failure against every rule's key, starting a fresh window where the last one ended. */
export async function recordFailure(db: Db, rules: ThrottleRule[], now = Date.now()) {
  const d1 = db.$client;
  await d1.batch(
    rules.map((r) =>
      d1
        .prepare(
          `INSERT INTO throttle (key, count, reset_at) VALUES (?1, 1, ?2)
           ON CONFLICT(key) DO UPDATE SET
             count = CASE WHEN reset_at <= ?3 THEN 1 ELSE count + 1 END,
             reset_at = CASE WHEN reset_at <= ?3 THEN ?2 ELSE reset_at END`,
        )
        .bind(r.key, now + r.windowMs, now),
    ),
  );
}

export async function clearThrottle(db: Db, key: string) {
  await db.$client.prepare('DELETE FROM throttle WHERE key = ?').bind(key).run();
}
