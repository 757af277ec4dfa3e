import { isMainMatch } from './bracket';

type Match = { round: number; position: number; player1_id: string | null; player2_id: string | null; winner_id: string | null };

/**
 * The round a phone opens the tableau on (issue 33: a table of 256 shows one round at a time): the first
 * round of the main table with a match ready to fence and not yet decided; the final once all is decided.
 */
export function currentRound(matches: readonly Match[], rounds: number): number {
  const open = matches.filter((m) => isMainMatch(m, rounds) && m.player1_id !== null && m.player2_id !== null && m.winner_id === null);
  return open.length === 0 ? rounds : Math.min(...open.map((m) => m.round));
}

/** A fencer's current or last match of the main table: the furthest round their name reached, or null. */
export function lastMatchOf<M extends Match>(matches: readonly M[], rounds: number, fencerId: string): M | null {
  let last: M | null = null;
  for (const m of matches) {
    if (!isMainMatch(m, rounds) || (m.player1_id !== fencerId && m.player2_id !== fencerId)) continue;
    if (!last || m.round > last.round) last = m;
  }
  return last;
}
