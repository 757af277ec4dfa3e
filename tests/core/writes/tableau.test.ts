import { describe, expect, it } from 'vitest';
import { buildBracket } from '../../../core/fencing/bracket';
import { tableauWrite, withPendingTableau } from '../../../app/state/writes/tableau';
import type { EntryOf } from '../../../app/state/write-kind';
import { sheetOf } from './sheet';

// Four fencers: semi-finals A–D and B–C (seeds 1–4, 2–3), then the final.
const matches = buildBracket([
  { id: 'a', name: 'A', seed: 1 },
  { id: 'b', name: 'B', seed: 2 },
  { id: 'c', name: 'C', seed: 3 },
  { id: 'd', name: 'D', seed: 4 },
]);
const semi = matches.find((m) => m.round === 1 && m.player1_id === 'a')!;
const score = (practiceId: string, player1_score: number, player2_score: number): EntryOf<'tableau'> => ({
  kind: 'tableau',
  body: { round: semi.round, position: semi.position, player1_id: semi.player1_id!, player2_id: semi.player2_id!, player1_score, player2_score, version: 0 },
  key: 'k',
  seq: 1,
  practiceId,
  createdAt: 1,
});

describe('the tableau score write (SPEC §6)', () => {
  it('waits in one line per practice, since a winner moves into the next round', () => {
    const other = { ...score('x', 15, 3), body: { ...score('x', 15, 3).body, round: 2, position: 0 } };
    expect(tableauWrite.line(score('x', 15, 3))).toBe(tableauWrite.line(other));
    expect(tableauWrite.record(score('x', 15, 3))).not.toBe(tableauWrite.record(other));
  });

  it('shows a waiting score with its winner already in the final, and only the practice’s own', () => {
    const shown = withPendingTableau('x', matches, [score('x', 15, 9), score('y', 3, 15)]);
    const final = shown.matches.find((m) => m.round === 2)!;
    expect([final.player1_id, final.player2_id]).toContain('a');
    expect(shown.pending).toEqual(new Set([semi.id]));
  });

  it('reads in the header with its fencers’ names, and a conflict says what the match holds now', () => {
    const sheet = sheetOf({ a: 'ANN', d: 'DAN' });
    expect(tableauWrite.header?.result(score('x', 15, 9), sheet)).toBe('ANN 15 – 9 DAN');
    const now = { ...semi, player1_score: 15, player2_score: 14, winner_id: 'a', version: 1 };
    expect(tableauWrite.header?.sides({ ...score('x', 15, 9), conflict: { current: now } }, sheet)).toEqual({ mine: 'ANN 15 – 9 DAN', theirs: 'ANN 15 – 14 DAN', keepable: true });
    // The match is gone (the tableau was made again): nothing to keep it over.
    expect(tableauWrite.header?.sides({ ...score('x', 15, 9), conflict: { current: null } }, sheet)).toEqual({ mine: 'ANN 15 – 9 DAN', theirs: 'ANN – DAN: no longer in the tableau', keepable: false });
    // Someone else's fencer reached the match: keeping this score would give it to the wrong bout.
    const moved = { ...now, player2_id: 'c', player1_score: null, player2_score: null };
    expect(tableauWrite.header?.sides({ ...score('x', 15, 9), conflict: { current: moved } }, sheet)).toMatchObject({ theirs: 'ANN – ?: no result', keepable: false });
  });
});
