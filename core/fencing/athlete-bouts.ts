import { boutCells } from './bout-result';
import { isMainMatch, placesTitle, roundCount, roundTitle } from './bracket';

/**
 * An athlete's bouts across practices (issue 15's export, the ground of issue 16's history): each pool bout
 * and tableau match of the entries linked to the athlete, from their side, newest practice first. A bout
 * annulled by a withdrawal or exclusion (o.74) counts for nobody and is left out; an unfenced tableau match
 * or a walkover is not a bout.
 */

export interface AthleteBout {
  date: string;
  practice: string;
  /** The pool's name, or the tableau round ("Tableau: Semi-finals"). */
  phase: string;
  opponent: string;
  scored: number;
  received: number;
  victory: boolean;
}

export interface PoolBoutRow {
  date: string; practice: string; created_at: number; pool: string;
  player1_id: string; player2_id: string; score1: number; score2: number; priority_id: string | null;
  name1: string; name2: string; status1: string | null; status2: string | null;
}

export interface TableauMatchRow {
  date: string; practice: string; created_at: number; round: number; position: number; first_round: number;
  player1_id: string; player2_id: string; player1_score: number; player2_score: number; winner_id: string;
  name1: string; name2: string;
}

/** The bouts from the side of the entries in `mine` (the athlete's pool entries), newest first. */
export function athleteBouts(mine: ReadonlySet<string>, pool: PoolBoutRow[], tableau: TableauMatchRow[]): (AthleteBout & { order: [string, number, number] })[] {
  const out: (AthleteBout & { order: [string, number, number] })[] = [];
  for (const b of pool) {
    if (b.status1 || b.status2) continue;
    const first = mine.has(b.player1_id);
    const cells = boutCells(b);
    const me = first ? b.player1_id : b.player2_id;
    out.push({
      date: b.date, practice: b.practice, phase: b.pool, opponent: first ? b.name2 : b.name1,
      scored: first ? b.score1 : b.score2, received: first ? b.score2 : b.score1, victory: cells[me]!.startsWith('V'),
      order: [b.date, b.created_at, 0],
    });
  }
  for (const m of tableau) {
    const first = mine.has(m.player1_id);
    const rounds = roundCount(m.first_round * 2);
    const title = isMainMatch(m, rounds) ? roundTitle(m.round, rounds) : placesTitle(m, rounds);
    out.push({
      date: m.date, practice: m.practice, phase: `Tableau: ${title}`, opponent: first ? m.name2 : m.name1,
      scored: first ? m.player1_score : m.player2_score, received: first ? m.player2_score : m.player1_score,
      victory: m.winner_id === (first ? m.player1_id : m.player2_id), order: [m.date, m.created_at, m.round],
    });
  }
  return out.sort((a, b) => b.order[0].localeCompare(a.order[0]) || b.order[1] - a.order[1] || b.order[2] - a.order[2]);
}
