import { and, eq, isNull } from 'drizzle-orm';
import { looseNameKey, sameNameKey } from '../../../core/names';
import type { D1Db } from '../../db/client';
import { poolEntries, practices, pools } from '../../db/schema';
import { getAthlete } from './athletes';

/** The coach's athletes in the archive: the entries that could be theirs, and the practices that name them. */

/**
 * A typed entry that could be this athlete, not linked yet: the same name (core/names.ts: case, ß/ss and the
 * accents' form ignored), or (`possible`) a name that differs only by accents, Pena for Peña.
 */
export interface LinkSuggestion {
  player_id: string;
  pool_id: string;
  pool: string;
  practice_id: string;
  practice: string;
  date: string;
  name: string;
  /** Spelled differently (accents): only possibly the athlete. */
  possible: boolean;
}

/** The coach's unlinked entries named like the athlete (issue 16: suggested, never linked unasked), same names first. */
export async function linkSuggestions(db: D1Db, userId: string, athleteId: string): Promise<LinkSuggestion[]> {
  const athlete = await getAthlete(db, userId, athleteId);
  const rows = await db
    .select({ player_id: poolEntries.id, pool_id: pools.id, pool: pools.name, practice_id: practices.id, practice: practices.name, date: practices.date, name: poolEntries.name })
    .from(poolEntries)
    .innerJoin(pools, eq(pools.id, poolEntries.tournament_id))
    .innerJoin(practices, eq(practices.id, pools.practice_id))
    .where(and(eq(pools.user_id, userId), isNull(poolEntries.athlete_id)))
    .all();
  const same = sameNameKey(athlete.name);
  const loose = looseNameKey(athlete.name);
  return rows
    .map((r) => ({ ...r, possible: sameNameKey(r.name) !== same }))
    .filter((r) => !r.possible || looseNameKey(r.name) === loose)
    .sort((a, b) => Number(a.possible) - Number(b.possible) || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The practices of a coach whose archive (D1) names a roster athlete: an entry, a team member or an absentee. */
export async function practicesNaming(db: D1Db, userId: string, athleteId: string): Promise<string[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT id FROM practices WHERE user_id = ?1 AND id IN (
         SELECT t.practice_id FROM players p JOIN tournaments t ON t.id = p.tournament_id WHERE p.athlete_id = ?2
         UNION SELECT practice_id FROM absentees WHERE athlete_id = ?2
         UNION SELECT t.practice_id FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.athlete_id = ?2)`,
    )
    .bind(userId, athleteId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
