import { describe, expect, it } from 'vitest';
import { fromMachine, machineAddress, machineResult, pisteCodes, pisteWork } from '../../../core/fencing/day-bridge';
import { boutFormat, startBout, type RefereeState } from '../../../core/fencing/referee';

const piste = (id: string, name: string, position: number) => ({ id, name, position });

describe('piste codes a machine announces (issue 57)', () => {
  it('keeps a short plain name, numbers the rest by their place, and never gives one code twice', () => {
    const codes = pisteCodes([piste('a', '1', 0), piste('b', 'Red', 1), piste('c', 'Piste numéro 3', 2), piste('d', 'Finale A', 3)]);
    expect([...codes.values()]).toEqual(['1', 'Red', '3', '4']);
    // Two pistes named alike, and a name that is another piste's number.
    const clash = pisteCodes([piste('a', 'Blue', 0), piste('b', 'Blue', 1), piste('c', '2', 2), piste('d', 'A very long name', 3)]);
    expect([...clash.values()]).toEqual(['P1', 'P2', '2', '4']);
    expect(new Set(clash.values()).size).toBe(4);
  });
  it('follows the day’s order, not the order given', () => {
    expect([...pisteCodes([piste('b', 'Long name two', 1), piste('a', 'Long name one', 0)])]).toEqual([['a', '1'], ['b', '2']]);
  });
});

describe('what a piste fences now', () => {
  const day = {
    pistes: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }],
    calls: [{ practice_id: 'e1', round: 2, position: 0, piste_id: 'p1' }],
    placements: [
      { pool_id: 'A', practice_id: 'e1', piste_id: 'p1', flight: 0 },
      { pool_id: 'B', practice_id: 'e1', piste_id: 'p2', flight: 0 },
      { pool_id: 'C', practice_id: 'e2', piste_id: 'p2', flight: 1 },
    ],
  };
  it('is the match called there first, else the placed pool not done, the earliest flight first', () => {
    const pools = new Map([['A', { bouts: 6, done: 2 }], ['B', { bouts: 6, done: 6 }], ['C', { bouts: 3, done: 0 }]]);
    const work = pisteWork(day, pools);
    expect(work.get('p1')).toEqual({ kind: 'tableau', practice_id: 'e1', round: 2, position: 0 });
    // B is done: the next flight's pool C fences on p2.
    expect(work.get('p2')).toEqual({ kind: 'pool', practice_id: 'e2', pool_id: 'C' });
    expect(work.has('p3')).toBe(false);
  });
});

describe('a machine’s address', () => {
  it('takes an IPv4 address with an optional port, and nothing else (a report names its machine by the number it came from)', () => {
    expect(machineAddress(' 192.168.1.21 ')).toBe('192.168.1.21');
    expect(machineAddress('192.168.001.021:50101')).toBe('192.168.1.21:50101');
    for (const bad of ['', '192.168.1.21:0', '10.0.0.5:70000', '10.0.0.256', 'piste-3.local', 'a b', 'http://x', '10.0.0.5; rm']) expect(machineAddress(bad)).toBeNull();
  });
  it('matches a report’s sender by host, or by host and port when the coach gave a port', () => {
    expect(fromMachine('10.0.0.5', '10.0.0.5:50100')).toBe(true);
    expect(fromMachine('10.0.0.5', '10.0.0.50:50100')).toBe(false);
    expect(fromMachine('10.0.0.5:50101', '10.0.0.5:50100')).toBe(false);
    expect(fromMachine('10.0.0.5:50101', '10.0.0.5:50101')).toBe(true);
  });
});

describe('what a machine’s end of match saves', () => {
  const over = (s: Partial<RefereeState>): RefereeState => ({ ...startBout(boutFormat('pool', 'epee')), phase: 'over', ...s });
  it('the score as fenced, the winner on priority at equal scores', () => {
    expect(machineResult(over({ left: 5, right: 3 }), null)).toEqual({ ok: true, left: 5, right: 3, priority: null });
    expect(machineResult(over({ left: 4, right: 4, priority: 'right' }), null)).toEqual({ ok: true, left: 4, right: 4, priority: 'right' });
  });
  it('refuses equal scores with no priority (EFP1.1: not a correct end)', () => {
    expect(machineResult(over({ left: 4, right: 4 }), null)).toEqual({ ok: false, reason: 'equal-no-priority' });
  });
  it('an exclusion or an abandonment loses: on priority at equal scores; against the score it is entered by hand', () => {
    expect(machineResult(over({ left: 2, right: 2, excluded: 'left' }), null)).toEqual({ ok: true, left: 2, right: 2, priority: 'right' });
    expect(machineResult(over({ left: 1, right: 3 }), 'left')).toEqual({ ok: true, left: 1, right: 3, priority: null });
    expect(machineResult(over({ left: 3, right: 1 }), 'left')).toEqual({ ok: false, reason: 'result-by-hand' });
  });
});
