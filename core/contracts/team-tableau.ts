/** A team practice's tableau of team matches (issue 28): the relay sheets of its matches. The matches are the bracket's. */
import type { MatchesDelta } from './tableau';
import type { TeamMatchRow } from './teams';

/** One relay of a tableau match's sheet; `winner` is who took the deciding touch of a sheet left level (t.41.5). */
export interface TeamRelay extends TeamMatchRow {
  round: number;
  position: number;
  winner: 'A' | 'B' | null;
}

/** The team tableau of a practice: whether it exists, how it was seeded, and every stored relay row of its matches. */
export interface TeamTableauSnapshot {
  practice_id: string;
  created: boolean;
  seeded_by: 'pools' | 'draw' | null;
  relays: TeamRelay[];
  /** Each match's line-up, once its sides are drawn (issue 58). */
  lineups: TeamLineup[];
}

/** A fencer of a line-up: the team member, by the name the team gives them. */
export interface LineupFencer {
  id: string;
  name: string;
}

/**
 * One side of a match's line-up: the team's members (whom the captain picks from: those who score the sheet need not
 * see the teams screen), its fencers in the captain's order (places 4–6 for team A, 1–3 for team B; empty until
 * given) and its reserve.
 */
export interface LineupSide {
  members: LineupFencer[];
  fencers: LineupFencer[];
  reserve: LineupFencer | null;
}

/**
 * A change of fencer on a place of the sheet (o.99.5–6): the side's first brings its reserve in from `relay`, a second
 * (same place, later relay) brings the replaced fencer back; `injury` when it was made for an injury (o.99.6).
 */
export interface LineupSubstitution {
  place: number;
  relay: number;
  injury: boolean;
}

/**
 * A team tableau match as fenced (issue 58, o.99.4): the team drawn to fence as team A (left), whether by lot (false: the
 * relays were entered before the lot, so the match's first team stays team A), both sides' orders and reserves, and the
 * substitutions made. Versioned as a relay row is.
 */
export interface TeamLineup {
  round: number;
  position: number;
  team_a: string;
  drawn: boolean;
  a: LineupSide;
  b: LineupSide;
  subs: LineupSubstitution[];
  version: number;
}

/** The 409 answer to a line-up written against an older state of it: the line-up as it stands. */
export interface TeamLineupConflict {
  error: string;
  current: TeamLineup;
}

/** What a relay row write answers: the row as stored, and the tableau matches its decision changed (if any). */
export interface TeamRelayWrite {
  row: TeamRelay;
  matches: MatchesDelta | null;
}

/** The 409 answer to a relay written against an older state of its row: the row as it stands. */
export interface TeamRelayConflict {
  error: string;
  current: TeamRelay;
}

/** What a line-up write answers: the line-up as stored (null only for a replay of a tableau reset since). */
export interface TeamLineupWrite {
  lineup: TeamLineup | null;
}
