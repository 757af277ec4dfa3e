import { MAX_DAY_POOLS, MAX_POOL_SIZE } from '../limits';
import { boutsInPool } from './pool-generation';

/**
 * Where a competition day fences (issue 28): the pools of every event put on the day's pistes, in flights
 * when pistes run short, and tableau matches called to free pistes as they become ready. The FIE rules say
 * who decides (o.17.3.d: the Directoire Technique allocates the pistes) and what a good day looks like
 * (o.4.6: a first round in no more than two series of pools; o.15 speaks of pools "starting at the same
 * time", a series; o.80.1: tableau bouts are called in the order of the bout plan, top to bottom), not an algorithm:
 * the balancing below is ours. Pure: ids in, ids out.
 */

/** A day's piste. `final` marks the piste for finals; an unavailable piste (`available: false`) is never used. */
export interface Piste {
  id: string;
  name: string;
  final?: boolean;
  available?: boolean;
}

/** A pool to place: a pool of n fencers fences n(n−1)/2 bouts. */
export interface PoolToPlace {
  id: string;
  eventId: string;
  fencers: number;
}

export interface PoolPlacement {
  poolId: string;
  eventId: string;
  pisteId: string;
  /** 0 for flight A, 1 for B…; the pools of one flight start together (o.15). */
  flight: number;
  flightName: string;
}

export interface PoolAllocation {
  /** Flight by flight, each in the day's piste order. */
  placements: PoolPlacement[];
  flights: number;
  /** Bouts each usable piste fences over the round, in the day's piste order. */
  bouts: { pisteId: string; bouts: number }[];
}

/** A day holds at most this many pistes, pools (core/limits MAX_DAY_POOLS) and tableau matches in one request. */
export const MAX_PISTES = 64;
export const MAX_POOLS = MAX_DAY_POOLS;
export const MAX_MATCHES = 512;

/** Input a room should never have sent (unknown ids, a pin to a piste that cannot take it, sizes out of bounds). */
export class PisteError extends Error {}


/** Flights are lettered A…Z, then AA, AB… like spreadsheet columns (a club day may run past 26). */
export function flightName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const usable = (p: Piste) => p.available !== false;

function checkPistes(pistes: readonly Piste[]) {
  if (pistes.length > MAX_PISTES) throw new PisteError(`A day has at most ${MAX_PISTES} pistes`);
  if (new Set(pistes.map((p) => p.id)).size !== pistes.length) throw new PisteError('Two pistes share an id');
}

/**
 * Pools onto pistes. One flight while there are enough pistes, one pool per piste. With fewer pistes each
 * flight but the last fills every piste (flight A starts with the hall full, B takes the pistes as A's pools
 * finish), a pool stays on one piste, and each piste's total bouts are kept as even as we can: bigger pools
 * first, each onto the free piste with the fewest bouts so far (the longest-first rule of load balancing),
 * the final piste last at equal load (kept free for the finals where the count allows), then the day's
 * order. A pinned pool (`pins`: pool id → piste id, the coach's move) stays on its piste, and its bouts
 * count on that piste from the start so the others go around it; two pools pinned to one piste fence in
 * different flights. Pools of one event are kept together (the event with the bigger pools first, its
 * pools in one run, so they share a flight and neighbouring pistes) when that is no less balanced than
 * ordering by size alone: same flight count, same busiest piste, same spread.
 */
export function allocatePools(pools: readonly PoolToPlace[], pistes: readonly Piste[], pins: ReadonlyMap<string, string> = new Map()): PoolAllocation {
  checkPistes(pistes);
  if (pools.length > MAX_POOLS) throw new PisteError(`A day has at most ${MAX_POOLS} pools`);
  if (new Set(pools.map((p) => p.id)).size !== pools.length) throw new PisteError('Two pools share an id');
  for (const p of pools) {
    if (!Number.isInteger(p.fencers) || p.fencers < 2 || p.fencers > MAX_POOL_SIZE) throw new PisteError(`Pool ${p.id} must hold 2 to ${MAX_POOL_SIZE} fencers`);
  }
  const open = pistes.filter(usable);
  for (const [poolId, pisteId] of pins) {
    if (!pools.some((p) => p.id === poolId)) throw new PisteError(`No pool ${poolId} to pin`);
    const piste = pistes.find((p) => p.id === pisteId);
    if (!piste) throw new PisteError(`No piste ${pisteId} for pool ${poolId}`);
    if (!usable(piste)) throw new PisteError(`Piste ${piste.name} is unavailable: pool ${poolId} cannot stay on it`);
  }
  if (pools.length === 0) return { placements: [], flights: 0, bouts: open.map((p) => ({ pisteId: p.id, bouts: 0 })) };
  if (open.length === 0) throw new PisteError('No piste is available for the pools');

  const index = new Map(pools.map((p, i) => [p.id, i]));
  const bySize = [...pools].sort((a, b) => b.fencers - a.fencers || index.get(a.id)! - index.get(b.id)!);
  // Events in order of their biggest pool (then of first appearance), each event's pools in a run.
  const events = [...new Set(bySize.map((p) => p.eventId))];
  const byEvent = events.flatMap((e) => bySize.filter((p) => p.eventId === e));
  const sized = place(bySize, open, pins);
  const grouped = place(byEvent, open, pins);
  const [g, s] = [score(grouped), score(sized)];
  const differ = g.findIndex((n, i) => n !== s[i]);
  return differ === -1 || g[differ]! < s[differ]! ? grouped : sized;
}

/** Flights, then the busiest piste, then the spread: smaller is better, compared in that order. */
function score(a: PoolAllocation): number[] {
  const loads = a.bouts.map((b) => b.bouts);
  return [a.flights, Math.max(...loads), Math.max(...loads) - Math.min(...loads)];
}

function place(order: readonly PoolToPlace[], open: readonly Piste[], pins: ReadonlyMap<string, string>): PoolAllocation {
  const load = new Map(open.map((p) => [p.id, 0]));
  for (const pool of order) {
    const pin = pins.get(pool.id);
    if (pin !== undefined) load.set(pin, load.get(pin)! + boutsInPool(pool.fencers));
  }
  const rank = new Map(open.map((p, i) => [p.id, i]));
  const placements: PoolPlacement[] = [];
  let remaining = [...order];
  for (let flight = 0; remaining.length > 0; flight++) {
    // The flight's pools: next in order while a piste is left, a pinned pool only if its piste is not taken.
    const members: PoolToPlace[] = [];
    const taken = new Set<string>();
    for (const pool of remaining) {
      if (members.length === open.length) break;
      const pin = pins.get(pool.id);
      if (pin !== undefined) {
        if (taken.has(pin)) continue;
        taken.add(pin);
      }
      members.push(pool);
    }
    remaining = remaining.filter((p) => !members.includes(p));
    const here: PoolPlacement[] = [];
    const put = (pool: PoolToPlace, pisteId: string) => here.push({ poolId: pool.id, eventId: pool.eventId, pisteId, flight, flightName: flightName(flight) });
    for (const pool of members) if (pins.has(pool.id)) put(pool, pins.get(pool.id)!);
    for (const pool of members.filter((p) => !pins.has(p.id))) {
      const piste = open
        .filter((p) => !taken.has(p.id))
        .sort((a, b) => load.get(a.id)! - load.get(b.id)! || Number(!!a.final) - Number(!!b.final) || rank.get(a.id)! - rank.get(b.id)!)[0]!;
      taken.add(piste.id);
      load.set(piste.id, load.get(piste.id)! + boutsInPool(pool.fencers));
      put(pool, piste.id);
    }
    placements.push(...here.sort((a, b) => rank.get(a.pisteId)! - rank.get(b.pisteId)!));
  }
  const flights = placements.length === 0 ? 0 : placements[placements.length - 1]!.flight + 1;
  return { placements, flights, bouts: open.map((p) => ({ pisteId: p.id, bouts: load.get(p.id)! })) };
}

/** Where a tableau match stands on the day: waiting for its call, called (fencers report, t.118.1), on piste, done. */
export type MatchState = 'waiting' | 'called' | 'on-piste' | 'done';
export type MatchEvent = 'call' | 'on-piste' | 'done' | 'cancel-call';

/** A tableau match: rounds count from 1 (the first round) to the final, positions from 0, top down (as bracket.ts). */
export interface TableauMatch {
  id: string;
  round: number;
  position: number;
  fencers: readonly [string | null, string | null];
  done: boolean;
  state: MatchState;
  /** The piste it holds while called or on piste. */
  pisteId: string | null;
}

export interface CallInput {
  /** One event's tableau. */
  matches: readonly TableauMatch[];
  /** Fencers called or on piste anywhere on the day, across events. */
  busy: ReadonlySet<string>;
  /** The day's pistes, in order, and which of them are free now. */
  pistes: readonly Piste[];
  free: ReadonlySet<string>;
}

export interface MatchCall {
  matchId: string;
  pisteId: string;
}

/** A ready match left uncalled, and why (for the board: "the final waits for the final piste"). */
export interface HeldMatch {
  matchId: string;
  reason: 'final-piste-busy' | 'no-free-piste';
}

/**
 * The calls to make now. A match is ready when both its fencers are known, neither is busy (here or in
 * another event), it is not done and not already called. Ready matches are called in tableau order:
 * earlier rounds first, then top to bottom (o.80.1); once called, its fencers count as busy for the rest.
 * The final (the last round's top match; a bout for 3rd sits below it) goes to a piste marked final if the
 * day has one, and waits for it when it is busy rather than taking another piste: the final piste is
 * the one the hall is set up to watch. Other matches take the other pistes first and the final piste only
 * when nothing else is free. The ten-minute rest between bouts (o.80.3) is the schedule's
 * business, not checked here.
 */
export function callMatches({ matches, busy, pistes, free }: CallInput): { calls: MatchCall[]; held: HeldMatch[] } {
  checkPistes(pistes);
  if (matches.length > MAX_MATCHES) throw new PisteError(`A tableau has at most ${MAX_MATCHES} matches`);
  if (new Set(matches.map((m) => m.id)).size !== matches.length) throw new PisteError('Two matches share an id');
  for (const m of matches) {
    if (!Number.isInteger(m.round) || m.round < 1 || !Number.isInteger(m.position) || m.position < 0) throw new PisteError(`Match ${m.id} has no valid round and position`);
    if (m.fencers[0] !== null && m.fencers[0] === m.fencers[1]) throw new PisteError(`Match ${m.id} pairs a fencer with themselves`);
  }
  const active = matches.filter((m) => m.state === 'called' || m.state === 'on-piste');
  const held = new Set(active.flatMap((m) => (m.pisteId === null ? [] : [m.pisteId])));
  const engaged = new Set([...busy, ...active.flatMap((m) => m.fencers.filter((f) => f !== null))]);
  let open = pistes.filter((p) => usable(p) && free.has(p.id) && !held.has(p.id));
  const hasFinalPiste = pistes.some((p) => p.final && usable(p));

  const lastRound = Math.max(0, ...matches.map((m) => m.round));
  const final = matches.filter((m) => m.round === lastRound).sort((a, b) => a.position - b.position)[0];
  const ready = (m: TableauMatch) => !m.done && m.state === 'waiting' && m.fencers.every((f) => f !== null && !engaged.has(f));

  const calls: MatchCall[] = [];
  const waiting: HeldMatch[] = [];
  for (const m of [...matches].sort((a, b) => a.round - b.round || a.position - b.position)) {
    if (!ready(m)) continue;
    const isFinal = m === final && hasFinalPiste;
    const piste = isFinal ? open.find((p) => p.final) : (open.find((p) => !p.final) ?? open[0]);
    if (!piste) {
      waiting.push({ matchId: m.id, reason: isFinal ? 'final-piste-busy' : 'no-free-piste' });
      continue;
    }
    calls.push({ matchId: m.id, pisteId: piste.id });
    open = open.filter((p) => p !== piste);
    for (const f of m.fencers) engaged.add(f!);
  }
  return { calls, held: waiting };
}

/** A transition the match's state does not allow (the route answers 409). */
export class MatchStateError extends Error {}

/**
 * The call's state machine. A waiting match is called, then goes on piste, then is done. A call can be
 * cancelled (a mistake, or the piste fails) back to waiting, even once on piste. A result ends a match from
 * any state but done: a score typed at the table without the call steps, or a walkover that is never fenced
 * (o.79.1). Nothing leaves done.
 */
const TRANSITIONS: Record<MatchState, Partial<Record<MatchEvent, MatchState>>> = {
  waiting: { call: 'called', done: 'done' },
  called: { 'on-piste': 'on-piste', 'cancel-call': 'waiting', done: 'done' },
  'on-piste': { 'cancel-call': 'waiting', done: 'done' },
  done: {},
};

export function nextMatchState(state: MatchState, event: MatchEvent): MatchState {
  const next = TRANSITIONS[state]?.[event];
  if (next === undefined) throw new MatchStateError(`A match that is ${state} cannot take '${event}'`);
  return next;
}
