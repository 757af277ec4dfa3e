import { boutKey } from './fencing/bout-result';
import type { SentState } from './validation';
import { legalState, legalStep, type BoutFormat, type RefereeState, type Refereeing, type Side } from './fencing/referee';
import type { MachineLights } from './fencing/machine-bout';

/**
 * A bout refereed live (issue 18), as it travels between the referee's phone, the worker, the practice's
 * room object and every screen watching. The rules are core/fencing/referee; this is the wire.
 */

/** Which bout: a pool bout (left `a`, right `b`, as on the sheet) or a tableau match. */
export type RefereeTarget = { kind: 'pool'; pool_id: string; a: string; b: string } | { kind: 'tableau'; round: number; position: number };

/** One name per bout, whichever side each fencer stands on. */
export function refereeKey(target: RefereeTarget): string {
  return target.kind === 'pool' ? `pool:${target.pool_id}:${boutKey(target.a, target.b)}` : `tableau:${target.round}:${target.position}`;
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
  /** Held by a piste's scoring machine (issue 57): its piste code and the lights it shows now. */
  machine?: { piste: string; lights: MachineLights };
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

/**
 * Whether a state the phone sent can be one of this bout: scores within the limit, periods within the
 * format, time within a period (or the rest, or the extra minute). The room refuses anything else.
 */
export function fitsFormat(s: SentState, format: BoutFormat): boolean {
  const longest = Math.max(format.periodMs, format.breakMs, 60_000);
  return s.left <= format.limit && s.right <= format.limit && s.period <= format.periods && s.remainingMs <= longest && (format.nonCombativity || s.pCards === 0);
}

/**
 * Step numbers: a phone numbers each update it sends the one after the room's (`RefereeClaim.seq`, then each
 * answer), whatever number of taps it carries. The room takes a number up to this many past its own (a lost
 * answer, an older app that numbered every tap), keeps out an older one (stale: a retry that crossed a
 * newer one) and refuses one further ahead, which would leave no later step newer.
 */
export const REFEREE_SEQ_WINDOW = 8;

/** Where a sent step number stands against the room's: next (within the window), stale, or too far ahead. */
export function seqOrder(stored: number, seq: number): 'next' | 'stale' | 'ahead' {
  return seq <= stored ? 'stale' : seq <= stored + REFEREE_SEQ_WINDOW ? 'next' : 'ahead';
}

/**
 * Whether what a phone sent follows the rules (core/fencing/referee): every state can stand (`legalState`)
 * and each follows the one before it in one step (`legalStep`: nothing after a black card). The history is
 * the phone's undo stack, so a view may take steps back (an undo of a black card given by mistake) but
 * never record anything after the bout ended. Call with states that `fitsFormat`.
 */
export function followsRules(sent: { state: SentState; past: SentState[] }, format: BoutFormat): boolean {
  const chain = [...sent.past, sent.state];
  return chain.every((s, i) => legalState(s, format) && (i === 0 || legalStep(chain[i - 1]!, s, format)));
}

/** The state the room keeps: what the phone sent, in the bout's own format. */
export const withFormat = (s: SentState, format: BoutFormat): RefereeState => ({ ...s, format });

/** A bout in a link (`?referee=…`), so a phone that reloads opens the same bout: `pool.<pool>.<a>.<b>` or `tableau.<round>.<position>`. */
export function targetParam(target: RefereeTarget): string {
  return target.kind === 'pool' ? `pool.${target.pool_id}.${target.a}.${target.b}` : `tableau.${target.round}.${target.position}`;
}

export function targetFromParam(param: string | null): RefereeTarget | null {
  if (!param) return null;
  const [kind, ...rest] = param.split('.');
  const parsed = kind === 'pool' && rest.length === 3 ? { kind, pool_id: rest[0], a: rest[1], b: rest[2] }
    : kind === 'tableau' && rest.length === 2 ? { kind, round: Number(rest[0]), position: Number(rest[1]) }
    : null;
  if (!parsed) return null;
  if (parsed.kind === 'tableau') return Number.isInteger(parsed.round) && Number.isInteger(parsed.position) && parsed.round! > 0 && parsed.position! >= 0 ? (parsed as RefereeTarget) : null;
  return [parsed.pool_id, parsed.a, parsed.b].every((x) => typeof x === 'string' && x.length > 0 && x.length <= 64) && parsed.a !== parsed.b ? (parsed as RefereeTarget) : null;
}
