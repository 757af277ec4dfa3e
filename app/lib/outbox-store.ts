import { createStore, del, entries, set } from 'idb-keyval';
import type { PoolBout } from '../../core/contracts/pools';
import type { SavedBracketMatch } from '../../core/fencing/bracket';
import type { TeamMatchRow } from '../../core/contracts/teams';
import type { TeamRelay } from '../../core/contracts/team-tableau';
import type { BoutBody, BracketScoreBody, ClearBoutBody, RefereeUpdateBody, RelayRowBody, TeamRelayRowBody } from '../../core/validation';
import type { CallStepBody } from '../../core/day-validation';
import type { WaitReason } from './retry';

/** What a waiting write does: a pool bout, its clearing, a tableau score or a relay row (DESIGN: score-like writes). */
export type OutboxWrite =
  | { kind: 'bout'; poolId: string; body: BoutBody }
  | { kind: 'clear'; poolId: string; body: ClearBoutBody }
  | { kind: 'tableau'; body: BracketScoreBody }
  | { kind: 'relay'; matchNumber: number; body: RelayRowBody }
  /** A relay of a team tableau match (issue 28): the match (round, position) and the relay's number. */
  | { kind: 'team-relay'; round: number; position: number; matchNumber: number; body: TeamRelayRowBody }
  /** A referee's step (issue 18): the bout's whole state, numbered after the room's (its `seq` is its version). */
  | { kind: 'referee'; body: RefereeUpdateBody }
  /** A step on a called tableau match of a competition day (issue 28): "on piste", or the coach's "cancel". */
  | { kind: 'call'; callId: string; body: CallStepBody };

/**
 * A score write waiting to reach the server (DESIGN: writes from the field). Kept in IndexedDB so a
 * reload, a closed tab or a dead battery loses nothing; sent in the order entered, each with its own
 * idempotency key and the version it was made against.
 */
export type OutboxEntry = { [K in OutboxWrite['kind']]: Extract<OutboxWrite, { kind: K }> & EntryState<K> }[OutboxWrite['kind']];

/** What a write of each kind meets when another screen's result won (its 409 answer's `current`). */
interface Current {
  bout: PoolBout;
  clear: PoolBout;
  tableau: SavedBracketMatch;
  relay: TeamMatchRow;
  'team-relay': TeamRelay;
  referee: never;
  call: never;
}

/** An entry's own state in the queue, beside the write it holds. */
type EntryState<K extends OutboxWrite['kind']> = {
  /** The idempotency key the server remembers, so a replay applies once. */
  key: string;
  /** Entry order: writes are sent oldest first. */
  seq: number;
  practiceId: string;
  createdAt: number;
  /** Someone else changed the same bout, match or relay meanwhile (409): what won, until the person decides. */
  conflict?: { current: Current[K] | null };
  /**
   * The last try failed for a while only (no network, a busy server, a limiter): why, how many tries, when
   * the next goes, and the earliest the server allowed (its `Retry-After`), which even a wake honours.
   */
  waiting?: { reason: WaitReason; attempts: number; retryAt: number; notBefore?: number };
  /** Refused for good (it can never succeed as it is): the server's answer, kept until the person discards it. */
  refused?: { status: number; answer: unknown };
};

let idb: ReturnType<typeof createStore> | null = null;
/** One IndexedDB connection for the page's life, opened on first use (not one per write). */
const store = () => (idb ??= createStore('piste-outbox', 'entries'));

export async function readOutbox(): Promise<OutboxEntry[]> {
  try {
    return (await entries<string, OutboxEntry>(store())).map(([, e]) => e).sort((a, b) => a.seq - b.seq);
  } catch {
    // IndexedDB refused (a private window in some browsers): the outbox lives in memory only.
    return [];
  }
}

export async function saveEntry(entry: OutboxEntry) {
  await set(entry.key, entry, store()).catch(() => undefined);
}

export async function deleteEntry(key: string) {
  await del(key, store()).catch(() => undefined);
}

/** A fresh idempotency key. */
export const newWriteKey = () => crypto.randomUUID().replace(/-/g, '');
