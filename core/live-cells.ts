import { hasCards, type SideCards } from './fencing/bout-cards';
import type { Card } from './fencing/referee';
import type { LiveBout } from './refereeing';

/**
 * What a pool's grid shows of the bouts on the piste (issues 18, 29), apart from the rest of the referee's wire
 * (core/refereeing): a board's first load carries only this.
 */

/** The running score of the pool bouts on the piste, for a pool's grid: `rowId>colId` → "3–2" (the row's touches first). */
export function poolScores(bouts: Iterable<LiveBout>, poolId: string): Map<string, string> {
  const scores = new Map<string, string>();
  for (const { target, left, right, state } of bouts) {
    if (target.kind !== 'pool' || target.pool_id !== poolId) continue;
    scores.set(`${left.id}>${right.id}`, `${state.left}–${state.right}`);
    scores.set(`${right.id}>${left.id}`, `${state.right}–${state.left}`);
  }
  return scores;
}

/** A grid cell of a pool bout on the piste (issue 29): the running score (the row's touches first) and the row fencer's cards, if any. */
export interface LiveCell {
  score: string;
  cards?: SideCards;
}

/** The cells of a pool's bouts on the piste, for its grid: `rowId>colId` → the running score and the row fencer's cards. */
export function poolLiveCells(bouts: Iterable<LiveBout>, poolId: string): Map<string, LiveCell> {
  const cells = new Map<string, LiveCell>();
  for (const { target, left, right, state } of bouts) {
    if (target.kind !== 'pool' || target.pool_id !== poolId) continue;
    const cell = (score: string, cards: readonly Card[]): LiveCell => {
      const side = { cards, pCards: state.pCards };
      return hasCards(side) ? { score, cards: side } : { score };
    };
    cells.set(`${left.id}>${right.id}`, cell(`${state.left}–${state.right}`, state.cards.left));
    cells.set(`${right.id}>${left.id}`, cell(`${state.right}–${state.left}`, state.cards.right));
  }
  return cells;
}
