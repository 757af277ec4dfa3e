import type { PoolSnapshot } from '../api';
import { computePoolStats, type PlayerStats } from './pool-stats';
import { rankFencers, type Ranked } from './ranking';

export type PoolResult = Ranked<PlayerStats & { poolId: string; poolName: string }>;

/** SPEC §2 Pool results: one ranking of every fencer of every pool (FENCING.md o.73). */
export function combinePoolResults(pools: PoolSnapshot[]): PoolResult[] {
  return rankFencers(
    pools.flatMap((pool) => computePoolStats(pool.players, pool.bouts).map((s) => ({ ...s, poolId: pool.id, poolName: pool.name }))),
  );
}
