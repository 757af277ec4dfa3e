/** A stored pool bout: both scores, and who won on priority when they are equal (FENCING.md, t.38). */
export interface Bout {
  player1_id: string;
  player2_id: string;
  score1: number;
  score2: number;
  /** The fencer who won the deciding minute at equal scores; null when scores differ or none was chosen. */
  priority_id: string | null;
}

/**
 * SPEC §4 Pool results: whether each fencer of a bout counts a victory. The higher score wins; equal scores
 * count as a victory for both, unless a priority winner was recorded, who wins while the other loses (as a
 * referee records it). The statistics and the cells both come from this, in numbers.
 */
export function boutVictories(bout: Bout): { player1: boolean; player2: boolean } {
  if (bout.score1 !== bout.score2) return { player1: bout.score1 > bout.score2, player2: bout.score2 > bout.score1 };
  return { player1: bout.priority_id !== bout.player2_id, player2: bout.priority_id !== bout.player1_id };
}

/**
 * SPEC §3: the stored letters of a result, V (victoire) and D (défaite), as FIE's files write them. The
 * letters a person reads come from the app's `resultLetter` (app/i18n/fencing-terms.ts); the CSV files, which
 * stay English, write these.
 */
export const RESULT_LETTER = { victory: 'V', defeat: 'D' } as const;
export const storedLetter = (victory: boolean) => (victory ? RESULT_LETTER.victory : RESULT_LETTER.defeat);

/** SPEC §3: a cell is V or D followed by the row fencer's own score, e.g. V5 or D3. */
const cellText = (victory: boolean, own: number) => `${storedLetter(victory)}${own}`;

/** The two cells of a bout, keyed by each fencer's id. */
export function boutCells(bout: Bout): Record<string, string> {
  const won = boutVictories(bout);
  return { [bout.player1_id]: cellText(won.player1, bout.score1), [bout.player2_id]: cellText(won.player2, bout.score2) };
}

/** SPEC §4: without scores, the mirror of a result swaps V and D and keeps the number ('' when it is no result). */
export function mirrorResult(result: string): string {
  const m = /^([VD])(\d+)$/.exec(result);
  return m ? cellText(m[1] === 'D', Number(m[2])) : '';
}

/** SPEC §9: maximum touches per pool bout: 5, or 45 in a team practice. */
export function poolMaxScore(practiceType: 'individual' | 'team'): number {
  return practiceType === 'team' ? 45 : 5;
}

/** Orders a pair of ids canonically so each bout is stored once, whoever is the row fencer. */
export function orderPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/** The one key of a pool bout between two fencers, whoever is named first ("a:b", ids in stored order). */
export const boutKey = (a: string, b: string) => orderPair(a, b).join(':');

/**
 * SPEC §3: a bout entered from either fencer's row, as it is stored: the pair in canonical order and the
 * scores swapped with it (priority names a fencer, so it needs no swap). The app and the worker both call it.
 */
export function toStoredBout(entry: Bout): Bout {
  const [player1_id, player2_id] = orderPair(entry.player1_id, entry.player2_id);
  const flipped = player1_id !== entry.player1_id;
  return {
    player1_id,
    player2_id,
    score1: flipped ? entry.score2 : entry.score1,
    score2: flipped ? entry.score1 : entry.score2,
    priority_id: entry.priority_id,
  };
}

/** Whether a stored bout is the one between these two fencers. */
export const isBoutOf = (bout: Bout, a: string, b: string) => {
  const [p1, p2] = orderPair(a, b);
  return bout.player1_id === p1 && bout.player2_id === p2;
};
