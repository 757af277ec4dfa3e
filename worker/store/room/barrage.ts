import type { PoolBout } from '../../../core/contracts/pools';
import type { CutTies } from '../../../core/fencing/barrage';
import type { Bout } from '../../../core/fencing/bout-result';
import { isSynchronous, type RoomDb } from '../../db/client';
import { TABLES } from '../../room/schema';
import { keyedWrite, notApplied, type WriteKey } from './applied-writes';

/**
 * A barrage at the cut (issue 58) in the room's own tables (schema step 15): how the format settles ties at the
 * line, and the barrage's bouts, written as any score is (keyed, versioned, listed in the bout's audit list).
 */

/** How ties at the cut's line are settled, and the barrage's bouts (stored order). */
export async function readBarrage(db: RoomDb): Promise<{ ties: CutTies; bouts: PoolBout[] }> {
  // The practice store also runs on D1 (its archive), which has no barrage: ties there all went through.
  if (!isSynchronous(db)) return { ties: 'all', bouts: [] };
  const d1 = db.$client;
  const row = await d1.prepare(`SELECT cut_ties FROM ${TABLES.room} LIMIT 1`).first<{ cut_ties: string }>();
  const { results } = await d1.prepare(`SELECT player1_id, player2_id, score1, score2, priority_id, updated_at, version FROM ${TABLES.barrageBouts} ORDER BY player1_id, player2_id`).all<PoolBout>();
  return { ties: row?.cut_ties === 'barrage' ? 'barrage' : 'all', bouts: results };
}

/**
 * The statements that set how ties are settled, to run in the format's batch right after its write (only if it
 * changed a row): none on D1, which keeps no barrage.
 */
export const tiesStatements = (db: RoomDb, ties: CutTies) => (isSynchronous(db) ? [db.$client.prepare(`UPDATE ${TABLES.room} SET cut_ties = ?1 WHERE changes() > 0`).bind(ties)] : []);

/** The audit list's name of a barrage bout (core/refereeing names the others). */
export const barrageBoutKey = (a: string, b: string) => `barrage:${a}:${b}`;

/**
 * Stores a barrage bout (stored order) over the version its writer saw (0: none yet), in one keyed batch; answers
 * whether it was stored (or had been, a replay) and the bout as it now stands.
 */
export async function writeBarrageBout(db: RoomDb, bout: Bout, expectedVersion: number, write: WriteKey): Promise<{ ok: boolean; bout: PoolBout | null }> {
  const d1 = db.$client;
  const now = Date.now();
  const stored = d1
    .prepare(
      `INSERT INTO ${TABLES.barrageBouts} (player1_id, player2_id, score1, score2, priority_id, updated_at, version)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, 1
       WHERE (?7 = 0 OR EXISTS (SELECT 1 FROM ${TABLES.barrageBouts} WHERE player1_id = ?1 AND player2_id = ?2)) AND ${notApplied(8)}
       ON CONFLICT (player1_id, player2_id) DO UPDATE SET score1 = excluded.score1, score2 = excluded.score2, priority_id = excluded.priority_id,
         updated_at = excluded.updated_at, version = ${TABLES.barrageBouts}.version + 1
       WHERE ${TABLES.barrageBouts}.version = ?7`,
    )
    .bind(bout.player1_id, bout.player2_id, bout.score1, bout.score2, bout.priority_id, now, expectedVersion, write.key);
  const { done, reads } = await keyedWrite(d1, write, now, {
    apply: [stored],
    read: [d1.prepare(`SELECT player1_id, player2_id, score1, score2, priority_id, updated_at, version FROM ${TABLES.barrageBouts} WHERE player1_id = ?1 AND player2_id = ?2`).bind(bout.player1_id, bout.player2_id)],
    audit: { bout: barrageBoutKey(bout.player1_id, bout.player2_id), score1: bout.score1, score2: bout.score2 },
  });
  return { ok: done, bout: (reads[0]!.results[0] as PoolBout | undefined) ?? null };
}
