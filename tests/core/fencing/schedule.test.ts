import { describe, expect, it } from 'vitest';
import {
  boutMinutes, DEFAULT_MINUTES, estimateSchedule, MAX_BOUT_MINUTES, MAX_EVENTS, MAX_PISTES, MAX_POOLS, MAX_TABLEAU, ScheduleError,
  type BoutMinutes, type DayInput, type DaySchedule, type EventEstimate, type EventInput, type PoolEstimate, type PoolInput, type RoundEstimate, type RoundInput, type TableauInput,
} from '../../../core/fencing/schedule';
import { MAX_POOLS as PRACTICE_POOLS } from '../../../core/limits';

const MIN = 60_000;
/** A time of the competition day (15 March 2025, UTC), from 'hh:mm'. */
const at = (hhmm: string) => Date.UTC(2025, 2, 15, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3)));
/** 'hh:mm' of a time of that day. */
const hm = (t: number) => new Date(t).toISOString().slice(11, 16);
const slot = (e: { start: number; end: number }) => `${hm(e.start)}–${hm(e.end)}`;
const rounds = (e: EventEstimate) => e.rounds.map((r) => `T${r.table} ${slot(r)}`);

const pool = (id: string, piste: string | null, flight: string, fencers: number, done = 0): PoolInput => ({ id, piste, flight, fencers, done });
const foil3: DayInput['minutes'] = { foil: { pool: 3, tableau: 12 } };
function day(events: EventInput[], over: Partial<DayInput> = {}): DayInput {
  return { start: at('09:00'), now: at('08:30'), pistes: ['1', '2', '3', '4'], events, minutes: foil3, ...over };
}
const foil = (pools: PoolInput[], tableau: TableauInput | null = null, id = 'U15 foil'): EventInput => ({ id, weapon: 'foil', pools, tableau });

describe('pools on their pistes', () => {
  it('one pool of 7 (21 bouts) at 3 minutes a bout from 09:00 ends at 10:03', () => {
    const s: DaySchedule = estimateSchedule(day([foil([pool('A1', '1', 'A', 7)])]));
    const p: PoolEstimate = s.events[0]!.pools[0]!;
    expect(p).toEqual({ id: 'A1', piste: '1', start: at('09:00'), end: at('10:03') });
    expect(hm(s.events[0]!.poolsEnd)).toBe('10:03');
    expect(hm(s.events[0]!.end)).toBe('10:03');
    expect(hm(s.end)).toBe('10:03');
  });

  it('two flights on one piste fence one after the other, flight A first whatever the order given', () => {
    const s = estimateSchedule(day([foil([pool('B1', '1', 'B', 6), pool('A1', '1', 'A', 7), pool('A2', '2', 'A', 6)])]));
    // Flight A: pool of 7 on piste 1, 21 × 3 = 63 min; then flight B: pool of 6, 15 × 3 = 45 min.
    expect(s.events[0]!.pools.map((p) => `${p.id} ${p.piste} ${slot(p)}`)).toEqual(['B1 1 10:03–10:48', 'A1 1 09:00–10:03', 'A2 2 09:00–09:45']);
    expect(hm(s.events[0]!.poolsEnd)).toBe('10:48');
  });

  it('flight Z comes before flight AA', () => {
    const s = estimateSchedule(day([foil([pool('late', '1', 'AA', 3), pool('early', '1', 'Z', 3)])]));
    expect(s.events[0]!.pools.map(slot)).toEqual(['09:09–09:18', '09:00–09:09']);
  });

  it('two events sharing a piste: flight A of both, in event order, before any flight B', () => {
    const epee: EventInput = { id: 'U13 épée', weapon: 'epee', pools: [pool('E1', '1', 'A', 5), pool('E2', '1', 'B', 4)] };
    const s = estimateSchedule(day([foil([pool('F1', '1', 'A', 4), pool('F2', '1', 'B', 4)]), epee], { minutes: { foil: { pool: 3 }, epee: { pool: 4 } } }));
    // F1 6 × 3 = 18, E1 10 × 4 = 40, F2 6 × 3 = 18, E2 6 × 4 = 24 minutes.
    expect(s.events[0]!.pools.map(slot)).toEqual(['09:00–09:18', '09:58–10:16']);
    expect(s.events[1]!.pools.map(slot)).toEqual(['09:18–09:58', '10:16–10:40']);
    expect(hm(s.end)).toBe('10:40');
  });

  it('a pool without a piste goes to the piste that frees up first', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 7), pool('A2', '2', 'A', 5), pool('B1', null, 'B', 5)])], { pistes: ['1', '2'] }));
    // Piste 2 frees at 09:30 (10 bouts), piste 1 at 10:03.
    expect(s.events[0]!.pools[2]).toEqual({ id: 'B1', piste: '2', start: at('09:30'), end: at('10:00') });
  });

  it('among pistes free at once, an unassigned pool takes the first in hall order', () => {
    const s = estimateSchedule(day([foil([pool('X', null, 'A', 4), pool('Y', null, 'A', 4)])], { pistes: ['red', 'blue'] }));
    expect(s.events[0]!.pools.map((p) => `${p.piste} ${slot(p)}`)).toEqual(['red 09:00–09:18', 'blue 09:00–09:18']);
  });
});

describe('progress moves the estimate', () => {
  it('10 of 21 bouts done at 09:40: the pool ends at 09:40 + 11 × 3 = 10:13', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 7, 10)])], { now: at('09:40') }));
    expect(slot(s.events[0]!.pools[0]!)).toBe('09:00–10:13');
  });

  it('a pool finished early ends by now, and the next on its piste starts now', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 7, 21), pool('B1', '1', 'B', 6)])], { now: at('09:50') }));
    const [a, b] = s.events[0]!.pools;
    expect(slot(a!)).toBe('09:00–09:50');
    expect(a!.end).toBeLessThanOrEqual(at('09:50'));
    expect(slot(b!)).toBe('09:50–10:35');
  });

  it('a pool finished later than estimated keeps its estimated end', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 4, 6)])], { now: at('11:00') }));
    expect(slot(s.events[0]!.pools[0]!)).toBe('09:00–09:18');
  });

  it('a pool not started cannot start in the past: at 10:30 it starts at 10:30', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 7)])], { now: at('10:30') }));
    expect(slot(s.events[0]!.pools[0]!)).toBe('10:30–11:33');
  });

  it('now is taken to the minute below, so a finished pool never ends after now', () => {
    const now = at('09:50') + 40_000;
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 7, 21)])], { now }));
    expect(s.events[0]!.pools[0]!.end).toBe(at('09:50'));
    const going = estimateSchedule(day([foil([pool('A1', '1', 'A', 7, 10)])], { now }));
    expect(hm(going.events[0]!.pools[0]!.end)).toBe('10:23');
  });

  it('before the day starts, the start of the day stands', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 7, 3)])], { now: at('07:00') }));
    expect(slot(s.events[0]!.pools[0]!)).toBe('09:00–09:54');
  });
});

describe('the tableau', () => {
  it('a tableau of 16 on 4 pistes at 12 min a match: 8 matches in 2 waves (24 min), then 12 min a round', () => {
    const s = estimateSchedule(day([foil([], { size: 16 })], { start: at('10:00'), now: at('10:00') }));
    expect(rounds(s.events[0]!)).toEqual(['T16 10:00–10:24', 'T8 10:24–10:36', 'T4 10:36–10:48', 'T2 10:48–11:00']);
    expect(s.events[0]!.rounds.map((r) => r.matches)).toEqual([8, 4, 2, 1]);
    expect(hm(s.events[0]!.poolsEnd)).toBe('10:00');
    expect(hm(s.events[0]!.end)).toBe('11:00');
  });

  it('starts when the last pool of its event ends: two pools of 8 (28 bouts each) end at 10:24', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 8), pool('A2', '2', 'A', 8)], { size: 16 })]));
    const e = s.events[0]!;
    expect(hm(e.poolsEnd)).toBe('10:24');
    expect(rounds(e)).toEqual(['T16 10:24–10:48', 'T8 10:48–11:00', 'T4 11:00–11:12', 'T2 11:12–11:24']);
    expect(hm(s.end)).toBe('11:24');
  });

  it('byes need no piste: 9 fencers in a table of 16 fence one match in the first round', () => {
    const tableau: TableauInput = { size: 16, rounds: [{ matches: 1, done: 0 }] };
    const s = estimateSchedule(day([foil([], tableau)], { start: at('10:00'), now: at('10:00') }));
    expect(rounds(s.events[0]!)).toEqual(['T16 10:00–10:12', 'T8 10:12–10:24', 'T4 10:24–10:36', 'T2 10:36–10:48']);
  });

  it('fewer pistes, more waves: the round of 16 on 3 pistes takes 3 waves', () => {
    const s = estimateSchedule(day([foil([], { size: 16 })], { start: at('10:00'), now: at('10:00'), pistes: ['1', '2', '3'] }));
    expect(rounds(s.events[0]!)).toEqual(['T16 10:00–10:36', 'T8 10:36–11:00', 'T4 11:00–11:12', 'T2 11:12–11:24']);
  });

  it('5 of 8 matches done at 10:15: the 3 left are one wave, so the round ends at 10:27', () => {
    const done: RoundInput[] = [{ matches: 8, done: 5 }];
    const s = estimateSchedule(day([foil([], { size: 16, rounds: done })], { start: at('10:00'), now: at('10:15') }));
    expect(rounds(s.events[0]!)).toEqual(['T16 10:00–10:27', 'T8 10:27–10:39', 'T4 10:39–10:51', 'T2 10:51–11:03']);
  });

  it('a finished round ends by now; the next starts now', () => {
    const done: RoundInput[] = [{ matches: 8, done: 8 }, { matches: 4, done: 0 }];
    const s = estimateSchedule(day([foil([], { size: 16, rounds: done })], { start: at('10:00'), now: at('10:20') }));
    expect(rounds(s.events[0]!).slice(0, 2)).toEqual(['T16 10:00–10:20', 'T8 10:20–10:32']);
  });

  it('a third-place match counts in the final round: on one piste its 2 matches take two waves', () => {
    const tableau: TableauInput = { size: 4, rounds: [{ matches: 2, done: 0 }, { matches: 2, done: 0 }] };
    const s = estimateSchedule(day([foil([], tableau)], { start: at('10:00'), now: at('10:00'), pistes: ['1'] }));
    expect(s.events[0]!.rounds).toEqual<RoundEstimate[]>([
      { table: 4, matches: 2, start: at('10:00'), end: at('10:24') },
      { table: 2, matches: 2, start: at('10:24'), end: at('10:48') },
    ]);
  });

  it('an event without a tableau ends with its pools', () => {
    const s = estimateSchedule(day([foil([pool('A1', '1', 'A', 5)], null)]));
    expect(s.events[0]!.rounds).toEqual([]);
    expect(hm(s.events[0]!.end)).toBe('09:30');
  });
});

describe('bout minutes per weapon', () => {
  it('defaults: épée 4, 14 and 46 (nine pool bouts and 10), foil 3.5, 12 and 42, sabre 2.5, 8 and 33 minutes', () => {
    expect(DEFAULT_MINUTES).toEqual({ epee: { pool: 4, tableau: 14, team: 46 }, foil: { pool: 3.5, tableau: 12, team: 42 }, sabre: { pool: 2.5, tableau: 8, team: 33 } });
    expect(boutMinutes()).toEqual(DEFAULT_MINUTES);
  });

  it('an edit replaces only what it names', () => {
    const edited: Record<string, BoutMinutes> = boutMinutes({ sabre: { pool: 2 } });
    expect(edited.sabre).toEqual({ pool: 2, tableau: 8, team: 33 });
    expect(edited.epee).toEqual(DEFAULT_MINUTES.epee);
  });

  it('with the defaults an épée pool of 5 takes 40 min and a sabre pool of 7 52.5, rounded to 53', () => {
    const s = estimateSchedule(day([
      { id: 'E', weapon: 'epee', pools: [pool('E1', '1', 'A', 5)] },
      { id: 'S', weapon: 'sabre', pools: [pool('S1', '2', 'A', 7)], tableau: { size: 2 } },
    ], { minutes: undefined }));
    expect(slot(s.events[0]!.pools[0]!)).toBe('09:00–09:40');
    expect(slot(s.events[1]!.pools[0]!)).toBe('09:00–09:53');
    // The final starts at the exact end (09:52:30) and takes 8 minutes: 10:00:30, rounded to 10:01.
    expect(rounds(s.events[1]!)).toEqual(['T2 09:53–10:01']);
    for (const t of [s.events[1]!.pools[0]!.end, s.events[1]!.rounds[0]!.end, s.end]) expect(t % MIN).toBe(0);
  });
});

describe('a day as the bench plans it: 300 fencers, 48 pools, 16 pistes', () => {
  // Two events of 150 fencers, each in 24 pools (6 of 7 and 18 of 6), on 16 pistes: three flights of 16.
  // 150 fencers fill a table of 256 with 22 matches in the first round (the rest are byes).
  // Every fifth pool has 4 bouts fenced at 09:00, some of them in flights B and C: they still wait for their piste.
  const pistes = Array.from({ length: 16 }, (_, i) => `P${i + 1}`);
  const events: EventInput[] = ['epee', 'foil'].map((weapon, e) => ({
    id: `event ${e}`,
    weapon: weapon as EventInput['weapon'],
    pools: Array.from({ length: 24 }, (_, i) => {
      const n = e * 24 + i;
      return pool(`pool ${n}`, pistes[n % 16]!, 'ABC'[Math.floor(n / 16)]!, i < 6 ? 7 : 6, n % 5 === 0 ? 4 : 0);
    }),
    tableau: { size: 256, rounds: [{ matches: 22, done: 0 }] },
  }));
  const s = estimateSchedule({ start: at('08:30'), now: at('09:00'), pistes, events });

  it('answers every pool, the pools end and eight rounds per event', () => {
    expect(s.events.map((e) => [e.id, e.pools.length, e.rounds.map((r) => r.table)])).toEqual([
      ['event 0', 24, [256, 128, 64, 32, 16, 8, 4, 2]],
      ['event 1', 24, [256, 128, 64, 32, 16, 8, 4, 2]],
    ]);
    expect(s.events.map((e) => e.rounds.map((r) => r.matches))).toEqual([[22, 64, 32, 16, 8, 4, 2, 1], [22, 64, 32, 16, 8, 4, 2, 1]]);
  });

  it('every time is on the minute, no piste fences two pools at once, and rounds follow each other', () => {
    const all = s.events.flatMap((e) => [...e.pools, ...e.rounds]);
    for (const x of all) {
      expect(x.start % MIN).toBe(0);
      expect(x.end).toBeGreaterThan(x.start);
    }
    const onPiste = new Map<string, PoolEstimate[]>();
    for (const p of s.events.flatMap((e) => e.pools)) onPiste.set(p.piste, [...(onPiste.get(p.piste) ?? []), p]);
    expect(onPiste.size).toBe(16);
    for (const list of onPiste.values()) {
      expect(list).toHaveLength(3);
      for (let i = 1; i < list.length; i++) expect(list[i]!.start).toBeGreaterThanOrEqual(list[i - 1]!.end);
    }
    for (const e of s.events) {
      expect(e.poolsEnd).toBe(Math.max(...e.pools.map((p) => p.end)));
      expect(e.rounds[0]!.start).toBe(e.poolsEnd);
      for (let i = 1; i < e.rounds.length; i++) expect(e.rounds[i]!.start).toBe(e.rounds[i - 1]!.end);
      expect(e.end).toBe(e.rounds.at(-1)!.end);
    }
    expect(s.end).toBe(Math.max(...s.events.map((e) => e.end)));
  });
});

describe('a day holds one full practice (issue 33)', () => {
  // 512 fencers in 256 pools of 2 (core/limits MAX_POOLS), one event on 64 pistes: four flights of 64.
  const pistes = Array.from({ length: MAX_PISTES }, (_, i) => `P${i + 1}`);
  const pools = Array.from({ length: PRACTICE_POOLS }, (_, i) => pool(`pool ${i}`, pistes[i % MAX_PISTES]!, 'ABCD'[Math.floor(i / MAX_PISTES)]!, 2));

  it('schedules its 256 pools (within core/limits MAX_DAY_POOLS), each bout of 3 minutes after the one before on its piste', () => {
    expect(MAX_POOLS).toBeGreaterThanOrEqual(PRACTICE_POOLS);
    const s = estimateSchedule(day([foil(pools, { size: 512 })], { pistes }));
    expect(s.events[0]!.pools).toHaveLength(256);
    // One bout a pool: flight A 09:00–09:03, …, flight D 09:09–09:12; the table of 512 starts at 09:12.
    expect(slot(s.events[0]!.pools[255]!)).toBe('09:09–09:12');
    expect(s.events[0]!.rounds[0]!.table).toBe(512);
    expect(hm(s.events[0]!.rounds[0]!.start)).toBe('09:12');
  });
});

describe('bad input', () => {
  const ok = () => day([foil([pool('A1', '1', 'A', 7)], { size: 8 })]);
  const cases: [string, (d: DayInput) => DayInput, string][] = [
    ['no pistes', (d) => ({ ...d, pistes: [] }), `A day has from 1 to ${MAX_PISTES} pistes`],
    ['too many pistes', (d) => ({ ...d, pistes: Array.from({ length: MAX_PISTES + 1 }, (_, i) => `${i}`) }), `A day has from 1 to ${MAX_PISTES} pistes`],
    ['a piste twice', (d) => ({ ...d, pistes: ['1', '1'] }), 'Each piste needs its own id'],
    ['an unknown piste', (d) => day([foil([pool('A1', '9', 'A', 7)])], { pistes: d.pistes }), 'Pool A1 is on a piste the day does not have'],
    ['a pool id twice', () => day([foil([pool('A1', '1', 'A', 7), pool('A1', '2', 'A', 7)])]), 'Each pool needs its own id'],
    ['an event id twice', () => day([foil([]), foil([])]), 'Each event needs its own id'],
    ['too many events', () => day(Array.from({ length: MAX_EVENTS + 1 }, (_, i) => foil([], null, `e${i}`))), `A day has at most ${MAX_EVENTS} events`],
    ['too many pools', () => day([foil(Array.from({ length: MAX_POOLS + 1 }, (_, i) => pool(`p${i}`, '1', 'A', 5)))]), `A day has at most ${MAX_POOLS} pools`],
    ['a bad weapon', () => day([{ id: 'x', weapon: 'katana' as 'foil', pools: [] }]), 'The weapon of x must be épée, foil or sabre'],
    ['a flight that is no letter', () => day([foil([pool('A1', '1', '1', 7)])]), 'The flight of pool A1 must be a letter'],
    ['a pool of one', () => day([foil([pool('A1', '1', 'A', 1)])]), 'Pool A1 has from 2 to 20 fencers'],
    ['more bouts done than fenced', () => day([foil([pool('A1', '1', 'A', 7, 22)])]), 'Pool A1 has done from 0 to its 21 bouts'],
    ['bouts done not whole', () => day([foil([pool('A1', '1', 'A', 7, 2.5)])]), 'Pool A1 has done from 0 to its 21 bouts'],
    ['a tableau of 12', () => day([foil([], { size: 12 })]), `The tableau of U15 foil must be a power of two from 2 to ${MAX_TABLEAU}`],
    ['a tableau of 1024', () => day([foil([], { size: 1024 })]), `The tableau of U15 foil must be a power of two from 2 to ${MAX_TABLEAU}`],
    ['too many rounds', () => day([foil([], { size: 4, rounds: [{ matches: 2, done: 0 }, { matches: 1, done: 0 }, { matches: 1, done: 0 }] })]), 'The tableau of U15 foil has at most 2 rounds'],
    ['a round of no match', () => day([foil([], { size: 8, rounds: [{ matches: 0, done: 0 }] })]), "A round of U15 foil's tableau has from 1 to 4 matches"],
    ['matches done past the round', () => day([foil([], { size: 8, rounds: [{ matches: 4, done: 5 }] })]), "A round of U15 foil's tableau has done from 0 to its 4 matches"],
    ['no start', (d) => ({ ...d, start: Number.NaN }), 'The start and the time now must be valid times'],
    ['a time past Date', (d) => ({ ...d, now: 1e16 }), 'The start and the time now must be valid times'],
    ['a bout of no time', (d) => ({ ...d, minutes: { foil: { pool: 0 } } }), 'A pool bout at foil takes more than 0 and at most 60 minutes'],
    ['a bout of two hours', (d) => ({ ...d, minutes: { epee: { tableau: MAX_BOUT_MINUTES + 1 } } }), 'A tableau bout at épée takes more than 0 and at most 60 minutes'],
    ['events not a list', (d) => ({ ...d, events: null as unknown as EventInput[] }), 'The events must be a list'],
    ['a pool that is null', () => day([foil([null as unknown as PoolInput])]), 'Each pool needs its own id'],
  ];
  for (const [name, edit, message] of cases) {
    it(`${name}: ScheduleError "${message}"`, () => {
      expect(() => estimateSchedule(edit(ok()))).toThrow(new ScheduleError(message));
    });
  }

  it('the valid day the cases start from is estimated', () => {
    expect(hm(estimateSchedule(ok()).end)).toBe('10:39');
  });

  it('a missing day is a ScheduleError, not a crash', () => {
    expect(() => estimateSchedule(null as unknown as DayInput)).toThrow(ScheduleError);
  });
});
