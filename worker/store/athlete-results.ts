import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { computePoolStats, type PlayerStats } from '../../core/fencing/pool-stats';
import type { Db } from '../db/client';
import { players, tournaments } from '../db/schema';
import { inJsonList } from '../db/sql';
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
