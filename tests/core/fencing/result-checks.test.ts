import { describe, expect, it } from 'vitest';
import type { ResultCheck } from '../../../core/contracts/checks';
import { checkOf, scopeKey, scopeOf, withCheck } from '../../../core/fencing/result-checks';

describe('checked results (issue 58)', () => {
  const pool: ResultCheck = { scope: { kind: 'pool', pool_id: 'p1' }, at: 10 };
  const round: ResultCheck = { scope: { kind: 'round', round: 2 }, at: 20 };
  const event: ResultCheck = { scope: { kind: 'event' }, at: 30 };

  it('names each scope once and reads the name back', () => {
    for (const c of [pool, round, event]) expect(scopeOf(scopeKey(c.scope))).toEqual(c.scope);
    expect(scopeKey(pool.scope)).toBe('pool:p1');
    expect(scopeKey(round.scope)).toBe('round:2');
    expect(scopeOf('round:x')).toBeNull();
    expect(scopeOf('piste:1')).toBeNull();
  });

  it('a result is final when its pool, its round or the whole event is checked; the narrower check is the one shown', () => {
    expect(checkOf([pool], { pool_id: 'p1' })).toEqual(pool);
    expect(checkOf([pool], { pool_id: 'p2' })).toBeNull();
    expect(checkOf([round], { round: 2 })).toEqual(round);
    expect(checkOf([round], { round: 1 })).toBeNull();
    expect(checkOf([pool, round], { round: 1 })).toBeNull();
    // The event covers every pool and round; a pool's own check says more.
    expect(checkOf([event], { pool_id: 'p9' })).toEqual(event);
    expect(checkOf([event], { round: 1 })).toEqual(event);
    expect(checkOf([event, pool], { pool_id: 'p1' })).toEqual(pool);
    expect(checkOf([event], 'event')).toEqual(event);
    expect(checkOf([pool, round], 'event')).toBeNull();
  });

  it('marking again moves the time; unmarking takes the scope away and leaves the others', () => {
    const marked = withCheck([pool, round], { kind: 'pool', pool_id: 'p1' }, 40);
    expect(marked).toEqual([round, { ...pool, at: 40 }]);
    expect(withCheck(marked, { kind: 'round', round: 2 }, null)).toEqual([{ ...pool, at: 40 }]);
    expect(withCheck([], { kind: 'event' }, null)).toEqual([]);
  });
});
