/**
 * The cut after the pools: who goes on to the tableau. FIE Organisation rules o.72 (the number eliminated
 * is announced before the competition) and o.73.3: "Should there be absolute equality among the last to
 * qualify there is no barrage, and the fencers with equal indicators are all qualified, even if they are in
 * excess of the number decided on." Fencers tied exactly at the line therefore all go through, as USA
 * Fencing does too. (A barrage exists in the FIE rules only for the 16th place exempt from a preliminary
 * tableau, o.86.2, which a practice never has.)
 */
export type Cut = { kind: 'all' } | { kind: 'top'; value: number } | { kind: 'percent'; value: number };

export const CUT_ALL: Cut = { kind: 'all' };
/** A top-N cut keeps at least 2 (a tableau needs two); a percentage cut between 1 and 100 %. */
export const MIN_TOP = 2;
export const MAX_TOP = 1000;
export const MIN_PERCENT = 1;
export const MAX_PERCENT = 100;

/** How many the cut aims to promote out of `classified` fencers, before ties at the line. */
export function cutTarget(cut: Cut, classified: number): number {
  if (cut.kind === 'all') return classified;
  if (cut.kind === 'top') return Math.min(cut.value, classified);
  return Math.min(classified, Math.ceil((classified * cut.value) / 100));
}

/**
 * How many of a ranking go through: the target, extended to everyone who shares the rank of the last one
 * in (`rank` as rankFencers gives it: equal on every criterion → equal rank).
 */
export function promotedCount(ranks: readonly number[], cut: Cut): number {
  const target = cutTarget(cut, ranks.length);
  if (target <= 0) return 0;
  const lineRank = ranks[target - 1]!;
  let n = target;
  while (n < ranks.length && ranks[n] === lineRank) n++;
  return n;
}

/** The line shown for a fencer who did not go on (SPEC issue 14). */
export const ELIMINATED_AFTER_POOLS = 'eliminated after pools';
