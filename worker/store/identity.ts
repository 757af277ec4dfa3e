import { and, eq, isNull } from 'drizzle-orm';
import { nameKey } from '../../core/interop/roster-import';
import type { Db } from '../db/client';
import { players, practices, tournaments } from '../db/schema';
import { getAthlete } from './athletes';
import { bumpVersionIfChanged } from './pools';

/**
 * One identity per fencer (issue 16): a pool entry (and with it the tableau matches that name it) linked to
 * a roster athlete, or unlinked. Nothing else is written: every figure of the athlete's history is derived
 * from the stored bouts through the link.
 */

export type LinkWrite = 'ok' | 'player-not-found' | 'athlete-not-found' | 'taken';

/**
 * Links (or, with null, unlinks) an entry of a pool of this coach to one of their athletes, in one batch whose
 * UPDATE carries its guards: the athlete is the coach's, and not already another entry of the same pool.
 */
export async function linkPlayer(db: Db, userId: string, poolId: string, playerId: string, athleteId: string | null): Promise<LinkWrite> {
  const d1 = db.$client;
  const now = Date.now();
  const [updated, , check] = await d1.batch<{ found: number; mine: number; taken: number }>([
    d1.prepare(
      `UPDATE players SET athlete_id = ?4, updated_at = ?5 WHERE id = ?2 AND tournament_id = ?1
         AND (?4 IS NULL OR (EXISTS (SELECT 1 FROM athletes WHERE id = ?4 AND user_id = ?3)
                             AND NOT EXISTS (SELECT 1 FROM players WHERE tournament_id = ?1 AND athlete_id = ?4 AND id <> ?2)))`,
    ).bind(poolId, playerId, userId, athleteId, now),
    bumpVersionIfChanged(d1, poolId, now),
    d1.prepare(
      `SELECT EXISTS (SELECT 1 FROM players WHERE id = ?2 AND tournament_id = ?1) AS found,
              EXISTS (SELECT 1 FROM athletes WHERE id = ?4 AND user_id = ?3) AS mine,
              EXISTS (SELECT 1 FROM players WHERE tournament_id = ?1 AND athlete_id = ?4 AND id <> ?2) AS taken`,
    ).bind(poolId, playerId, userId, athleteId),
  ]);
  if (updated!.meta.changes > 0) return 'ok';
  const { found, mine, taken } = check!.results[0]!;
  return !found ? 'player-not-found' : !mine ? 'athlete-not-found' : taken ? 'taken' : 'ok';
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
    .select({ player_id: players.id, pool_id: tournaments.id, pool: tournaments.name, practice_id: practices.id, practice: practices.name, date: practices.date, name: players.name })
    .from(players)
    .innerJoin(tournaments, eq(tournaments.id, players.tournament_id))
    .innerJoin(practices, eq(practices.id, tournaments.practice_id))
    .where(and(eq(tournaments.user_id, userId), isNull(players.athlete_id)))
    .all();
  const key = nameKey(athlete.name);
  return rows.filter((r) => nameKey(r.name) === key).sort((a, b) => b.date.localeCompare(a.date));
}
