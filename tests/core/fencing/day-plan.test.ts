import { describe, expect, it } from 'vitest';
import type { DayPiste, DayPlacement, DayPool } from '../../../core/contracts/days';
import { dayPoolOf, dayTableauOf, nowOnPistes, placeDay, poolState, refereeDay, type EventPools } from '../../../core/fencing/day-plan';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import { applyScore } from '../../../core/fencing/bracket';
import { DEFAULT_FORMAT, resolveTableau } from '../../../core/fencing/tableau';

const pistes = (n: number): DayPiste[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: String(i + 1), final: false, position: i }));
const pool = (id: string, fencers: number, done = 0, athletes: string[] = []): DayPool => ({ id, name: id, fencers, bouts: (fencers * (fencers - 1)) / 2, done, athletes });
/** A placement with no referee yet. */
const at = (pool_id: string, practice_id: string, piste_id: string, flight: number, more: Partial<DayPlacement> = {}): DayPlacement => ({
  pool_id, practice_id, piste_id, flight, pinned: false, referee_id: null, referee_override: false, neutral: true, ...more,
});

// Issue 28's worked example: 40 fencers in 6 pools of 7 and 6, two events, on 4 pistes.
const u13: EventPools = { practiceId: 'u13', pools: [pool('a1', 7), pool('a2', 7), pool('a3', 6)] };
const u15: EventPools = { practiceId: 'u15', pools: [pool('b1', 7), pool('b2', 7), pool('b3', 6)] };

describe('a pool as its day sees it', () => {
  it('counts the bouts between fencers still in the pool, and their results', () => {
    const players = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, status: i === 3 ? ('withdrawn' as const) : null }));
    const bout = (x: string, y: string) => ({ player1_id: x, player2_id: y });
    // Four fencers, one withdrawn: three fence 3 bouts; the withdrawn fencer's bout counts for nobody.
    const linked = players.map((p, i) => ({ ...p, athlete_id: i === 1 ? null : `ath-${p.id}` }));
    expect(dayPoolOf({ id: 'p', name: 'Pool 1', players: linked, bouts: [bout('a', 'b'), bout('a', 'd')] } as never)).toEqual({
      id: 'p', name: 'Pool 1', fencers: 3, bouts: 3, done: 1,
      // The roster athletes still fencing: b is a typed name, d withdrew.
      athletes: ['ath-a', 'ath-c'],
    });
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
    const pinned: DayPlacement = at('a3', 'u13', 'p4', 1, { pinned: true });
    const fencing: DayPlacement = at('b1', 'u15', 'p3', 0);
    const started = { practiceId: 'u15', pools: [pool('b1', 7, 4), pool('b2', 7), pool('b3', 6)] };
    const placed = placeDay([u13, started], pistes(4), [pinned, fencing]);
    expect(placed.find((p) => p.pool_id === 'a3')).toMatchObject({ piste_id: 'p4', pinned: true });
    expect(placed.find((p) => p.pool_id === 'b1')).toMatchObject({ piste_id: 'p3', pinned: false });
  });

  it('keeps a done pool’s row as it was, leaves pools without a bout unplaced, and drops a placement on a piste gone', () => {
    const done: DayPlacement = at('a1', 'u13', 'p1', 0);
    const gone: DayPlacement = at('a2', 'u13', 'p9', 0, { pinned: true });
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
      at('a1', 'u13', 'p1', 0),
      at('a3', 'u13', 'p1', 1),
      at('a2', 'u13', 'p2', 0),
    ];
    const progress = (a1: number, a3: number, a2: number) => new Map([['a1', pool('a1', 7, a1)], ['a3', pool('a3', 6, a3)], ['a2', pool('a2', 7, a2)]]);
    const ids = (m: Map<string, DayPlacement>) => Object.fromEntries([...m].map(([piste, p]) => [piste, p.pool_id]));
    expect(ids(nowOnPistes(placements, progress(20, 0, 3)))).toEqual({ p1: 'a1', p2: 'a2' });
    expect(ids(nowOnPistes(placements, progress(21, 0, 3)))).toEqual({ p1: 'a3', p2: 'a2' });
    // Every pool done: the pistes are free.
    expect(ids(nowOnPistes(placements, progress(21, 15, 21)))).toEqual({});
  });
});

describe('a referee for each pool of the day', () => {
  const clubs = new Map([['ann', 'Lions'], ['bob', 'Lions'], ['cleo', 'Tigers'], ['dan', 'Tigers'], ['eve', 'Bears']]);
  const referees = [{ id: 'r-lion', name: 'Rita', club: 'Lions' }, { id: 'r-tiger', name: 'Tom', club: 'Tigers' }, { id: 'r-none', name: 'Nia', club: null }];

  it('never seats a referee with a clubmate in the pool while a neutral referee is free (t.50.2)', () => {
    const pools = new Map([['lions', pool('lions', 3, 0, ['ann', 'bob', 'eve'])], ['tigers', pool('tigers', 3, 0, ['cleo', 'dan', 'eve'])]]);
    const placed = refereeDay([at('lions', 'u13', 'p1', 0), at('tigers', 'u13', 'p2', 0)], pools, { referees: referees.slice(0, 2), clubs });
    expect(placed.map((p) => [p.pool_id, p.referee_id, p.neutral])).toEqual([['lions', 'r-tiger', true], ['tigers', 'r-lion', true]]);
  });

  it('never gives one referee two pools of a flight while another is free, even a clubmate', () => {
    const pools = new Map([['x', pool('x', 3, 0, ['cleo'])], ['y', pool('y', 3, 0, ['dan'])]]);
    const placed = refereeDay([at('x', 'u13', 'p1', 0), at('y', 'u13', 'p2', 0)], pools, { referees: referees.slice(0, 2), clubs });
    // Rita (a Lion) is neutral for both Tiger pools, but she cannot referee two at once: Tom takes one, flagged.
    expect(placed.map((p) => [p.referee_id, p.neutral])).toEqual([['r-lion', true], ['r-tiger', false]]);
  });

  it('gives a referee one pool of a flight while there are referees enough, and spreads the flights', () => {
    const pools = new Map(['a', 'b', 'c', 'd'].map((id) => [id, pool(id, 5, 0, ['eve'])]));
    const placed = refereeDay([at('a', 'u13', 'p1', 0), at('b', 'u13', 'p2', 0), at('c', 'u13', 'p1', 1), at('d', 'u13', 'p2', 1)], pools, { referees: referees.slice(0, 2), clubs });
    const [a, b, c, d] = placed.map((p) => p.referee_id);
    expect(new Set([a, b]).size).toBe(2);
    expect(new Set([c, d]).size).toBe(2);
    expect(placed.every((p) => p.neutral)).toBe(true);
  });

  it('keeps the coach’s choice, marked not neutral when it is not; a done pool keeps its referee and counts as their duty', () => {
    const pools = new Map([['lions', pool('lions', 3, 0, ['ann', 'bob'])], ['done', pool('done', 3, 3, ['cleo'])], ['open', pool('open', 3, 0, [])]]);
    const placed = refereeDay(
      [at('lions', 'u13', 'p1', 0, { referee_id: 'r-lion', referee_override: true }), at('done', 'u13', 'p2', 0, { referee_id: 'r-none' }), at('open', 'u13', 'p3', 0)],
      pools,
      { referees, clubs },
    );
    expect(placed[0]).toMatchObject({ referee_id: 'r-lion', referee_override: true, neutral: false });
    expect(placed[1]).toMatchObject({ referee_id: 'r-none' });
    // Nia has a duty already (the done pool), Rita is busy with the Lions: Tom takes the open pool.
    expect(placed[2]).toMatchObject({ referee_id: 'r-tiger', referee_override: false, neutral: true });
  });

  it('leaves pools without a referee while the day lists none; a choice naming a referee no longer listed is dropped', () => {
    const pools = new Map([['a', pool('a', 3)]]);
    expect(refereeDay([at('a', 'u13', 'p1', 0)], pools, { referees: [], clubs })[0]).toMatchObject({ referee_id: null, neutral: true });
    const gone = refereeDay([at('a', 'u13', 'p1', 0, { referee_id: 'r-old', referee_override: true })], pools, { referees: [referees[2]!], clubs })[0];
    expect(gone).toMatchObject({ referee_id: 'r-none', referee_override: false });
  });
});

describe('an event’s tableau as its day sees it', () => {
  /** A fenced pool of n fencers (the first wins every bout). */
  function fencedPool(n: number, fenced = true): PoolSnapshot {
    const players = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, name: `F${i}`, athlete_id: null, position: i + 1, status: null }));
    const bouts = fenced ? players.flatMap((a, i) => players.slice(i + 1).map((b) => ({ player1_id: a.id, player2_id: b.id, score1: 5, score2: i, priority_id: null, updated_at: 1, version: 1 }))) : [];
    return { id: 'pool', practice_id: 'practice', name: 'Pool 1', version: 1, created_at: 1, players, bouts };
  }

  it('before the draw, the table the ranking gives: 5 fencers in a table of 8 fence 1 match in the first round (3 byes), then 2, then the final', () => {
    const none = { seeding: null, matches: [], format: DEFAULT_FORMAT };
    expect(dayTableauOf(resolveTableau([fencedPool(5, false)], none))).toEqual({ size: 8, rounds: [{ matches: 1, done: 0 }, { matches: 2, done: 0 }, { matches: 1, done: 0 }] });
    expect(dayTableauOf(resolveTableau([fencedPool(1)], none))).toBeNull();
  });

  it('counts the matches fenced in each round, never a bye', () => {
    const pools = [fencedPool(5)];
    const drawn = resolveTableau(pools, { seeding: null, matches: [] });
    // The one real first-round match is 4 v 5 (position 3 of the table of 8).
    const first = drawn.matches.find((m) => m.round === 1 && m.player1_id && m.player2_id)!;
    const matches = applyScore(drawn.matches, { round: first.round, position: first.position, player1_score: 15, player2_score: 3 });
    const seeding = drawn.seeds;
    expect(dayTableauOf(resolveTableau(pools, { seeding, matches, format: DEFAULT_FORMAT }))!.rounds).toEqual([{ matches: 1, done: 1 }, { matches: 2, done: 0 }, { matches: 1, done: 0 }]);
  });
});
