import { describe, expect, it } from 'vitest';
import {
  applyScore, bracketMaxScore, bracketSize, buildBracket, changedMatches, mergeSaved, roundTitle, scoreMatch, seedingOrder, type BracketMatch, type Seed,
} from '../../../core/fencing/bracket';

const seeds = (n: number): Seed[] => Array.from({ length: n }, (_, i) => ({ id: `s${i + 1}`, name: `F${i + 1}`, seed: i + 1 }));
const pairs = (size: number) => {
  const o = seedingOrder(size);
  return Array.from({ length: size / 2 }, (_, i) => `${o[2 * i]}-${o[2 * i + 1]}`);
};
const at = (b: BracketMatch[], round: number, position: number) => b.find((m) => m.round === round && m.position === position)!;

describe('tableau placement (FENCING.md)', () => {
  it('matches the tables for 4, 8, 16 and 32', () => {
    expect(pairs(4)).toEqual(['1-4', '3-2']);
    expect(pairs(8)).toEqual(['1-8', '5-4', '3-6', '7-2']);
    expect(pairs(16)).toEqual(['1-16', '9-8', '5-12', '13-4', '3-14', '11-6', '7-10', '15-2']);
    expect(pairs(32)).toEqual([
      '1-32', '17-16', '9-24', '25-8', '5-28', '21-12', '13-20', '29-4', '3-30', '19-14', '11-22', '27-6', '7-26', '23-10', '15-18', '31-2',
    ]);
  });

  it('a table of 64 begins 1-64, 33-32, 17-48, 49-16, 9-56, 41-24, 25-40, 57-8 and ends 31-34, 63-2', () => {
    const p = pairs(64);
    expect(p.slice(0, 8)).toEqual(['1-64', '33-32', '17-48', '49-16', '9-56', '41-24', '25-40', '57-8']);
    expect(p.slice(-2)).toEqual(['31-34', '63-2']);
  });

  for (const size of [4, 8, 16, 32, 64, 128]) {
    it(`a table of ${size} pairs s with ${size}+1−s, holds every seed once and keeps 1 and 2 apart until the final`, () => {
      const o = seedingOrder(size);
      expect([...o].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
      for (let i = 0; i < size; i += 2) expect(o[i]! + o[i + 1]!).toBe(size + 1);
      expect(o.indexOf(1) < size / 2).not.toBe(o.indexOf(2) < size / 2);
      // Seeds 1–4 sit in four different quarters.
      if (size >= 8) expect(new Set([1, 2, 3, 4].map((s) => Math.floor(o.indexOf(s) / (size / 4)))).size).toBe(4);
    });
  }

  it('sizes are the next power of two', () => {
    expect([2, 3, 5, 8, 9, 33].map(bracketSize)).toEqual([2, 4, 8, 8, 16, 64]);
  });
});

describe('byes', () => {
  for (const [n, byes] of [[5, 3], [6, 2], [7, 1], [9, 7], [33, 31]] as const) {
    it(`${n} fencers get ${byes} byes, won by the top seeds and already advanced`, () => {
      const b = buildBracket(seeds(n));
      const first = b.filter((m) => m.round === 1);
      const byeMatches = first.filter((m) => !m.player1_id || !m.player2_id);
      expect(byeMatches).toHaveLength(byes);
      const byeWinners = byeMatches.map((m) => Number(m.winner_id!.slice(1))).sort((a, c) => a - c);
      expect(byeWinners).toEqual(Array.from({ length: byes }, (_, i) => i + 1));
      for (const m of byeMatches) {
        const next = at(b, 2, Math.floor(m.position / 2));
        expect(m.position % 2 === 0 ? next.player1_id : next.player2_id).toBe(m.winner_id);
        expect(m.player1_score).toBeNull();
      }
      expect(first.filter((m) => m.player1_id && m.player2_id).every((m) => m.winner_id === null)).toBe(true);
    });
  }

  it('six fencers make a tableau of 8 whose first round is 1-bye, 5-4, 3-6, bye-2', () => {
    const first = buildBracket(seeds(6)).filter((m) => m.round === 1);
    expect(first.map((m) => [m.player1_id, m.player2_id])).toEqual([['s1', null], ['s5', 's4'], ['s3', 's6'], [null, 's2']]);
  });
});

describe('entering scores (SPEC §4)', () => {
  it('the higher score wins and moves on: even positions to player1, odd to player2', () => {
    let b = buildBracket(seeds(8));
    b = applyScore(b, { round: 1, position: 1, player1_score: 15, player2_score: 9 }); // 5 beats 4
    expect(at(b, 1, 1).winner_id).toBe('s5');
    expect(at(b, 2, 0).player2_id).toBe('s5');
    b = applyScore(b, { round: 1, position: 2, player1_score: 10, player2_score: 15 }); // 6 beats 3
    expect(at(b, 2, 1).player1_id).toBe('s6');
  });

  it('a tie has no winner, unless priority names one', () => {
    let b = buildBracket(seeds(8));
    b = applyScore(b, { round: 1, position: 0, player1_score: 14, player2_score: 14 });
    expect(at(b, 1, 0)).toMatchObject({ winner_id: null, player1_score: 14, player2_score: 14 });
    expect(at(b, 2, 0).player1_id).toBeNull();
    b = applyScore(b, { round: 1, position: 0, player1_score: 14, player2_score: 14, priority_id: 's8' });
    expect(at(b, 1, 0).winner_id).toBe('s8');
    expect(at(b, 2, 0).player1_id).toBe('s8');
  });

  it('ignores negative, fractional scores and matches without both fencers', () => {
    const b = buildBracket(seeds(8));
    expect(applyScore(b, { round: 1, position: 0, player1_score: -1, player2_score: 5 })).toBe(b);
    expect(applyScore(b, { round: 1, position: 0, player1_score: 1.5, player2_score: 5 })).toBe(b);
    expect(applyScore(b, { round: 2, position: 0, player1_score: 15, player2_score: 5 })).toBe(b);
  });

  it('a changed winner clears every later slot it had reached, and the next match’s scores', () => {
    let b = buildBracket(seeds(8));
    const play = (round: number, position: number, s1: number, s2: number) => {
      b = applyScore(b, { round, position, player1_score: s1, player2_score: s2 });
    };
    play(1, 0, 15, 1); // 1
    play(1, 1, 15, 2); // 5
    play(1, 2, 15, 3); // 3
    play(1, 3, 4, 15); // 2
    play(2, 0, 15, 10); // 1 beats 5
    play(2, 1, 8, 15); // 2 beats 3
    play(3, 0, 15, 14); // 1 champion
    expect(at(b, 3, 0).winner_id).toBe('s1');

    // Seed 8 actually beat seed 1 in the first round.
    play(1, 0, 3, 15);
    expect(at(b, 2, 0)).toMatchObject({ player1_id: 's8', player2_id: 's5', winner_id: null, player1_score: null, player2_score: null });
    expect(at(b, 3, 0)).toMatchObject({ player1_id: null, player2_id: 's2', winner_id: null, player1_score: null });
    expect(at(b, 2, 1).winner_id).toBe('s2');

    // A tie in the semi-final clears the slot its earlier winner had filled.
    play(2, 1, 12, 12);
    expect(at(b, 3, 0).player2_id).toBeNull();
  });

  it('reports exactly the matches a save must write', () => {
    const before = buildBracket(seeds(8));
    const after = applyScore(before, { round: 1, position: 3, player1_score: 2, player2_score: 15 });
    expect(changedMatches(before, after).map((m) => m.id)).toEqual(['r1-m3', 'r2-m1']);
  });

  it('saved matches override the generated ones', () => {
    const generated = buildBracket(seeds(4));
    const merged = mergeSaved(generated, [{ round: 1, position: 0, player1_id: 's1', player2_id: 's4', player1_score: 15, player2_score: 3, winner_id: 's1', version: 4 }]);
    expect(at(merged, 1, 0)!.version).toBe(4);
    expect(at(generated, 1, 1)!.version).toBe(0);
    expect(at(merged, 1, 0)).toMatchObject({ id: 'r1-m0', winner_id: 's1', player1_score: 15 });
    expect(at(merged, 1, 1)).toEqual(at(generated, 1, 1));
  });
});

describe('what a score writes (versions belong to the match)', () => {
  it('a first-round score sets its result and fills only its own slot of the next match', () => {
    const before = buildBracket(seeds(8));
    const change = scoreMatch(before, { round: 1, position: 1, player1_score: 15, player2_score: 9 })!;
    expect(change.target).toMatchObject({ round: 1, position: 1, set: { player1_score: 15, player2_score: 9, winner_id: at(before, 1, 1)!.player1_id } });
    // Seeds 5 v 4 feed the semi-final's second slot; the first slot (fed by 1 v 8) is neither set nor expected.
    expect(change.later).toEqual([
      { round: 2, position: 0, set: { player2_id: at(before, 1, 1)!.player1_id }, expect: { player1_score: null, player2_score: null, winner_id: null, player2_id: null } },
    ]);
    expect(at(change.matches, 1, 1)!.version).toBe(1);
    expect(at(change.matches, 2, 0)!.version).toBe(1);
    expect(at(change.matches, 1, 0)!.version).toBe(0);
  });

  it('changing a decided winner clears every later match it reached, each expecting what it held', () => {
    let m = buildBracket(seeds(4));
    for (const e of [
      { round: 1, position: 0, player1_score: 15, player2_score: 3 },
      { round: 1, position: 1, player1_score: 15, player2_score: 3 },
      { round: 2, position: 0, player1_score: 15, player2_score: 10 },
    ]) m = scoreMatch(m, e)!.matches;
    const change = scoreMatch(m, { round: 1, position: 0, player1_score: 2, player2_score: 15 })!;
    expect(change.later).toEqual([
      { round: 2, position: 0, set: { player1_id: 's4', player1_score: null, player2_score: null, winner_id: null }, expect: { player1_score: 15, player2_score: 10, winner_id: 's1', player1_id: 's1' } },
    ]);
    expect(at(change.matches, 2, 0)).toMatchObject({ player1_id: 's4', player2_id: 's3', winner_id: null, version: 4 });
  });

  it('a match without both fencers takes no score', () => {
    const before = buildBracket(seeds(4));
    expect(scoreMatch(before, { round: 2, position: 0, player1_score: 15, player2_score: 3 })).toBeNull();
  });
});

describe('labels and limits', () => {
  it('titles rounds Final, Semi-finals, Quarter-finals or Round n', () => {
    expect([1, 2, 3, 4, 5].map((r) => roundTitle(r, 5))).toEqual(['Round 1', 'Round 2', 'Quarter-finals', 'Semi-finals', 'Final']);
  });
  it('bracket bouts go to 15, or 45 in a team practice', () => {
    expect(bracketMaxScore('individual')).toBe(15);
    expect(bracketMaxScore('team')).toBe(45);
  });
});
