/** A stored pool bout: both scores, and who won on priority when they are equal (FENCING.md, t.38). */
export interface Bout {
  player1_id: string;
  player2_id: string;
  score1: number;
  score2: number;
  /** The fencer who won the deciding minute at equal scores; null when scores differ or none was chosen. */
  priority_id: string | null;
}

/** SPEC §3: a cell is V or D followed by the row fencer's own score, e.g. V5 or D3. */
export interface CellResult {
  victory: boolean;
  score: number;
}

/**
 * SPEC §4 Pool results: V<own> if own > opponent's, D<own> if less; equal scores count as a victory for
 * both, unless a priority winner was recorded, who gets V while the other gets D (as a referee records it).
 */
export function cellResult(own: number, opponent: number, priority: 'self' | 'opponent' | null = null): string {
  if (own > opponent) return `V${own}`;
  if (own < opponent) return `D${own}`;
  return priority === 'opponent' ? `D${own}` : `V${own}`;
}

/** The two cells of a bout, keyed by each fencer's id. */
export function boutCells(bout: Bout): Record<string, string> {
  const p1 = bout.priority_id === bout.player1_id ? 'self' : bout.priority_id === bout.player2_id ? 'opponent' : null;
  const p2 = p1 === 'self' ? 'opponent' : p1 === 'opponent' ? 'self' : null;
  return {
    [bout.player1_id]: cellResult(bout.score1, bout.score2, p1),
    [bout.player2_id]: cellResult(bout.score2, bout.score1, p2),
  };
}

/** SPEC §4: without scores, the mirror of a result swaps V and D and keeps the number. */
export function mirrorResult(result: string): string {
  const parsed = parseResult(result);
  if (!parsed) return '';
  return `${parsed.victory ? 'D' : 'V'}${parsed.score}`;
}

/** 'V5' → victory with 5; 'D3' → defeat with 3; anything else (incl. empty) → null. */
export function parseResult(result: string): CellResult | null {
  const m = /^([VD])(\d+)$/.exec(result);
  return m ? { victory: m[1] === 'V', score: Number(m[2]) } : null;
}

/** SPEC §9: maximum touches per pool bout: 5, or 45 in a team practice. */
export function poolMaxScore(practiceType: 'individual' | 'team'): number {
  return practiceType === 'team' ? 45 : 5;
}

/** Orders a pair of ids canonically so each bout is stored once, whoever is the row fencer. */
export function orderPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

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
