import type { PoolSnapshot } from '../contracts/pools';
import { CUT_ALL, ELIMINATED_AFTER_POOLS, promotedCount, type Cut } from './cut';
import { computePoolStats, type PlayerStats } from './pool-stats';
import { rankFencers } from './ranking';
import { countedBouts, isScratched, STATUS_LABEL, type PlayerStatus } from './withdrawal';
import { boutsInPool } from './pool-generation';
import { sharedNameOrder } from '../names';
import { BARRAGE_AT_CUT, pendingBarrage, settleByBarrage } from './barrage';
import type { Bout } from './bout-result';

export interface PoolResult extends PlayerStats {
  poolId: string;
  poolName: string;
  status: PlayerStatus | null;
  /**
   * Place in the ranking after the pools (FENCING.md o.73; equal on every criterion → equal rank). A fencer
   * who withdrew is ranked after everyone who completed the pools; an excluded one is not classified (null).
   */
  rank: number | null;
  /** Goes on to the tableau: classified, and inside the cut (ties at the line all go through, o.73.3). */
  promoted: boolean;
  /** Tied at the cut's line with a barrage still to fence (issue 58): whether they go on is not known yet. */
  barrage?: true;
}

/**
 * SPEC §2 Pool results: one ranking of every fencer of every pool (FENCING.md o.73), then those who
 * withdrew (o.74.2, "Did Not Finish") and those excluded (o.74.3), each in name order.
 */
export function combinePoolResults(pools: PoolSnapshot[], cut: Cut = CUT_ALL, barrage: readonly Bout[] | null = null): PoolResult[] {
  const all = pools.flatMap((pool) =>
    computePoolStats(pool.players, pool.bouts).map((s, i) => ({ ...s, poolId: pool.id, poolName: pool.name, status: pool.players[i]!.status ?? null })),
  );
  const pooled = rankFencers(all.filter((r) => r.status === null));
  // Issue 58: with a barrage at the cut (`barrage`: its bouts), its result orders the fencers tied at the line.
  const ranked = barrage ? settleByBarrage(pooled, cut, barrage) : pooled;
  // The barrage is known once every pool bout is fenced (before, the tie at the line may still move).
  const fenced = pools.every((p) => countedBouts(p.players, p.bouts).length >= boutsInPool(p.players.filter((x) => !isScratched(x)).length));
  const pending = new Set(barrage && fenced ? (pendingBarrage(ranked, cut, barrage)?.fencers.map((f) => f.id) ?? []) : []);
  const promoted = promotedCount(ranked.map((r) => r.rank), cut);
  const byName = (a: { name: string }, b: { name: string }) => sharedNameOrder(a.name, b.name);
  return [
    ...ranked.map((r, i) => ({ ...r, promoted: i < promoted, ...(pending.has(r.id) ? { barrage: true as const } : {}) })),
    ...all.filter((r) => r.status === 'withdrawn').sort(byName).map((r) => ({ ...r, rank: ranked.length + 1, promoted: false })),
    ...all.filter((r) => r.status === 'excluded').sort(byName).map((r) => ({ ...r, rank: null, promoted: false })),
  ];
}

/** What a result row says beside the name (issue 14): withdrawn or excluded (o.74), or cut after the pools. */
export const poolResultNote = (r: PoolResult) => (r.status ? STATUS_LABEL[r.status] : r.barrage ? BARRAGE_AT_CUT : r.promoted ? null : ELIMINATED_AFTER_POOLS);
