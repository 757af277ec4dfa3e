import { describe, expect, it } from 'vitest';
import { applyScore, buildBracket, SHARED_PLACES } from '../../../core/fencing/bracket';
import { playOut as play, seeds } from '../../helpers/tableau';
import { finalStandings } from '../../../core/fencing/final-positions';

const playOut = (n: number, upsets: number[] = []) => play(n, SHARED_PLACES, upsets).standings.map((s) => [s.name, s.place, s.stage]);

describe('final positions and stages (FENCING.md o.82)', () => {
  it('2 fencers: champion and finalist', () => {
    expect(playOut(2)).toEqual([['F1', 1, 'Champion'], ['F2', 2, 'Finalist']]);
  });

  it('3 fencers: the bye winner reaches the final; one semi-finalist at 3', () => {
    expect(playOut(3)).toEqual([['F1', 1, 'Champion'], ['F2', 2, 'Finalist'], ['F3', 3, 'Semi-Finalist']]);
  });

  it('6 fencers: two semi-finalists share 3, quarter-final losers share 5', () => {
    expect(playOut(6)).toEqual([
      ['F1', 1, 'Champion'], ['F2', 2, 'Finalist'], ['F3', 3, 'Semi-Finalist'], ['F4', 3, 'Semi-Finalist'],
      ['F5', 5, 'Quarter-Finalist'], ['F6', 5, 'Quarter-Finalist'],
    ]);
  });

  it('8 fencers with an upset: places by the round lost, seeds order a shared place', () => {
    expect(playOut(8, [7])).toEqual([
      ['F7', 1, 'Champion'], ['F1', 2, 'Finalist'], ['F3', 3, 'Semi-Finalist'], ['F4', 3, 'Semi-Finalist'],
      ['F2', 5, 'Quarter-Finalist'], ['F5', 5, 'Quarter-Finalist'], ['F6', 5, 'Quarter-Finalist'], ['F8', 5, 'Quarter-Finalist'],
    ]);
  });

  it('12 fencers: first-round losers of a table of 16 share 9', () => {
    const places = playOut(12);
    expect(places.map((p) => p[1])).toEqual([1, 2, 3, 3, 5, 5, 5, 5, 9, 9, 9, 9]);
    expect(places.slice(8).map((p) => p[0])).toEqual(['F9', 'F10', 'F11', 'F12']);
    expect(places[8]![2]).toBe('Round 1');
  });

  it('20 fencers: a table of 32, first-round losers at 17, round-of-16 losers at 9', () => {
    const places = playOut(20);
    expect(places.map((p) => p[1])).toEqual([1, 2, 3, 3, ...Array(4).fill(5), ...Array(8).fill(9), ...Array(4).fill(17)]);
    expect(places.filter((p) => p[1] === 9)[0]![2]).toBe('Round 2');
    expect(places.filter((p) => p[1] === 17).map((p) => p[0])).toEqual(['F17', 'F18', 'F19', 'F20']);
  });

  it('lists only decided places while the tableau is still being fenced', () => {
    const ss = seeds(4);
    let b = buildBracket(ss);
    expect(finalStandings(b, ss)).toEqual([]);
    b = applyScore(b, { round: 1, position: 0, player1_score: 15, player2_score: 3 });
    expect(finalStandings(b, ss).map((s) => [s.name, s.place])).toEqual([['F4', 3]]);
  });
});
