import type { PoolSnapshot } from '../contracts/pools';

// Which round a pool belongs to (issue 28's second round of pools), with nothing else: every screen reads it
// (the pool selector, the fencing terms), so it stays a leaf that brings no rule module along (./rounds has the rules).

export const ELIMINATED_AFTER_ROUND_1 = 'eliminated after round 1';

/** The round of a pool: 1 unless it says otherwise (pools stored before rounds are round 1). */
export const roundOf = (pool: Pick<PoolSnapshot, 'round'>): number => pool.round ?? 1;

export const poolsOfRound = (pools: readonly PoolSnapshot[], round: number): PoolSnapshot[] => pools.filter((p) => roundOf(p) === round);

export const hasSecondRound = (pools: readonly PoolSnapshot[]): boolean => pools.some((p) => roundOf(p) === 2);

/** The pools of the last round fenced: round 2's once it exists, else every pool. */
export const lastRoundPools = (pools: readonly PoolSnapshot[]): PoolSnapshot[] => (hasSecondRound(pools) ? poolsOfRound(pools, 2) : [...pools]);
