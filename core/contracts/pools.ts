/** Pools: their fencers, their bouts, a generation's answer, and what a bout write answers. Shapes shared by the worker's routes and the app (issue 27: contracts by feature). */
import type { BoutCards } from '../fencing/bout-cards';
import type { Bout } from '../fencing/bout-result';
import type { PlayerStatus } from '../fencing/withdrawal';

export interface PoolPlayer {
  id: string;
  name: string;
  athlete_id: string | null;
  /** 1-based place on the pool sheet: the number of its grid column and in the bout order. */
  position: number;
  /** Withdrew (injury) or excluded during the pools (o.74): their bouts count for nobody. Null while fencing. */
  status: PlayerStatus | null;
  /** A second round's entry (issue 28): its seed from round 1's ranking (o.68.1), null or absent in round 1. */
  seed?: number | null;
  /** A second round's entry: the round-1 entry of the same fencer (null or absent in round 1). */
  first_round_id?: string | null;
}

/** A stored pool bout: the bout itself, when it was last written, and its version (1 on first write). */
export interface PoolBout extends Bout {
  updated_at: number;
  version: number;
  /** The referee's cards (issue 29), present only when the bout was refereed and a card was given. */
  cards?: BoutCards;
}

/** A pool with everything its grid needs; what the API answers and the room publishes. */
export interface PoolSnapshot {
  id: string;
  practice_id: string;
  name: string;
  version: number;
  created_at: number;
  /** The round of pools it belongs to (issue 28): 1, or 2 for a second round; absent reads 1. */
  round?: number;
  players: PoolPlayer[];
  bouts: PoolBout[];
}

/** The answer to a pool generation: every pool of the practice, and which ones it created. */
export interface GeneratedPools {
  pools: PoolSnapshot[];
  createdIds: string[];
}

/**
 * What a bout write changed (issue 13: deltas, not snapshots): the bout as it now stands (null when cleared),
 * and the pool's version after the write. Clients apply it to the
 * pool they hold at the version before, and load the pool again when they see a gap. The same shape is the
 * writer's answer, the 409's body and the live message: a bout takes four shapes on its way from the score
 * picker to another screen's grid (`Bout`, `BoutBody`, `PoolBout`, this).
 */
export type BoutDelta = {
  pool_id: string;
  /** The pool's version after this change (a bout's own is in `bout`). */
  pool_version: number;
} & (
  | { bout: PoolBout }
  /** Cleared: no bout, so the two fencers (in stored order) are named beside it. */
  | { bout: null; player1_id: string; player2_id: string }
);

/** The two fencers a delta is about (in stored order), whether it holds a bout or clears one. */
export const fencersOf = (delta: BoutDelta): { player1_id: string; player2_id: string } => delta.bout ?? delta;

/** The 409 answer to a bout written against an older state: the bout as it stands (`current`, null when cleared), as a delta. */
export type BoutConflict = BoutDelta & {
  error: string;
  current: PoolBout | null;
};
