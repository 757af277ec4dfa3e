import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { athleteBouts, type AthleteBout, type PoolBoutRow, type TableauMatchRow } from '../../core/fencing/athlete-bouts';
import { computePoolStats, type PlayerStats } from '../../core/fencing/pool-stats';
import type { Db } from '../db/client';
import { players, tournaments } from '../db/schema';
import { inJsonList } from '../db/sql';
import { getAthlete } from './athletes';
import { loadPoolSnapshot } from './pools';

/**
 * Each athlete's result in the latest pool they fenced among this coach's practices (for serpentine
 * seeding). Athletes with no pool yet are absent from the map.
 */
export async function latestPoolResults(db: Db, userId: string, athleteIds: string[]): Promise<Map<string, PlayerStats>> {
  const results = new Map<string, PlayerStats>();
  if (athleteIds.length === 0) return results;
  const rows = await db
    .select({ athleteId: players.athlete_id, playerId: players.id, poolId: players.tournament_id })
    .from(players)
    .innerJoin(tournaments, eq(tournaments.id, players.tournament_id))
    .where(and(eq(tournaments.user_id, userId), isNotNull(players.athlete_id), inJsonList(players.athlete_id, athleteIds)))
    .orderBy(desc(tournaments.created_at))
    .all();
  const latest = new Map<string, { playerId: string; poolId: string }>();
  for (const r of rows) if (r.athleteId && !latest.has(r.athleteId)) latest.set(r.athleteId, { playerId: r.playerId, poolId: r.poolId });
  const poolIds = [...new Set([...latest.values()].map((l) => l.poolId))];
  const stats = new Map<string, PlayerStats>();
  for (const poolId of poolIds) {
    const snap = await loadPoolSnapshot(db, poolId);
    if (!snap) continue;
    for (const s of computePoolStats(snap.players, snap.bouts)) stats.set(s.id, s);
  }
  for (const [athleteId, { playerId }] of latest) {
    const s = stats.get(playerId);
    // Only a pool in which the athlete actually fenced gives a seed.
    if (s && s.victories + s.defeats > 0) results.set(athleteId, s);
  }
  return results;
}

/**
 * Every bout of an athlete of this coach (issue 15, the athlete's CSV): pool bouts and fenced tableau matches
 * of the entries linked to them, in one batch of two reads. 404 for another coach's athlete.
 */
export async function listAthleteBouts(db: Db, userId: string, athleteId: string): Promise<AthleteBout[]> {
  await getAthlete(db, userId, athleteId);
  const d1 = db.$client;
  const mine = `SELECT p.id FROM players p JOIN tournaments t ON t.id = p.tournament_id WHERE p.athlete_id = ?1 AND t.user_id = ?2`;
  const [poolRows, tableauRows, entries] = await d1.batch([
    d1.prepare(
      `SELECT pr.date, pr.name AS practice, t.created_at, t.name AS pool, m.player1_id, m.player2_id, m.score1, m.score2, m.priority_id,
              a.name AS name1, b.name AS name2, a.status AS status1, b.status AS status2
       FROM matches m JOIN tournaments t ON t.id = m.tournament_id JOIN practices pr ON pr.id = t.practice_id
       JOIN players a ON a.id = m.player1_id JOIN players b ON b.id = m.player2_id
       WHERE t.user_id = ?2 AND (m.player1_id IN (${mine}) OR m.player2_id IN (${mine}))`,
    ).bind(athleteId, userId),
    d1.prepare(
      `SELECT pr.date, pr.name AS practice, pr.created_at, bm.round, bm.position, bm.player1_id, bm.player2_id, bm.player1_score, bm.player2_score, bm.winner_id,
              (SELECT COUNT(*) FROM bracket_matches f WHERE f.practice_id = bm.practice_id AND f.round = 1) AS first_round,
              a.name AS name1, b.name AS name2
       FROM bracket_matches bm JOIN practices pr ON pr.id = bm.practice_id
       JOIN players a ON a.id = bm.player1_id JOIN players b ON b.id = bm.player2_id
       WHERE pr.user_id = ?2 AND bm.winner_id IS NOT NULL AND bm.player1_score IS NOT NULL
         AND (bm.player1_id IN (${mine}) OR bm.player2_id IN (${mine}))`,
    ).bind(athleteId, userId),
    d1.prepare(mine).bind(athleteId, userId),
  ]);
  const ids = new Set((entries!.results as { id: string }[]).map((r) => r.id));
  return athleteBouts(ids, poolRows!.results as PoolBoutRow[], tableauRows!.results as TableauMatchRow[]).map(({ order: _order, ...b }) => b);
}
