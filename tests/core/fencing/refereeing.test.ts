import { describe, expect, it } from 'vitest';
import { boutOrder, type BoutPair } from '../../../core/fencing/bout-order';
import { boutFormat, startBout, step, touch } from '../../../core/fencing/referee';
import { dutyKey, suggestReferees } from '../../../core/fencing/referee-duty';
import { fitsFormat, lowerSeed, poolScores, refereeKey, shiftClock, targetFromParam, targetParam, type LiveBout } from '../../../core/refereeing';
import { refereeUpdateSchema } from '../../../core/validation';

const duty = (count: number, opts: { done?: BoutPair[]; out?: number[]; chosen?: [string, number][] } = {}) => {
  const order = boutOrder(count);
  const done = new Set((opts.done ?? []).map(dutyKey));
  return { order, refs: suggestReferees({ count, order, out: new Set(opts.out ?? []), done: (p) => done.has(dutyKey(p)), chosen: new Map(opts.chosen ?? []) }) };
};

describe('who referees next (issue 18)', () => {
  const count = (refs: Map<string, number>, n: number) => [...refs.values()].filter((r) => r === n).length;

  it('from 6 fencers on: never someone fencing the bout or on deck, and the duty spread evenly', () => {
    for (const size of [6, 7, 8, 9, 10, 12, 14]) {
      const { order, refs } = duty(size);
      expect(refs.size).toBe(order.length);
      order.forEach((pair, i) => {
        const referee = refs.get(dutyKey(pair))!;
        expect(pair).not.toContain(referee);
        if (order[i + 1]) expect(order[i + 1]).not.toContain(referee);
      });
      const counts = Array.from({ length: size }, (_, k) => count(refs, k + 1));
      // Within one of each other (two in a pool of 9, whose standard order leaves the greedy choice short).
      expect(Math.max(...counts) - Math.min(...counts), `pool of ${size}`).toBeLessThanOrEqual(size === 9 ? 2 : 1);
    }
    // Pool of 6 (1-2 4-3 6-5 …): 1-2 with 4-3 on deck leaves 5 and 6; 5 is the lower number.
    expect(duty(6).refs.get('1-2')).toBe(5);
  });

  it('a pool of 5: two bouts each, someone on deck only when evenness needs it', () => {
    const { order, refs } = duty(5);
    expect([1, 2, 3, 4, 5].map((n) => count(refs, n))).toEqual([2, 2, 2, 2, 2]);
    for (const pair of order) expect(pair).not.toContain(refs.get(dutyKey(pair)));
    // The first bout (1-2, 3-4 on deck): 5 is the only one free of both.
    expect(refs.get('1-2')).toBe(5);
  });

  it('skips fenced bouts, never names a scratched fencer, and keeps the coach’s choice (counted as a duty)', () => {
    const order = boutOrder(6);
    const { refs } = duty(6, { done: order.slice(0, 3), out: [6], chosen: [[dutyKey(order[3]!), 1]] });
    expect(refs.has(dutyKey(order[0]!))).toBe(false);
    expect(refs.get(dutyKey(order[3]!))).toBe(1);
    expect([...refs.values()]).not.toContain(6);
    const counts = [1, 2, 3, 4, 5].map((n) => count(refs, n));
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('a pool of 3 has nobody off two bouts running: the one not fencing referees', () => {
    const { order, refs } = duty(3);
    for (const pair of order) expect(refs.get(dutyKey(pair))).toBe(6 - pair[0] - pair[1]);
  });
});

describe('the wire of a live bout', () => {
  const target = { kind: 'pool' as const, pool_id: 'p1', a: 'b-id', b: 'a-id' };

  it('names a bout once whichever side each fencer stands, and round-trips it through a link', () => {
    expect(refereeKey(target)).toBe(refereeKey({ ...target, a: 'a-id', b: 'b-id' }));
    expect(targetFromParam(targetParam(target))).toEqual(target);
    expect(targetFromParam(targetParam({ kind: 'tableau', round: 2, position: 0 }))).toEqual({ kind: 'tableau', round: 2, position: 0 });
    for (const bad of [null, '', 'pool.p1.a', 'pool.p1.a.a', 'tableau.0.1', 'tableau.1.-1', 'tableau.x.1', 'team.1.2']) expect(targetFromParam(bad)).toBeNull();
  });

  it('moves clock readings between a phone’s clock and the room’s, and leaves a stopped clock alone', () => {
    const running = { ...startBout(boutFormat('pool', 'foil')), running: true, since: 1_000, phase: 'fencing' as const };
    const r = step({ state: startBout(boutFormat('pool', 'foil')), past: [] }, running);
    const moved = shiftClock(r, 50_000);
    expect(moved.state.since).toBe(51_000);
    expect(moved.past[0]!.since).toBeNull();
  });

  it('refuses a state that cannot belong to the bout: 6 touches in a pool, a P-card at sabre, a period 2 in a pool', () => {
    const { format: _f, ...pool } = startBout(boutFormat('pool', 'epee'));
    expect(fitsFormat(pool, boutFormat('pool', 'epee'))).toBe(true);
    expect(fitsFormat({ ...pool, left: 6 }, boutFormat('pool', 'epee'))).toBe(false);
    expect(fitsFormat({ ...pool, left: 15 }, boutFormat('tableau', 'epee'))).toBe(true);
    expect(fitsFormat({ ...pool, period: 2 }, boutFormat('pool', 'epee'))).toBe(false);
    expect(fitsFormat({ ...pool, pCards: 1 }, boutFormat('tableau', 'sabre'))).toBe(false);
    expect(fitsFormat({ ...pool, pCards: 1 }, boutFormat('tableau', 'foil'))).toBe(true);
    const body = { target, view: 'view-12345', seq: 1, sent_at: 1, state: pool, past: [] };
    expect(refereeUpdateSchema.safeParse(body).success).toBe(true);
    expect(refereeUpdateSchema.safeParse({ ...body, state: { ...pool, left: -1 } }).success).toBe(false);
    expect(refereeUpdateSchema.safeParse({ ...body, past: Array(51).fill(pool) }).success).toBe(false);
  });

  it('gives a pool grid each running score from the row fencer’s side, and the lower seed for t.124', () => {
    const state = touch(startBout(boutFormat('pool', 'epee')), 'left', 0);
    const bout = { key: 'k', target, left: { id: 'b-id', name: 'B' }, right: { id: 'a-id', name: 'A' }, referee: 'R', state, now: 0 } satisfies LiveBout;
    expect(poolScores([bout], 'p1')).toEqual(new Map([['b-id>a-id', '1–0'], ['a-id>b-id', '0–1']]));
    expect(poolScores([bout], 'other').size).toBe(0);
    expect(lowerSeed({ left: { id: 'x', name: 'X', seed: 3 }, right: { id: 'y', name: 'Y', seed: 14 } })).toBe('right');
    expect(lowerSeed({ left: { id: 'x', name: 'X', seed: 9 }, right: { id: 'y', name: 'Y', seed: 8 } })).toBe('left');
  });
});
