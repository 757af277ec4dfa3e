import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import { fencerDayOf } from '../../../core/fencing/fencer-day';
import { resolveTableau } from '../../../core/fencing/tableau';

const player = (id: string, name: string, position: number, athlete_id: string | null = null) => ({ id, name, athlete_id, position, status: null });
const bout = (player1_id: string, player2_id: string, score1: number, score2: number, priority_id: string | null = null) => ({ player1_id, player2_id, score1, score2, priority_id, updated_at: 1, version: 1 });
const pool = (id: string, players: PoolSnapshot['players'], bouts: PoolSnapshot['bouts'] = []): PoolSnapshot => ({ id, practice_id: 'p', name: `Pool ${id}`, version: 1, created_at: 1, players, bouts });

// A pool of four: its bout order is 1-4 2-3 1-3 2-4 3-4 1-2 (FENCING.md).
const four = [player('a', 'Ann', 1, 'ath-a'), player('b', 'Bob', 2), player('c', 'Cleo', 3), player('d', 'Dan', 4)];

describe("a fencer's own day", () => {
  it('lists their pool bouts in the bout order, with results from their side and the next bout', () => {
    // 1-4 (Ann 5–3 Dan) and 2-3 are fenced; Ann's next is 1-3 against Cleo, the first bout still to fence.
    const day = fencerDayOf([pool('1', four, [bout('a', 'd', 5, 3), bout('b', 'c', 4, 4, 'c')])], null, 'a')!;
    expect(day.name).toBe('Ann');
    expect(day.keys).toEqual(['a:ath-a']);
    const [p] = day.pools;
    expect(p!.bouts).toEqual([
      { opponent: 'Dan', mine: 5, theirs: 3, won: true, annulled: false },
      { opponent: 'Cleo', mine: null, theirs: null, won: null, annulled: false },
      { opponent: 'Bob', mine: null, theirs: null, won: null, annulled: false },
    ]);
    expect(p!.next).toEqual({ opponent: 'Cleo', before: 0 });
    expect(p!.left).toBe(4);
  });

  it("counts the pool's bouts before a fencer's next one, and reads a bout stored the other way round", () => {
    // Dan's bouts: 1-4 (fenced, stored with Ann first), 2-4, 3-4. Open in order: 1-3, 2-4, 3-4, 1-2.
    const day = fencerDayOf([pool('1', four, [bout('a', 'd', 5, 3), bout('b', 'c', 2, 5)])], null, 'd')!;
    expect(day.pools[0]!.bouts[0]).toEqual({ opponent: 'Ann', mine: 3, theirs: 5, won: false, annulled: false });
    expect(day.pools[0]!.next).toEqual({ opponent: 'Bob', before: 1 });
    // A level bout is won by the fencer with priority.
    const level = fencerDayOf([pool('1', four, [bout('b', 'c', 4, 4, 'c')])], null, 'c')!;
    expect(level.pools[0]!.bouts.find((b) => b.opponent === 'Bob')).toMatchObject({ mine: 4, theirs: 4, won: true });
  });

  it('has no next bout once their pool bouts are fenced, and none for a withdrawn fencer', () => {
    const all = [bout('a', 'd', 5, 3), bout('b', 'c', 5, 1), bout('a', 'c', 5, 2), bout('b', 'd', 5, 0), bout('c', 'd', 5, 4), bout('a', 'b', 1, 5)];
    expect(fencerDayOf([pool('1', four, all)], null, 'a')!.pools[0]!.next).toBeNull();
    const out = four.map((p) => (p.id === 'b' ? { ...p, status: 'withdrawn' as const } : p));
    const day = fencerDayOf([pool('1', out, [])], null, 'b')!;
    expect(day.status).toBe('withdrawn');
    expect(day.pools[0]!.next).toBeNull();
    // Ann's bout against Bob is annulled (o.74), and Ann's next skips nothing: 1-4 is first.
    expect(fencerDayOf([pool('1', out, [])], null, 'a')!.pools[0]!.bouts.find((b) => b.opponent === 'Bob')!.annulled).toBe(true);
  });

  it('follows the fencer into the tableau: their seed and their matches, the opponent once known', () => {
    const all = [bout('a', 'd', 5, 3), bout('b', 'c', 5, 1), bout('a', 'c', 5, 2), bout('b', 'd', 5, 0), bout('c', 'd', 5, 4), bout('a', 'b', 5, 1)];
    const pools = [pool('1', four, all)];
    const tableau = resolveTableau(pools, { seeding: null, matches: [] });
    const day = fencerDayOf(pools, tableau, 'a')!;
    // Ann won all three: seed 1, against seed 4 (Dan) in the semi-final of a tableau of 4.
    expect(day.seed).toBe(1);
    expect(day.matches).toEqual([{ id: 'r1-m0', round: 1, rounds: 2, main: true, opponent: 'Dan', mine: null, theirs: null, won: null }]);
  });

  it('finds a typed name by its name across pools, and nobody for an unknown entry', () => {
    const second = pool('2', [player('a2', 'Ann', 1, 'ath-a'), player('x', 'Xena', 2), player('y', 'Yann', 3)]);
    const day = fencerDayOf([pool('1', four), second], null, 'a2')!;
    expect(day.pools.map((p) => p.id)).toEqual(['1', '2']);
    expect(fencerDayOf([pool('1', four)], null, 'nobody')).toBeNull();
    // Bob is typed (no athlete): his key is his entry.
    expect(fencerDayOf([pool('1', four)], null, 'b')!.keys).toEqual(['e:b']);
  });
});
