import { describe, expect, it } from 'vitest';
import { boutCells, cellResult, mirrorResult, orderPair, parseResult, poolMaxScore } from '../../../core/fencing/bout-result';

describe('a bout result (SPEC §4 Pool results)', () => {
  it('is V with the row fencer’s score when higher, D when lower', () => {
    expect(cellResult(5, 3)).toBe('V5');
    expect(cellResult(3, 5)).toBe('D3');
    expect(cellResult(0, 5)).toBe('D0');
  });

  it('a tie counts as a victory for both fencers', () => {
    expect(cellResult(4, 4)).toBe('V4');
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
  });

  it('parses cells', () => {
    expect(parseResult('V5')).toEqual({ victory: true, score: 5 });
    expect(parseResult('D12')).toEqual({ victory: false, score: 12 });
    expect(parseResult('')).toBeNull();
    expect(parseResult('X1')).toBeNull();
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
