import { describe, expect, it } from 'vitest';
import type { DayPiste, DayPlacement, DayPool } from '../../../core/contracts/days';
import { dayPoolOf, nowOnPistes, placeDay, poolState, type EventPools } from '../../../core/fencing/day-plan';

const pistes = (n: number): DayPiste[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: String(i + 1), final: false, position: i }));
const pool = (id: string, fencers: number, done = 0): DayPool => ({ id, name: id, fencers, bouts: (fencers * (fencers - 1)) / 2, done });

// Issue 28's worked example: 40 fencers in 6 pools of 7 and 6, two events, on 4 pistes.
const u13: EventPools = { practiceId: 'u13', pools: [pool('a1', 7), pool('a2', 7), pool('a3', 6)] };
const u15: EventPools = { practiceId: 'u15', pools: [pool('b1', 7), pool('b2', 7), pool('b3', 6)] };

describe('a pool as its day sees it', () => {
  it('counts the bouts between fencers still in the pool, and their results', () => {
    const players = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, status: i === 3 ? ('withdrawn' as const) : null }));
    const bout = (x: string, y: string) => ({ player1_id: x, player2_id: y });
    // Four fencers, one withdrawn: three fence 3 bouts; the withdrawn fencer's bout counts for nobody.
    expect(dayPoolOf({ id: 'p', name: 'Pool 1', players, bouts: [bout('a', 'b'), bout('a', 'd')] } as never)).toEqual({ id: 'p', name: 'Pool 1', fencers: 3, bouts: 3, done: 1 });
  });

  it('waits before its first result, fences from it, is done when every bout has one', () => {
    expect(poolState({ bouts: 15, done: 0 })).toBe('waiting');
    expect(poolState({ bouts: 15, done: 1 })).toBe('fencing');
    expect(poolState({ bouts: 15, done: 15 })).toBe('done');
    // A pool of one fencer has no bout: it never fences.
    expect(poolState({ bouts: 0, done: 0 })).toBe('waiting');
  });
});

describe('placing a day', () => {
  it('puts 6 pools of two events on 4 pistes in flights A (4 pools) and B (2), one pool per piste and flight', () => {
    const placed = placeDay([u13, u15], pistes(4), []);
    expect(placed).toHaveLength(6);
    expect(placed.filter((p) => p.flight === 0)).toHaveLength(4);
    expect(placed.filter((p) => p.flight === 1)).toHaveLength(2);
    expect(new Set(placed.map((p) => `${p.piste_id}/${p.flight}`)).size).toBe(6);
    // An event's pools stay together when that is as balanced: U13's three and U15's first fill flight A.
    expect(placed.filter((p) => p.flight === 0).map((p) => p.pool_id).sort()).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(placed.filter((p) => p.flight === 1).map((p) => p.pool_id).sort()).toEqual(['b2', 'b3']);
    expect(placed.every((p) => p.practice_id === (p.pool_id.startsWith('a') ? 'u13' : 'u15') && !p.pinned)).toBe(true);
  });

  it('keeps a pool the coach pinned, and a pool that fences, where they are', () => {
    const pinned: DayPlacement = { pool_id: 'a3', practice_id: 'u13', piste_id: 'p4', flight: 1, pinned: true };
    const fencing: DayPlacement = { pool_id: 'b1', practice_id: 'u15', piste_id: 'p3', flight: 0, pinned: false };
    const started = { practiceId: 'u15', pools: [pool('b1', 7, 4), pool('b2', 7), pool('b3', 6)] };
    const placed = placeDay([u13, started], pistes(4), [pinned, fencing]);
    expect(placed.find((p) => p.pool_id === 'a3')).toMatchObject({ piste_id: 'p4', pinned: true });
    expect(placed.find((p) => p.pool_id === 'b1')).toMatchObject({ piste_id: 'p3', pinned: false });
  });

  it('keeps a done pool’s row as it was, leaves pools without a bout unplaced, and drops a placement on a piste gone', () => {
    const done: DayPlacement = { pool_id: 'a1', practice_id: 'u13', piste_id: 'p1', flight: 0, pinned: false };
    const gone: DayPlacement = { pool_id: 'a2', practice_id: 'u13', piste_id: 'p9', flight: 0, pinned: true };
    const events = [{ practiceId: 'u13', pools: [pool('a1', 7, 21), pool('a2', 7), pool('solo', 1)] }];
    const placed = placeDay(events, pistes(2), [done, gone]);
    expect(placed).toContainEqual(done);
    expect(placed.find((p) => p.pool_id === 'solo')).toBeUndefined();
    // The pin named a piste the day no longer has: placed afresh, unpinned.
    expect(placed.find((p) => p.pool_id === 'a2')).toMatchObject({ pinned: false });
    expect(['p1', 'p2']).toContain(placed.find((p) => p.pool_id === 'a2')!.piste_id);
  });
});

describe('what fences on each piste now', () => {
  it('flight B takes a piste when flight A’s pool there is done', () => {
    const placements: DayPlacement[] = [
      { pool_id: 'a1', practice_id: 'u13', piste_id: 'p1', flight: 0, pinned: false },
      { pool_id: 'a3', practice_id: 'u13', piste_id: 'p1', flight: 1, pinned: false },
      { pool_id: 'a2', practice_id: 'u13', piste_id: 'p2', flight: 0, pinned: false },
    ];
    const progress = (a1: number, a3: number, a2: number) => new Map([['a1', pool('a1', 7, a1)], ['a3', pool('a3', 6, a3)], ['a2', pool('a2', 7, a2)]]);
    const ids = (m: Map<string, DayPlacement>) => Object.fromEntries([...m].map(([piste, p]) => [piste, p.pool_id]));
    expect(ids(nowOnPistes(placements, progress(20, 0, 3)))).toEqual({ p1: 'a1', p2: 'a2' });
    expect(ids(nowOnPistes(placements, progress(21, 0, 3)))).toEqual({ p1: 'a3', p2: 'a2' });
    // Every pool done: the pistes are free.
    expect(ids(nowOnPistes(placements, progress(21, 15, 21)))).toEqual({});
  });
});
