import { MAX_DAY_POOLS, MAX_POOL_SIZE, MAX_TABLEAU } from '../limits';
import { boutsInPool } from './pool-generation';
import { WEAPONS, type Weapon } from './referee';

/**
 * The estimated schedule of a competition day (issue 28): when each pool and each tableau round starts and
 * ends, from the bouts left, the pistes and a bout duration per weapon. The room recomputes it after every
 * result, so it is one pass over the day, linear in its pools and rounds. Pure: times in, times out.
 *
 * - Pools on one piste fence one after another, flight A before flight B (flights are the FIE's "series of
 *   pools": o.4.6 asks a World Cup for pistes enough to fence its first round in two at most); within a
 *   flight, in event order, then in the order given. A pool without a piste yet goes to the piste that
 *   frees up first.
 * - A pool takes its bouts left × the weapon's pool bout: the rest a fencer is owed between two of their
 *   bouts (o.71.2, three minutes) is covered by the other bouts of the pool, so it adds nothing.
 * - An event's tableau starts when the last of its pools ends, round after round (o.80.1: each round is
 *   called from the top of the bout plan to the bottom, so the next round's first matches are ready
 *   first); a team event's rounds at the team match's minutes. Kept simple: every piste of the day is taken as free for it from then on, so a round of m
 *   matches on p pistes takes ceil(m / p) waves of one match each, even if another event's pools or
 *   tableau still hold some pistes. Nor is the ten minutes' rest between a fencer's two matches (o.80.3)
 *   added: the rounds with a single wave may start a few minutes later than shown.
 * - Progress moves the estimate: a finished pool or round ended by `now` at the latest; one under way ends
 *   at `now` + what is left; one not started cannot start before `now`.
 * Times are milliseconds, `now` is taken to the minute below, and every result is rounded to the minute.
 */

/** Minutes one bout takes on the clock, call and changeover included: a pool bout (to 5), a tableau match (to 15), a team match (nine relays to 45). */
export interface BoutMinutes {
  pool: number;
  tableau: number;
  team: number;
}

/**
 * The defaults, editable per day. They are estimates from the rules' time limits and the usual pace of a
 * hall, not measurements of ours:
 * - a pool bout has at most 3 minutes of effective fencing (t.38.2) plus halts, the call and the changeover:
 *   about 3–4 minutes. Épée runs longest (double hits, and the deciding hit at 4–4, t.38.1.b); sabre bouts
 *   are the quickest.
 * - a tableau match is 15 hits or three periods of 3 minutes with a minute's rest between them (t.39.1,
 *   t.40.1), 11 minutes on the clock at the limit, plus halts and the call: épée about 12–15 minutes, foil
 *   a little less, sabre much shorter (its first period also ends at 8 hits, t.39.1).
 * - a team match is nine relays, each to the next multiple of 5 touches with at most 3 minutes of fencing
 *   (o.99.2–3, t.41.2): each relay is a pool bout's length (to 5, 3 minutes), so the rule followed is nine
 *   pool bouts, plus about ten minutes for the call, the line-ups' check and the nine changeovers: épée
 *   9 × 4 + 10 = 46, foil 9 × 3.5 + 10 ≈ 42, sabre 9 × 2.5 + 10 ≈ 33 (about 9 × the pool bout, as a hall sees).
 */
export const DEFAULT_MINUTES: Readonly<Record<Weapon, Readonly<BoutMinutes>>> = {
  epee: { pool: 4, tableau: 14, team: 46 },
  foil: { pool: 3.5, tableau: 12, team: 42 },
  sabre: { pool: 2.5, tableau: 8, team: 33 },
};

/**
 * Bounds on what a server hands in: a hall of 64 pistes, core/limits MAX_DAY_POOLS (512) pools a day, a
 * tableau of core/limits MAX_TABLEAU (512) at most.
 */
export const MAX_PISTES = 64;
export const MAX_POOLS = MAX_DAY_POOLS;
export const MAX_EVENTS = 32;
export { MAX_TABLEAU };
/** A bout longer than an hour is a typing error, not an estimate. */
export const MAX_BOUT_MINUTES = 60;

export interface PoolInput {
  id: string;
  /** The piste it is on, or null when none is assigned yet. */
  piste: string | null;
  /** Its flight: 'A', 'B', … ('Z' is followed by 'AA'). */
  flight: string;
  /** Fencers in the pool: it fences boutsInPool(fencers) bouts. */
  fencers: number;
  /** Bouts fenced so far (annulled bouts of a scratched fencer count as done). */
  done: number;
}

export interface RoundInput {
  /** Matches to fence in this round: byes excluded, a bout for a place counted in the round it is fenced with. */
  matches: number;
  done: number;
}

export interface TableauInput {
  /** A power of two from 2 to MAX_TABLEAU. */
  size: number;
  /** The rounds from the first to the final; those missing are full (size/2, size/4, … matches) and not started. */
  rounds?: readonly RoundInput[];
}

export interface EventInput {
  id: string;
  weapon: Weapon;
  pools: readonly PoolInput[];
  tableau?: TableauInput | null;
  /** A team event: its tableau's matches are team matches (their minutes are `team`, not `tableau`). */
  team?: boolean;
}

export interface DayInput {
  /** When the first pools begin. */
  start: number;
  now: number;
  /** The day's piste ids, in hall order. */
  pistes: readonly string[];
  events: readonly EventInput[];
  /** Minutes per bout by weapon; whatever is missing comes from DEFAULT_MINUTES. */
  minutes?: Partial<Record<Weapon, Partial<BoutMinutes>>>;
}

export interface PoolEstimate {
  id: string;
  /** The piste the estimate put it on: its own, or for a pool without one the first to free up. */
  piste: string;
  start: number;
  end: number;
}

export interface RoundEstimate {
  /** The table of the round: 16 for the round of 16, … 2 for the final. */
  table: number;
  matches: number;
  start: number;
  end: number;
}

export interface EventEstimate {
  id: string;
  /** In the order given. */
  pools: PoolEstimate[];
  /** When the last of its pools ends (the day's start for an event without pools). */
  poolsEnd: number;
  rounds: RoundEstimate[];
  end: number;
}

export interface DaySchedule {
  events: EventEstimate[];
  /** When the last event ends. */
  end: number;
}

/** The input breaks a bound or names something unknown: the message says which (an answer of 400). */
export class ScheduleError extends Error {}

const MINUTE = 60_000;
const NAMES: Record<Weapon, string> = { epee: 'épée', foil: 'foil', sabre: 'sabre' };
/** The range of a JavaScript Date. */
const MAX_TIME = 8.64e15;

const toMinute = (t: number) => Math.round(t / MINUTE) * MINUTE;
const isCount = (x: unknown, min: number, max: number): x is number => Number.isInteger(x) && (x as number) >= min && (x as number) <= max;
const isId = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100;
const isTime = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= MAX_TIME;
const isFlight = (x: unknown): x is string => typeof x === 'string' && /^[A-Z]{1,2}$/.test(x);
/** Flights in order: A … Z, then AA, AB, … */
const flightOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new ScheduleError(message);
}

/** The minutes per bout of each weapon: the defaults, with the day's edits. */
export function boutMinutes(edits: DayInput['minutes'] = {}): Record<Weapon, BoutMinutes> {
  check(typeof edits === 'object' && edits !== null, 'Bout minutes must be given per weapon');
  const out = {} as Record<Weapon, BoutMinutes>;
  for (const w of WEAPONS) {
    const m = { ...DEFAULT_MINUTES[w], ...edits[w] };
    for (const kind of ['pool', 'tableau', 'team'] as const) {
      const v: unknown = m[kind];
      check(typeof v === 'number' && v > 0 && v <= MAX_BOUT_MINUTES, `A ${kind} bout at ${NAMES[w]} takes more than 0 and at most ${MAX_BOUT_MINUTES} minutes`);
    }
    out[w] = m;
  }
  return out;
}

/** The tableau's rounds, first to final, checked, with the missing ones filled in as full and not started. */
function tableauRounds(t: TableauInput, event: string): RoundInput[] {
  check(typeof t === 'object' && isCount(t.size, 2, MAX_TABLEAU) && (t.size & (t.size - 1)) === 0, `The tableau of ${event} must be a power of two from 2 to ${MAX_TABLEAU}`);
  const count = Math.log2(t.size);
  const given = t.rounds ?? [];
  check(Array.isArray(given) && given.length <= count, `The tableau of ${event} has at most ${count} rounds`);
  return Array.from({ length: count }, (_, r) => {
    const round = given[r] ?? { matches: t.size >> (r + 1), done: 0 };
    check(typeof round === 'object' && round !== null && isCount(round.matches, 1, t.size / 2), `A round of ${event}'s tableau has from 1 to ${t.size / 2} matches`);
    check(isCount(round.done, 0, round.matches), `A round of ${event}'s tableau has done from 0 to its ${round.matches} matches`);
    return round;
  });
}

/** Throws ScheduleError unless the day keeps every bound and names only its own pistes, each id once. */
function checkDay(day: DayInput): void {
  check(typeof day === 'object' && day !== null, 'A day is needed');
  check(isTime(day.start) && isTime(day.now), 'The start and the time now must be valid times');
  check(Array.isArray(day.pistes) && day.pistes.length >= 1 && day.pistes.length <= MAX_PISTES, `A day has from 1 to ${MAX_PISTES} pistes`);
  check(day.pistes.every(isId) && new Set(day.pistes).size === day.pistes.length, 'Each piste needs its own id');
  check(Array.isArray(day.events), 'The events must be a list');
  check(day.events.length <= MAX_EVENTS, `A day has at most ${MAX_EVENTS} events`);
  const pistes = new Set(day.pistes);
  const events = new Set<string>();
  const pools = new Set<string>();
  for (const e of day.events) {
    check(typeof e === 'object' && e !== null && isId(e.id) && !events.has(e.id), 'Each event needs its own id');
    events.add(e.id);
    check(WEAPONS.includes(e.weapon), `The weapon of ${e.id} must be épée, foil or sabre`);
    check(Array.isArray(e.pools), `The pools of ${e.id} must be a list`);
    for (const p of e.pools) {
      check(pools.size < MAX_POOLS, `A day has at most ${MAX_POOLS} pools`);
      check(typeof p === 'object' && p !== null && isId(p.id) && !pools.has(p.id), 'Each pool needs its own id');
      pools.add(p.id);
      check(p.piste === null || pistes.has(p.piste), `Pool ${p.id} is on a piste the day does not have`);
      check(isFlight(p.flight), `The flight of pool ${p.id} must be a letter`);
      check(isCount(p.fencers, 2, MAX_POOL_SIZE), `Pool ${p.id} has from 2 to ${MAX_POOL_SIZE} fencers`);
      check(isCount(p.done, 0, boutsInPool(p.fencers)), `Pool ${p.id} has done from 0 to its ${boutsInPool(p.fencers)} bouts`);
    }
  }
}

/**
 * Where a piece of work (a pool, a round) lies, given when its piste(s) free up (`cursor`), the time now,
 * its whole duration and what is left of it. A finished one ended by now; one under way started when its
 * piste freed up and ends at now (or then, if the estimate still has the piste busy) plus what is left; one
 * not started starts at the later of the two.
 */
function place(cursor: number, clock: number, whole: number, left: number, started: boolean): { start: number; end: number } {
  if (started && left === 0) return { start: Math.min(cursor, clock), end: Math.min(cursor + whole, clock) };
  if (started) return { start: cursor, end: Math.max(cursor, clock) + left };
  const start = Math.max(cursor, clock);
  return { start, end: start + whole };
}

/** The day's estimated schedule. Throws ScheduleError for input out of bounds. */
export function estimateSchedule(day: DayInput): DaySchedule {
  checkDay(day);
  const minutes = boutMinutes(day.minutes);
  const clock = Math.max(Math.floor(day.now / MINUTE) * MINUTE, day.start);
  const free = new Map(day.pistes.map((p) => [p, day.start]));

  // Every pool of the day, in the order pistes take them: flight, then event, then as given (a stable sort).
  const queue = day.events.flatMap((e, ei) => e.pools.map((pool, pi) => ({ pool, ei, pi })));
  queue.sort((a, b) => flightOrder(a.pool.flight, b.pool.flight));
  const pools = day.events.map((e) => new Array<PoolEstimate>(e.pools.length));
  const poolsEnd = day.events.map(() => day.start);
  for (const { pool, ei, pi } of queue) {
    let piste = pool.piste;
    if (piste === null) {
      // The piste that frees up first, the first in hall order among equals.
      piste = day.pistes[0]!;
      for (const p of day.pistes) if (free.get(p)! < free.get(piste)!) piste = p;
    }
    // A team event's pool bout is a whole team match (nine relays, to 45), timed as one.
    const event = day.events[ei]!;
    const bout = minutes[event.weapon][event.team ? 'team' : 'pool'] * MINUTE;
    const bouts = boutsInPool(pool.fencers);
    const cursor = free.get(piste)!;
    const { start, end } = place(cursor, clock, bouts * bout, (bouts - pool.done) * bout, pool.done > 0);
    free.set(piste, Math.max(cursor, end));
    poolsEnd[ei] = Math.max(poolsEnd[ei]!, end);
    pools[ei]![pi] = { id: pool.id, piste, start: toMinute(start), end: toMinute(end) };
  }

  const waves = (matches: number) => Math.ceil(matches / day.pistes.length);
  const events = day.events.map((e, ei): EventEstimate => {
    const match = minutes[e.weapon][e.team ? 'team' : 'tableau'] * MINUTE;
    let cursor = poolsEnd[ei]!;
    const rounds = (e.tableau ? tableauRounds(e.tableau, e.id) : []).map((r, i): RoundEstimate => {
      const { start, end } = place(cursor, clock, waves(r.matches) * match, waves(r.matches - r.done) * match, r.done > 0);
      cursor = Math.max(cursor, end);
      return { table: e.tableau!.size >> i, matches: r.matches, start: toMinute(start), end: toMinute(end) };
    });
    return { id: e.id, pools: pools[ei]!, poolsEnd: toMinute(poolsEnd[ei]!), rounds, end: toMinute(cursor) };
  });
  return { events, end: events.reduce((last, e) => Math.max(last, e.end), toMinute(day.start)) };
}
