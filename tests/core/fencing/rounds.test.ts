import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { Cut } from '../../../core/fencing/cut';
import { composeSecondRound } from '../../../core/fencing/second-round';
import { firstRoundRanking, planSecondRound, rankingsByRound, seedsAfterSecondRound } from '../../../core/fencing/rounds';
import { DEFAULT_FORMAT, finalClassification, resolveTableau } from '../../../core/fencing/tableau';

type Entry = { name: string; seed?: number; from?: string };

/** A pool whose bouts are [winner, loser, winner's touches, loser's touches] by name. */
function pool(id: string, round: number, entries: Entry[], bouts: [string, string, number, number][]): PoolSnapshot {
  const idOf = (name: string) => `${id}-${name}`;
  return {
    id, practice_id: 'p', name: id, version: 1, created_at: round, round,
    players: entries.map((e, i) => ({ id: idOf(e.name), name: e.name, athlete_id: null, position: i + 1, status: null, ...(e.from ? { seed: e.seed, first_round_id: e.from } : {}) })),
    bouts: bouts.map(([w, l, sw, sl]) => {
      const [a, b] = [idOf(w), idOf(l)];
      return a < b
        ? { player1_id: a, player2_id: b, score1: sw, score2: sl, priority_id: null, updated_at: 0, version: 1 }
        : { player1_id: b, player2_id: a, score1: sl, score2: sw, priority_id: null, updated_at: 0, version: 1 };
    }),
  };
}

const NAMES = ['ANN', 'BOB', 'CAT', 'DAN', 'EVE'];
/** Round 1: one pool of five where the earlier name always wins 5–(gap), so it ranks ANN, BOB, CAT, DAN, EVE. */
const roundOne = pool('R1', 1, NAMES.map((name) => ({ name })), NAMES.flatMap((w, i) => NAMES.slice(i + 1).map((l, k) => [w, l, 5, Math.min(4, k + 1)] as [string, string, number, number])));
/** Round 2 of the top three, where CAT beats both and BOB beats ANN. */
const roundTwo = pool('R2', 2, [{ name: 'BOB', seed: 2, from: 'R1-BOB' }, { name: 'CAT', seed: 3, from: 'R1-CAT' }, { name: 'ANN', seed: 1, from: 'R1-ANN' }], [
  ['CAT', 'ANN', 5, 1], ['CAT', 'BOB', 5, 2], ['BOB', 'ANN', 5, 3],
]);

const standings = (cut: Cut) => {
  const pools = [roundOne, roundTwo];
  const saved = { seeding: null, matches: [], format: { ...DEFAULT_FORMAT, cut }, did_not_start: [] };
  return finalClassification(pools, resolveTableau(pools, saved), saved).map((s) => [s.place, s.name, s.stage]);
};

describe('rounds of pools (issue 28)', () => {
  it('composes round 2 from round 1 and writes each fencer with their seed and round-1 entry', () => {
    const composed = composeSecondRound(firstRoundRanking([roundOne]), { kind: 'top', value: 3 }, { pools: 1 });
    const [planned] = planSecondRound([roundOne], composed, () => 0.5);
    expect(planned!.name).toBe('Round 2 · Pool 1');
    expect([...planned!.members].sort((a, b) => a.seed - b.seed)).toEqual([
      { name: 'ANN', athleteId: null, seed: 1, firstRoundId: 'R1-ANN' },
      { name: 'BOB', athleteId: null, seed: 2, firstRoundId: 'R1-BOB' },
      { name: 'CAT', athleteId: null, seed: 3, firstRoundId: 'R1-CAT' },
    ]);
  });

  it("seeds the tableau from round 2's ranking alone, ties in round-2 seed order", () => {
    expect(seedsAfterSecondRound([roundOne, roundTwo]).map((s) => s.name)).toEqual(['CAT', 'BOB', 'ANN']);
    // Everyone 1–1, 5 scored and 5 received: equal on every index, so the round-2 seeds (1 ANN, 2 BOB, 3 CAT) decide.
    const circle = pool('R2', 2, [{ name: 'CAT', seed: 3, from: 'x3' }, { name: 'ANN', seed: 1, from: 'x1' }, { name: 'BOB', seed: 2, from: 'x2' }], [
      ['ANN', 'BOB', 5, 0], ['BOB', 'CAT', 5, 0], ['CAT', 'ANN', 5, 0],
    ]);
    expect(seedsAfterSecondRound([roundOne, circle]).map((s) => [s.seed, s.name])).toEqual([[1, 'ANN'], [2, 'BOB'], [3, 'CAT']]);
    expect(seedsAfterSecondRound([roundOne, roundTwo], { kind: 'top', value: 2 }).map((s) => s.name)).toEqual(['CAT', 'BOB']);
  });

  it('ranks those round 1 left out after everyone who fenced round 2 (o.82.5)', () => {
    expect(standings({ kind: 'all' })).toEqual([[4, 'DAN', 'eliminated after round 1'], [5, 'EVE', 'eliminated after round 1']]);
    expect(standings({ kind: 'top', value: 2 })).toEqual([
      [3, 'ANN', 'eliminated after pools'],
      [4, 'DAN', 'eliminated after round 1'],
      [5, 'EVE', 'eliminated after round 1'],
    ]);
  });

  it('shows round 2 on top with round 1 left out after it, then round 1 with who went on', () => {
    const [second, first] = rankingsByRound([roundOne, roundTwo], { kind: 'top', value: 2 });
    expect(second!.round).toBe(2);
    expect(second!.rows.map((r) => [r.rank, r.name, r.promoted, r.note])).toEqual([
      [1, 'CAT', true, null],
      [2, 'BOB', true, null],
      [3, 'ANN', false, 'eliminated after pools'],
      [4, 'DAN', false, 'eliminated after round 1'],
      [5, 'EVE', false, 'eliminated after round 1'],
    ]);
    expect(first!.rows.map((r) => [r.rank, r.name, r.promoted])).toEqual([[1, 'ANN', true], [2, 'BOB', true], [3, 'CAT', true], [4, 'DAN', false], [5, 'EVE', false]]);
    expect(rankingsByRound([roundOne]).map((r) => r.round)).toEqual([1]);
  });
});
