import type { TeamLineup } from '../contracts/team-tableau';
import { isMainMatch, placesTitle, roundCount, roundTitle } from './bracket';
import { lineupFits, matchFencerTotals, relayFencers } from './team-lineup';
import { teamMatchState, type TeamRelayRow } from './team-tableau';

// A fencer's team matches (issue 58) in their history: what they really fenced in each team tableau match with a
// line-up, from the relays of the sheet that count and who was on the piste for each (core/fencing/team-lineup.ts),
// the reserve brought in included. Derived from the stored sheet and line-up only, as the bouts of history.ts are.

/**
 * A team tableau match with a line-up as the history query reads it: the practice, the match's place in the tableau
 * (`first_round` counts the first round's matches), its two teams as the bracket holds them and their names, the
 * line-up (`lineup`: JSON of its sides and substitutions), the sheet's rows (`relays`: JSON array) and the practice's
 * team members linked to a roster athlete (`links`: JSON object, member id to athlete id).
 */
export interface TeamLineupRow {
  date: string; practice_id: string; practice: string; updated_at: number; round: number; position: number; first_round: number;
  player1_id: string; player2_id: string; name1: string; name2: string;
  team_a: string; drawn: number; lineup: string; relays: string; links: string;
}

/** A team match from one fencer's side: what they fenced in it, and how their team's match ended. */
export interface AthleteTeamMatch {
  date: string;
  practice_id: string;
  practice: string;
  /** Order within a date: when the line-up was last saved. */
  seq: number;
  /** The tableau round ("Final", "Semi-finals", "Round 1", "Bout for 3rd place"), and the number of rounds that names it. */
  phase: string;
  round: number;
  rounds: number;
  team: string;
  opponent: string;
  /** They came in as their team's reserve (o.99.5–6). */
  reserve: boolean;
  /** Relays they fenced among those that count, touches their team scored and received in them. */
  relays: number;
  scored: number;
  received: number;
  /** Whether their team won; null while the match is not over. */
  victory: boolean | null;
}

function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A row's line-up, or null when it no longer names the match's teams (a result corrected since: no line-up). */
function lineupOf(row: TeamLineupRow): TeamLineup | null {
  if (!lineupFits(row, row)) return null;
  const stored = parse<Pick<TeamLineup, 'a' | 'b' | 'subs'> | null>(row.lineup, null);
  if (!stored?.a || !stored.b) return null;
  return { round: row.round, position: row.position, team_a: row.team_a, drawn: row.drawn === 1, a: stored.a, b: stored.b, subs: stored.subs ?? [], version: 0 };
}

/**
 * The team matches one athlete fenced at least one relay in, newest first. A team member fences for the athlete it is
 * linked to; a fencer of the captain's order replaced by the reserve counts the relays they fenced only, a reserve
 * never brought in fenced none and is not listed. A match in which the athlete fenced for both teams (two members
 * linked to them) is nobody's, as a bout against oneself is.
 */
export function teamMatchesOfAthlete(athleteId: string, rows: readonly TeamLineupRow[]): AthleteTeamMatch[] {
  const out: AthleteTeamMatch[] = [];
  for (const row of rows) {
    const lineup = lineupOf(row);
    if (!lineup) continue;
    const links = parse<Record<string, string>>(row.links, {});
    const relays = parse<TeamRelayRow[]>(row.relays, []);
    const teamB = row.team_a === row.player1_id ? row.player2_id : row.player1_id;
    const mine = matchFencerTotals(lineup, teamB, relays).filter((t) => links[t.id] === athleteId && t.relays > 0);
    if (mine.length === 0 || new Set(mine.map((t) => t.team)).size > 1) continue;
    const own = mine[0]!.team;
    const side = own === row.team_a ? 'a' : 'b';
    const ids = new Set(mine.map((t) => t.id));
    const reserve = relayFencers(lineup).some((r) => {
      const f = r[side];
      return f !== null && f.reserve && ids.has(f.id);
    });
    const nameOf = (team: string) => (team === row.player1_id ? row.name1 : row.name2);
    const state = teamMatchState(relays);
    const rounds = roundCount(row.first_round * 2);
    out.push({
      date: row.date, practice_id: row.practice_id, practice: row.practice, seq: row.updated_at,
      phase: isMainMatch(row, rounds) ? roundTitle(row.round, rounds) : placesTitle(row, rounds), round: row.round, rounds,
      team: nameOf(own), opponent: nameOf(own === row.team_a ? teamB : row.team_a), reserve,
      relays: mine.reduce((s, t) => s + t.relays, 0), scored: mine.reduce((s, t) => s + t.scored, 0), received: mine.reduce((s, t) => s + t.received, 0),
      victory: state.status === 'over' ? (state.winner === 'A') === (side === 'a') : null,
    });
  }
  return out.sort((x, y) => y.date.localeCompare(x.date) || y.seq - x.seq);
}
