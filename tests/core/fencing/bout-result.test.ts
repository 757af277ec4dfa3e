import { describe, expect, it } from 'vitest';
import { boutCells, boutKey, boutVictories, mirrorResult, orderPair, poolMaxScore } from '../../../core/fencing/bout-result';

describe('a bout result (SPEC §4 Pool results)', () => {
  const bout = (score1: number, score2: number, priority_id: string | null = null) => ({ player1_id: 'a', player2_id: 'b', score1, score2, priority_id });

  it('is V with the row fencer’s score when higher, D when lower', () => {
    expect(boutCells(bout(5, 3))).toEqual({ a: 'V5', b: 'D3' });
    expect(boutCells(bout(0, 5))).toEqual({ a: 'D0', b: 'V5' });
    expect(boutVictories(bout(5, 3))).toEqual({ player1: true, player2: false });
  });

  it('a tie counts as a victory for both fencers', () => {
    expect(boutVictories(bout(4, 4))).toEqual({ player1: true, player2: true });
    expect(boutCells({ player1_id: 'a', player2_id: 'b', score1: 4, score2: 4, priority_id: null })).toEqual({ a: 'V4', b: 'V4' });
  });

  it('with priority at equal scores, the priority winner gets V and the other D', () => {
    expect(boutCells({ player1_id: 'a', player2_id: 'b', score1: 4, score2: 4, priority_id: 'b' })).toEqual({ a: 'D4', b: 'V4' });
    expect(boutCells({ player1_id: 'a', player2_id: 'b', score1: 4, score2: 4, priority_id: 'a' })).toEqual({ a: 'V4', b: 'D4' });
  });

  it('the mirror of a scored bout: higher is V with its score, lower D with its own', () => {
    expect(boutCells({ player1_id: 'a', player2_id: 'b', score1: 2, score2: 5, priority_id: null })).toEqual({ a: 'D2', b: 'V5' });
  });

  it('without scores, the mirror swaps V and D keeping the number; empty stays empty', () => {
    expect(mirrorResult('V5')).toBe('D5');
    expect(mirrorResult('D3')).toBe('V3');
    expect(mirrorResult('')).toBe('');
    expect(mirrorResult('D12')).toBe('V12');
    expect(mirrorResult('X1')).toBe('');
  });

  it('a bout has one key, whichever fencer is named first', () => {
    expect(boutKey('b', 'a')).toBe('a:b');
    expect(boutKey('a', 'b')).toBe('a:b');
    expect(boutVictories(bout(4, 4, 'b'))).toEqual({ player1: false, player2: true });
  });

  it('pool bouts go to 5, or 45 in a team practice', () => {
    expect(poolMaxScore('individual')).toBe(5);
    expect(poolMaxScore('team')).toBe(45);
  });

  it('stores a pair in one canonical order', () => {
    expect(orderPair('b', 'a')).toEqual(['a', 'b']);
    expect(orderPair('a', 'b')).toEqual(['a', 'b']);
  });
});
