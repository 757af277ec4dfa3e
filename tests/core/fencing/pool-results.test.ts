import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import { combinePoolResults } from '../../../core/fencing/pool-results';
import { reconnectDelayMs } from '../../../app/lib/live-socket';

const pool = (id: string, names: string[], bouts: [number, number, number, number][]): PoolSnapshot => ({
  id, practice_id: 'p', name: id, version: 1, created_at: 0,
  players: names.map((name, i) => ({ id: `${id}-${name}`, name, athlete_id: null, position: i + 1, status: null })),
  bouts: bouts.map(([a, b, s1, s2]) => ({ player1_id: `${id}-${names[a]}`, player2_id: `${id}-${names[b]}`, score1: s1, score2: s2, priority_id: null, updated_at: 0, version: 1 })),
});

describe('combined pool results', () => {
  it('ranks the fencers of every pool together by ratio, indicator, touches scored', () => {
    const results = combinePoolResults([
      pool('A', ['ANN', 'BOB'], [[0, 1, 5, 2]]),
      pool('B', ['CLEO', 'DAN', 'EVE'], [[0, 1, 5, 4], [0, 2, 1, 5], [1, 2, 5, 0]]),
    ]);
    expect(results.map((r) => [r.rank, r.name, r.poolName, r.ratio, r.indicator])).toEqual([
      [1, 'ANN', 'A', 1, 3],
      [2, 'DAN', 'B', 0.5, 4],
      [3, 'EVE', 'B', 0.5, -1],
      [4, 'CLEO', 'B', 0.5, -3],
      [5, 'BOB', 'A', 0, -3],
    ]);
  });

  it('is empty without fencers', () => {
    expect(combinePoolResults([pool('A', [], [])])).toEqual([]);
  });
});

describe('live reconnect backoff (DESIGN.md)', () => {
  it('waits a jittered 1–5 s first, and never more than 10 s', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(1000);
    expect(reconnectDelayMs(0, () => 0.999999)).toBeCloseTo(5000, -1);
    for (let attempt = 0; attempt < 20; attempt++) {
      for (const r of [0, 0.3, 0.7, 0.999999]) {
        const d = reconnectDelayMs(attempt, () => r);
        expect(d).toBeGreaterThanOrEqual(1000);
        expect(d).toBeLessThanOrEqual(10_000);
      }
    }
    expect(reconnectDelayMs(5, () => 0.999999)).toBeCloseTo(10_000, -1);
  });
});
