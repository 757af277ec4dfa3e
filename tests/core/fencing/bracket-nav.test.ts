import { describe, expect, it } from 'vitest';
import { applyScore, buildBracket, SHARED_PLACES } from '../../../core/fencing/bracket';
import { currentRound, lastMatchOf } from '../../../core/fencing/bracket-nav';
import { playOut, seeds } from '../../helpers/tableau';

describe('moving through a big tableau (issue 33)', () => {
  it('opens on the first round with a match still to fence, and on the final once all are decided', () => {
    const drawn = buildBracket(seeds(16), SHARED_PLACES);
    expect(currentRound(drawn, 4)).toBe(1);
    let b = drawn;
    for (let position = 0; position < 7; position++) b = applyScore(b, { round: 1, position, player1_score: 15, player2_score: 3 });
    expect(currentRound(b, 4)).toBe(1);
    b = applyScore(b, { round: 1, position: 7, player1_score: 15, player2_score: 3 });
    expect(currentRound(b, 4)).toBe(2);
    expect(currentRound(playOut(16).matches, 4)).toBe(4);
  });

  it("finds a fencer's furthest match: the winner's final, a first-round loser's first bout", () => {
    const { matches } = playOut(16);
    expect(lastMatchOf(matches, 4, 's1')).toMatchObject({ round: 4, position: 0 });
    expect(lastMatchOf(matches, 4, 's16')).toMatchObject({ round: 1 });
    expect(lastMatchOf(matches, 4, 's3')).toMatchObject({ round: 3 });
    expect(lastMatchOf(matches, 4, 'nobody')).toBeNull();
  });
});
