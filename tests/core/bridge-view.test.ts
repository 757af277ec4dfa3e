import { describe, expect, it } from 'vitest';
import type { DayBridge, MachineStatus } from '../../core/contracts/bridge';
import { pisteMachineRows, sameMachine } from '../../core/bridge-view';

const machine = (piste: string, address: string, confirmed: boolean): MachineStatus => ({ piste, address, online: true, state: 'H', loaded: '1/1', last_frame_at: 1, confirmed });

const bridge = (over: Partial<DayBridge>): DayBridge => ({
  key_made_at: 1, bridge_id: null, seen_at: null, counts: null, machines: [], last: {},
  pistes: [{ piste_id: 'p1', code: '1', machine: '10.0.0.5' }, { piste_id: 'p2', code: '2', machine: null }, { piste_id: 'p3', code: '3', machine: null }],
  ...over,
});

describe('a day’s bridge on its screen (issue 57)', () => {
  it('reads an address without its port as port 50100, hosts in any case, IPv6 in brackets', () => {
    expect(sameMachine('10.0.0.5', '10.0.0.5:50100')).toBe(true);
    expect(sameMachine('10.0.0.5:50101', '10.0.0.5:50100')).toBe(false);
    expect(sameMachine('Scorer-3', 'scorer-3:50100')).toBe(true);
    expect(sameMachine('[FE80::1]:50100', '[fe80::1]')).toBe(true);
    expect(sameMachine('10.0.0.6', '10.0.0.5')).toBe(false);
  });

  it('shows each piste’s confirmed machine as the bridge sees it, and offers a learnt one only on a piste without a machine', () => {
    const rows = pisteMachineRows(bridge({
      machines: [machine('1', '10.0.0.5:50100', true), machine('2', '10.0.0.7:50100', false), machine('1', '10.0.0.9:50100', false)],
      last: { 3: { answer: 'ignored', reason: 'nothing-called', at: 5 } },
    }));
    expect(rows.map((r) => [r.code, r.status?.address ?? null, r.learnt?.address ?? null])).toEqual([
      ['1', '10.0.0.5:50100', null],
      ['2', '10.0.0.7:50100', '10.0.0.7:50100'],
      ['3', null, null],
    ]);
    expect(rows[2]!.last).toEqual({ answer: 'ignored', reason: 'nothing-called', at: 5 });
    expect(rows[0]!.last).toBeNull();
  });

  it('shows no status for a confirmed address the bridge has not heard', () => {
    const [row] = pisteMachineRows(bridge({ machines: [machine('1', '10.0.0.8:50100', false)] }));
    expect([row!.machine, row!.status, row!.learnt]).toEqual(['10.0.0.5', null, null]);
  });
});
