import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Practice } from '../../../core/contracts/practices';
import type { RoundEntry } from '../../../core/fencing/rounds';
import type { RoomDb } from '../../db/client';
import { poolEntries, pools } from '../../db/schema';

/**
 * A second round of pools (issue 28), stored as pools of round 2 beside round 1's, in the same tables: each
 * entry keeps its seed from round 1's ranking and the round-1 entry it continues. The route checks the rules
 * first (round 1 done, no round 2 yet) on the room's SQLite, with nothing awaited in between.
 */

/** Writes the second round's pools and their fencers in one batch (one transaction in the room): all or nothing. */
export async function insertSecondRound(db: RoomDb, practice: Practice, planned: { name: string; members: RoundEntry[] }[]): Promise<string[]> {
  const now = Date.now();
  const statements: BatchItem<'sqlite'>[] = [];
  const ids: string[] = [];
  for (const [i, pool] of planned.entries()) {
    const poolId = crypto.randomUUID();
    ids.push(poolId);
    // Creation times a millisecond apart keep the pools in order, after round 1's.
    const created = now + i;
    statements.push(db.insert(pools).values({ id: poolId, practice_id: practice.id, user_id: practice.user_id, name: pool.name, round: 2, version: 1, created_at: created, updated_at: created }));
    for (const [j, m] of pool.members.entries()) {
      statements.push(
        db.insert(poolEntries).values({
          id: crypto.randomUUID(), tournament_id: poolId, athlete_id: m.athleteId, name: m.name, position: j + 1, seed: m.seed, first_round_id: m.firstRoundId, created_at: created, updated_at: created,
        }),
      );
    }
  }
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return ids;
}

/** Deletes the practice's round-2 pools, and with them (by cascade) their entries and bouts. */
export async function deleteSecondRound(db: RoomDb, practiceId: string) {
  await db.delete(pools).where(and(eq(pools.practice_id, practiceId), eq(pools.round, 2)));
}

/** Whether the practice has a second round of pools (one indexed read of the room's SQLite). */
export async function secondRoundExists(db: RoomDb, practiceId: string): Promise<boolean> {
  const row = await db.select({ id: pools.id }).from(pools).where(and(eq(pools.practice_id, practiceId), eq(pools.round, 2))).limit(1).get();
  return row !== undefined;
}
