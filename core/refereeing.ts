import { z } from 'zod';
import { orderPair } from './fencing/bout-result';
import { UNDO_DEPTH, type BoutFormat, type RefereeState, type Refereeing, type Side } from './fencing/referee';

/**
 * A bout refereed live (issue 18), as it travels between the referee's phone, the worker, the practice's
 * room object and every screen watching. The rules are core/fencing/referee; this is the wire.
 */

/** Which bout: a pool bout (left `a`, right `b`, as on the sheet) or a tableau match. */
export type RefereeTarget = { kind: 'pool'; pool_id: string; a: string; b: string } | { kind: 'tableau'; round: number; position: number };

/** One name per bout, whichever side each fencer stands on. */
export function refereeKey(target: RefereeTarget): string {
  return target.kind === 'pool' ? `pool:${target.pool_id}:${orderPair(target.a, target.b).join(':')}` : `tableau:${target.round}:${target.position}`;
}

/** The pool bout key of two fencers, as the grid looks it up. */
export const poolBoutKey = (poolId: string, a: string, b: string) => refereeKey({ kind: 'pool', pool_id: poolId, a, b });

export interface RefereeFencer {
  id: string;
  name: string;
  /** Tableau: the seed, whose higher number is the lower seed (t.124 P-black at equal scores). */
  seed?: number;
}

/** What every screen knows of a bout on the piste: who, where, the referee, and the state at `now`. */
export interface LiveBout {
  key: string;
  target: RefereeTarget;
  left: RefereeFencer;
  right: RefereeFencer;
  /** The referee's name (the coach's, or the name a guest joined with). */
  referee: string;
  state: RefereeState;
  /** The room's clock when this was sent: a screen reads the bout clock against its own by the difference. */
  now: number;
}

/** The claim's answer: the bout as stored (the undo history with it) and the room's clock. */
export interface RefereeClaim {
  bout: LiveBout;
  refereeing: Refereeing;
  seq: number;
}

/** The lower seed of a bout (t.124 P-black at equal scores): the higher seed number; in pools, the right. */
export function lowerSeed(bout: Pick<LiveBout, 'left' | 'right'>): Side {
  const { left, right } = bout;
  if (left.seed !== undefined && right.seed !== undefined) return left.seed > right.seed ? 'left' : 'right';
  return 'right';
}

/**
 * Moves every clock reading of a refereeing by `delta` ms: from the phone's clock to the room's when it
 * arrives, and back when the phone resumes.
 */
export function shiftClock(r: Refereeing, delta: number): Refereeing {
  const shift = (s: RefereeState): RefereeState => (s.since === null ? s : { ...s, since: s.since + delta });
  return { state: shift(r.state), past: r.past.map(shift) };
}

/** A view's id: random, kept for the tab's life, so a reload resumes and another tab is another view. */
const viewSchema = z.string({ error: 'Say which referee view this is' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Say which referee view this is' });

const id = z.string().min(1).max(64);

export const refereeTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('pool'), pool_id: id, a: id, b: id }).refine((t) => t.a !== t.b, { error: 'A fencer cannot fence themselves' }),
    z.object({ kind: z.literal('tableau'), round: z.number().int().min(1).max(12), position: z.number().int().min(1).max(4096) }),
  ],
  { error: 'Say which bout to referee' },
);

const side = z.enum(['left', 'right']);
const HOUR = 60 * 60 * 1000;
const ms = z.number().min(0).max(HOUR);
/** Epoch milliseconds (the phone's clock), bounded to this century. */
const instant = z.number().min(0).max(4_102_444_800_000);

/** A state as the phone sends it; its format is the room's, never the phone's. */
const stateSchema = z.object({
  phase: z.enum(['ready', 'fencing', 'break', 'priority', 'over']),
  running: z.boolean(),
  left: z.number().int().min(0).max(45),
  right: z.number().int().min(0).max(45),
  period: z.number().int().min(1).max(3),
  remainingMs: ms,
  since: instant.nullable(),
  quietMs: ms,
  cards: z.object({ left: z.array(z.enum(['yellow', 'red', 'black'])).max(20), right: z.array(z.enum(['yellow', 'red', 'black'])).max(20) }),
  pCards: z.number().int().min(0).max(3),
  priority: side.nullable(),
  excluded: side.nullable(),
});

export type SentState = z.infer<typeof stateSchema>;

export const refereeClaimSchema = z.object({ target: refereeTargetSchema, view: viewSchema });

export const refereeUpdateSchema = z.object({
  target: refereeTargetSchema,
  view: viewSchema,
  /** The phone's count of its steps: a late, older update never overwrites a newer one. */
  seq: z.number().int().min(1).max(1_000_000),
  /** The phone's clock when it sent this. */
  sent_at: instant,
  state: stateSchema,
  past: z.array(stateSchema).max(UNDO_DEPTH),
});

export const refereeReleaseSchema = z.object({
  target: refereeTargetSchema,
  view: viewSchema,
  /** Hand over keeps the bout as it stands for the next referee; discard drops it (no result). */
  discard: z.boolean(),
});

export type RefereeClaimBody = z.infer<typeof refereeClaimSchema>;
export type RefereeUpdateBody = z.infer<typeof refereeUpdateSchema>;
export type RefereeReleaseBody = z.infer<typeof refereeReleaseSchema>;

/**
 * Whether a state the phone sent can be one of this bout: scores within the limit, periods within the
 * format, time within a period (or the rest, or the extra minute). The room refuses anything else.
 */
export function fitsFormat(s: SentState, format: BoutFormat): boolean {
  const longest = Math.max(format.periodMs, format.breakMs, 60_000);
  return s.left <= format.limit && s.right <= format.limit && s.period <= format.periods && s.remainingMs <= longest && (format.nonCombativity || s.pCards === 0);
}

/** The state the room keeps: what the phone sent, in the bout's own format. */
export const withFormat = (s: SentState, format: BoutFormat): RefereeState => ({ ...s, format });
