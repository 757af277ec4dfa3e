import { and, eq, isNull } from 'drizzle-orm';
import { nameKey } from '../../core/interop/roster-import';
import type { Db } from '../db/client';
import { poolEntries, practices, pools } from '../db/schema';
import { getAthlete } from './athletes';
import { bumpVersionIfChanged } from './pools';

/**
 * One identity per fencer (issue 16): a pool entry (and with it the tableau matches that name it) linked to
 * a roster athlete, or unlinked. Nothing else is written: every figure of the athlete's history is derived
 * from the stored bouts through the link.
 */

export type LinkWrite = 'ok' | 'player-not-found' | 'athlete-not-found' | 'taken';

/**
 * Links (or, with null, unlinks) an entry of a pool to an athlete of the coach (`mine`: the caller checked the
 * roster, which lives in D1), in one batch whose UPDATE carries its guard: the athlete is not already another
 * entry of the same pool.
 */
export async function linkPlayer(db: Db, poolId: string, playerId: string, athleteId: string | null, mine: boolean): Promise<LinkWrite> {
  if (!mine) {
    const found = await db.select({ id: poolEntries.id }).from(poolEntries).where(and(eq(poolEntries.id, playerId), eq(poolEntries.tournament_id, poolId))).get();
    return found ? 'athlete-not-found' : 'player-not-found';
  }
  const d1 = db.$client;
  const now = Date.now();
  const [updated, , check] = await d1.batch<{ found: number; taken: number }>([
    d1.prepare(
      `UPDATE players SET athlete_id = ?3, updated_at = ?4 WHERE id = ?2 AND tournament_id = ?1
         AND (?3 IS NULL OR NOT EXISTS (SELECT 1 FROM players WHERE tournament_id = ?1 AND athlete_id = ?3 AND id <> ?2))`,
    ).bind(poolId, playerId, athleteId, now),
    bumpVersionIfChanged(d1, poolId, now),
    d1.prepare(
      `SELECT EXISTS (SELECT 1 FROM players WHERE id = ?2 AND tournament_id = ?1) AS found,
              EXISTS (SELECT 1 FROM players WHERE tournament_id = ?1 AND athlete_id = ?3 AND id <> ?2) AS taken`,
    ).bind(poolId, playerId, athleteId),
  ]);
  if (updated!.meta.changes > 0) return 'ok';
  const { found, taken } = check!.results[0]!;
  return !found ? 'player-not-found' : taken ? 'taken' : 'ok';
}

/** A typed entry that could be this athlete: same name (case and accents' form ignored), not linked yet. */
export interface LinkSuggestion {
  player_id: string;
  pool_id: string;
  pool: string;
  practice_id: string;
  practice: string;
  date: string;
  name: string;
}

/** The coach's unlinked entries whose name is exactly the athlete's (issue 16: suggested, never linked unasked). */
export async function linkSuggestions(db: Db, userId: string, athleteId: string): Promise<LinkSuggestion[]> {
  const athlete = await getAthlete(db, userId, athleteId);
  const rows = await db
    .select({ player_id: poolEntries.id, pool_id: pools.id, pool: pools.name, practice_id: practices.id, practice: practices.name, date: practices.date, name: poolEntries.name })
    .from(poolEntries)
    .innerJoin(pools, eq(pools.id, poolEntries.tournament_id))
    .innerJoin(practices, eq(practices.id, pools.practice_id))
    .where(and(eq(pools.user_id, userId), isNull(poolEntries.athlete_id)))
    .all();
  const key = nameKey(athlete.name);
  return rows.filter((r) => nameKey(r.name) === key).sort((a, b) => b.date.localeCompare(a.date));
}
