import { describe, expect, it } from 'vitest';
import type { Bout } from '../../../core/fencing/bout-result';
import { computePoolStats } from '../../../core/fencing/pool-stats';
import { rankFencers } from '../../../core/fencing/ranking';

const players = ['A', 'B', 'C', 'D'].map((n) => ({ id: n.toLowerCase(), name: n }));
const bout = (p1: string, p2: string, s1: number, s2: number, priority_id: string | null = null): Bout => ({
  player1_id: p1, player2_id: p2, score1: s1, score2: s2, priority_id,
});

describe('pool statistics (SPEC §4)', () => {
  it('start at zero', () => {
    const [a] = computePoolStats(players, []);
    expect(a).toMatchObject({ victories: 0, defeats: 0, ratio: 0, touchesScored: 0, touchesReceived: 0, indicator: 0, matches: {} });
  });

  it('derive V, D, ratio, TS, TR and indicator from the bouts', () => {
    const stats = computePoolStats(players, [bout('a', 'b', 5, 3), bout('a', 'c', 2, 5), bout('d', 'a', 1, 5)]);
    const a = stats.find((s) => s.id === 'a')!;
    expect(a.matches).toEqual({ b: 'V5', c: 'D2', d: 'V5' });
    expect(a.victories).toBe(2);
    expect(a.defeats).toBe(1);
    expect(a.ratio).toBe(0.67);
    expect(a.exactRatio).toBeCloseTo(2 / 3, 10);
    expect(a.touchesScored).toBe(12);
    expect(a.touchesReceived).toBe(9);
    expect(a.indicator).toBe(3);
    const d = stats.find((s) => s.id === 'd')!;
    expect(d).toMatchObject({ victories: 0, defeats: 1, ratio: 0, touchesScored: 1, touchesReceived: 5, indicator: -4, matches: { a: 'D1' } });
  });

  it('a tie is a victory for both, and counts both scores', () => {
    const [a, b] = computePoolStats(players, [bout('a', 'b', 4, 4)]);
    expect(a).toMatchObject({ victories: 1, defeats: 0, ratio: 1, touchesScored: 4, touchesReceived: 4, indicator: 0 });
    expect(b).toMatchObject({ victories: 1, defeats: 0, ratio: 1 });
  });

  it('priority turns a tie into a victory and a defeat', () => {
    const [a, b] = computePoolStats(players, [bout('a', 'b', 4, 4, 'b')]);
    expect(a).toMatchObject({ victories: 0, defeats: 1, matches: { b: 'D4' } });
    expect(b).toMatchObject({ victories: 1, defeats: 0, matches: { a: 'V4' } });
  });

  it('ignores bouts of fencers who are no longer in the pool', () => {
    const [a] = computePoolStats(players, [bout('a', 'zz', 5, 0)]);
    expect(a!.victories).toBe(0);
  });
});

describe('ranking across pools (FENCING.md o.73)', () => {
  const entry = (name: string, exactRatio: number, indicator: number, touchesScored: number) => ({ name, exactRatio, indicator, touchesScored });

  it('orders by exact ratio, then indicator, then touches scored', () => {
    const ranked = rankFencers([
      entry('low', 0.25, 10, 20),
      entry('ind', 0.5, 3, 10),
      entry('ts', 0.5, 3, 12),
      entry('top', 0.75, -2, 5),
      entry('ind2', 0.5, 5, 1),
    ]);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([['top', 1], ['ind2', 2], ['ts', 3], ['ind', 4], ['low', 5]]);
  });

  it('uses the exact ratio, not the rounded one: 2/3 ranks above 0.666', () => {
    const ranked = rankFencers([entry('b', 0.666, 0, 0), entry('a', 2 / 3, 0, 0)]);
    expect(ranked.map((r) => r.name)).toEqual(['a', 'b']);
  });

  it('fencers equal on all three share a rank, in a stable order by name', () => {
    const ranked = rankFencers([entry('Zed', 0.5, 1, 9), entry('Amy', 0.5, 1, 9), entry('Top', 1, 0, 0), entry('Last', 0, 0, 0)]);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([['Top', 1], ['Amy', 2], ['Zed', 2], ['Last', 4]]);
  });
});
