import { describe, expect, it } from 'vitest';
import { refereeWrite } from '../../../app/state/writes/referee';
import { callWrite } from '../../../app/state/writes/call';
import { kindOf, type OutboxEntry } from '../../../app/state/write-kind';
import type { RefereeUpdateBody } from '../../../core/validation';

const modules = import.meta.glob('../../../app/state/writes/*.ts', { eager: true });

describe('the steps a view decides on: a referee’s and a call’s', () => {
  it('are not listed in the header, and end at their view at a conflict, never kept to decide on', () => {
    for (const kind of [refereeWrite, callWrite]) {
      expect(kind.header).toBeUndefined();
      expect(kind.endsAtView).toBeTypeOf('function');
      expect(kind.version).toBeUndefined();
    }
  });

  it('chain a referee’s steps by their number, one line per refereed bout', () => {
    // Only what names the bout and numbers the step matters here; the state it carries is the room's to check.
    const body = (seq: number, poolId: string) => ({ target: { kind: 'pool', pool_id: poolId, a: 'a', b: 'b' }, view: 'v', seq, sent_at: 0 }) as unknown as RefereeUpdateBody;
    const step = (seq: number, poolId: string): OutboxEntry => ({ kind: 'referee', body: body(seq, poolId), key: `k${seq}`, seq, practiceId: 'x', createdAt: 0 });
    expect(kindOf(step(4, 'p')).versionAfter(step(4, 'p'))).toBe(4);
    expect(kindOf(step(4, 'p')).line(step(4, 'p'))).toBe(kindOf(step(5, 'p')).line(step(5, 'p')));
    expect(kindOf(step(4, 'p')).line(step(4, 'p'))).not.toBe(kindOf(step(4, 'q')).line(step(4, 'q')));
  });
});

describe('the write kinds', () => {
  it('are each one module of app/state/writes, which defines its kind', () => {
    const defined = Object.values(modules).flatMap((m) => Object.values(m as Record<string, unknown>)).filter((v): v is { kind: string; send: unknown } => typeof v === 'object' && v !== null && 'kind' in v && 'send' in v);
    expect(defined.map((k) => k.kind).sort()).toEqual(['barrage', 'bout', 'call', 'clear', 'lineup', 'referee', 'relay', 'tableau', 'team-relay']);
    expect(Object.keys(modules)).toHaveLength(9);
  });
});
