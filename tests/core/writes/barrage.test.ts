import { describe, expect, it } from 'vitest';
import { barrageWrite, withPendingBarrage } from '../../../app/state/writes/barrage';
import type { EntryOf } from '../../../app/state/write-kind';
import { sheetOf } from './sheet';

const entry = (practiceId: string, player1_id: string, player2_id: string, score1: number, score2: number, version = 0): EntryOf<'barrage'> => ({
  kind: 'barrage',
  body: { player1_id, player2_id, score1, score2, version },
  key: 'k',
  seq: 1,
  practiceId,
  createdAt: 1,
});

describe('the barrage bout write (issue 58)', () => {
  it('chains the versions of one bout, whichever fencer is named first, and waits in that bout’s own line', () => {
    expect(barrageWrite.record(entry('x', 'bob', 'cleo', 5, 3))).toBe(barrageWrite.record(entry('x', 'cleo', 'bob', 3, 5)));
    expect(barrageWrite.line(entry('x', 'bob', 'cleo', 5, 3))).not.toBe(barrageWrite.line(entry('x', 'bob', 'dan', 5, 3)));
    expect(barrageWrite.versionAfter(entry('x', 'bob', 'cleo', 5, 3, 2))).toBe(3);
  });

  it('shows a waiting result over the stored bout, in stored order, and only the practice’s own', () => {
    const stored = [{ player1_id: 'bob', player2_id: 'cleo', score1: 5, score2: 1, priority_id: null, updated_at: 0, version: 1 }];
    const shown = withPendingBarrage('x', stored, [entry('x', 'cleo', 'bob', 5, 2, 1), entry('y', 'bob', 'dan', 5, 0)]);
    expect(shown.map((b) => [b.player1_id, b.player2_id, b.score1, b.score2, b.version])).toEqual([['bob', 'cleo', 2, 5, 2]]);
  });

  it('reads in the header with the fencers’ names', () => {
    const sheet = sheetOf({ bob: 'BOB', cleo: 'CLEO' });
    expect(barrageWrite.header?.result(entry('x', 'cleo', 'bob', 5, 3), sheet)).toBe('CLEO 5 – 3 BOB');
  });
});
