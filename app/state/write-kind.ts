// What a kind of score-like write is (DESIGN: writes from the field). Each kind is one module of ./writes,
// defined once through `defineWrite`: what it sends and how its answer shows, the record whose versions it
// chains and the line it waits in, the version it leaves, how it is made again over another version, and how
// it reads in the header's queue and conflicts. The write queue (./outbox) is generic over these and names none.
import type { ClientRequestOptions } from 'hono/client';
import type { Team, TeamMatchRow } from '../../core/contracts/teams';
import type { WaitReason } from '../lib/retry';

/**
 * The kinds of write, each declared by its own module (`declare module '../write-kind'`): what the write holds
 * beside its practice (`write`), and the state that won when another screen's result came first (`current`,
 * the route's typed 409; `never` for a kind whose conflicts end at its view).
 */
export interface WriteKinds {}

export type Kind = keyof WriteKinds;

/** A write of kind K as the screen makes it: its kind and what it holds (of several kinds, one of theirs). */
export type WriteOf<K extends Kind> = K extends Kind ? { kind: K } & WriteKinds[K]['write'] : never;

/** A write of any kind, as the screen makes it. */
export type OutboxWrite = WriteOf<Kind>;

/** An entry's own state in the queue, beside the write it holds. */
export interface EntryState<Current> {
  /** The idempotency key the server remembers, so a replay applies once. */
  key: string;
  /** Entry order: writes are sent oldest first. */
  seq: number;
  practiceId: string;
  createdAt: number;
  /** Someone else changed the same bout, match or relay meanwhile (409): what won, until the person decides. */
  conflict?: { current: Current | null };
  /**
   * The last try failed for a while only (no network, a busy server, a limiter): why, how many tries, when
   * the next goes, and the earliest the server allowed (its `Retry-After`), which even a wake honours.
   */
  waiting?: { reason: WaitReason; attempts: number; retryAt: number; notBefore?: number };
  /** Refused for good (it can never succeed as it is): the server's answer, kept until the person discards it. */
  refused?: { status: number; answer: unknown };
}

/** A queued write of kind K: the write and its state in the queue (of several kinds, one of theirs). */
export type EntryOf<K extends Kind> = K extends Kind ? WriteOf<K> & EntryState<WriteKinds[K]['current']> : never;

/**
 * A score write waiting to reach the server. Kept in IndexedDB so a reload, a closed tab or a dead battery
 * loses nothing; sent in the order entered, each with its own idempotency key and the version it was made against.
 */
export type OutboxEntry = EntryOf<Kind>;

/** The state that won over an entry of kind K. */
export type CurrentOf<K extends Kind> = WriteKinds[K]['current'];

/**
 * What one try came to: stored (`show` puts the server's answer on screen), or lost to another screen's result
 * (the route's typed 409): `conflict` is the entry marked with the state that won, and `show` puts that state
 * where the write was shown. The write then stays in sight, in the header, until the person keeps theirs, takes
 * the other or discards it.
 */
export type Sent<K extends Kind> = { show: () => void; conflict?: EntryOf<K> };

/** What the header needs to say a result as it reads on the sheet: the practice's fencers and teams. */
export interface SheetNames {
  names: ReadonlyMap<string, string>;
  teams: readonly Team[];
  /** The team match's relay sheet, whose rows name each relay's fencers. */
  relays: readonly TeamMatchRow[];
}

/** A conflict as the header shows it: both results as they read on the sheet, and whether "Keep mine" still makes sense. */
export interface Sides {
  mine: string;
  theirs: string;
  keepable: boolean;
}

export interface WriteKind<K extends Kind> {
  kind: K;
  /** The record the write changes, whose versions chain from one write to the next. */
  record(e: EntryOf<K>): string;
  /** The writes that reach the server in the order entered (a record's; a practice's whole tableau). */
  line(e: EntryOf<K>): string;
  /** One try: its answer, or its typed conflict; any other answer than 2xx throws an ApiError. */
  send(e: EntryOf<K>, options: ClientRequestOptions): Promise<Sent<K>>;
  /** The version of its record once this write is stored. */
  versionAfter(e: EntryOf<K>): number;
  /**
   * The version of its record the write was made against (`of`), and the same write made over another (`over`):
   * after an earlier write of the record was refused (it never moved the version on), or kept after a conflict
   * (over the state that won). A kind without it (a referee's numbered step) is never made again.
   */
  version?: { of(e: EntryOf<K>): number; over(e: EntryOf<K>, version: number): EntryOf<K> };
  /** How a score write reads in the header's queue: its own result, and a conflict's two sides. A kind without it is its view's to show. */
  header?: { result(e: EntryOf<K>, sheet: SheetNames): string; sides(e: EntryOf<K>, sheet: SheetNames): Sides };
  /**
   * A write the view that made it decides on: at a conflict or a refusal it leaves the queue and this tells the
   * view why (a referee's step, which a newer step or another referee supersedes).
   */
  endsAtView?(e: EntryOf<K>, message: string): void;
  /** The write ended with no view waiting to hear of it (one restored after a reload). */
  unheard?(e: EntryOf<K>): void;
}

const kinds = new Map<Kind, WriteKind<Kind>>();

/** Defines a kind of write; its module is loaded before any entry of it is sent (./outbox loads ./writes). */
export function defineWrite<K extends Kind>(kind: WriteKind<K>): WriteKind<K> {
  // Its methods take an entry of its own kind: `kindOf` gives each entry its own kind's definition back.
  kinds.set(kind.kind, kind);
  return kind;
}

/** Whether an entry's kind is defined here (its module loaded). */
export const isDefined = (e: OutboxEntry) => kinds.has(e.kind);

/** The definition of an entry's kind. */
export function kindOf(e: OutboxEntry): WriteKind<Kind> {
  const kind = kinds.get(e.kind);
  if (!kind) throw new Error(`unknown write kind ${e.kind}`);
  return kind;
}

/** The version of a write whose body carries it (`WriteKind.version`). */
export const bodyVersion = {
  of: (e: { body: { version: number } }) => e.body.version,
  over: <E extends { body: { version: number } }>(e: E, version: number): E => ({ ...e, body: { ...e.body, version } }),
};

/** A write that lost to another screen's: the entry marked with the state that won, and how that state shows. */
export function lost<K extends Kind>(e: EntryOf<K>, current: CurrentOf<K> | null, show: () => void): Sent<K> {
  return { conflict: { ...e, conflict: { current } }, show };
}
