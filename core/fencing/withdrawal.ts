/**
 * A fencer who leaves the pools: FIE Organisation rules, Article o.74 (Withdrawal).
 *
 * - o.74.1: a fencer not present at the start of the pool is scratched from it and recorded *without a
 *   classification* at the end of the final classification, "Did Not Start" (here: marked absent at
 *   check-in, before the draw).
 * - o.74.2: a fencer who abandons in the course of a pool (injury) is scratched from the pool and recorded
 *   in the list of results, "Did Not Finish". Scratched from the pool, their bouts count for nobody: as
 *   tournament programs apply it, every bout they fenced is annulled for everyone's statistics. The article
 *   keeps them in the results list (unlike o.74.1 and o.74.3 it does not say "without a classification"),
 *   so they are ranked after every fencer who completed the pools, and never go on to the tableau.
 * - o.74.3: a fencer excluded during the pools is scratched and "his results are annulled as if he had not
 *   taken part"; recorded *without a classification* at the end of the final classification, "Excluded".
 *
 * Both statuses can be undone until the tableau is drawn (its first score); after that the pools are
 * history and the server refuses the change.
 */
export type PlayerStatus = 'withdrawn' | 'excluded';

/** How a status reads on the pool sheet (the row shows it instead of results). */
export const STATUS_LABEL: Record<PlayerStatus, string> = { withdrawn: 'Withdrawn', excluded: 'Excluded' };

/** How each case is recorded in the final results (o.74). */
export const DID_NOT_START = 'Did Not Start';
export const DID_NOT_FINISH = 'Did Not Finish';
export const EXCLUDED = 'Excluded';

export const isScratched = (p: { status?: PlayerStatus | null }) => p.status === 'withdrawn' || p.status === 'excluded';

/** The bouts that still count: none of a scratched fencer's (o.74.2/3: scratched from the pool). */
export function countedBouts<B extends { player1_id: string; player2_id: string }>(
  players: readonly { id: string; status?: PlayerStatus | null }[],
  bouts: readonly B[],
): B[] {
  const out = new Set(players.filter(isScratched).map((p) => p.id));
  return out.size === 0 ? [...bouts] : bouts.filter((b) => !out.has(b.player1_id) && !out.has(b.player2_id));
}
