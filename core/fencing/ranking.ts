import { sharedNameOrder } from '../names';

export interface Rankable {
  exactRatio: number;
  indicator: number;
  touchesScored: number;
  name: string;
}

export type Ranked<T> = T & { rank: number };

/** FENCING.md o.73 / SPEC §4: exact ratio, then indicator, then touches scored, all descending. */
export function compareForRanking(a: Rankable, b: Rankable): number {
  return b.exactRatio - a.exactRatio || b.indicator - a.indicator || b.touchesScored - a.touchesScored;
}

/**
 * One ranking across pools. Fencers equal on all three criteria share a rank (1, 2, 2, 4) and keep a
 * stable order by name, as a practice app shows a tie rather than drawing lots.
 */
export function rankFencers<T extends Rankable>(entries: T[]): Ranked<T>[] {
  const sorted = [...entries].sort((a, b) => compareForRanking(a, b) || sharedNameOrder(a.name, b.name));
  const ranked: Ranked<T>[] = [];
  sorted.forEach((entry, i) => {
    const prev = ranked[i - 1];
    const rank = prev && compareForRanking(prev, entry) === 0 ? prev.rank : i + 1;
    ranked.push({ ...entry, rank });
  });
  return ranked;
}
