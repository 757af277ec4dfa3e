import { eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appliedWrites } from '../db/schema';

/**
 * Idempotency keys of score writes from the field (DESIGN: writes from the field). The key of a write that
 * applied is kept in the same D1 batch as the write, so a replay of it (a retry after a lost answer, or the
 * outbox sending again) answers success and never applies twice.
 */

/** Where a write's idempotency key is checked and kept (null: a write without one). */
export interface WriteKey {
  key: string | null;
  practiceId: string;
}

/**
 * Statements around a keyed write: was the key seen before the write, keep it (to run right after the
 * statement that applies the write: it inserts only when that statement changed a row), and was it there
 * after (a replay racing its original: the original applied, so the replay is done too).
 */
export function keyStatements(d1: D1Database, { key, practiceId }: WriteKey, now: number) {
  const seen = 'SELECT EXISTS (SELECT 1 FROM applied_writes WHERE key = ?1) AS seen';
  return {
    seen: d1.prepare(seen).bind(key),
    keep: d1.prepare('INSERT INTO applied_writes (key, practice_id, created_at) SELECT ?1, ?2, ?3 WHERE ?1 IS NOT NULL AND changes() > 0').bind(key, practiceId, now),
    seenAfter: d1.prepare(seen).bind(key),
  };
}

/** Whether a `seen` statement of `keyStatements` found the key. */
const wasSeen = (result: D1Result) => (result.results[0] as { seen: number } | undefined)?.seen === 1;

/** SQL for a write's own condition: its key (bound at `?n`) has not applied before, so a replay writes nothing. */
export const notApplied = (n: number) => `NOT EXISTS (SELECT 1 FROM applied_writes WHERE key = ?${n})`;

/**
 * Whether a keyed write is done: the statement that applies it changed a row, or its key had applied before
 * (a replay) or applied meanwhile (a replay racing its original). The three results are `seen`, that
 * statement's, and `seenAfter`.
 */
export const appliedOrReplayed = (seen: D1Result, write: D1Result, seenAfter: D1Result) => wasSeen(seen) || write.meta.changes > 0 || wasSeen(seenAfter);

/** Forgets keys older than a week (run by the scheduled clean-up): no client retries that late. */
export async function purgeAppliedWrites(db: Db, now = Date.now()) {
  const deleted = await db.delete(appliedWrites).where(lte(appliedWrites.created_at, now - 7 * 24 * 60 * 60 * 1000)).returning({ key: appliedWrites.key });
  return deleted.length;
}

/** A drizzle query as a D1 statement, to run in a raw batch (drizzle's batch cannot bind raw SQL). */
export function statement(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  return d1.prepare(text).bind(...params);
}

/** Whether a write with this key has applied. */
export async function keyApplied(db: Db, key: string) {
  return (await db.select({ key: appliedWrites.key }).from(appliedWrites).where(eq(appliedWrites.key, key)).get()) !== undefined;
}
