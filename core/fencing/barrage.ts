import { boutOrder } from './bout-order';
import { isBoutOf, type Bout } from './bout-result';
import { cutTarget, type Cut } from './cut';
import { computePoolStats } from './pool-stats';
import { rankFencers } from './ranking';

/**
 * A barrage at the cut (issue 58). FIE o.73.3: fencers tied exactly at the cut's line all go through, and that
 * stays the default. BellePoule and Engarde also let the organiser settle the tie by a barrage: the tied fencers
 * fence a small pool of their own (bouts to 5 touches, in the standard order of a pool of that size), and its
 * result, ranked as any pool is (o.73: ratio, indicator, touches scored), decides who takes the places left at
 * the line. A barrage that ends in an exact tie again falls back on o.73.3: the fencers still tied all go through.
 */

/** How the cut settles fencers tied exactly at its line: all go through (o.73.3), or a barrage among them. */
export type CutTies = 'all' | 'barrage';

/** The note beside a fencer tied at the line while the barrage is to fence (translated by the app's fencing terms). */
export const BARRAGE_AT_CUT = 'barrage at the cut';

/** A barrage bout is fenced to 5 touches, as a pool bout. */
export const BARRAGE_MAX_SCORE = 5;

/** Who fences the barrage (in the pool ranking's order: the barrage sheet's positions) and for how many places. */
export interface BarrageAtCut {
  fencers: { id: string; name: string }[];
  places: number;
}

/**
 * The barrage a ranking needs at the cut: the fencers sharing the rank of the last one the cut takes, when some
 * of them would be over the number the cut decided on; null when the line falls between two ranks.
 */
export function barrageAtCut(ranked: readonly { id: string; name: string; rank: number }[], cut: Cut): BarrageAtCut | null {
  const target = cutTarget(cut, ranked.length);
  if (target <= 0 || target >= ranked.length) return null;
  const lineRank = ranked[target - 1]!.rank;
  if (ranked[target]!.rank !== lineRank) return null;
  const fencers = ranked.filter((r) => r.rank === lineRank).map(({ id, name }) => ({ id, name }));
  const above = ranked.filter((r) => r.rank < lineRank).length;
  return { fencers, places: target - above };
}

/** The barrage's bouts in the order they are fenced: the standard order of a pool of that size (o.69), by sheet position. */
export function barrageOrder(fencers: readonly { id: string }[]): [string, string][] {
  return boutOrder(fencers.length).map(([a, b]) => [fencers[a - 1]!.id, fencers[b - 1]!.id]);
}

/** The barrage's own ranking (rank 1 best, ties shared) and whether every bout of it is fenced. */
export function barrageResult(barrage: BarrageAtCut, bouts: readonly Bout[]): { done: boolean; ranked: { id: string; rank: number }[] } {
  const ids = new Set(barrage.fencers.map((f) => f.id));
  const own = bouts.filter((b) => ids.has(b.player1_id) && ids.has(b.player2_id));
  const n = barrage.fencers.length;
  const fenced = barrageOrder(barrage.fencers).filter(([a, b]) => own.some((x) => isBoutOf(x, a, b))).length;
  const ranked = rankFencers(computePoolStats(barrage.fencers, own)).map(({ id, rank }) => ({ id, rank }));
  return { done: fenced === (n * (n - 1)) / 2, ranked };
}

/**
 * A ranking settled at the cut by its barrage, once fenced: the tied fencers' order and ranks follow the
 * barrage (still tied in it, still tied here); everyone else keeps their place. Unfenced, or with no barrage
 * needed, the ranking is unchanged.
 */
export function settleByBarrage<T extends { id: string; name: string; rank: number }>(ranked: readonly T[], cut: Cut, bouts: readonly Bout[]): T[] {
  const barrage = barrageAtCut(ranked, cut);
  if (!barrage) return [...ranked];
  const result = barrageResult(barrage, bouts);
  if (!result.done) return [...ranked];
  const first = ranked.findIndex((r) => r.id === barrage.fencers[0]!.id);
  const lineRank = ranked[first]!.rank;
  const byId = new Map(ranked.map((r) => [r.id, r]));
  const settled = result.ranked.map(({ id, rank }) => ({ ...byId.get(id)!, rank: lineRank + rank - 1 }));
  return [...ranked.slice(0, first), ...settled, ...ranked.slice(first + settled.length)];
}

/** The barrage still to fence at the cut (for the tableau screen), or null when none is needed or it is fenced. */
export function pendingBarrage(ranked: readonly { id: string; name: string; rank: number }[], cut: Cut, bouts: readonly Bout[]): BarrageAtCut | null {
  const barrage = barrageAtCut(ranked, cut);
  return barrage && !barrageResult(barrage, bouts).done ? barrage : null;
}

