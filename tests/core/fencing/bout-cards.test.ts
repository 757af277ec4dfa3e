import { describe, expect, it } from 'vitest';
import { cardsOfFencer, cardsToKeep, readCards, sideCardsText, storedCards, type BoutCards } from '../../../core/fencing/bout-cards';
import { boutFormat, giveCard, givePCard, startBout, touch } from '../../../core/fencing/referee';
import type { LiveBout } from '../../../core/refereeing';
import { poolLiveCells } from '../../../core/live-cells';
import { boutsOfAthlete, coachBouts, type PoolBoutRow, type TableauMatchRow } from '../../../core/fencing/history';
import { readCsv } from '../../../core/interop/csv';
import { athleteBoutsCsv } from '../../../core/interop/exports';

// Issue 29: the cards of a refereed bout, kept with its saved result in the stored fencer order.

describe('the cards a saved bout keeps', () => {
  const pool = startBout(boutFormat('pool', 'epee'));

  it('reads the referee’s left and right in the stored order: left first when the left fencer is player 1, swapped otherwise', () => {
    // A yellow to the left, then two yellows to the right: the second is a red (t.158) and a hit to the left.
    let s = giveCard(pool, 'left', 'yellow', 0);
    s = giveCard(giveCard(s, 'right', 'yellow', 0), 'right', 'yellow', 0);
    expect(s.left).toBe(1);
    expect(cardsToKeep(s, 'L', 'L')).toEqual({ player1: ['yellow'], player2: ['yellow', 'red'], p_cards: 0 });
    expect(cardsToKeep(s, 'L', 'R')).toEqual({ player1: ['yellow', 'red'], player2: ['yellow'], p_cards: 0 });
  });

  it('keeps nothing when no card was given (a bout refereed without cards stores none), and P-cards alone are kept', () => {
    expect(cardsToKeep(touch(pool, 'left', 0), 'L', 'L')).toBeNull();
    const de = givePCard(startBout(boutFormat('tableau', 'foil')), 'left', 0);
    expect(cardsToKeep(de, 'L', 'L')).toEqual({ player1: [], player2: [], p_cards: 1 });
  });

  it('gives each fencer their own cards, and none to a fencer not in the bout or a bout without cards', () => {
    const bout = { player1_id: 'a', player2_id: 'b', cards: { player1: ['red'], player2: [], p_cards: 2 } as BoutCards };
    expect(cardsOfFencer(bout, 'a')).toEqual({ cards: ['red'], pCards: 2 });
    expect(cardsOfFencer(bout, 'b')).toEqual({ cards: [], pCards: 2 });
    expect(cardsOfFencer(bout, 'c')).toEqual({ cards: [], pCards: 0 });
    expect(cardsOfFencer({ player1_id: 'a', player2_id: 'b' }, 'a')).toEqual({ cards: [], pCards: 0 });
  });

  it('round-trips through its column; a row without cards, or a damaged one, reads none', () => {
    const cards: BoutCards = { player1: ['yellow'], player2: ['black'], p_cards: 0 };
    expect(readCards(storedCards(cards))).toEqual(cards);
    expect(storedCards(null)).toBeNull();
    for (const bad of [null, undefined, '', '{', '"x"', '{"player1":["green"],"player2":[],"p_cards":0}', '{"player1":[],"player2":[],"p_cards":4}', '{"player1":[],"p_cards":0}']) {
      expect(readCards(bad)).toBeNull();
    }
  });

  it('writes one export cell: each side by letter, the first side first, then the P-cards; empty without cards', () => {
    expect(sideCardsText({ cards: ['yellow'], pCards: 1 }, { cards: ['yellow', 'red'], pCards: 1 })).toBe('Y / YR P1');
    expect(sideCardsText(undefined, { cards: ['black'], pCards: 0 })).toBe('– / B');
    expect(sideCardsText(undefined, undefined)).toBe('');
    expect(sideCardsText({ cards: [], pCards: 0 }, undefined)).toBe('');
  });
});

describe('cards in an athlete’s history', () => {
  const row: PoolBoutRow = {
    date: '2026-11-10', practice_id: 'p1', practice: 'Tue', pool: 'Pool 1', updated_at: 1, player1_id: 'e1', player2_id: 'e2', score1: 5, score2: 3,
    priority_id: null, name1: 'ANNA', name2: 'BEN', athlete1: 'anna', athlete2: 'ben', status1: null, status2: null,
    cards: JSON.stringify({ player1: [], player2: ['yellow'], p_cards: 0 }),
  };
  const match: TableauMatchRow = {
    date: '2026-11-11', practice_id: 'p1', practice: 'Tue', updated_at: 2, round: 1, position: 0, first_round: 1, player1_id: 'e2', player2_id: 'e1',
    player1_score: 15, player2_score: 14, winner_id: 'e2', name1: 'BEN', name2: 'ANNA', athlete1: 'ben', athlete2: 'anna', cards: JSON.stringify({ player1: [], player2: ['red'], p_cards: 1 }),
  };

  it('shows each bout’s cards from the athlete’s side and the opponent’s, and writes them in the CSV', () => {
    const anna = boutsOfAthlete('anna', coachBouts([row, { ...row, player2_id: 'e3', name2: 'CLEO', athlete2: null, cards: null, updated_at: 0 }], [match]));
    expect(anna.map((b) => [b.opponent, b.cards ?? null, b.opponent_cards ?? null])).toEqual([
      ['BEN', { cards: ['red'], pCards: 1 }, { cards: [], pCards: 1 }],
      ['BEN', null, { cards: ['yellow'], pCards: 0 }],
      ['CLEO', null, null],
    ]);
    expect(readCsv(athleteBoutsCsv(anna)).map((r) => r[7])).toEqual(['Cards', 'R / – P1', '– / Y', '']);
  });
});

describe('cards beside the running score (issue 29)', () => {
  it('gives each grid cell of a pool bout on the piste its running score and its row fencer’s cards; other pools and the tableau are left out', () => {
    const state = giveCard(givePCard(startBout(boutFormat('pool', 'epee')), 'left', 0), 'right', 'yellow', 0);
    const bout = (target: LiveBout['target'], s = state): LiveBout => ({ key: 'k', target, left: { id: 'a', name: 'A' }, right: { id: 'b', name: 'B' }, referee: 'R', state: s, now: 0 });
    // P-cards only come in the tableau (t.124): a pool bout shows the yellow alone.
    expect(state.pCards).toBe(0);
    expect(poolLiveCells([bout({ kind: 'pool', pool_id: 'p', a: 'a', b: 'b' })], 'p')).toEqual(new Map([['a>b', { score: '0–0' }], ['b>a', { score: '0–0', cards: { cards: ['yellow'], pCards: 0 } }]]));
    expect(poolLiveCells([bout({ kind: 'pool', pool_id: 'p', a: 'a', b: 'b' })], 'other').size).toBe(0);
    expect(poolLiveCells([bout({ kind: 'tableau', round: 1, position: 0 })], 'p').size).toBe(0);
  });
});
