import { describe, expect, it } from 'vitest';
import {
  boutsOfAthlete, coachBouts, headToHead, indicatorByPractice, inRange, recordOf, rosterSummary, roundsReached,
  type PoolBoutRow, type TableauMatchRow,
} from '../../../core/fencing/history';
import { computeRatings, ELO_K, ELO_START, expectedScore } from '../../../core/fencing/rating';
import { readCsv } from '../../../core/interop/csv';
import { athleteBoutsCsv } from '../../../core/interop/exports';

describe('the Elo rating (K = 32, start 1500)', () => {
  it('expected score: 0.5 between equals, 1/(1+10^(d/400)) otherwise', () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(expectedScore(1600, 1400)).toBeCloseTo(0.759747, 6);
    expect(expectedScore(1400, 1600)).toBeCloseTo(0.240253, 6);
  });

  it('a win between equals moves each by K/2; then the loser’s win back is worth 17.4695', () => {
    const one = computeRatings([{ a: 'A', b: 'B', aWon: true, date: '2026-01-01', seq: 1 }]);
    expect(one.ratings.get('A')).toBe(ELO_START + ELO_K / 2);
    expect(one.ratings.get('B')).toBe(ELO_START - ELO_K / 2);
    // E_B = 1 / (1 + 10^((1516 − 1484) / 400)) = 0.4540781; B gains 32 · (1 − 0.4540781) = 17.4695.
    const two = computeRatings([
      { a: 'A', b: 'B', aWon: true, date: '2026-01-01', seq: 1 },
      { a: 'B', b: 'A', aWon: true, date: '2026-01-01', seq: 2 },
    ]);
    expect(two.ratings.get('B')).toBeCloseTo(1501.4695, 4);
    expect(two.ratings.get('A')).toBeCloseTo(1498.5305, 4);
    expect(two.history.get('A')!.map((p) => Math.round(p.rating * 100) / 100)).toEqual([1516, 1498.53]);
  });

  it('is zero-sum and symmetric: the same bout written from either side gives the same ratings', () => {
    const ab = computeRatings([{ a: 'A', b: 'B', aWon: true, date: '2026-01-01', seq: 1 }, { a: 'C', b: 'A', aWon: true, date: '2026-01-02', seq: 1 }]);
    const ba = computeRatings([{ a: 'B', b: 'A', aWon: false, date: '2026-01-01', seq: 1 }, { a: 'A', b: 'C', aWon: false, date: '2026-01-02', seq: 1 }]);
    for (const id of ['A', 'B', 'C']) expect(ab.ratings.get(id)).toBeCloseTo(ba.ratings.get(id)!, 10);
    expect([...ab.ratings.values()].reduce((s, r) => s + r, 0)).toBeCloseTo(3 * ELO_START, 10);
  });

  it('order matters, and bouts are replayed by date then seq whatever order they come in', () => {
    const late = { a: 'A', b: 'B', aWon: true, date: '2026-02-01', seq: 1 };
    const early = { a: 'B', b: 'A', aWon: true, date: '2026-01-01', seq: 1 };
    const inOrder = computeRatings([early, late]);
    expect(computeRatings([late, early]).ratings).toEqual(inOrder.ratings);
    // B won first, then A: A ends ahead (1501.47); the other way round B would.
    expect(inOrder.ratings.get('A')).toBeCloseTo(1501.4695, 4);
  });
});

const pool = (over: Partial<PoolBoutRow>): PoolBoutRow => ({
  date: '2026-11-10', practice_id: 'p1', practice: 'Tue', pool: 'Pool 1', updated_at: 1, player1_id: 'e1', player2_id: 'x', score1: 5, score2: 3,
  priority_id: null, name1: 'ANNA', name2: 'X', athlete1: 'anna', athlete2: null, status1: null, status2: null, ...over,
});
const match = (over: Partial<TableauMatchRow>): TableauMatchRow => ({
  date: '2026-11-10', practice_id: 'p1', practice: 'Tue', updated_at: 100, round: 1, position: 0, first_round: 2, player1_id: 'e1', player2_id: 'eb',
  player1_score: 15, player2_score: 12, winner_id: 'e1', name1: 'ANNA', name2: 'BEN', athlete1: 'anna', athlete2: 'ben', ...over,
});

describe("a fencer's history", () => {
  const bouts = coachBouts(
    [
      pool({}),
      pool({ player1_id: 'eb', player2_id: 'e1', name1: 'BEN', name2: 'ANNA', athlete1: 'ben', athlete2: 'anna', score1: 4, score2: 4, priority_id: 'eb', updated_at: 2 }),
      pool({ player2_id: 'z', name2: 'ZED', status2: 'withdrawn', updated_at: 3 }),
      pool({ date: '2026-11-17', practice_id: 'p2', practice: 'Next', player1_id: 'e2', player2_id: 'ec', name1: 'ANNA', name2: 'CLEO', athlete1: 'anna', athlete2: 'cleo', score1: 2, score2: 5 }),
    ],
    [
      match({}),
      match({ round: 2, position: 0, player2_id: 'ed', name2: 'DORA', athlete2: null, player1_score: 10, player2_score: 15, winner_id: 'ed', updated_at: 101 }),
      match({ date: '2026-11-17', practice_id: 'p2', practice: 'Next', round: 2, position: 1, first_round: 2, player1_id: 'e2', player2_id: 'ec', name2: 'CLEO', athlete2: 'cleo', player1_score: 15, player2_score: 9, winner_id: 'e2' }),
    ],
  );
  const anna = boutsOfAthlete('anna', bouts);

  it('counts pool and tableau bouts once each from the athlete’s side, priority honoured, annulled bouts out, newest first', () => {
    expect(anna.map((b) => [b.practice, b.phase, b.opponent, b.scored, b.received, b.victory])).toEqual([
      ['Next', 'Tableau: Bout for 3rd place', 'CLEO', 15, 9, true],
      ['Next', 'Pool 1', 'CLEO', 2, 5, false],
      ['Tue', 'Tableau: Final', 'DORA', 10, 15, false],
      ['Tue', 'Tableau: Semi-finals', 'BEN', 15, 12, true],
      ['Tue', 'Pool 1', 'BEN', 4, 4, false],
      ['Tue', 'Pool 1', 'X', 5, 3, true],
    ]);
    expect(readCsv(athleteBoutsCsv(anna))[1]).toEqual(['2026-11-17', 'Next', 'Tableau: Bout for 3rd place', 'CLEO', 'V', '15', '9', '']);
  });

  it('record: bouts, V, D, win share and touches per bout', () => {
    const r = recordOf(anna);
    expect(r).toMatchObject({ bouts: 6, victories: 3, defeats: 3, winRate: 0.5 });
    expect(r.scoredPerBout).toBeCloseTo(51 / 6, 10);
    expect(r.receivedPerBout).toBeCloseTo(48 / 6, 10);
    expect(recordOf([])).toEqual({ bouts: 0, victories: 0, defeats: 0, winRate: 0, scoredPerBout: 0, receivedPerBout: 0 });
  });

  it('indicator per practice from the pool bouts, oldest first', () => {
    expect(indicatorByPractice(anna).map((p) => [p.practice, p.bouts, p.indicator])).toEqual([['Tue', 2, 2], ['Next', 1, -3]]);
  });

  it('tableau rounds reached: the deepest main-table bout (a bout for places is not a round)', () => {
    expect(roundsReached(anna).map((r) => [r.practice, r.stage])).toEqual([['Tue', 'Finalist']]);
  });

  it('head-to-head against roster opponents only', () => {
    expect(headToHead(anna)).toEqual([
      { opponent_id: 'ben', bouts: 2, victories: 1, defeats: 1, scored: 19, received: 16 },
      { opponent_id: 'cleo', bouts: 2, victories: 1, defeats: 1, scored: 17, received: 14 },
    ]);
  });

  it('a date range applies to everything', () => {
    expect(recordOf(inRange(anna, '2026-11-15', null)).bouts).toBe(2);
    expect(recordOf(inRange(anna, null, '2026-11-10')).bouts).toBe(4);
    expect(recordOf(inRange(anna, '2026-11-11', '2026-11-16')).bouts).toBe(0);
  });

  it('the roster summary: bouts, wins, last practice, and a rating from roster-vs-roster bouts only', () => {
    const summary = rosterSummary(bouts);
    expect(summary.get('anna')).toMatchObject({ bouts: 6, victories: 3, last_practice: '2026-11-17' });
    expect(summary.get('ben')).toMatchObject({ bouts: 2, victories: 1, last_practice: '2026-11-10' });
    // Anna's rated bouts: v Ben (lost on priority, won the semi), v Cleo (lost the pool bout, won for 3rd).
    expect(summary.get('anna')!.rating).not.toBeNull();
    expect(summary.get('ben')!.rating! + summary.get('cleo')!.rating! + summary.get('anna')!.rating!).toBeCloseTo(3 * ELO_START, 10);
  });
});
