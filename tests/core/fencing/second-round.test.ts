import { describe, expect, it } from 'vitest';
import { seeded } from '../../helpers/random';
import { CUT_ALL, type Cut } from '../../../core/fencing/cut';
import { balancedSizes } from '../../../core/fencing/pool-generation';
import {
  composeSecondRound, MAX_RANKING, MAX_ROUND_POOL_SIZE, MAX_ROUND_POOLS, maxRoundPools, maxRoundPoolsFor, MIN_ROUND_POOL_SIZE, roundPoolCount, SecondRoundError,
  tableauSeedsAfterSecondRound, type PoolShape, type RankedFencer, type SecondRound, type SeededFencer,
} from '../../../core/fencing/second-round';

/** A first-round ranking of n fencers ranked 1..n, ids f1..fn, with optional clubs by rank. */
function ranking(n: number, clubs: Record<number, string> = {}): RankedFencer[] {
  return Array.from({ length: n }, (_, i) => ({ id: `f${i + 1}`, name: `F${i + 1}`, club: clubs[i + 1] ?? null, rank: i + 1, status: null }));
}

const seedsOf = (round: SecondRound) => round.pools.map((p) => p.members.map((m) => m.seed));
const top = (value: number): Cut => ({ kind: 'top', value });

describe('the cut between rounds (o.72, o.73.3)', () => {
  it('24 fencers, top 18 in 3 pools of 6: the serpentine of o.68 gives 1 6 7 12 13 18 / 2 5 8 11 14 17 / 3 4 9 10 15 16', () => {
    const round = composeSecondRound(ranking(24), top(18), { pools: 3 });
    expect(round.pools.map((p) => p.name)).toEqual(['Pool 1', 'Pool 2', 'Pool 3']);
    expect(seedsOf(round)).toEqual([
      [1, 6, 7, 12, 13, 18],
      [2, 5, 8, 11, 14, 17],
      [3, 4, 9, 10, 15, 16],
    ]);
    // Without a tie the second-round seed is the first-round rank.
    expect(round.promoted.map((f) => f.rank)).toEqual(round.promoted.map((f) => f.seed));
    expect(round.eliminated.map((f) => f.id)).toEqual(['f19', 'f20', 'f21', 'f22', 'f23', 'f24']);
    expect(round.clubClashes).toBe(0);
  });

  it('a percentage cut of 75 % of 24 promotes the same 18, and a largest size of 6 or 7 makes the same 3 pools', () => {
    const expected = seedsOf(composeSecondRound(ranking(24), top(18), { pools: 3 }));
    expect(seedsOf(composeSecondRound(ranking(24), { kind: 'percent', value: 75 }, { pools: 3 }))).toEqual(expected);
    expect(seedsOf(composeSecondRound(ranking(24), top(18), { poolSize: 6 }))).toEqual(expected);
    expect(seedsOf(composeSecondRound(ranking(24), top(18), { poolSize: 7 }))).toEqual(expected);
  });

  it('three fencers tied at 18th all go through: 20 promoted in pools of 7, 7, 6', () => {
    const rows = ranking(24).map((r) => ({ ...r, rank: r.rank! >= 18 && r.rank! <= 20 ? 18 : r.rank }));
    const round = composeSecondRound(rows, top(18), { pools: 3 });
    expect(round.promoted).toHaveLength(20);
    expect(round.promoted.slice(17).map((f) => [f.id, f.rank, f.seed])).toEqual([['f18', 18, 18], ['f19', 18, 19], ['f20', 18, 20]]);
    expect(seedsOf(round)).toEqual([
      [1, 6, 7, 12, 13, 18, 19],
      [2, 5, 8, 11, 14, 17, 20],
      [3, 4, 9, 10, 15, 16],
    ]);
    expect(round.eliminated.map((f) => f.rank)).toEqual([21, 22, 23, 24]);
  });

  it('the withdrawn and the excluded are never promoted, even with no cut; the seeds close up', () => {
    const rows: RankedFencer[] = [
      ...ranking(24).filter((r) => r.id !== 'f5' && r.id !== 'f10').map((r, i) => ({ ...r, rank: i + 1 })),
      { id: 'f5', name: 'F5', club: null, rank: 23, status: 'withdrawn' },
      { id: 'f10', name: 'F10', club: null, rank: null, status: 'excluded' },
    ];
    const round = composeSecondRound(rows, CUT_ALL, { pools: 3 });
    const ids = round.pools.flatMap((p) => p.members.map((m) => m.id));
    expect(ids).toHaveLength(22);
    expect(ids).not.toContain('f5');
    expect(ids).not.toContain('f10');
    expect(round.promoted.slice(3, 6).map((f) => [f.id, f.seed])).toEqual([['f4', 4], ['f6', 5], ['f7', 6]]);
    expect(round.eliminated).toEqual([]);
  });

  it('rows in any order are put in rank order, fencers of equal rank keeping theirs', () => {
    const rows = ranking(6).map((r) => ({ ...r, rank: r.rank === 3 ? 2 : r.rank })).reverse();
    expect(composeSecondRound(rows, CUT_ALL, { pools: 1 }).promoted.map((f) => f.id)).toEqual(['f1', 'f3', 'f2', 'f4', 'f5', 'f6']);
  });
});

describe('club mates apart within a band (o.68.2)', () => {
  it('seed 5 joins seed 2 of its club in pool 2: it moves one place down, swapping with seed 6 of pool 1', () => {
    const round = composeSecondRound(ranking(24, { 2: 'Rapier', 5: 'Rapier' }), top(18), { pools: 3 });
    expect(seedsOf(round)).toEqual([
      [1, 5, 7, 12, 13, 18],
      [2, 6, 8, 11, 14, 17],
      [3, 4, 9, 10, 15, 16],
    ]);
    expect(round.clubClashes).toBe(0);
  });

  it('the last of a band swaps with the nearest above, skipping a band mate of the same club', () => {
    // Seed 6 (pool 1) meets seed 1 of its club; nobody is below it in its band; seed 5 is a club mate too; seed 4 it is.
    const round = composeSecondRound(ranking(18, { 1: 'Epee Club', 5: 'Epee Club', 6: 'Epee Club' }), CUT_ALL, { pools: 3 });
    expect(seedsOf(round)).toEqual([
      [1, 4, 7, 12, 13, 18],
      [2, 5, 8, 11, 14, 17],
      [3, 6, 9, 10, 15, 16],
    ]);
    expect(round.clubClashes).toBe(0);
  });

  it('a swap that would bring a club mate into the other pool is not taken: the next band mate down is', () => {
    // 4 pools: 1 8 9 16 / 2 7 10 15 / 3 6 11 14 / 4 5 12 13. Seed 5 meets seed 4 (pool 4); seed 6 sits in pool 3
    // with seed 3 of the same club, so seed 5 swaps with seed 7 of pool 2.
    const round = composeSecondRound(ranking(16, { 3: 'K', 4: 'K', 5: 'K' }), CUT_ALL, { pools: 4 });
    expect(seedsOf(round)).toEqual([
      [1, 8, 9, 16],
      [2, 5, 10, 15],
      [3, 6, 11, 14],
      [4, 7, 12, 13],
    ]);
    expect(round.clubClashes).toBe(0);
  });

  it('when no band mate can take the place the fencer stays, and the clash is counted', () => {
    const round = composeSecondRound(ranking(12, { 1: 'X', 2: 'X', 3: 'X', 4: 'X' }), CUT_ALL, { pools: 3 });
    expect(seedsOf(round)).toEqual([[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]);
    expect(round.clubClashes).toBe(1);
    const oneClub = composeSecondRound(ranking(18, Object.fromEntries(Array.from({ length: 18 }, (_, i) => [i + 1, 'Solo']))), CUT_ALL, { pools: 3 });
    expect(seedsOf(oneClub)[0]).toEqual([1, 6, 7, 12, 13, 18]);
    expect(oneClub.clubClashes).toBe(15);
  });

  it('over many draws: everyone once, sizes balanced, one fencer of each band per pool, no more clashes than the plain serpentine', () => {
    for (let s = 1; s <= 300; s++) {
      const random = seeded(s);
      const n = 6 + Math.floor(random() * 80);
      const pools = 1 + Math.floor(random() * Math.min(12, Math.floor(n / MIN_ROUND_POOL_SIZE)));
      if (Math.ceil(n / pools) > MAX_ROUND_POOL_SIZE) continue;
      const clubs = Object.fromEntries(Array.from({ length: n }, (_, i) => [i + 1, random() < 0.3 ? '' : `C${Math.floor(random() * 4)}`]).filter(([, c]) => c !== ''));
      const round = composeSecondRound(ranking(n, clubs), CUT_ALL, { pools });
      const plain = composeSecondRound(ranking(n), CUT_ALL, { pools });
      const sizes = round.pools.map((p) => p.members.length);
      expect([...sizes].sort((a, b) => b - a)).toEqual(balancedSizes(n, pools));
      expect(round.pools.flatMap((p) => p.members.map((m) => m.seed)).sort((a, b) => a - b)).toEqual(round.promoted.map((f) => f.seed));
      round.pools.forEach((p, i) => {
        const bands = p.members.map((m) => Math.floor((m.seed - 1) / pools));
        expect(bands).toEqual(plain.pools[i]!.members.map((m) => Math.floor((m.seed - 1) / pools)));
      });
      const clashesOf = (members: SeededFencer[]) => members.filter((m, k) => m.club !== null && members.findIndex((o) => o.club === m.club) < k).length;
      const plainClashes = plain.pools.map((p) => p.members.map((m) => ({ ...m, club: clubs[m.seed] ?? null }))).reduce((sum, m) => sum + clashesOf(m), 0);
      expect(round.clubClashes).toBe(round.pools.reduce((sum, p) => sum + clashesOf(p.members), 0));
      expect(round.clubClashes).toBeLessThanOrEqual(plainClashes);
    }
  });
});

describe('pool count and bounds', () => {
  it('a largest pool size gives the fewest pools that fit: 18 by 7 → 3, 20 by 7 → 3, 20 by 6 → 4', () => {
    expect(roundPoolCount(18, { poolSize: 7 })).toBe(3);
    expect(roundPoolCount(20, { poolSize: 7 })).toBe(3);
    expect(roundPoolCount(20, { poolSize: 6 })).toBe(4);
    expect(roundPoolCount(4, { poolSize: 7 })).toBe(1);
    expect(roundPoolCount(20, { pools: 5 })).toBe(5);
  });

  it('the most pools a round makes (issue 33): as many as the promoted fill at 3, at least one, at most 256', () => {
    expect([18, 17, 5, 3, 2, 0, 512, 768, 1000].map(maxRoundPoolsFor)).toEqual([6, 5, 1, 1, 1, 1, 170, 256, 256]);
    // The server takes exactly that many and refuses one more.
    for (const n of [18, 17, 9, 512]) {
      expect(composeSecondRound(ranking(n), CUT_ALL, { pools: maxRoundPoolsFor(n) }).pools).toHaveLength(maxRoundPoolsFor(n));
      expect(() => composeSecondRound(ranking(n), CUT_ALL, { pools: maxRoundPoolsFor(n) + 1 })).toThrow(SecondRoundError);
    }
  });

  it('the most pools after a cut: the top 8 of 24 fill 2, ties at the line count, a withdrawn fencer does not', () => {
    expect(maxRoundPools(ranking(24), CUT_ALL)).toBe(8);
    expect(maxRoundPools(ranking(24), top(8))).toBe(2);
    expect(maxRoundPools(ranking(24), { kind: 'percent', value: 50 })).toBe(4);
    // Places 8 and 9 tied: both go through, 9 fill 3 pools.
    const tied = ranking(24).map((r) => (r.rank === 9 ? { ...r, rank: 8 } : r));
    expect(maxRoundPools(tied, top(8))).toBe(3);
    const withdrawn = ranking(9).map((r, i) => (i === 0 ? { ...r, rank: null, status: 'withdrawn' as const } : r));
    expect(maxRoundPools(withdrawn, CUT_ALL)).toBe(2);
    // A cut the server refuses (top 1) bounds nothing more than the classified fencers do.
    expect(maxRoundPools(ranking(24), top(1))).toBe(8);
  });

  it('a single pool is allowed: the top 8 in one pool', () => {
    const round = composeSecondRound(ranking(24), top(8), { pools: 1 });
    expect(seedsOf(round)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8]]);
  });

  const bad: [string, () => unknown][] = [
    ['no pools', () => composeSecondRound(ranking(24), top(18), { pools: 0 })],
    ['a fractional pool count', () => composeSecondRound(ranking(24), top(18), { pools: 2.5 })],
    ['too many pools', () => roundPoolCount(1000, { pools: MAX_ROUND_POOLS + 1 })],
    ['a pool size of 2', () => composeSecondRound(ranking(24), top(18), { poolSize: 2 })],
    ['a pool size over the largest', () => roundPoolCount(100, { poolSize: MAX_ROUND_POOL_SIZE + 1 })],
    ['18 in 7 pools (some of 2)', () => composeSecondRound(ranking(24), top(18), { pools: 7 })],
    ['30 in one pool', () => composeSecondRound(ranking(30), CUT_ALL, { pools: 1 })],
    ['nobody promoted', () => composeSecondRound([], CUT_ALL, { pools: 1 })],
    ['a top cut of 1', () => composeSecondRound(ranking(24), top(1), { pools: 1 })],
    ['a cut of 0 %', () => composeSecondRound(ranking(24), { kind: 'percent', value: 0 }, { pools: 3 })],
    ['a cut of 150 %', () => composeSecondRound(ranking(24), { kind: 'percent', value: 150 }, { pools: 3 })],
    ['an unknown cut', () => composeSecondRound(ranking(24), { kind: 'half' } as unknown as Cut, { pools: 3 })],
    ['a ranking too long', () => composeSecondRound(ranking(MAX_RANKING + 1), top(18), { pools: 3 })],
    ['a fencer twice', () => composeSecondRound([...ranking(6), ranking(6)[0]!], CUT_ALL, { pools: 2 })],
    ['a rank of 0', () => composeSecondRound(ranking(6).map((r) => ({ ...r, rank: r.rank! - 1 })), CUT_ALL, { pools: 2 })],
    ['a classified fencer without a rank', () => composeSecondRound([...ranking(6), { ...ranking(7)[6]!, rank: null }], CUT_ALL, { pools: 2 })],
    ['an unknown status', () => composeSecondRound([...ranking(6), { ...ranking(7)[6]!, status: 'gone' as 'excluded' }], CUT_ALL, { pools: 2 })],
    ['a row that is not a fencer', () => composeSecondRound([...ranking(6), null as unknown as RankedFencer], CUT_ALL, { pools: 2 })],
    ['a club that is not a name', () => composeSecondRound(ranking(6).map((r) => ({ ...r, club: 7 as unknown as string })), CUT_ALL, { pools: 2 })],
    ['not a ranking at all', () => composeSecondRound('x' as unknown as RankedFencer[], CUT_ALL, { pools: 2 })],
  ];
  for (const [what, run] of bad) {
    it(`refuses ${what} with a SecondRoundError`, () => {
      expect(run).toThrow(SecondRoundError);
    });
  }

  it('the message says what is wrong', () => {
    expect(() => composeSecondRound(ranking(24), top(18), { pools: 7 })).toThrow('18 promoted fencers cannot fill 7 pool(s) of at least 3');
    expect(() => composeSecondRound(ranking(24), top(18), { poolSize: 2 } satisfies PoolShape)).toThrow('The pool size is a whole number from 3 to 20');
  });
});

describe('the tableau after two rounds: the last round ranks, the first only breaks ties', () => {
  // Second-round seeds: Bauer 1, Zed 2, Costa 3, Weber 4, Xu 5, Abel 6, Dupont 7.
  const seeds = [['b', 1], ['z', 2], ['c', 3], ['w', 4], ['x', 5], ['a', 6], ['d', 7]].map(([id, seed]) => ({ id: id as string, seed: seed as number }));
  // The second round's ranking as combinePoolResults gives it: ties in name order, withdrawn, then excluded.
  const last = [
    { id: 'd', name: 'Dupont', rank: 1, status: null },
    { id: 'a', name: 'Abel', rank: 2, status: null },
    { id: 'z', name: 'Zed', rank: 2, status: null },
    { id: 'b', name: 'Bauer', rank: 4, status: null },
    { id: 'c', name: 'Costa', rank: 5, status: null },
    { id: 'w', name: 'Weber', rank: 6, status: 'withdrawn' as const },
    { id: 'x', name: 'Xu', rank: null, status: 'excluded' as const },
  ];

  it('Dupont, 7th seed of the second round, wins it and is seeded 1; Zed and Abel tied go by their seeds 2 and 6', () => {
    expect(tableauSeedsAfterSecondRound(last, seeds, CUT_ALL)).toEqual([
      { id: 'd', name: 'Dupont', seed: 1 },
      { id: 'z', name: 'Zed', seed: 2 },
      { id: 'a', name: 'Abel', seed: 3 },
      { id: 'b', name: 'Bauer', seed: 4 },
      { id: 'c', name: 'Costa', seed: 5 },
    ]);
  });

  it('the cut before the tableau keeps everyone tied at its line', () => {
    expect(tableauSeedsAfterSecondRound(last, seeds, top(2)).map((s) => s.name)).toEqual(['Dupont', 'Zed', 'Abel']);
    expect(tableauSeedsAfterSecondRound(last, seeds, top(4)).map((s) => s.name)).toEqual(['Dupont', 'Zed', 'Abel', 'Bauer']);
  });

  it('feeds straight from a composed second round', () => {
    const round = composeSecondRound(ranking(6), CUT_ALL, { pools: 1 });
    const reversed = round.promoted.map((f) => ({ id: f.id, name: f.name, rank: 7 - f.seed, status: null }));
    expect(tableauSeedsAfterSecondRound(reversed, round.promoted, CUT_ALL).map((s) => s.id)).toEqual(['f6', 'f5', 'f4', 'f3', 'f2', 'f1']);
  });

  it('refuses a fencer who did not fence the second round, and a bad cut', () => {
    expect(() => tableauSeedsAfterSecondRound([...last, { id: 'q', name: 'Quinn', rank: 7, status: null }], seeds, CUT_ALL)).toThrow('Quinn did not fence the second round');
    expect(() => tableauSeedsAfterSecondRound(last, seeds, top(0))).toThrow(SecondRoundError);
  });
});
