import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AthleteHistory } from '../../../core/contracts/athletes';
import { boutsOfAthlete, coachBouts, ratingsOf, rosterSummary, type AthleteSummary, type CoachBout, type PoolBoutRow, type TableauMatchRow } from '../../../core/fencing/history';
import { teamMatchesOfAthlete, type TeamLineupRow } from '../../../core/fencing/relay-history';
import { computePoolStats, type PlayerStats } from '../../../core/fencing/pool-stats';
import type { D1Db } from '../../db/client';
import { poolEntries, pools } from '../../db/schema';
import { inJsonList } from '../../db/sql';
import { getAthlete } from './athletes';
import { loadPoolSnapshot } from '../room/pools';

/**
 * Each athlete's result in the latest pool they fenced among this coach's practices (for serpentine
 * seeding). Athletes with no pool yet are absent from the map.
 */
export async function latestPoolResults(db: D1Db, userId: string, athleteIds: string[]): Promise<Map<string, PlayerStats>> {
  const results = new Map<string, PlayerStats>();
  if (athleteIds.length === 0) return results;
  const rows = await db
    .select({ athleteId: poolEntries.athlete_id, playerId: poolEntries.id, poolId: poolEntries.tournament_id })
    .from(poolEntries)
    .innerJoin(pools, eq(pools.id, poolEntries.tournament_id))
    .where(and(eq(pools.user_id, userId), isNotNull(poolEntries.athlete_id), inJsonList(poolEntries.athlete_id, athleteIds)))
    .orderBy(desc(pools.created_at))
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

type D1 = D1Db['$client'];

/** The coach's pool bouts with at least one side linked to a roster athlete, both entries' links and statuses. */
const poolBoutsRead = (d1: D1, userId: string) =>
  d1.prepare(
    `SELECT pr.date, pr.id AS practice_id, pr.name AS practice, t.name AS pool, m.updated_at, m.player1_id, m.player2_id, m.score1, m.score2, m.priority_id, m.cards,
            a.name AS name1, b.name AS name2, a.athlete_id AS athlete1, b.athlete_id AS athlete2, a.status AS status1, b.status AS status2
     FROM tournaments t JOIN matches m ON m.tournament_id = t.id JOIN practices pr ON pr.id = t.practice_id
     JOIN players a ON a.id = m.player1_id JOIN players b ON b.id = m.player2_id
     WHERE t.user_id = ?1 AND (a.athlete_id IS NOT NULL OR b.athlete_id IS NOT NULL)`,
  ).bind(userId);

/** The coach's fenced tableau matches with at least one side linked to a roster athlete. */
const tableauMatchesRead = (d1: D1, userId: string) =>
  d1.prepare(
    `SELECT pr.date, pr.id AS practice_id, pr.name AS practice, bm.updated_at, bm.round, bm.position, bm.player1_id, bm.player2_id, bm.player1_score, bm.player2_score, bm.winner_id, bm.cards,
            (SELECT COUNT(*) FROM bracket_matches f WHERE f.practice_id = bm.practice_id AND f.round = 1) AS first_round,
            a.name AS name1, b.name AS name2, a.athlete_id AS athlete1, b.athlete_id AS athlete2
     FROM practices pr JOIN bracket_matches bm ON bm.practice_id = pr.id
     JOIN players a ON a.id = bm.player1_id JOIN players b ON b.id = bm.player2_id
     WHERE pr.user_id = ?1 AND bm.winner_id IS NOT NULL AND bm.player1_score IS NOT NULL
       AND (a.athlete_id IS NOT NULL OR b.athlete_id IS NOT NULL)`,
  ).bind(userId);

/**
 * The coach's team tableau matches with a line-up in a practice where a team member is linked to the athlete (issue
 * 58): each with its teams' names as the tableau's seeding gives them, its relay rows and the practice's member links,
 * gathered as JSON in the one row (core/fencing/relay-history TeamLineupRow).
 */
const teamLineupsRead = (d1: D1, userId: string, athleteId: string) =>
  d1.prepare(
    `SELECT pr.date, pr.id AS practice_id, pr.name AS practice, l.updated_at, l.round, l.position, l.team_a, l.drawn, l.lineup, bm.player1_id, bm.player2_id,
            (SELECT COUNT(*) FROM bracket_matches f WHERE f.practice_id = l.practice_id AND f.round = 1) AS first_round,
            COALESCE((SELECT json_extract(s.value, '$.name') FROM json_each(br.seeding) s WHERE json_extract(s.value, '$.id') = bm.player1_id), '') AS name1,
            COALESCE((SELECT json_extract(s.value, '$.name') FROM json_each(br.seeding) s WHERE json_extract(s.value, '$.id') = bm.player2_id), '') AS name2,
            (SELECT json_group_array(json_object('match_number', r.match_number, 'score_a', r.score_a, 'score_b', r.score_b, 'winner', r.winner))
               FROM team_relays r WHERE r.practice_id = l.practice_id AND r.round = l.round AND r.position = l.position) AS relays,
            (SELECT json_group_object(tm.id, tm.athlete_id) FROM team_members tm JOIN teams tt ON tt.id = tm.team_id
               WHERE tt.practice_id = l.practice_id AND tm.athlete_id IS NOT NULL) AS links
     FROM practices pr JOIN team_lineups l ON l.practice_id = pr.id
     JOIN bracket_matches bm ON bm.practice_id = l.practice_id AND bm.round = l.round AND bm.position = l.position
     JOIN brackets br ON br.practice_id = l.practice_id
     WHERE pr.user_id = ?1 AND bm.player1_id IS NOT NULL AND bm.player2_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM team_members tm JOIN teams tt ON tt.id = tm.team_id WHERE tt.practice_id = l.practice_id AND tm.athlete_id = ?2)`,
  ).bind(userId, athleteId);

/**
 * Every bout of the coach's practices with at least one side linked to a roster athlete (issues 15 and 16):
 * pool bouts and fenced tableau matches, with both entries' links, in one batch of two reads (indexed by
 * the practice's owner; no read per practice or per athlete).
 */
export async function loadCoachBouts(db: D1Db, userId: string): Promise<CoachBout[]> {
  const d1 = db.$client;
  const [poolRows, tableauRows] = await d1.batch([poolBoutsRead(d1, userId), tableauMatchesRead(d1, userId)]);
  return coachBouts(poolRows!.results as PoolBoutRow[], tableauRows!.results as TableauMatchRow[]);
}

/**
 * An athlete's history (issue 16): their bouts from their side, their rating after each rated bout, and the team
 * matches they fenced relays in (issue 58), the coach's own practices only, in one batch of three reads.
 */
export async function athleteHistory(db: D1Db, userId: string, athleteId: string): Promise<AthleteHistory> {
  const d1 = db.$client;
  const [, [poolRows, tableauRows, teamRows]] = await Promise.all([
    getAthlete(db, userId, athleteId),
    d1.batch([poolBoutsRead(d1, userId), tableauMatchesRead(d1, userId), teamLineupsRead(d1, userId, athleteId)]),
  ]);
  const bouts = coachBouts(poolRows!.results as PoolBoutRow[], tableauRows!.results as TableauMatchRow[]);
  const { ratings, history } = ratingsOf(bouts);
  return {
    bouts: boutsOfAthlete(athleteId, bouts), rating: ratings.get(athleteId) ?? null, ratings: history.get(athleteId) ?? [],
    team_matches: teamMatchesOfAthlete(athleteId, teamRows!.results as TeamLineupRow[]),
  };
}

/** What the roster list shows of every athlete (rating, bouts, wins, last practice), by athlete id. */
export async function athleteSummaries(db: D1Db, userId: string): Promise<Record<string, AthleteSummary>> {
  return Object.fromEntries(rosterSummary(await loadCoachBouts(db, userId)));
}
