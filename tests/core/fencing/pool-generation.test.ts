import { describe, expect, it } from 'vitest';
import { seeded } from '../../helpers/random';
import {
  balancedSizes, divisionPreview, manualPools, poolMix, parseManualNames, randomPools, serpentineIndex, serpentinePools, shuffle, singlePool, unassignedMessage,
} from '../../../core/fencing/pool-generation';


const names = (n: number) => Array.from({ length: n }, (_, i) => `F${i + 1}`);

describe('splitting into pools', () => {
  it('a single pool is named Main Pool', () => {
    expect(singlePool(['a', 'b'])).toEqual([{ name: 'Main Pool', members: ['a', 'b'] }]);
    expect(singlePool([])).toEqual([]);
  });

  it('balanced sizes differ by at most one: 10 in 4 is 3, 3, 2, 2', () => {
    expect(balancedSizes(10, 4)).toEqual([3, 3, 2, 2]);
    expect(balancedSizes(12, 3)).toEqual([4, 4, 4]);
    expect(balancedSizes(7, 2)).toEqual([4, 3]);
  });

  it('a random split keeps everyone once, pools balanced and named Pool n, over many seeds', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const count = 2 + (seed % 30);
      const poolCount = 2 + (seed % 9);
      const pools = randomPools(names(count), poolCount, seeded(seed));
      const sizes = pools.map((p) => p.members.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(pools.flatMap((p) => p.members).sort()).toEqual(names(count).sort());
      expect(pools.map((p) => p.name)).toEqual(pools.map((_, i) => `Pool ${i + 1}`));
      expect(pools.length).toBe(Math.min(poolCount, count));
    }
  });

  it('a random split of 10 into 4 is 3, 3, 2, 2, never 3, 3, 3, 1', () => {
    const sizes = randomPools(names(10), 4, seeded(7)).map((p) => p.members.length);
    expect(sizes).toEqual([3, 3, 2, 2]);
  });

  it('more pools than fencers skips the empty ones', () => {
    expect(randomPools(['a', 'b', 'c'], 5, seeded(1)).length).toBe(3);
  });

  it('shuffle is a permutation driven by the random source', () => {
    const out = shuffle([1, 2, 3, 4, 5], seeded(3));
    expect([...out].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(shuffle([1, 2, 3, 4, 5], seeded(3))).toEqual(out);
  });
});

describe('serpentine seeding (FENCING.md o.68)', () => {
  it('with 3 pools, A gets 1, 6, 7, 12, 13; B 2, 5, 8, 11, 14; C 3, 4, 9, 10, 15', () => {
    const ranked = Array.from({ length: 15 }, (_, i) => ({ seed: i + 1, club: null }));
    const pools = serpentinePools(ranked, 3);
    expect(pools.map((p) => p.members.map((m) => m.seed))).toEqual([
      [1, 6, 7, 12, 13],
      [2, 5, 8, 11, 14],
      [3, 4, 9, 10, 15],
    ]);
  });

  it('walks 0,1,2,2,1,0,0,…', () => {
    expect(Array.from({ length: 8 }, (_, s) => serpentineIndex(s, 3))).toEqual([0, 1, 2, 2, 1, 0, 0, 1]);
  });

  it('moves a fencer away from a club mate to the next pool without one', () => {
    // Seeds 1 and 6 would both go to A; 6 shares a club with 1, so 6 moves to the next pool without a mate.
    const clubs = ['Nord', null, null, null, null, 'Nord', null, null, null];
    const ranked = clubs.map((club, i) => ({ seed: i + 1, club }));
    const pools = serpentinePools(ranked, 3);
    const poolOf = (seed: number) => pools.findIndex((p) => p.members.some((m) => m.seed === seed));
    expect(poolOf(1)).toBe(0);
    expect(poolOf(6)).not.toBe(0);
    expect(pools.map((p) => p.members.length)).toEqual([3, 3, 3]);
    for (const p of pools) expect(p.members.filter((m) => m.club === 'Nord').length).toBeLessThanOrEqual(1);
  });

  it('keeps club mates apart whenever the pools allow it, over many random rosters', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seeded(seed);
      const poolCount = 2 + (seed % 4);
      const count = poolCount * 3 + (seed % poolCount);
      const clubs = ['A', 'B', 'C', null];
      const ranked = Array.from({ length: count }, (_, i) => ({ seed: i, club: clubs[Math.floor(random() * clubs.length)]! }));
      const pools = serpentinePools(ranked, poolCount);
      const sizes = pools.map((p) => p.members.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(pools.flatMap((p) => p.members).length).toBe(count);
      for (const club of ['A', 'B', 'C']) {
        const total = ranked.filter((r) => r.club === club).length;
        if (total <= poolCount) {
          // Few enough to spread: no pool holds two of them.
          for (const p of pools) expect(p.members.filter((m) => m.club === club).length).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe('manual assignment and typed names', () => {
  it('groups by the chosen pool number and counts the unassigned', () => {
    const entries = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
    expect(manualPools(entries, { a: 2, b: 1, c: 2 })).toEqual({
      pools: [{ name: 'Pool 1', members: [{ key: 'b' }] }, { name: 'Pool 2', members: [{ key: 'a' }, { key: 'c' }] }],
      unassigned: 0,
    });
    expect(manualPools(entries, { a: 1 }).unassigned).toBe(2);
    expect(unassignedMessage(2)).toBe('Please assign all athletes to pools. 2 athlete(s) unassigned.');
  });

  it('one name per line, trimmed, blanks dropped', () => {
    expect(parseManualNames('  Ann \n\n Bob\r\n   \nCleo')).toEqual(['Ann', 'Bob', 'Cleo']);
  });
});

describe('how many pools of each size (issue 58)', () => {
  it('counts the pools of each size, the larger first, with their bouts: 17 in 3 → 2 of 6 and 1 of 5', () => {
    expect(poolMix(divisionPreview(17, 3).sizes)).toEqual([{ size: 6, pools: 2, bouts: 15 }, { size: 5, pools: 1, bouts: 10 }]);
    expect(poolMix(divisionPreview(18, 5).sizes)).toEqual([{ size: 4, pools: 3, bouts: 6 }, { size: 3, pools: 2, bouts: 3 }]);
    expect(poolMix(divisionPreview(12, 3).sizes)).toEqual([{ size: 4, pools: 3, bouts: 6 }]);
    expect(poolMix([])).toEqual([]);
  });
});
