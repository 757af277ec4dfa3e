import type { PoolSnapshot } from '../contracts/pools';
import type { Seed } from './bracket';
import { CUT_ALL, type Cut } from './cut';
import { shuffle, type Random } from './pool-generation';
import { defaultNames } from '../defaults';
import { combinePoolResults, poolResultNote, type PoolResult } from './pool-results';
import { tableauSeedsAfterSecondRound, type RankedFencer, type SecondRound } from './second-round';
import { STATUS_LABEL } from './withdrawal';
import { ELIMINATED_AFTER_ROUND_1, hasSecondRound, poolsOfRound } from './pool-rounds';
import type { Bout } from './bout-result';

/**
 * Pools in rounds (issue 28): a practice's pools are round 1 unless a second round was composed from round
 * 1's ranking (./second-round, o.67.1). These say which pools are which and what a round hands on: round 2's
 * entries keep their seed from round 1 and the round-1 entry they continue; the tableau is seeded from the
 * last round (o.76, o.82.4 a), and those round 1's cut left out are ranked after everyone who fenced round 2
 * (o.82.5: the eliminated are classified after those who went on).
 */

/** The stage and note of a fencer round 1's cut left out, when a second round followed. */
/** The round-1 entries a second round took on (by the round-1 entry each of its fencers continues). */
export function advancedFromFirstRound(pools: readonly PoolSnapshot[]): Set<string> {
  return new Set(poolsOfRound(pools, 2).flatMap((p) => p.players.flatMap((pl) => (pl.first_round_id ? [pl.first_round_id] : []))));
}

/** Round 1's ranking as `composeSecondRound` reads it: each fencer with the club of their roster athlete (o.68.2). */
export function firstRoundRanking(pools: readonly PoolSnapshot[], clubOf: (athleteId: string) => string | null = () => null): RankedFencer[] {
  const first = poolsOfRound(pools, 1);
  const athletes = new Map(first.flatMap((p) => p.players.map((pl) => [pl.id, pl.athlete_id] as const)));
  return combinePoolResults(first).map((r) => {
    const athlete = athletes.get(r.id) ?? null;
    return { id: r.id, name: r.name, club: athlete ? clubOf(athlete) : null, rank: r.rank, status: r.status };
  });
}

/** A fencer of a second-round pool to write: their round-1 entry, seed and roster link. */
export interface RoundEntry {
  name: string;
  athleteId: string | null;
  seed: number;
  firstRoundId: string;
}

/**
 * The second round to write: the composed pools, named "Round 2 · Pool n" in the coach's language (issue 29; so no list
 * confuses them with round 1's),
 * each fencer in an order drawn for the sheet (o.68.3: the bout order follows the sheet, as in round 1).
 */
export function planSecondRound(pools: readonly PoolSnapshot[], composed: SecondRound, random: Random, names = defaultNames()): { name: string; members: RoundEntry[] }[] {
  const entries = new Map(poolsOfRound(pools, 1).flatMap((p) => p.players.map((pl) => [pl.id, pl] as const)));
  return composed.pools.map((p, i) => ({
    name: names.secondRoundPool(i + 1),
    members: shuffle(p.members, random).map((m) => ({ name: m.name, athleteId: entries.get(m.id)?.athlete_id ?? null, seed: m.seed, firstRoundId: m.id })),
  }));
}

/**
 * The tableau's seeds after a second round: round 2's ranking alone, fencers tied on every index in their
 * round-2 seed order (`tableauSeedsAfterSecondRound`). A fencer added to a round-2 pool by hand has no seed
 * from round 1: they come after the seeded ones.
 */
export function seedsAfterSecondRound(pools: readonly PoolSnapshot[], cut: Cut = CUT_ALL): Seed[] {
  const second = poolsOfRound(pools, 2);
  const players = second.flatMap((p) => p.players);
  const seeds = players.map((pl, i) => ({ id: pl.id, seed: pl.seed ?? players.length + i + 1 }));
  const ranking = combinePoolResults(second).map((r) => ({ id: r.id, name: r.name, rank: r.rank, status: r.status }));
  return tableauSeedsAfterSecondRound(ranking, seeds, cut);
}

/** A ranking row with what it says beside the name (withdrawn, excluded, or where the cut left them out). */
export type RankedRow = PoolResult & { note: string | null };

/** One round's ranking as the pool results show it. */
export interface RoundRanking {
  round: number;
  rows: RankedRow[];
}

/**
 * The pool results, round by round. One round: the combined ranking with the tableau's cut. Two: round 2 on
 * top, its ranking and the tableau's cut, then those round 1's cut left out, placed after everyone who fenced
 * round 2 (o.82.5), the withdrawn of round 1 after them; then round 1's own ranking, marking who went on.
 */
export function rankingsByRound(pools: readonly PoolSnapshot[], cut: Cut = CUT_ALL, barrage: readonly Bout[] | null = null): RoundRanking[] {
  const noted = (r: PoolResult): RankedRow => ({ ...r, note: poolResultNote(r) });
  // A barrage at the cut (issue 58) settles the tableau's line after round 1 only.
  if (!hasSecondRound(pools)) return [{ round: 1, rows: combinePoolResults([...pools], cut, barrage).map(noted) }];
  const advanced = advancedFromFirstRound(pools);
  const second = combinePoolResults(poolsOfRound(pools, 2), cut).map(noted);
  const first = combinePoolResults(poolsOfRound(pools, 1)).map((r) => ({
    ...r,
    promoted: advanced.has(r.id),
    note: r.status ? STATUS_LABEL[r.status] : advanced.has(r.id) ? null : ELIMINATED_AFTER_ROUND_1,
  }));
  const left = first.filter((r) => !r.promoted);
  const cutOut = left.filter((r) => r.status === null);
  const before = second.filter((r) => r.status !== 'excluded').length;
  const firstOut = cutOut[0]?.rank ?? 0;
  const after = left.map((r) => ({
    ...r,
    rank: r.status === null ? before + 1 + (r.rank! - firstOut) : r.status === 'withdrawn' ? before + cutOut.length + 1 : null,
  }));
  return [{ round: 2, rows: [...second, ...after] }, { round: 1, rows: first }];
}
