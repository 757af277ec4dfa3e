import { describe, expect, it } from 'vitest';
import { boutOrder, boutProgress, nextBouts, type BoutPair } from '../../../core/fencing/bout-order';

const key = ([a, b]: BoutPair) => (a < b ? `${a}-${b}` : `${b}-${a}`);

function expectCompleteRoundRobin(n: number, order: BoutPair[]) {
  expect(order.length).toBe((n * (n - 1)) / 2);
  const seen = new Set(order.map(key));
  expect(seen.size).toBe(order.length);
  for (const [a, b] of order) {
    expect(a).not.toBe(b);
    expect(a).toBeGreaterThanOrEqual(1);
    expect(b).toBeLessThanOrEqual(n);
  }
}

function backToBack(order: BoutPair[]) {
  return order.slice(1).filter(([a, b], i) => order[i]!.includes(a) || order[i]!.includes(b)).length;
}

describe('standard bout order (FENCING.md)', () => {
  it('the tables start as FENCING.md gives them', () => {
    expect(boutOrder(3)).toEqual([[2, 3], [1, 3], [1, 2]]);
    expect(boutOrder(4)).toEqual([[1, 4], [2, 3], [1, 3], [2, 4], [3, 4], [1, 2]]);
    expect(boutOrder(6).slice(0, 4)).toEqual([[1, 2], [4, 3], [6, 5], [3, 1]]);
    expect(boutOrder(12).at(-1)).toEqual([11, 2]);
  });

  for (let n = 3; n <= 12; n++) {
    it(`a pool of ${n} fences a complete round robin${n >= 5 ? ' with nobody fencing twice in a row' : ''}`, () => {
      const order = boutOrder(n);
      expectCompleteRoundRobin(n, order);
      if (n >= 5) expect(backToBack(order)).toBe(0);
    });
  }

  it('a pool of 2 has one bout; fewer has none', () => {
    expect(boutOrder(2)).toEqual([[1, 2]]);
    expect(boutOrder(1)).toEqual([]);
  });

  for (const n of [13, 14, 15, 16, 20]) {
    it(`a pool of ${n} (circle method) is complete, spreads bouts evenly and never back to back`, () => {
      const order = boutOrder(n);
      expectCompleteRoundRobin(n, order);
      expect(backToBack(order)).toBe(0);
      // Evenly spread: after any prefix, bout counts of any two fencers differ by at most 2.
      const counts = new Array(n + 1).fill(0);
      for (const [a, b] of order) {
        counts[a]++;
        counts[b]++;
        const live = counts.slice(1);
        expect(Math.max(...live) - Math.min(...live)).toBeLessThanOrEqual(2);
      }
    });
  }
});

describe('fencing now and on deck', () => {
  it('are the first two bouts not yet fenced', () => {
    const order = boutOrder(4);
    const fenced = new Set(['1-4', '1-3']);
    expect(nextBouts(order, (p) => fenced.has(key(p)))).toEqual({ now: [2, 3], onDeck: [2, 4] });
    expect(nextBouts(order, () => true)).toEqual({ now: null, onDeck: null });
  });
});

describe('where a bout order stands', () => {
  it('skips fenced bouts and those of a fencer who left the pool: fencing now, on deck, bouts left', () => {
    // Pool of 4: 1-4 2-3 1-3 2-4 3-4 1-2. 1-4 is fenced; fencer 2 withdrew (2-3, 2-4, 1-2 annulled).
    const players = [{ status: null }, { status: 'withdrawn' }, { status: null }, { status: null }];
    const p = boutProgress(players, ([a, b]) => a === 1 && b === 4);
    expect(p.order).toEqual(boutOrder(4));
    expect([p.now, p.onDeck, p.remaining]).toEqual([[1, 3], [3, 4], 2]);
    expect(p.annulled([2, 3])).toBe(true);
    expect(p.annulled([1, 3])).toBe(false);
  });
});
