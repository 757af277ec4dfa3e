import type { BracketSnapshot, PoolSnapshot } from '../api';
import { buildBracket, mergeSaved, type BracketMatch, type Seed } from './bracket';
import { combinePoolResults } from './pool-results';

/** The seeds after the pools: the combined ranking's order (SPEC §4: ratio, indicator, touches scored). */
export function seedsFromPools(pools: PoolSnapshot[]): Seed[] {
  return combinePoolResults(pools).map((r, i) => ({ id: r.id, name: r.name, seed: i + 1 }));
}

/** Pool bouts not yet fenced, across all pools. */
export function poolBoutsRemaining(pools: PoolSnapshot[]): number {
  return pools.reduce((sum, p) => sum + (p.players.length * (p.players.length - 1)) / 2 - p.bouts.length, 0);
}

const sameSeeding = (a: Seed[], b: Seed[]) => a.length === b.length && a.every((s, i) => s.id === b[i]!.id);

export interface Tableau {
  seeds: Seed[];
  matches: BracketMatch[];
  /** The seeding is frozen: a score has been saved. */
  frozen: boolean;
  /** Frozen, and the pools now rank the fencers differently: the coach may regenerate. */
  stale: boolean;
  /** Pool bouts still to fence (the tableau is drawn once they are all fenced). */
  remaining: number;
}

/**
 * The full tableau of a practice: drawn from the pools once every pool bout is fenced (or from the
 * seeding frozen at its first score), with the saved matches merged in.
 */
export function resolveTableau(pools: PoolSnapshot[], saved: Pick<BracketSnapshot, 'seeding' | 'matches'>): Tableau {
  const current = seedsFromPools(pools);
  const remaining = poolBoutsRemaining(pools);
  const frozen = saved.seeding !== null;
  const seeds = saved.seeding ?? current;
  const ready = frozen || (current.length >= 2 && remaining === 0);
  return {
    seeds,
    matches: ready ? mergeSaved(buildBracket(seeds), saved.matches) : [],
    frozen,
    stale: frozen && !sameSeeding(saved.seeding!, current),
    remaining,
  };
}
