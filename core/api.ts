/** Shapes shared by the worker's routes and the app's API client. Field names follow SPEC §3. */
import type { Bout } from './fencing/bout-result';
import type { AthleteBout } from './fencing/history';
import type { RatingPoint } from './fencing/rating';
import type { Places } from './fencing/bracket';
import type { Cut } from './fencing/cut';
import type { PlayerStatus } from './fencing/withdrawal';
import type { Weapon } from './fencing/referee';

export type PracticeType = 'individual' | 'team';

export interface User {
  id: string;
  email: string;
  full_name: string;
  email_verified: boolean;
}

export interface SessionInfo {
  user: User | null;
  /** Epoch milliseconds when the access token expires; the app refreshes five minutes before. */
  accessExpiresAt: number | null;
}

export interface Practice {
  id: string;
  name: string;
  /** Date only, YYYY-MM-DD. */
  date: string;
  user_id: string;
  practice_type: PracticeType;
  /** The weapon (issue 18): the referee's rules follow it. Chosen at creation, changeable until the first bout. */
  weapon: Weapon;
  room_code: string;
  /** Guests may join with the room code, and the board link shows the live board, while this is on. */
  allow_guest_access: boolean;
  /** The live board's own read-only id (`/live/{board_id}`): it never lets anyone join as a guest. */
  board_id: string;
  /** Epoch ms when guest access turns itself off unless a write extends it (0 while off). */
  sharing_expires_at: number;
  created_at: number;
  updated_at: number;
}

/** Who is in a practice's room, as its coach sees it. */
export interface RoomPresence {
  guests: { id: string; name: string; joined_at: number }[];
  /** Open live-board sockets. */
  spectators: number;
}

export interface Athlete {
  id: string;
  name: string;
  club: string | null;
  /** National ranking (FIE `Classement`), as imported or typed; null when unknown. */
  ranking: number | null;
  user_id: string;
  created_at: number;
}

export interface AthleteNote {
  id: string;
  athlete_id: string;
  user_id: string;
  note: string;
  created_at: number;
}

export interface PoolPlayer {
  id: string;
  name: string;
  athlete_id: string | null;
  /** 1-based place on the pool sheet: the number of its grid column and in the bout order. */
  position: number;
  /** Withdrew (injury) or excluded during the pools (o.74): their bouts count for nobody. Null while fencing. */
  status: PlayerStatus | null;
}

/** A stored pool bout: the bout itself, when it was last written, and its version (1 on first write). */
export interface PoolBout extends Bout {
  updated_at: number;
  version: number;
}

/** An athlete's history (issue 16): their bouts from their side, newest first, and their rating over time. */
export interface AthleteHistory {
  bouts: AthleteBout[];
  /** The current rating; null before any bout against another roster athlete. */
  rating: number | null;
  ratings: RatingPoint[];
}

/** A pool with everything its grid needs; what the API answers and the room publishes. */
export interface PoolSnapshot {
  id: string;
  practice_id: string;
  name: string;
  version: number;
  created_at: number;
  players: PoolPlayer[];
  bouts: PoolBout[];
}

/** The answer to a pool generation: every pool of the practice, and which ones it created. */
export interface GeneratedPools {
  pools: PoolSnapshot[];
  createdIds: string[];
}

/** A stored tableau match (SPEC §3 bracket_matches). */
export interface SavedBracketMatch {
  round: number;
  position: number;
  player1_id: string | null;
  player2_id: string | null;
  player1_score: number | null;
  player2_score: number | null;
  winner_id: string | null;
  /**
   * Moves on with every change to this match (its score, or a fencer or result reaching it from an earlier
   * round); 0 while nothing is stored. A score is written against the version its writer saw.
   */
  version: number;
}

/** How a practice's tableau is drawn and fenced (issue 14): the cut after the pools and the places fenced out. */
export interface TableauFormat extends Places {
  cut: Cut;
}

/**
 * What the server keeps of a practice's tableau: the seeding frozen at the first saved score (null while
 * the tableau still follows the pools) and the saved matches. Clients and server resolve the full
 * bracket from this and the pools with the same core functions.
 */
export interface BracketSnapshot {
  practice_id: string;
  /** The practice's format (the cut, the bouts for places); set before or during the tableau. */
  format: TableauFormat;
  /** Fencers marked absent at check-in (o.74.1 "Did Not Start"), listed after the classification. */
  did_not_start: string[];
  /** Counts every change to the tableau (a newer snapshot has a higher one; a redraw restarts at 0). */
  version: number;
  seeding: { id: string; name: string; seed: number }[] | null;
  matches: SavedBracketMatch[];
}

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

/** A pool as a guest lists it (SPEC §3: id, name and created_at). */
export interface GuestTournament {
  id: string;
  name: string;
  created_at: number;
}

/** The practice a guest joined, as the guest screens show it. */
export interface GuestPractice {
  id: string;
  name: string;
  date: string;
  practice_type: PracticeType;
  weapon: Weapon;
}

/** SPEC §7 guest-join and guest-validate-session answers. */
export interface GuestSession {
  tournaments: GuestTournament[];
  practice: GuestPractice;
  guest_name: string;
  /** Epoch ms when this guest session ends unless renewed (never after the practice's sharing expires). */
  expires_at: number;
}

export interface GuestJoinAnswer extends GuestSession {
  sessionToken: string;
}

/** The answer to validating a stored guest session: the session, and a renewed token when sharing goes on. */
export type GuestValidateAnswer = GuestSession & { sessionToken: string };

/** Everything a spectator board shows, read-only. */
export interface SpectatorSnapshot {
  practice: GuestPractice;
  pools: PoolSnapshot[];
  bracket: BracketSnapshot;
}

export type FeedbackType = 'report_issue' | 'suggest_feature';

/**
 * What a bout write changed (issue 13: deltas, not snapshots): the bout as it now stands (null when cleared),
 * named by its two fencers in stored order, and the pool's version after the write. Clients apply it to the
 * pool they hold at the version before, and load the pool again when they see a gap.
 */
export interface BoutDelta {
  pool_id: string;
  /** The pool's version after this change (a bout's own is in `bout`). */
  pool_version: number;
  player1_id: string;
  player2_id: string;
  /** The bout's result without the two ids above (the message stays small), or null when cleared. */
  bout: Omit<PoolBout, 'player1_id' | 'player2_id'> | null;
}

/** The full bout a delta describes, or null when it was cleared. */
export const boutOfDelta = (d: BoutDelta): PoolBout | null => (d.bout ? { player1_id: d.player1_id, player2_id: d.player2_id, ...d.bout } : null);

/** The 409 answer to a bout written against an older state: the bout as it stands (null when cleared), as a delta. */
export interface BoutConflict extends BoutDelta {
  error: string;
  current: PoolBout | null;
}

/**
 * What a tableau score changed: the matches it wrote (with their new versions), the tableau's version after
 * it, and the seeding when this score froze the drawn tableau.
 */
export interface MatchesDelta {
  practice_id: string;
  version: number;
  seeding?: BracketSnapshot['seeding'];
  matches: SavedBracketMatch[];
}

/** The 409 answer to a tableau score written against an older state of its match: the match now, and the tableau. */
export interface MatchConflict {
  error: string;
  current: SavedBracketMatch | null;
  bracket: BracketSnapshot;
}

/** The 409 answer to a relay written against an older state of its row: the row as it stands. */
export interface RelayConflict {
  error: string;
  current: TeamMatchRow;
}
