import type { Card, RefereeState } from './referee';

/**
 * The cards of a saved bout or tableau match (issue 29), kept with its result as the referee gave them
 * (t.158–162: yellow, red, black; t.124: P-cards, given to both fencers at once), in the stored fencer order.
 * Only a refereed bout has them: a result typed in by hand keeps none (null).
 */
export interface BoutCards {
  player1: Card[];
  player2: Card[];
  /** P-cards given to both (t.124): 0 to 3. */
  p_cards: number;
}

/** One fencer's cards, as a screen shows them beside a score. */
export interface SideCards {
  cards: readonly Card[];
  pCards: number;
}

export const NO_CARDS: SideCards = { cards: [], pCards: 0 };

const CARDS: readonly string[] = ['yellow', 'red', 'black'];

/**
 * What a refereed bout keeps of its cards when its result is saved: the referee's left and right read in the
 * stored order (`player1Id` first); null when no card was given, so a bout without cards stores nothing.
 */
export function cardsToKeep(state: Pick<RefereeState, 'cards' | 'pCards'>, leftId: string, player1Id: string): BoutCards | null {
  const { left, right } = state.cards;
  if (left.length === 0 && right.length === 0 && state.pCards === 0) return null;
  const leftFirst = leftId === player1Id;
  return { player1: [...(leftFirst ? left : right)], player2: [...(leftFirst ? right : left)], p_cards: state.pCards };
}

/** One fencer's cards in a saved bout; none when it kept none or the fencer is not in it. */
export function cardsOfFencer(bout: { player1_id: string | null; player2_id: string | null; cards?: BoutCards | null }, fencerId: string): SideCards {
  const c = bout.cards;
  if (!c) return NO_CARDS;
  if (fencerId === bout.player1_id) return { cards: c.player1, pCards: c.p_cards };
  if (fencerId === bout.player2_id) return { cards: c.player2, pCards: c.p_cards };
  return NO_CARDS;
}

export const hasCards = (side: SideCards) => side.cards.length > 0 || side.pCards > 0;

/** The stored text of a bout's cards (a TEXT column in the room and in D1's archive): JSON, or null for none. */
export const storedCards = (cards: BoutCards | null | undefined): string | null => (cards ? JSON.stringify(cards) : null);

/**
 * A bout's cards read back from its column (or a backup file): anything that is not a well-formed set of
 * cards reads as none, so a row written before issue 29 (no column, null) and a damaged one both show no card.
 */
export function readCards(value: unknown): BoutCards | null {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!raw || typeof raw !== 'object') return null;
  const { player1, player2, p_cards } = raw as Record<string, unknown>;
  const list = (x: unknown): x is Card[] => Array.isArray(x) && x.length <= 20 && x.every((c) => typeof c === 'string' && CARDS.includes(c));
  if (!list(player1) || !list(player2) || !Number.isInteger(p_cards) || (p_cards as number) < 0 || (p_cards as number) > 3) return null;
  return { player1, player2, p_cards: p_cards as number };
}

const LETTER: Record<Card, string> = { yellow: 'Y', red: 'R', black: 'B' };
const letters = (side: SideCards | undefined) => (side ? side.cards.map((c) => LETTER[c]).join('') : '');

/**
 * Two sides' cards as one export cell: each side's cards by letter (Y yellow, R red, B black), the first side
 * first, then the P-cards both were given: "Y / YR P1"; empty when neither side has any.
 */
export function sideCardsText(first: SideCards | undefined, second: SideCards | undefined): string {
  if (!hasCards(first ?? NO_CARDS) && !hasCards(second ?? NO_CARDS)) return '';
  const p = Math.max(first?.pCards ?? 0, second?.pCards ?? 0);
  return `${letters(first) || '–'} / ${letters(second) || '–'}${p ? ` P${p}` : ''}`;
}
