import type { Seed } from './bracket';
import { MAX_PERCENT, MAX_TOP, MIN_PERCENT, MIN_TOP, promotedCount, type Cut } from './cut';
import { MAX_POOL_SIZE, MAX_POOLS } from '../limits';
import { balancedSizes, clashes, serpentineIndex, type GeneratedPool } from './pool-generation';
import type { PlayerStatus } from './withdrawal';

/**
 * A second round of pools (issue 28), composed from the first round's ranking. FIE Organisation rules:
 * - o.67.1: "the pool round may take place over several rounds", each round in pools of balanced sizes
 *   (7 and 6 there). Here the coach picks a pool count, or a largest pool size (7 → pools of 7 and 6).
 * - o.72 and o.73.3: the number eliminated is decided beforehand (a `Cut`, as after the first round), and
 *   fencers in absolute equality at the line all go through (`promotedCount` of cut.ts).
 * - o.74.2/o.74.3: a fencer who withdrew or was excluded is scratched: never promoted.
 * - o.68.1: the pools are composed from the seeding, here the ranking after the first round (o.73: "the
 *   fencer with the highest index is seeded first"), in the serpentine of its table: row by row, A B C
 *   then C B A. A row of that table is a band of fencers of like strength: one per pool.
 * - o.68.2: fencers of one nationality (here club, or nation if the caller puts it there) go to different
 *   pools as far as possible: the one placed into a pool already holding a compatriot "is moved one or more
 *   places down the ranking"; "if this is not possible, he must remain in the original pool".
 *   How it is done here: the fencer swaps with a fencer of the same band, the next places down the ranking
 *   first (they sit in the next pools of the row); the last of a band, with nobody below, swaps with the
 *   nearest above instead. A swap that would bring a club mate into either pool is not taken. Swaps never
 *   leave the band, so every pool keeps one fencer of each band (the first round's `serpentinePools` trades
 *   within bands too, by the club, region and nation levels the coach picks; here clubs, by this walk).
 * The order on the pool sheet is drawn where the pool is written (o.68.3); members here are in seed order.
 */

/** One row of a round's overall ranking, as `combinePoolResults` gives it, with the fencer's club. */
export interface RankedFencer {
  id: string;
  name: string;
  /** Club (or nation): kept apart in the pools where possible (o.68.2). */
  club: string | null;
  /** Place in the ranking (equal on every criterion → equal rank, o.73); null when excluded. */
  rank: number | null;
  /** Withdrew or excluded during the round (o.74). */
  status: PlayerStatus | null;
}

/** A promoted fencer with their seed for the round: 1 for the best; fencers tied keep the ranking's order. */
export type SeededFencer = RankedFencer & { seed: number };

/** How many pools: a count, or the largest pool size (the count is then the fewest pools that fit). */
export type PoolShape = { pools: number } | { poolSize: number };

export interface SecondRound {
  pools: GeneratedPool<SeededFencer>[];
  /** Everyone promoted, in seed order. */
  promoted: SeededFencer[];
  /** Classified fencers left out by the cut, in ranking order (o.82.5 ranks them after the promoted). */
  eliminated: RankedFencer[];
  /** Club mates still sharing a pool because no swap within their band could part them (o.68.2: they stay). */
  clubClashes: number;
}

/** A ranking longer than any cut can name is refused (cut.ts allows a top cut up to MAX_TOP). */
export const MAX_RANKING = MAX_TOP;
/** Fewer than 3 in a pool is a single bout, not a pool; more than MAX_POOL_SIZE is refused everywhere. */
export const MIN_ROUND_POOL_SIZE = 3;
export const MAX_ROUND_POOL_SIZE = MAX_POOL_SIZE;
/** A second round has as many pools as a first round may (core/limits MAX_POOLS); the pool sizes bound the rest. */
export const MAX_ROUND_POOLS = MAX_POOLS;

/** Bad input: the message says what is wrong (the route answers 400 with it). */
export class SecondRoundError extends Error {}

const isWhole = (n: unknown, min: number, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Whether `checkCut` lets a cut through. */
function validCut(cut: Cut): boolean {
  try {
    checkCut(cut);
    return true;
  } catch {
    return false;
  }
}

function checkCut(cut: Cut) {
  if (cut.kind === 'top' && !isWhole(cut.value, MIN_TOP, MAX_TOP)) throw new SecondRoundError(`The cut keeps a whole number from ${MIN_TOP} to ${MAX_TOP}`);
  if (cut.kind === 'percent' && !(typeof cut.value === 'number' && cut.value >= MIN_PERCENT && cut.value <= MAX_PERCENT)) {
    throw new SecondRoundError(`The cut keeps from ${MIN_PERCENT} to ${MAX_PERCENT} %`);
  }
  if (cut.kind !== 'all' && cut.kind !== 'top' && cut.kind !== 'percent') throw new SecondRoundError('Unknown cut');
}

/**
 * The classified fencers of a ranking (no status), best first. Rows may come in any order: they are put
 * in rank order, fencers of equal rank keeping their order (`tiebreak` first, when given).
 */
function classifiedOf<T extends Omit<RankedFencer, 'club'>>(rows: readonly T[], tiebreak: (r: T) => number = () => 0): T[] {
  if (!Array.isArray(rows) || rows.length > MAX_RANKING) throw new SecondRoundError(`A ranking holds at most ${MAX_RANKING} fencers`);
  const ids = new Set<string>();
  for (const r of rows) {
    if (typeof r !== 'object' || r === null) throw new SecondRoundError('Each row of the ranking is a fencer');
    if (typeof r.id !== 'string' || r.id === '' || ids.has(r.id)) throw new SecondRoundError('Each fencer appears once in the ranking, with an id');
    ids.add(r.id);
    if (r.status !== null && r.status !== 'withdrawn' && r.status !== 'excluded') throw new SecondRoundError(`Unknown status for ${r.name}`);
    if (r.status === null && !isWhole(r.rank, 1, rows.length)) throw new SecondRoundError(`${r.name} has no rank in the ranking`);
  }
  return rows.filter((r) => r.status === null).sort((a, b) => a.rank! - b.rank! || tiebreak(a) - tiebreak(b));
}

/**
 * Issue 33: the most pools a second round of `fencers` makes, as `composeSecondRound` (and so the server)
 * takes it: as many as they fill at MIN_ROUND_POOL_SIZE, at least one, at most MAX_ROUND_POOLS. 18 → 6, 2 → 1,
 * 512 → 170. (core/limits maxPoolsFor counts a first round's pools of 2; a second round's pools hold 3.)
 */
export function maxRoundPoolsFor(fencers: number): number {
  return Math.min(MAX_ROUND_POOLS, Math.max(1, Math.floor(Math.max(0, fencers) / MIN_ROUND_POOL_SIZE)));
}

/** The most pools a second round from this ranking with this cut makes; a cut out of bounds counts every classified fencer. */
export function maxRoundPools(firstRound: readonly RankedFencer[], cut: Cut): number {
  const ranks = firstRound.flatMap((r) => (r.status === null && r.rank !== null ? [r.rank] : [])).sort((a, b) => a - b);
  return maxRoundPoolsFor(validCut(cut) ? promotedCount(ranks, cut) : ranks.length);
}

/** The pool count a shape gives for `fencers` fencers: 18 with a largest size of 7 → 3 pools (6, 6, 6). */
export function roundPoolCount(fencers: number, shape: PoolShape): number {
  if ('pools' in shape) {
    if (!isWhole(shape.pools, 1, MAX_ROUND_POOLS)) throw new SecondRoundError(`The pool count is a whole number from 1 to ${MAX_ROUND_POOLS}`);
    return shape.pools;
  }
  if (!isWhole(shape.poolSize, MIN_ROUND_POOL_SIZE, MAX_ROUND_POOL_SIZE)) {
    throw new SecondRoundError(`The pool size is a whole number from ${MIN_ROUND_POOL_SIZE} to ${MAX_ROUND_POOL_SIZE}`);
  }
  return Math.max(1, Math.ceil(fencers / shape.poolSize));
}

/**
 * The pool of each seed (0-based) for `pools` pools: the o.68.1 serpentine, then the o.68.2 moves within
 * a band. In seed order, a fencer whose pool holds a club mate seeded higher swaps with a band mate, only
 * where neither of the two then meets a club mate (counting everyone, placed or still to come): each swap
 * therefore lowers the clashes, never moves one elsewhere.
 */
function poolsBySeed(clubs: readonly (string | null)[], pools: number): number[] {
  const poolOf = clubs.map((_, s) => serpentineIndex(s, pools));
  const members = Array.from({ length: pools }, () => new Map<string, number>());
  const has = (p: number, club: string | null) => club !== null && (members[p]!.get(club) ?? 0) > 0;
  const move = (club: string | null, from: number, to: number) => {
    if (club === null) return;
    members[from]!.set(club, members[from]!.get(club)! - 1);
    members[to]!.set(club, (members[to]!.get(club) ?? 0) + 1);
  };
  clubs.forEach((club, s) => {
    if (club !== null) members[poolOf[s]!]!.set(club, (members[poolOf[s]!]!.get(club) ?? 0) + 1);
  });
  clubs.forEach((club, s) => {
    const p = poolOf[s]!;
    if (club === null || !clubs.some((c, t) => t < s && c === club && poolOf[t] === p)) return;
    const first = Math.floor(s / pools) * pools;
    const last = Math.min(clubs.length, first + pools) - 1;
    const below = Array.from({ length: last - s }, (_, k) => s + 1 + k);
    const above = Array.from({ length: s - first }, (_, k) => s - 1 - k);
    // The band mate leaves q for p and this fencer p for q: neither may find a club mate there.
    const mate = [...below, ...above].find((t) => clubs[t] !== club && !has(poolOf[t]!, club) && !has(p, clubs[t]!));
    if (mate === undefined) return;
    const q = poolOf[mate]!;
    move(club, p, q);
    move(clubs[mate]!, q, p);
    poolOf[s] = q;
    poolOf[mate] = p;
  });
  return poolOf;
}

/**
 * The second round: who the cut promotes from the first round's ranking (ties at the line all go, o.73.3;
 * the withdrawn and excluded never), seeded in ranking order, in pools by serpentine with club mates
 * parted where a swap within the band allows (o.68). Pools are named Pool 1, Pool 2, …; their sizes
 * differ by at most one and stay from MIN_ROUND_POOL_SIZE to MAX_ROUND_POOL_SIZE, or it throws.
 */
export function composeSecondRound(firstRound: readonly RankedFencer[], cut: Cut, shape: PoolShape): SecondRound {
  checkCut(cut);
  const classified = classifiedOf(firstRound);
  const unnamed = classified.find((r) => r.club !== null && typeof r.club !== 'string');
  if (unnamed) throw new SecondRoundError(`The club of ${unnamed.name} is not a name`);
  const n = promotedCount(classified.map((r) => r.rank!), cut);
  const promoted = classified.slice(0, n).map((r, i) => ({ ...r, seed: i + 1 }));
  const count = roundPoolCount(n, shape);
  const sizes = balancedSizes(n, count);
  if (n === 0 || sizes[sizes.length - 1]! < MIN_ROUND_POOL_SIZE) {
    throw new SecondRoundError(`${n} promoted fencers cannot fill ${count} pool(s) of at least ${MIN_ROUND_POOL_SIZE}`);
  }
  if (sizes[0]! > MAX_ROUND_POOL_SIZE) throw new SecondRoundError(`${n} promoted fencers in ${count} pool(s) make pools over ${MAX_ROUND_POOL_SIZE}`);
  const poolOf = poolsBySeed(promoted.map((f) => f.club), count);
  const groups: SeededFencer[][] = Array.from({ length: count }, () => []);
  promoted.forEach((f, s) => groups[poolOf[s]!]!.push(f));
  return {
    pools: groups.map((members, i) => ({ name: `Pool ${i + 1}`, members })),
    promoted,
    eliminated: classified.slice(n),
    clubClashes: groups.reduce((sum, g) => sum + clashes(g), 0),
  };
}

/**
 * The tableau after two rounds: seeded from the LAST round's ranking alone. The articles read give no
 * combined index: o.73.1 ranks "all the fencers who have taken part in the pools" by V/M, HS − HR, HS of
 * those pools, o.76 draws the tableau "taking account of the classification table" and o.82.4 a) names "the
 * ranking for the drawing of the direct elimination tableau following the pools", i.e. after the last
 * pools (issue 28 asks the same). The first round only breaks ties: fencers equal on all three indices in
 * the last round (o.73.2 f draws lots; a practice keeps a stable order) go in their second-round seed
 * order, as o.103.7 lets the initial pool ranking settle a tie for teams. The cut before the tableau works
 * as after one round (o.72, ties at the line all through, o.73.3); withdrawn and excluded are not seeded,
 * and nationality is not protected in the tableau (o.76).
 */
export function tableauSeedsAfterSecondRound(
  lastRound: readonly Omit<RankedFencer, 'club'>[],
  secondRoundSeeds: readonly Pick<SeededFencer, 'id' | 'seed'>[],
  cut: Cut,
): Seed[] {
  checkCut(cut);
  const earlier = new Map((Array.isArray(secondRoundSeeds) ? secondRoundSeeds : []).map((s) => [s.id, s.seed]));
  const classified = classifiedOf(lastRound, (r) => earlier.get(r.id) ?? 0);
  const stranger = lastRound.find((r) => !earlier.has(r.id));
  if (stranger) throw new SecondRoundError(`${stranger.name} did not fence the second round`);
  const n = promotedCount(classified.map((r) => r.rank!), cut);
  return classified.slice(0, n).map((r, i) => ({ id: r.id, name: r.name, seed: i + 1 }));
}
