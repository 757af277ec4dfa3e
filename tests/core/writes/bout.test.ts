import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import { boutWrite, withPending } from '../../../app/state/writes/bout';
import { clearWrite } from '../../../app/state/writes/clear';
import { kindOf, type EntryOf } from '../../../app/state/write-kind';
import { sheetOf } from './sheet';

const pool = { id: 'p1', bouts: [{ player1_id: 'a', player2_id: 'b', score1: 5, score2: 3, priority_id: null, updated_at: 1, version: 2 }] } as unknown as PoolSnapshot;
const state = { key: 'k', seq: 1, practiceId: 'x', createdAt: 10 };
const bout = (score1: number, score2: number, version = 2): EntryOf<'bout'> => ({ kind: 'bout', poolId: 'p1', body: { player1_id: 'b', player2_id: 'a', score1, score2, version }, ...state });
const clear = (version = 2): EntryOf<'clear'> => ({ kind: 'clear', poolId: 'p1', body: { player1_id: 'a', player2_id: 'b', version }, ...state });

describe('the bout write (SPEC §4)', () => {
  it('is one record with its clearing, whichever fencer comes first: they wait in one line', () => {
    expect(boutWrite.record(bout(5, 1))).toBe(clearWrite.record(clear()));
    expect(boutWrite.line(bout(5, 1))).toBe(clearWrite.line(clear()));
  });

  it('leaves the next version after it, and a clear leaves none', () => {
    expect(kindOf(bout(5, 1, 4)).versionAfter(bout(5, 1, 4))).toBe(5);
    expect(kindOf(clear()).versionAfter(clear())).toBe(0);
    expect(boutWrite.version?.over(bout(5, 1, 4), 7).body.version).toBe(7);
  });

  it('shows a waiting result in the grid in place of the stored one, and a waiting clear as no result', () => {
    const shown = withPending(pool, [bout(5, 4)]);
    expect(shown.pool.bouts).toHaveLength(1);
    expect(shown.pool.bouts[0]).toMatchObject({ version: 3 });
    expect(shown.pending).toHaveLength(1);
    expect(withPending(pool, [clear()]).pool.bouts).toEqual([]);
    // A write in conflict is not shown as pending: the header shows it beside the result that won.
    expect(withPending(pool, [{ ...bout(5, 4), conflict: { current: null } }]).pool).toBe(pool);
  });

  it('reads in the header as the sheet says it, from the first-named fencer', () => {
    const sheet = sheetOf({ a: 'ANN', b: 'BOB' });
    expect(boutWrite.header?.result(bout(5, 2), sheet)).toBe('BOB 5 – 2 ANN');
    expect(clearWrite.header?.result(clear(), sheet)).toBe('ANN – BOB: no result');
    const lost = { ...bout(5, 2), conflict: { current: pool.bouts[0]! } };
    expect(boutWrite.header?.sides(lost, sheet)).toEqual({ mine: 'BOB 5 – 2 ANN', theirs: 'BOB 3 – 5 ANN', keepable: true });
  });
});
