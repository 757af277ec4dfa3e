import { and, eq } from 'drizzle-orm';
import type { RoomDb } from '../../db/client';
import { poolEntries } from '../../db/schema';
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
export async function linkPlayer(db: RoomDb, poolId: string, playerId: string, athleteId: string | null, mine: boolean): Promise<LinkWrite> {
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

/**
 * A roster athlete was deleted (D1): the practice's entries, team members and absentees that named them
 * name no one now, in one batch, and the pools whose entries changed move to a new version. Answers those
 * pools' ids, so their screens can be sent the new state.
 */
export async function forgetAthlete(db: RoomDb, athleteId: string): Promise<string[]> {
  const d1 = db.$client;
  const now = Date.now();
  const [linked] = await d1.batch<{ id: string }>([
    d1.prepare('SELECT DISTINCT tournament_id AS id FROM players WHERE athlete_id = ?1').bind(athleteId),
    d1.prepare('UPDATE tournaments SET version = version + 1, updated_at = ?2 WHERE id IN (SELECT tournament_id FROM players WHERE athlete_id = ?1)').bind(athleteId, now),
    d1.prepare('UPDATE players SET athlete_id = NULL, updated_at = ?2 WHERE athlete_id = ?1').bind(athleteId, now),
    d1.prepare('UPDATE absentees SET athlete_id = NULL WHERE athlete_id = ?1').bind(athleteId),
    d1.prepare('UPDATE team_members SET athlete_id = NULL WHERE athlete_id = ?1').bind(athleteId),
  ]);
  return linked!.results.map((r) => r.id);
}
