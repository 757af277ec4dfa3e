import { describe, expect, it } from 'vitest';
import type { DaySnapshot, DayTableau } from '../../../core/contracts/days';
import { dayStart, scheduleOfDay } from '../../../core/fencing/day-schedule';

const MIN = 60_000;
const T0 = new Date(2026, 11, 5, 9, 0).getTime();
const pool = (id: string, fencers: number, done = 0) => ({ id, name: id, fencers, bouts: (fencers * (fencers - 1)) / 2, done, athletes: [] });
const placement = (pool_id: string, piste_id: string, flight: number) => ({ pool_id, practice_id: 'u13', piste_id, flight, pinned: false, referee_id: null, referee_override: false, neutral: true });

/** One épée event, two pools of 4 (6 bouts each) on one piste in flights A and B; a pool of 6 on piste 2. */
function day(done = 0, minutes: DaySnapshot['day']['minutes'] = null, tableau: DayTableau | null = null): Pick<DaySnapshot, 'day' | 'events' | 'pistes' | 'placements'> {
  return {
    day: { id: 'd', name: 'Open', date: '2026-12-05', venue: null, board_id: 'b', board_shared: false, starts_at: '09:00', minutes, guests_call: false, created_at: 0, updated_at: 0 },
    events: [{ practice_id: 'u13', name: 'U13', weapon: 'epee', practice_type: 'individual', position: 0, pools: [pool('a', 4, done), pool('b', 4), pool('c', 6), pool('solo', 1)], tableau }],
    pistes: [{ id: 'p2', name: '2', final: false, position: 1 }, { id: 'p1', name: '1', final: true, position: 0 }],
    placements: [placement('a', 'p1', 0), placement('b', 'p1', 1), placement('c', 'p2', 0)],
  };
}

describe('the day’s schedule from its screens’ snapshot', () => {
  it('at 4 minutes an épée pool bout: pool A 09:00–09:24 on piste 1, then flight B’s pool 09:24–09:48; the pool of 6 09:00–10:00', () => {
    const s = scheduleOfDay(day(), T0, T0)!;
    const [a, b, c] = s.events[0]!.pools;
    expect([a!.piste, (a!.start - T0) / MIN, (a!.end - T0) / MIN]).toEqual(['p1', 0, 24]);
    expect([b!.piste, (b!.start - T0) / MIN, (b!.end - T0) / MIN]).toEqual(['p1', 24, 48]);
    expect([c!.piste, (c!.start - T0) / MIN, (c!.end - T0) / MIN]).toEqual(['p2', 0, 60]);
    // The pool of one fencer fences nothing and is left out; the pools end with the longest.
    expect(s.events[0]!.pools).toHaveLength(3);
    expect((s.events[0]!.poolsEnd - T0) / MIN).toBe(60);
  });

  it('moves with the day: three bouts done by 09:20 leave 12 minutes, so flight B starts at 09:32', () => {
    const s = scheduleOfDay(day(3), T0, T0 + 20 * MIN)!;
    const [a, b] = s.events[0]!.pools;
    expect((a!.end - T0) / MIN).toBe(32);
    expect((b!.start - T0) / MIN).toBe(32);
  });

  it('takes the coach’s minutes: 5 a pool bout makes pool A 30 minutes', () => {
    const s = scheduleOfDay(day(0, { epee: { pool: 5 } }), T0, T0)!;
    expect((s.events[0]!.pools[0]!.end - T0) / MIN).toBe(30);
  });

  it('follows the pools with the tableau: 14 fencers in a table of 16 fence 6 matches, then 4, 2, 1, in waves over the 2 pistes', () => {
    const s = scheduleOfDay(day(0, null, { size: 16, rounds: [{ matches: 6, done: 0 }, { matches: 4, done: 0 }, { matches: 2, done: 0 }, { matches: 1, done: 0 }] }), T0, T0)!;
    // The pools end at 10:00; a tableau match at épée takes 14 minutes; 6 matches on 2 pistes are 3 waves.
    expect(s.events[0]!.rounds.map((r) => [r.table, r.matches, (r.start - T0) / MIN, (r.end - T0) / MIN])).toEqual([
      [16, 6, 60, 102],
      [8, 4, 102, 130],
      [4, 2, 130, 144],
      [2, 1, 144, 158],
    ]);
  });

  it('has nothing to say without pistes', () => {
    expect(scheduleOfDay({ ...day(), pistes: [] }, T0, T0)).toBeNull();
  });

  it('starts at the day’s start time, or now without one', () => {
    const d = day().day;
    expect(dayStart(d, 0)).toBe(T0);
    expect(dayStart({ ...d, starts_at: null }, 12345)).toBe(12345);
  });
});
