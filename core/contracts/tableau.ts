/** The tableau: its format, what the room keeps of it, and what a score write answers. Shapes shared by the worker's routes and the app (issue 27: contracts by feature). */
import type { Places, SavedBracketMatch } from '../fencing/bracket';
import type { Cut } from '../fencing/cut';
import type { CutTies } from '../fencing/barrage';
import type { PoolBout } from './pools';

/** How a practice's tableau is drawn and fenced (issue 14): the cut after the pools and the places fenced out. */
export interface TableauFormat extends Places {
  cut: Cut;
  /** Fencers tied exactly at the cut's line (issue 58): all go through (o.73.3, the default) or fence a barrage. */
  ties?: CutTies;
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
  /** The barrage at the cut's bouts (issue 58), in stored order (player1_id < player2_id); the room's, absent from the archive. */
  barrage?: PoolBout[];
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

/** The 409 answer to a barrage bout written against an older state of it (issue 58): the bout now, and the tableau. */
export interface BarrageConflict {
  error: string;
  code?: string;
  current: PoolBout | null;
  bracket: BracketSnapshot;
}

/** The 409 answer to a tableau score written against an older state of its match: the match now, and the tableau. */
export interface MatchConflict {
  error: string;
  current: SavedBracketMatch | null;
  bracket: BracketSnapshot;
}
