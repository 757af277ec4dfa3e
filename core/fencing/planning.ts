import type { Athlete } from '../contracts/athletes';
import { MAX_POOL_SIZE } from '../limits';
import { manualPools, randomPools, serpentinePools, shuffle, singlePool, type GeneratedPool, type PoolEntry, type Random, unassignedMessage } from './pool-generation';
import { rankFencers } from './ranking';
import { compareForSeeding, isRated, type NationalRating, type RatedFencer } from './national-rating';
import type { PlayerStats } from './pool-stats';
import { assignTeams, distributeRandomly, maxTeamPools, teamCount, TEAM_MESSAGES, validTeamSizes } from './teams';
import { defaultNames, type DefaultNames } from '../defaults';
import { DEFAULT_SEPARATION, type SeparationLevel } from './separation';

/** A fencer as a request names them: a roster athlete by id, or a typed name; with a manual pool or team. */
export type EntryInput = ({ athlete_id: string } | { name: string }) & { pool?: number; team?: number };

/**
 * A resolved entry: its key (order in the request), display name, roster link, club, region and nation, manual group, and
 * (issue 30) the roster athlete's national rating and FIE ranking, which seeding by rating reads.
 */
export type ResolvedEntry = PoolEntry & { group?: number; rating?: NationalRating | null; ranking?: number | null };

/** A rule of the plan was broken: the message is the one the screen shows (an answer of 400). */
export class PlanError extends Error {}

/** The roster ids the entries name (to look up the coach's athletes in one query). */
export function athleteIdsOf(entries: readonly EntryInput[]): string[] {
  return entries.flatMap((e) => ('athlete_id' in e ? [e.athlete_id] : []));
}

/**
 * Entries with their roster athletes filled in; null when an id names no athlete of this coach's roster
 * (the route answers 404, so another coach's ids reveal nothing).
 */
export function resolveEntries(entries: readonly EntryInput[], roster: ReadonlyMap<string, Athlete>): ResolvedEntry[] | null {
  const out: ResolvedEntry[] = [];
  for (const [i, e] of entries.entries()) {
    const athlete = 'athlete_id' in e ? roster.get(e.athlete_id) : null;
    if (athlete === undefined) return null;
    out.push({
      key: String(i), name: athlete ? athlete.name : (e as { name: string }).name, athleteId: athlete?.id ?? null, club: athlete?.club ?? null,
      group: e.pool ?? e.team, rating: athlete?.national_rating ?? null, ranking: athlete?.ranking ?? null,
      // Issue 58: what separation reads beyond the club (a typed name has neither).
      ...(athlete?.region ? { region: athlete.region } : {}), ...(athlete?.nation ? { nation: athlete.nation } : {}),
    });
  }
  return out;
}

export type PoolMethod = 'single' | 'random' | 'seeded' | 'rating' | 'national' | 'manual';

/** A pool to write: its name and its fencers in sheet order (names upper-cased, SPEC §3). */
export interface PlannedPool {
  name: string;
  members: { name: string; athleteId: string | null }[];
}

/**
 * SPEC §4 Pool generation: single, a balanced random split, serpentine seeded by each athlete's latest
 * pool results or (issue 16) by rating (the unranked shuffled after them), or a manual assignment. The
 * serpentine keeps apart the fencers of one club, region or nation at the `separation` levels the organiser
 * picked, in that order (issue 58, o.68.2; club mates by default).
 * Throws PlanError for an unassigned fencer or a pool over MAX_POOL_SIZE.
 */
export function planPools(
  entries: readonly ResolvedEntry[],
  method: PoolMethod,
  poolCount: number | undefined,
  random: Random,
  latestResults: ReadonlyMap<string, PlayerStats> = new Map(),
  ratings: ReadonlyMap<string, number> = new Map(),
  names: DefaultNames = defaultNames(),
  separation: readonly SeparationLevel[] = DEFAULT_SEPARATION,
): PlannedPool[] {
  let pools: GeneratedPool<ResolvedEntry>[];
  if (method === 'single') pools = singlePool(entries, names);
  else if (method === 'random') pools = randomPools(entries, poolCount ?? 2, random, names);
  else if (method === 'seeded') {
    const hasResult = (e: ResolvedEntry) => e.athleteId !== null && latestResults.has(e.athleteId);
    const ranked = rankFencers(entries.filter(hasResult).map((e) => ({ ...latestResults.get(e.athleteId!)!, ...e })));
    const unranked = shuffle(entries.filter((e) => !hasResult(e)), random);
    pools = serpentinePools([...ranked, ...unranked], poolCount ?? 2, names, separation);
  } else if (method === 'rating') {
    // Issue 16: serpentine by rating (core/fencing/rating.ts), highest first; the unrated shuffled after.
    const rated = entries.filter((e) => e.athleteId !== null && ratings.has(e.athleteId));
    rated.sort((a, b) => ratings.get(b.athleteId!)! - ratings.get(a.athleteId!)! || Number(a.key) - Number(b.key));
    const unrated = shuffle(entries.filter((e) => !(e.athleteId !== null && ratings.has(e.athleteId))), random);
    pools = serpentinePools([...rated, ...unrated], poolCount ?? 2, names, separation);
  } else if (method === 'national') {
    // Issue 30: serpentine by national rating (A23 > A22 > B25 … > U), ties by FIE ranking, then by Elo; those
    // with none of the three shuffled after them.
    const seedOf = (e: ResolvedEntry): RatedFencer => ({
      rating: e.rating ?? null, ranking: e.ranking ?? null, elo: e.athleteId !== null ? (ratings.get(e.athleteId) ?? null) : null,
    });
    const rated = entries.filter((e) => isRated(seedOf(e)));
    rated.sort((a, b) => compareForSeeding(seedOf(a), seedOf(b)) || Number(a.key) - Number(b.key));
    const unrated = shuffle(entries.filter((e) => !isRated(seedOf(e))), random);
    pools = serpentinePools([...rated, ...unrated], poolCount ?? 2, names, separation);
  } else {
    const manual = manualPools(entries, Object.fromEntries(entries.flatMap((e) => (e.group ? [[e.key, e.group]] : []))), names);
    if (manual.unassigned > 0) throw new PlanError(unassignedMessage(manual.unassigned));
    pools = manual.pools;
  }
  if (pools.some((p) => p.members.length > MAX_POOL_SIZE)) throw new PlanError(`A pool holds at most ${MAX_POOL_SIZE} fencers: choose more pools`);
  return pools.map((p) => ({ name: p.name, members: p.members.map((m) => ({ name: m.name.toUpperCase(), athleteId: m.athleteId })) }));
}

/**
 * SPEC §5 Team setup: ceil(athletes/4) teams (or exactly `teams`), drawn at random or assigned by hand;
 * each team must have 3 or 4 members. Throws PlanError with the spec's messages.
 */
export function planTeams(entries: readonly ResolvedEntry[], method: 'random' | 'manual', random: Random, teams?: number): ResolvedEntry[][] {
  const count = teams ?? teamCount(entries.length);
  let groups: ResolvedEntry[][];
  if (method === 'random') groups = distributeRandomly(entries, random, count);
  else {
    const assigned = assignTeams(entries, (e) => e.group, count);
    if (assigned.unassigned > 0) throw new PlanError(TEAM_MESSAGES.incomplete.description);
    groups = assigned.groups;
  }
  if (!validTeamSizes(groups.map((g) => g.length))) throw new PlanError(TEAM_MESSAGES.sizes.description);
  return groups;
}

/**
 * SPEC §5 Team pool setup: one pool of 'Team n' entries, or a random split into 2..floor(teams/2) pools; the
 * teams and pools named in the coach's language (issue 29).
 */
export function planTeamPools(
  teamNumbers: readonly number[],
  method: 'single' | 'random',
  poolCount: number | undefined,
  random: Random,
  names: DefaultNames = defaultNames(),
): PlannedPool[] {
  if (teamNumbers.length === 0) throw new PlanError(TEAM_MESSAGES.noTeams.description);
  const entries = teamNumbers.map((n) => ({ name: names.team(n), athleteId: null }));
  if (method === 'single') return singlePool(entries, names);
  const max = maxTeamPools(teamNumbers.length);
  if (max < 2) throw new PlanError('A random split needs at least 4 teams');
  if (poolCount === undefined || poolCount < 2 || poolCount > max) throw new PlanError(`Pool count must be a whole number from 2 to ${max}`);
  return randomPools(entries, poolCount, random, names);
}
