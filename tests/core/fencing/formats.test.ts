import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { TableauFormat } from '../../../core/contracts/tableau';
import { applyScore, buildBracket, scoreMatch, SHARED_PLACES, type Places } from '../../../core/fencing/bracket';
import { playOut as play, seeds } from '../../helpers/tableau';
import { cutTarget, promotedCount } from '../../../core/fencing/cut';
import { combinePoolResults } from '../../../core/fencing/pool-results';
import { divisionPreview } from '../../../core/fencing/pool-generation';
import { computePoolStats } from '../../../core/fencing/pool-stats';
import { DEFAULT_FORMAT, finalClassification, frozenMatches, poolBoutsRemaining, resolveTableau, seedsFromPools } from '../../../core/fencing/tableau';
import type { PlayerStatus } from '../../../core/fencing/withdrawal';

const playOut = (n: number, places: Places, upsets?: number[]) => play(n, places, upsets);
const placesOf = (n: number, places: Places, upsets?: number[]) => playOut(n, places, upsets).standings.map((s) => [s.name, s.place]);

const BRONZE: Places = { third_place: 'bout', places_5_8: false };
const TABLE_5_8: Places = { third_place: 'shared', places_5_8: true };
const BOTH: Places = { third_place: 'bout', places_5_8: true };

describe('places fenced out (o.82.2/3 and a 5–8 table)', () => {
  it('6 fencers, shared: 3 and 3, quarter-final losers 5 and 5', () => {
    expect(placesOf(6, SHARED_PLACES).map((p) => p[1])).toEqual([1, 2, 3, 3, 5, 5]);
  });

  it('6 fencers, bout for 3rd and places 5–8: 1 to 6, the 5–8 semi-finals are walkovers (byes in the first round)', () => {
    const { matches, standings } = playOut(6, BOTH);
    expect(standings.map((s) => [s.name, s.place])).toEqual([['F1', 1], ['F2', 2], ['F3', 3], ['F4', 4], ['F5', 5], ['F6', 6]]);
    // QF losers F5 (from 5 v 4) and F6 (from 3 v 6) each win a 5–8 semi-final nobody else can reach.
    const semis58 = matches.filter((m) => m.round === 2 && m.position >= 2);
    expect(semis58.map((m) => [m.winner_id, m.player1_score])).toEqual([['s5', null], ['s6', null]]);
    // Nobody can reach the bout for 7th.
    expect(matches.find((m) => m.round === 3 && m.position === 3)).toMatchObject({ player1_id: null, player2_id: null, winner_id: null });
  });

  it('13 fencers, both: 1 to 8 fenced out, first-round losers share 9', () => {
    expect(placesOf(13, BOTH)).toEqual([
      ['F1', 1], ['F2', 2], ['F3', 3], ['F4', 4], ['F5', 5], ['F6', 6], ['F7', 7], ['F8', 8],
      ['F9', 9], ['F10', 9], ['F11', 9], ['F12', 9], ['F13', 9],
    ]);
  });

  it('13 fencers with upsets: the bout for 3rd and the 5–8 table follow who actually lost', () => {
    // F8 beats F1 in the quarter-final and F3 in the final; F3 beats F2 in the semi-final.
    const standings = playOut(13, BOTH, [8, 3]).standings.map((s) => [s.name, s.place]);
    expect(standings.slice(0, 8)).toEqual([['F8', 1], ['F3', 2], ['F2', 3], ['F4', 4], ['F1', 5], ['F6', 6], ['F5', 7], ['F7', 8]]);
  });

  it('32 fencers: shared, a bout for 3rd, a 5–8 table', () => {
    const shared = placesOf(32, SHARED_PLACES).map((p) => p[1]);
    expect(shared).toEqual([1, 2, 3, 3, 5, 5, 5, 5, ...Array(8).fill(9), ...Array(16).fill(17)]);
    expect(placesOf(32, BRONZE).map((p) => p[1]).slice(0, 9)).toEqual([1, 2, 3, 4, 5, 5, 5, 5, 9]);
    expect(placesOf(32, TABLE_5_8).map((p) => p[1]).slice(0, 9)).toEqual([1, 2, 3, 3, 5, 6, 7, 8, 9]);
    expect(placesOf(32, BOTH).map((p) => p[1]).slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('3 fencers with a bout for 3rd: the only semi-final loser is 3rd by walkover', () => {
    expect(placesOf(3, BRONZE)).toEqual([['F1', 1], ['F2', 2], ['F3', 3]]);
  });

  it('re-scoring a semi-final with another winner clears the bout for 3rd and puts the new loser there', () => {
    let { matches } = playOut(8, BRONZE);
    // Semi-final 0 was F1 v F4 (F1 won); now F4 wins it.
    matches = applyScore(matches, { round: 2, position: 0, player1_score: 3, player2_score: 15 });
    const third = matches.find((m) => m.round === 3 && m.position === 1)!;
    expect([third.player1_id, third.player2_id, third.winner_id, third.player1_score]).toEqual(['s1', 's3', null, null]);
    expect(matches.find((m) => m.round === 3 && m.position === 0)).toMatchObject({ player1_id: 's4', winner_id: null });
  });

  it('a semi-final score is one write to the final and one to the bout for 3rd (the versioned write path)', () => {
    const start = buildBracket(seeds(4), BRONZE);
    const change = scoreMatch(start, { round: 1, position: 0, player1_score: 15, player2_score: 10 })!;
    expect(change.later.map((c) => [c.round, c.position, c.set])).toEqual([
      [2, 0, { player1_id: 's1' }],
      [2, 1, { player1_id: 's4' }],
    ]);
  });
});

describe('the cut after the pools (o.72, o.73.3: no barrage, ties at the line all go through)', () => {
  it('aims at the top N or the top P % (rounded up)', () => {
    expect(cutTarget({ kind: 'all' }, 12)).toBe(12);
    expect(cutTarget({ kind: 'top', value: 8 }, 12)).toBe(8);
    expect(cutTarget({ kind: 'top', value: 20 }, 12)).toBe(12);
    expect(cutTarget({ kind: 'percent', value: 50 }, 13)).toBe(7);
    expect(cutTarget({ kind: 'percent', value: 70 }, 10)).toBe(7);
  });

  it('lets everyone tied exactly at the line through', () => {
    expect(promotedCount([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { kind: 'top', value: 8 })).toBe(8);
    expect(promotedCount([1, 2, 3, 4, 5, 6, 7, 7, 7, 10], { kind: 'top', value: 8 })).toBe(9);
    expect(promotedCount([1, 2, 3, 4, 5, 6, 7, 8, 8, 10], { kind: 'top', value: 8 })).toBe(9);
    expect(promotedCount([1, 1, 1, 1], { kind: 'top', value: 2 })).toBe(4);
  });
});

/** A pool whose fencers' names are letters; bouts as [a, b, score a, score b] by index. */
const pool = (id: string, names: string[], bouts: [number, number, number, number][], status: Record<string, PlayerStatus> = {}): PoolSnapshot => ({
  id, practice_id: 'p', name: id, version: 1, created_at: 0,
  players: names.map((name, i) => ({ id: name, name, athlete_id: null, position: i + 1, status: status[name] ?? null })),
  bouts: bouts.map(([a, b, s1, s2]) => {
    const [x, y] = names[a]! < names[b]! ? [a, b] : [b, a];
    const [sx, sy] = x === a ? [s1, s2] : [s2, s1];
    return { player1_id: names[x]!, player2_id: names[y]!, score1: sx, score2: sy, priority_id: null, updated_at: 0, version: 1 };
  }),
});

describe('withdrawal and exclusion (o.74)', () => {
  // A beat B 5-1 and C 5-2; B beat C 5-4; D lost to A 0-5, beat B 5-3, lost to C 4-5.
  const bouts: [number, number, number, number][] = [[0, 1, 5, 1], [0, 2, 5, 2], [1, 2, 5, 4], [3, 0, 0, 5], [3, 1, 5, 3], [3, 2, 4, 5]];
  const names = ['A', 'B', 'C', 'D'];

  it("annuls the fencer's bouts for everyone: the others' V/M and indicator change", () => {
    const before = computePoolStats(pool('P', names, bouts).players, pool('P', names, bouts).bouts);
    expect(before.map((s) => [s.name, s.victories, s.defeats, s.indicator])).toEqual([['A', 3, 0, 12], ['B', 1, 2, -5], ['C', 1, 2, -3], ['D', 1, 2, -4]]);
    const p = pool('P', names, bouts, { D: 'withdrawn' });
    const after = computePoolStats(p.players, p.bouts);
    // Without D's three bouts: A 2-0 (+7), B 1-1 (-3), C 0-2 (-4), D nothing: C loses the victory it had over D.
    expect(after.map((s) => [s.name, s.victories, s.defeats, s.indicator])).toEqual([['A', 2, 0, 7], ['B', 1, 1, -3], ['C', 0, 2, -4], ['D', 0, 0, 0]]);
  });

  it('ranks a withdrawn fencer after everyone who completed the pools, and an excluded one not at all', () => {
    const results = combinePoolResults([pool('P', ['A', 'B', 'C', 'D', 'E'], [[0, 1, 5, 0]], { D: 'withdrawn', E: 'excluded' })]);
    expect(results.map((r) => [r.name, r.rank, r.status, r.promoted])).toEqual([
      ['A', 1, null, true], ['C', 2, null, true], ['B', 3, null, true], ['D', 4, 'withdrawn', false], ['E', null, 'excluded', false],
    ]);
  });

  it("a scratched fencer's unfenced bouts are no longer to fence, and they never reach the tableau", () => {
    const p = pool('P', names, [[0, 1, 5, 1], [0, 2, 5, 2], [1, 2, 5, 4]], { D: 'excluded' });
    expect(poolBoutsRemaining([p])).toBe(0);
    expect(seedsFromPools([p]).map((s) => s.name)).toEqual(['A', 'B', 'C']);
  });
});

describe('the final classification (o.82, o.74)', () => {
  // Twelve fencers in one pool; ranks follow the letter order (A wins everything, B everything but A, …).
  const letters = 'ABCDEFGHIJKL'.split('');
  const everyBout: [number, number, number, number][] = [];
  for (let i = 0; i < letters.length; i++) for (let j = i + 1; j < letters.length; j++) everyBout.push([i, j, 5, j - i > 4 ? 0 : 5 - (j - i)]);
  const format: TableauFormat = { cut: { kind: 'top', value: 6 }, third_place: 'bout', places_5_8: false };

  it('tableau places, then eliminated after pools by pool rank, then Did Not Finish, Excluded and Did Not Start', () => {
    const pools = [pool('P', letters, everyBout, { K: 'withdrawn', L: 'excluded' })];
    const seeding = seedsFromPools(pools, format.cut);
    expect(seeding.map((s) => s.name)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    let matches = buildBracket(seeding, format);
    for (let round = 1; round <= 3; round++) {
      for (const m of matches.filter((x) => x.round === round)) {
        const cur = matches.find((x) => x.id === m.id)!;
        if (!cur.player1_id || !cur.player2_id || cur.winner_id) continue;
        const p1wins = cur.player1_id < cur.player2_id;
        matches = applyScore(matches, { round, position: cur.position, player1_score: p1wins ? 15 : 2, player2_score: p1wins ? 2 : 15 });
      }
    }
    const saved = { seeding, matches, format, did_not_start: ['ZOE'] };
    // A frozen tableau is its seeding and saved matches: the pools change nothing of it (issue 59).
    expect(frozenMatches(saved)).toEqual(resolveTableau(pools, saved).matches);
    expect(frozenMatches(saved)).toEqual(resolveTableau([], saved).matches);
    const standings = finalClassification(pools, resolveTableau(pools, saved), saved);
    expect(standings.map((s) => [s.name, s.place, s.stage])).toEqual([
      ['A', 1, 'Champion'], ['B', 2, 'Finalist'], ['C', 3, 'Bout for 3rd place'], ['D', 4, 'Bout for 3rd place'],
      ['E', 5, 'Quarter-Finalist'], ['F', 5, 'Quarter-Finalist'],
      ['G', 7, 'eliminated after pools'], ['H', 8, 'eliminated after pools'], ['I', 9, 'eliminated after pools'], ['J', 10, 'eliminated after pools'],
      ['K', 11, 'Did Not Finish'], ['L', null, 'Excluded'], ['ZOE', null, 'Did Not Start'],
    ]);
  });

  it('fencers of a pool added once the tableau was drawn are placed after it in ranking order, never past the field', () => {
    // The tableau of A–F is drawn from pool P; then pool Q (X, Y, Z) is added and X wins its first bout. X's
    // ratio ranks it among the tableau's fencers (2nd); Z, with no bout yet, ranks above Y and J, who lost theirs.
    const drawn = pool('P', letters.slice(0, 10), everyBout.filter(([a, b]) => a < 10 && b < 10));
    const seeding = seedsFromPools([drawn], format.cut);
    const saved = { seeding, matches: buildBracket(seeding, format), format, did_not_start: [] };
    const pools = [drawn, pool('Q', ['X', 'Y', 'Z'], [[0, 1, 5, 0]])];
    const ranked = combinePoolResults(pools, format.cut);
    expect(ranked.find((r) => r.name === 'X')!.rank).toBe(2);
    const out = finalClassification(pools, resolveTableau(pools, saved), saved).filter((s) => s.stage === 'eliminated after pools');
    expect(out.map((s) => [s.name, s.place])).toEqual([['X', 7], ['G', 8], ['H', 9], ['I', 10], ['Z', 11], ['Y', 12], ['J', 13]]);
    expect(ranked.map((r) => r.rank).slice(-3)).toEqual([11, 12, 13]);
  });

  it('is empty until the tableau is drawn', () => {
    const pools = [pool('P', letters, [])];
    const saved = { seeding: null, matches: [], format: DEFAULT_FORMAT, did_not_start: [] };
    expect(finalClassification(pools, resolveTableau(pools, saved), saved)).toEqual([]);
  });
});

describe('pool sizes before generating', () => {
  it('shows the sizes and bouts a division gives: 17 fencers in 3 pools → 6, 6, 5', () => {
    expect(divisionPreview(17, 3)).toEqual({ sizes: [6, 6, 5], bouts: [15, 15, 10] });
    expect(divisionPreview(10, null)).toEqual({ sizes: [10], bouts: [45] });
    expect(divisionPreview(7, 2)).toEqual({ sizes: [4, 3], bouts: [6, 3] });
    expect(divisionPreview(3, 5)).toEqual({ sizes: [1, 1, 1], bouts: [0, 0, 0] });
    expect(divisionPreview(0, 2)).toEqual({ sizes: [], bouts: [] });
  });
});
