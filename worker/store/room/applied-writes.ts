import { eq } from 'drizzle-orm';
import type { RoomDb } from '../../db/client';
import { appliedWrites } from '../../db/schema';
import type { Author } from '../../../core/contracts/checks';
import { auditStatement } from './checks';

/**
 * Idempotency keys of score writes from the field (DESIGN: writes from the field). The key of a write that
 * applied is kept in the same batch as the write (one transaction of the practice's room), so a replay of it
 * (a retry after a lost answer, or the outbox sending again) answers success and never applies twice.
 */

/** Where a write's idempotency key is checked and kept (null: a write without one). */
export interface WriteKey {
  key: string | null;
  practiceId: string;
  /**
   * Who makes the write (issue 58), for the bout's audit list, and whether the result was checked then (only the
   * coach changes a checked result). A write without one is not listed.
   */
  by?: Author & { checked: boolean };
}

/**
 * Statements around a keyed write: has the key applied, and keep it (to run right after the statement that
 * applies the write: it inserts only when that statement changed a row).
 */
function keyStatements(d1: D1Database, { key, practiceId }: WriteKey, now: number) {
  return {
    seen: d1.prepare('SELECT EXISTS (SELECT 1 FROM applied_writes WHERE key = ?1) AS seen').bind(key),
    keep: d1.prepare('INSERT INTO applied_writes (key, practice_id, created_at) SELECT ?1, ?2, ?3 WHERE ?1 IS NOT NULL AND changes() > 0').bind(key, practiceId, now),
  };
}

/** Whether a `seen` statement of `keyStatements` found the key. */
const wasSeen = (result: D1Result) => (result.results[0] as { seen: number } | undefined)?.seen === 1;

/** SQL for a write's own condition: its key (bound at `?n`) has not applied before, so a replay writes nothing. */
export const notApplied = (n: number) => `NOT EXISTS (SELECT 1 FROM applied_writes WHERE key = ?${n})`;

/** A keyed, versioned write as the store gives it to `keyedWrite`. */
export interface KeyedWriteParts {
  /**
   * The statements that apply the write, in order: the first carries the write's guards (its version and
   * `notApplied(n)` for the key); each next one runs only if the one before it changed a row (`changes() > 0`).
   * The key is kept right after the last of them.
   */
  apply: [D1PreparedStatement, ...D1PreparedStatement[]];
  /** Statements after the key is kept, guarding themselves (the tableau's later matches by the write's token). */
  then?: D1PreparedStatement[];
  /** Reads of what the write left, answered in this order. */
  read: D1PreparedStatement[];
  /** The bout's audit row (issue 58): its referee key and the result the write leaves (null scores: cleared), listed with `WriteKey.by`. */
  audit?: { bout: string; score1: number | null; score2: number | null };
}

/**
 * The one way a score-like write is stored (a bout, its clearing, a tableau score, a relay row): in one batch
 * (one transaction of the practice's room, its only writer: issue 26), the write, its key kept if it changed a
 * row, and the reads. `done` is true when the write changed a row or its key had applied (a replay, answered as
 * success, never applied twice); `applied` has each `apply` statement's result and `reads` each read's, by
 * position in what was given. The key is asked only when the write changed nothing, right after it: the write's
 * own guard (`notApplied`) refused a key that had applied, and keys are only ever added, so asking after the
 * write answers as asking before it would. Most writes change a row, and skip the question.
 */
export async function keyedWrite(d1: D1Database, write: WriteKey, now: number, parts: KeyedWriteParts): Promise<{ done: boolean; applied: D1Result[]; reads: D1Result[] }> {
  const keyed = keyStatements(d1, write, now);
  const then = parts.then ?? [];
  // The audit row goes right after the write (it is kept only if the write changed a row), and the key after it.
  const audit = parts.audit && write.by ? [auditStatement(d1, now, { ...parts.audit, ...write.by })] : [];
  const results = await d1.batch([...parts.apply, ...audit, keyed.keep, ...then, ...parts.read]);
  const applied = results.slice(0, parts.apply.length);
  const done = applied[0]!.meta.changes > 0 || (write.key !== null && wasSeen(await keyed.seen.all()));
  return { done, applied, reads: results.slice(1 + audit.length + parts.apply.length + then.length) };
}

/** A drizzle query as a D1 statement, to run in a raw batch (drizzle's batch cannot bind raw SQL). */
export function statement(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  return d1.prepare(text).bind(...params);
}

/** Whether a write with this key has applied. */
export async function keyApplied(db: RoomDb, key: string) {
  return (await db.select({ key: appliedWrites.key }).from(appliedWrites).where(eq(appliedWrites.key, key)).get()) !== undefined;
}
