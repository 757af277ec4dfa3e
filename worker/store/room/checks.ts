import type { AuditEntry, AuthorRole, CheckScope, ResultCheck } from '../../../core/contracts/checks';
import { scopeKey, scopeOf } from '../../../core/fencing/result-checks';
import type { RoomDb } from '../../db/client';
import { TABLES } from '../../room/schema';

/**
 * Results checked and locked (issue 58), in the room's own tables (schema step 14): the coach's checks, and the
 * audit list of each bout's score changes, which every keyed score write adds to in its own batch
 * (./applied-writes `keyedWrite`).
 */

/** The most changes one bout's audit list answers: the latest, oldest first. */
export const AUDIT_SHOWN = 100;

/** The practice's checks, oldest first. */
export async function listChecks(db: RoomDb): Promise<ResultCheck[]> {
  const { results } = await db.$client.prepare(`SELECT scope, at FROM ${TABLES.resultChecks} ORDER BY at, scope`).all<{ scope: string; at: number }>();
  return results.flatMap((r) => {
    const scope = scopeOf(r.scope);
    return scope ? [{ scope, at: r.at }] : [];
  });
}

/** Marks a scope checked by `by` now, or takes the check away (null). */
export async function setCheck(db: RoomDb, scope: CheckScope, by: string | null, now = Date.now()) {
  const d1 = db.$client;
  if (by === null) await d1.prepare(`DELETE FROM ${TABLES.resultChecks} WHERE scope = ?1`).bind(scopeKey(scope)).run();
  else await d1.prepare(`INSERT INTO ${TABLES.resultChecks} (scope, by_name, at) VALUES (?1, ?2, ?3) ON CONFLICT (scope) DO UPDATE SET by_name = ?2, at = ?3`).bind(scopeKey(scope), by, now).run();
}

/** A bout's score changes (its referee key: core/refereeing `refereeKey`), the latest AUDIT_SHOWN, oldest first. */
export async function readAudit(db: RoomDb, bout: string): Promise<AuditEntry[]> {
  const { results } = await db.$client
    .prepare(`SELECT at, role, name, score1, score2, checked FROM ${TABLES.resultAudit} WHERE bout = ?1 ORDER BY seq DESC LIMIT ?2`)
    .bind(bout, AUDIT_SHOWN)
    .all<{ at: number; role: AuthorRole; name: string; score1: number | null; score2: number | null; checked: number }>();
  return results.reverse().map((r) => ({ at: r.at, role: r.role, name: r.name, score1: r.score1, score2: r.score2, checked: r.checked === 1 }));
}

/** The audit row of a write, to run in its batch right after the statements that apply it: kept only if the last of them changed a row. */
export function auditStatement(d1: D1Database, now: number, entry: { bout: string; role: AuthorRole; name: string; score1: number | null; score2: number | null; checked: boolean }) {
  return d1
    .prepare(`INSERT INTO ${TABLES.resultAudit} (bout, at, role, name, score1, score2, checked) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() > 0`)
    .bind(entry.bout, now, entry.role, entry.name, entry.score1, entry.score2, entry.checked ? 1 : 0);
}
