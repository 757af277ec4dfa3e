/**
 * SPEC §9 / FENCING.md o.99: the nine relays of a team match, as (team A fencer, team B fencer). Team A
 * (left) fields fencers 4, 5, 6 and team B (right) fencers 1, 2, 3.
 */
export const RELAY_ORDER: readonly (readonly [number, number])[] = [
  [6, 3], [5, 1], [4, 2], [6, 1], [4, 3], [5, 2], [4, 1], [6, 2], [5, 3],
];

/** SPEC §9: the team matches score picker goes to 20. */
export const RELAY_TOUCH_MAX = 20;
/** FENCING.md t.41: the first team to 45 wins. */
export const RELAY_GOAL = 45;

export interface RelayRow {
  match_number: number;
  score_a: number | null;
  score_b: number | null;
}

/** The cumulative score a relay ends at: 5, 10, … 45 (FENCING.md t.41). */
export const relayTarget = (matchNumber: number) => 5 * matchNumber;

/** SPEC §4: the running team scores down the rows; a row without a touch score adds nothing. */
export function runningTotals(rows: RelayRow[]): { a: number; b: number }[] {
  let a = 0;
  let b = 0;
  return [...rows]
    .sort((x, y) => x.match_number - y.match_number)
    .map((r) => {
      a += r.score_a ?? 0;
      b += r.score_b ?? 0;
      return { a, b };
    });
}

/** Which side won a relay by touches in it; null until both are entered or when equal. */
export function relayRowWinner(row: RelayRow): 'A' | 'B' | null {
  if (row.score_a === null || row.score_b === null || row.score_a === row.score_b) return null;
  return row.score_a > row.score_b ? 'A' : 'B';
}

/**
 * The match winner: the first team whose running score reaches 45, or the leader once all nine relays
 * are entered. Null while undecided (or level after the ninth relay).
 */
export function relayMatchWinner(rows: RelayRow[]): { winner: 'A' | 'B'; relay: number } | null {
  const sorted = [...rows].sort((x, y) => x.match_number - y.match_number);
  const totals = runningTotals(sorted);
  for (let i = 0; i < totals.length; i++) {
    const { a, b } = totals[i]!;
    if (a >= RELAY_GOAL || b >= RELAY_GOAL) return a === b ? null : { winner: a > b ? 'A' : 'B', relay: sorted[i]!.match_number };
  }
  const complete = RELAY_ORDER.every((_, i) => {
    const r = sorted.find((x) => x.match_number === i + 1);
    return r && r.score_a !== null && r.score_b !== null;
  });
  const last = totals[totals.length - 1];
  if (!complete || !last || last.a === last.b) return null;
  return { winner: last.a > last.b ? 'A' : 'B', relay: RELAY_ORDER.length };
}
