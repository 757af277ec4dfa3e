import type { PoolSnapshot } from '../contracts/pools';
import { buildBracket, roundsOf, scoreMatch, type BracketMatch, type MatchChange, type Seed } from './bracket';
import { finalStandings, type Standing } from './final-positions';
import { shuffle, type Random } from './pool-generation';
import { poolBoutsRemaining, seedsFromPools } from './tableau';
import { RELAY_GOAL, RELAY_ORDER, RELAY_TOUCH_MAX, relayTarget, runningTotals, type RelayRow } from './team-relay';
import { MAX_TEAMS } from '../limits';

// A team event run to the end (issue 28): the FIE runs team events by integral direct elimination, the table
// possibly incomplete (o.98.1), each match the nine relays of o.99.2–3 to 45 (t.41). The team tableau is the
// individual one (core/fencing/bracket.ts) with teams in the fencers' places: the same placement and byes,
// the same versioned advance of a winner, the same standings. What is the team's own is here: the seeding,
// the relay sheet's result, and turning a finished sheet into a tableau score.

/** Bad input a server could hand in (too many teams, a malformed relay row): the message says what is wrong. */
export class TeamTableauError extends Error {}

/** A tableau needs two teams, and takes every team a practice holds (core/limits MAX_TEAMS, 128: a table of 128). */
export const TEAM_TABLEAU_MIN = 2;
export const TEAM_TABLEAU_MAX = MAX_TEAMS;

function checkCount(n: number) {
  if (n < TEAM_TABLEAU_MIN || n > TEAM_TABLEAU_MAX) {
    throw new TeamTableauError(`A team tableau needs ${TEAM_TABLEAU_MIN} to ${TEAM_TABLEAU_MAX} teams (got ${n})`);
  }
}

/**
 * Seeding from the team pools, ranked as fencers are (o.73.1: V/M, then HS − HR, then HS; the existing
 * `seedsFromPools`) and placed by that ranking, as o.119.7 composes a team table "according to the general
 * ranking established by the results of all the teams in the pool round". Every classified team goes on
 * (integral direct elimination, o.98.1); a team that withdrew or was excluded in the pools does not. Teams
 * equal on all three keep the name order of the individual ranking: o.73.2.f draws lots, a practice shows
 * the tie and stays deterministic.
 */
export function seedTeamsFromPools(pools: PoolSnapshot[]): Seed[] {
  const left = poolBoutsRemaining(pools);
  if (left > 0) throw new TeamTableauError(`The team pools are not finished: ${left} match(es) to fence`);
  const seeds = seedsFromPools(pools);
  checkCount(seeds.length);
  return seeds;
}

/**
 * Seeding by drawing lots, for teams without a ranking (o.98.2: teams not classified "will be separated by
 * drawing of lots"): a shuffle with the injected random source, seeds 1..n in the drawn order.
 */
export function drawTeamSeeds(teams: readonly { id: string; name: string }[], random: Random): Seed[] {
  checkCount(teams.length);
  if (new Set(teams.map((t) => t.id)).size !== teams.length) throw new TeamTableauError('Each team may enter the draw only once');
  return shuffle(teams, random).map((t, i) => ({ id: t.id, name: t.name, seed: i + 1 }));
}

/**
 * The team tableau: a table of the next power of two, placed as the individual tableau is (seeds 1 and 2
 * meet only in the final, the missing seeds are byes for the top seeds and those teams move on at once),
 * with the match for 3rd place between the semi-final losers when the event fences it (o.82.3; the veterans'
 * team rules in o.119 require it: "the losers of the semi-finals have to fence for the bronze medal"),
 * otherwise both are third (o.82.2). Places 5–8 are not fenced: from there teams are classified within each
 * round by their initial place (o.98.3, o.119.9).
 */
export function buildTeamTableau(seeds: readonly Seed[], thirdPlaceMatch: boolean): BracketMatch[] {
  checkCount(seeds.length);
  const ids = new Set(seeds.map((s) => s.id));
  const numbers = new Set(seeds.map((s) => s.seed));
  const contiguous = seeds.every((s) => Number.isInteger(s.seed) && s.seed >= 1 && s.seed <= seeds.length);
  if (ids.size !== seeds.length || numbers.size !== seeds.length || !contiguous) {
    throw new TeamTableauError('Team seeds must be distinct teams numbered 1 to the number of teams');
  }
  return buildBracket([...seeds], { third_place: thirdPlaceMatch ? 'bout' : 'shared', places_5_8: false });
}

/** The match for 3rd place of a team tableau (see `classificationMatches` in bracket.ts), or null without one. */
export function thirdPlaceMatchOf(matches: readonly BracketMatch[]): BracketMatch | null {
  const rounds = roundsOf(matches);
  return matches.find((m) => m.round === rounds && m.position === 1) ?? null;
}

/**
 * The two sides of the score sheet: which team is team A (left) and which team B. o.99.4: "the position of
 * each team on the match score-sheet is decided by drawing lots".
 */
export function drawSheetSides(match: Pick<BracketMatch, 'player1_id' | 'player2_id'>, random: Random): { a: string; b: string } {
  if (match.player1_id === null || match.player2_id === null) throw new TeamTableauError('Both teams of the match must be known');
  return random() < 0.5 ? { a: match.player1_id, b: match.player2_id } : { a: match.player2_id, b: match.player1_id };
}

/** A row of the relay sheet; `winner` is who took the deciding touch when the match ends level (t.41.5). */
export interface TeamRelayRow extends RelayRow {
  winner?: 'A' | 'B' | null;
}

export type TeamMatchStatus = 'not-started' | 'in-progress' | 'deciding-touch' | 'over';

export interface TeamMatchState {
  status: TeamMatchStatus;
  /** The running score after each relay that counts, relay 1 first. */
  totals: { a: number; b: number }[];
  /** The score now (0–0 before the first relay); the final score once over. */
  score: { a: number; b: number };
  winner: 'A' | 'B' | null;
  /** 'goal': a team reached 45; 'relays': the leader after the ninth relay; 'deciding-touch': level at the end. */
  decidedBy: 'goal' | 'relays' | 'deciding-touch' | null;
  /** The relay the match ended in, or the relay on the piste (fencing, or level and awaiting its deciding touch). */
  relay: number | null;
  /** Relays holding a score that does not count: entered after the match ended, or after a relay still unfenced. */
  ignored: number[];
  /**
   * Relays whose running score passes their target (5, 10, … 45) by more than the one penalty touch t.41.1
   * allows: the relay should have stopped earlier, most likely a typing slip. Counted as entered; a warning.
   */
  overTarget: number[];
}

const RELAYS = RELAY_ORDER.length;
const validScore = (s: unknown) => s === null || (Number.isInteger(s) && (s as number) >= 0 && (s as number) <= RELAY_TOUCH_MAX);

function checkRows(rows: readonly TeamRelayRow[]) {
  if (rows.length > RELAYS) throw new TeamTableauError(`A team match has ${RELAYS} relays (got ${rows.length} rows)`);
  const seen = new Set<number>();
  for (const r of rows) {
    if (!Number.isInteger(r.match_number) || r.match_number < 1 || r.match_number > RELAYS || seen.has(r.match_number)) {
      throw new TeamTableauError(`Relay numbers run from 1 to ${RELAYS}, each once (got ${String(r.match_number)})`);
    }
    seen.add(r.match_number);
    if (!validScore(r.score_a) || !validScore(r.score_b)) {
      throw new TeamTableauError(`Relay ${r.match_number}: touches are whole numbers from 0 to ${RELAY_TOUCH_MAX}`);
    }
    if (r.winner !== undefined && r.winner !== null && r.winner !== 'A' && r.winner !== 'B') {
      throw new TeamTableauError(`Relay ${r.match_number}: the deciding touch goes to A or B`);
    }
  }
}

/**
 * A team match from its relay sheet (t.41). The relays count in their fixed order (o.99.3: hits fenced out of
 * order are annulled), up to the first relay not fully entered. The match is over when a team reaches 45
 * (t.41.4, "the first team to reach the maximum score of 45 hits"), or when the ninth relay is fenced: the
 * higher total wins ("the greatest number of hits after the expiry of regulation time"). Level at that point,
 * the last relay's fencers fence on for one deciding touch (t.41.5; lots drawn beforehand settle it if none
 * comes): the sheet records it as that row's `winner` flag, and until it is set the match is 'deciding-touch'.
 * Level at 45 (both reaching it on the same action) is read the same way. A deciding touch typed into the
 * row's touches makes the totals differ and decides by itself; the flag is for a sheet left level (the
 * minute passed without a hit and the lots decided, or the touch not typed in). It is ignored otherwise.
 */
export function teamMatchState(rows: readonly TeamRelayRow[]): TeamMatchState {
  checkRows(rows);
  const byNumber = new Map(rows.map((r) => [r.match_number, r]));
  const counted: TeamRelayRow[] = [];
  let open: number | null = null;
  for (let n = 1; n <= RELAYS; n++) {
    const r = byNumber.get(n);
    if (!r || r.score_a === null || r.score_b === null) {
      open = n;
      break;
    }
    counted.push(r);
    const { a, b } = runningTotals(counted)[counted.length - 1]!;
    if (a >= RELAY_GOAL || b >= RELAY_GOAL) break;
  }
  const totals = runningTotals(counted);
  const score = totals[totals.length - 1] ?? { a: 0, b: 0 };
  const last = counted[counted.length - 1];
  const endRelay = last?.match_number ?? 0;
  const ignoredAfter = open ?? endRelay;
  const ignored = rows
    .filter((r) => r.match_number > ignoredAfter && (r.score_a !== null || r.score_b !== null))
    .map((r) => r.match_number)
    .sort((x, y) => x - y);
  const overTarget = counted.filter((r, i) => Math.max(totals[i]!.a, totals[i]!.b) > relayTarget(r.match_number) + 1).map((r) => r.match_number);
  const base = { totals, score, ignored, overTarget };
  const ended = last !== undefined && open === null && (score.a >= RELAY_GOAL || score.b >= RELAY_GOAL || endRelay === RELAYS);
  if (!ended) {
    const status: TeamMatchStatus = counted.length === 0 && !rows.some((r) => r.score_a !== null || r.score_b !== null) ? 'not-started' : 'in-progress';
    return { ...base, status, winner: null, decidedBy: null, relay: open };
  }
  const goal = score.a >= RELAY_GOAL || score.b >= RELAY_GOAL;
  if (score.a !== score.b) {
    return { ...base, status: 'over', winner: score.a > score.b ? 'A' : 'B', decidedBy: goal ? 'goal' : 'relays', relay: endRelay };
  }
  const touch = last.winner ?? null;
  if (touch === null) return { ...base, status: 'deciding-touch', winner: null, decidedBy: null, relay: endRelay };
  return { ...base, status: 'over', winner: touch, decidedBy: 'deciding-touch', relay: endRelay };
}

export interface TeamScoreEntry {
  round: number;
  position: number;
  /** The team fencing as team A (the left of the sheet); the other team of the match is team B. */
  teamA: string;
  rows: readonly TeamRelayRow[];
  /** The match's version the writer saw; a write against another is refused as stale. */
  version?: number;
}

export type TeamScoreResult =
  | { ok: true; state: TeamMatchState; matches: BracketMatch[]; target: MatchChange; later: MatchChange[] }
  | { ok: false; reason: 'unknown-match' | 'teams-missing' | 'not-in-match' | 'stale'; state: null }
  | { ok: false; reason: 'not-over'; state: TeamMatchState };

/**
 * A finished relay sheet written into the tableau: the match's score is the teams' totals, its winner the
 * sheet's (at level totals, the team that took the deciding touch, passed as the bracket's priority winner).
 * The winner moves on to the next round's match, and a semi-final's loser to the match for 3rd, through the
 * bracket's own `scoreMatch`: every changed match moves on one version, with what it expects to find. A sheet
 * that is not over changes nothing and says so; a match reopened on its sheet is undone as a bracket score is.
 */
export function scoreTeamMatch(matches: BracketMatch[], entry: TeamScoreEntry): TeamScoreResult {
  const match = matches.find((m) => m.round === entry.round && m.position === entry.position);
  if (!match) return { ok: false, reason: 'unknown-match', state: null };
  const { player1_id: p1, player2_id: p2 } = match;
  if (p1 === null || p2 === null) return { ok: false, reason: 'teams-missing', state: null };
  if (entry.teamA !== p1 && entry.teamA !== p2) return { ok: false, reason: 'not-in-match', state: null };
  if (entry.version !== undefined && entry.version !== match.version) return { ok: false, reason: 'stale', state: null };
  const state = teamMatchState(entry.rows);
  if (state.status !== 'over') return { ok: false, reason: 'not-over', state };
  const aIsP1 = entry.teamA === p1;
  const teamB = aIsP1 ? p2 : p1;
  const scored = scoreMatch(matches, {
    round: match.round,
    position: match.position,
    player1_score: aIsP1 ? state.score.a : state.score.b,
    player2_score: aIsP1 ? state.score.b : state.score.a,
    priority_id: state.winner === 'A' ? entry.teamA : teamB,
  });
  // Both teams are there and totals are whole numbers, so the bracket always takes the score.
  if (!scored) return { ok: false, reason: 'teams-missing', state: null };
  return { ok: true, state, ...scored };
}

/**
 * The final team standings (o.82 as final-positions.ts applies it to fencers): 1 the final's winner, 2 its
 * loser, 3 and 4 from the match for 3rd or both semi-final losers 3rd, then the losers of each earlier round
 * sharing the next place (5, 9, 17, …), ordered within it by their seed (o.98.3: "according to their initial
 * place in the table"). `complete` once every team has its place.
 */
export function teamStandings(matches: BracketMatch[], seeds: readonly Seed[]): { standings: Standing[]; complete: boolean } {
  const standings = finalStandings(matches, [...seeds]);
  return { standings, complete: seeds.length > 0 && standings.length === seeds.length };
}
