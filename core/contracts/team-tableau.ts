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
