/** Teams and the nine-relay sheet, and what a relay write answers. Shapes shared by the worker's routes and the app (issue 27: contracts by feature). */

export interface TeamMember {
  id: string;
  athlete_id: string | null;
  athlete_name: string;
  /** 1-based order within the team: members 1–3 fence, a 4th is the reserve. */
  position: number;
}

export interface Team {
  id: string;
  practice_id: string;
  team_number: number;
  members: TeamMember[];
}

/** One relay of the team match sheet (SPEC §3 team_matches). */
export interface TeamMatchRow {
  match_number: number;
  fencer_a_number: number;
  fencer_b_number: number;
  score_a: number | null;
  score_b: number | null;
  /** Moves on with every save of this relay; 0 while nothing is stored. */
  version: number;
}

/** The 409 answer to a relay written against an older state of its row: the row as it stands. */
export interface RelayConflict {
  error: string;
  current: TeamMatchRow;
}
