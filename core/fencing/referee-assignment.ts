// One file: the referees of pools and of called matches share the neutrality rule, the duty count and the checks of their input.
import { MAX_DAY_POOLS, MAX_POOL_SIZE } from '../limits';
import { affiliationKey as separationKey, SEPARATION_LEVELS, type SeparationLevel } from './separation';

/**
 * The day's referees (issue 28): one referee for each pool, and one for each tableau match as it is called.
 *
 * Neutrality. FIE Technical rules t.50.2: "For the pools, the referee must be of a different nationality
 * from that any of the fencers in the pool"; t.50.3 asks the same of the referees of each quarter of the
 * direct-elimination table. (The Organisation rules on the round of pools, o.67 ff., hold no rule on its
 * referee: it lives in the Technical rules.) At a club's competition day everyone shares a nation, so the
 * club stands in for it: a referee is neutral for a pool or a match when none of its fencers is of their club, nor (where
 * both give one) of their region or nation; issue 58 lets the organiser name the levels, the same as the
 * pools are separated by (a level not named does not matter). A referee with no club is neutral for everyone; clubs are
 * compared without case and surrounding spaces. Where no available referee is neutral, the least
 * conflicted (fewest fencers of their club) is chosen and the assignment says `neutral: false` with the
 * reason, so the screen warns: a pool left without a referee would stop the day.
 *
 * Duty. t.50.1 has the Refereeing Delegates draw referees by lot; a club day wants the load even and
 * predictable instead: nobody gets a second pool while a referee who could take it neutrally has none (then
 * a third, …), ties going to the fewest duties, then the referee list order. Neutrality comes first: a
 * referee who is a clubmate of a pool's fencers is not "able to take it" while a neutral one is available.
 * The coach's overrides stand (neutral or not, with the warning) and count as duty.
 * Pure: lists in, assignments out.
 */

/** A referee of the day; `available: false` (gone home, on a break) is never assigned. */
export interface DayReferee {
  id: string;
  name: string;
  club: string | null;
  /** Region (a league, a division), for events where fencers come from several (issue 58). */
  region?: string | null;
  /** Nation, for events where fencers come from several. */
  nation?: string | null;
  available?: boolean;
}

/** What neutrality looks at in a fencer. */
export interface RefereedFencer {
  club: string | null;
  region?: string | null;
  nation?: string | null;
}

/**
 * The levels a referee is neutral by (issue 58): those the pools are separated by, the same list; where
 * nothing is said, club, region and nation alike (each only where both referee and fencer give one).
 */
export const ALL_NEUTRALITY: readonly SeparationLevel[] = SEPARATION_LEVELS;

/** A pool, or a called match (exactly two fencers), to referee. */
export interface RefereedGroup {
  id: string;
  fencers: readonly RefereedFencer[];
}

/**
 * Why an assignment is not neutral: the referee shares `club` and/or `nation` (and/or `region`, named only when
 * shared) with `count` fencers; or nobody is free.
 */
export type NeutralityReason = { kind: 'clubmates'; count: number; club: string | null; nation: string | null; region?: string } | { kind: 'no-referee' };

export interface RefereeAssignment {
  /** The pool's or the match's id. */
  id: string;
  refereeId: string | null;
  neutral: boolean;
  /** The coach chose this referee. */
  override: boolean;
  /** Null when neutral. */
  reason: NeutralityReason | null;
}

export interface PoolRefereeInput {
  referees: readonly DayReferee[];
  pools: readonly RefereedGroup[];
  /** The coach's choices: pool id → referee id. */
  overrides?: Readonly<Record<string, string>>;
  /** Duties already done today (an earlier round), by referee id. */
  duties?: ReadonlyMap<string, number>;
  /** The levels neutrality reads (issue 58): those the pools were separated by; club, region and nation when left out. */
  levels?: readonly SeparationLevel[];
}

export interface PoolRefereePlan {
  /** In the order of the pools. */
  assignments: RefereeAssignment[];
  /** Every referee's duties for the day so far, this round included. */
  duties: Map<string, number>;
  /** Pools whose override names a referee now unavailable: they were assigned afresh. */
  setAside: string[];
}

export interface MatchRefereeInput {
  referees: readonly DayReferee[];
  /** Called matches, in call order (the first called chooses first). */
  matches: readonly RefereedGroup[];
  /** Referees refereeing elsewhere right now. */
  busy?: ReadonlySet<string>;
  /** Duties so far today, pools included, by referee id. */
  duties?: ReadonlyMap<string, number>;
  /** The levels neutrality reads, as for the pools. */
  levels?: readonly SeparationLevel[];
}

export interface MatchRefereePlan {
  assignments: RefereeAssignment[];
  duties: Map<string, number>;
}

/** Bounds on what a server hands in. */
export const MAX_REFEREES = 200;
export const MAX_REFEREED_POOLS = MAX_DAY_POOLS;
export const MAX_CALLED_MATCHES = 200;
export const MAX_DUTIES = 10_000;

/** The input breaks a bound or names something that does not exist; the message says which. */
export class RefereeAssignmentError extends Error {}

/** A club, region or nation as compared: by the rule for the same name (core/names: case, ß/ss, spaces); blank is none. */
export const affiliationKey = separationKey;

/**
 * How a referee clashes with a group's fencers; null when neutral (t.50.2). `levels` are those the organiser
 * keeps apart (./separation): a referee of the club, region or nation of a fencer, at a level listed, is not
 * neutral; at a level not listed, it does not matter.
 */
export function neutralityClash(referee: DayReferee, fencers: readonly RefereedFencer[], levels: readonly SeparationLevel[] = ALL_NEUTRALITY): NeutralityReason | null {
  const mine = SEPARATION_LEVELS.map((level) => (levels.includes(level) ? affiliationKey(referee[level]) : null));
  let count = 0;
  const shared = SEPARATION_LEVELS.map(() => false);
  for (const f of fencers) {
    const same = SEPARATION_LEVELS.map((level, l) => mine[l] !== null && affiliationKey(f[level]) === mine[l]);
    if (same.some(Boolean)) count++;
    same.forEach((v, l) => (shared[l] ||= v));
  }
  if (count === 0) return null;
  const [club, region, nation] = shared;
  return {
    kind: 'clubmates', count, club: club ? referee.club!.trim() : null, nation: nation ? referee.nation!.trim() : null,
    ...(region ? { region: referee.region!.trim() } : {}),
  };
}

/** One referee per pool: neutral where possible, duty even, overrides kept. Throws RefereeAssignmentError on bad input. */
export function assignPoolReferees({ referees, pools, overrides = {}, duties = new Map(), levels = ALL_NEUTRALITY }: PoolRefereeInput): PoolRefereePlan {
  checkReferees(referees, duties);
  checkGroups(pools, MAX_REFEREED_POOLS, 'pools');
  const refIndex = new Map(referees.map((r, i) => [r.id, i]));
  const poolIndex = new Map(pools.map((p, i) => [p.id, i]));
  const load = referees.map((r) => duties.get(r.id) ?? 0);
  const chosen: (number | null)[] = pools.map(() => null);
  const fixed = pools.map(() => false);
  const setAside = new Set<string>();
  for (const [poolId, refereeId] of Object.entries(overrides)) {
    const p = poolIndex.get(poolId);
    const r = refIndex.get(refereeId);
    if (p === undefined) throw new RefereeAssignmentError(`An override names no pool of the day: ${poolId}`);
    if (r === undefined) throw new RefereeAssignmentError(`An override names no referee of the day: ${refereeId}`);
    if (referees[r]!.available === false) {
      setAside.add(poolId);
      continue;
    }
    chosen[p] = r;
    fixed[p] = true;
    load[r]!++;
  }
  const open = availableIndices(referees, new Set());
  const eligible = pools.map((p) => leastConflicted(open, referees, p.fencers, levels));
  // The pools with the fewest possible referees choose first, so a wide choice never takes a narrow one's referee.
  const order = pools.map((_, i) => i).filter((i) => !fixed[i]).sort((a, b) => eligible[a]!.length - eligible[b]!.length || a - b);
  for (const p of order) {
    const r = lightest(eligible[p]!, load);
    if (r === null) continue;
    chosen[p] = r;
    load[r]!++;
  }
  balance(chosen, fixed, eligible, load);
  return {
    assignments: pools.map((p, i) => assignmentOf(p.id, chosen[i]!, fixed[i]!, referees, p.fencers, levels)),
    duties: new Map(referees.map((r, i) => [r.id, load[i]!])),
    setAside: pools.filter((p) => setAside.has(p.id)).map((p) => p.id),
  };
}

/**
 * A free referee for each called match, in call order: neutral towards both fencers where possible (t.50.3),
 * then the fewest duties of the day, then the list order. A referee given a match is busy for the next ones.
 */
export function assignMatchReferees({ referees, matches, busy = new Set(), duties = new Map(), levels = ALL_NEUTRALITY }: MatchRefereeInput): MatchRefereePlan {
  checkReferees(referees, duties);
  checkGroups(matches, MAX_CALLED_MATCHES, 'called matches');
  for (const m of matches) {
    if (m.fencers.length !== 2) throw new RefereeAssignmentError(`A match has two fencers: ${m.id} has ${m.fencers.length}`);
  }
  const load = referees.map((r) => duties.get(r.id) ?? 0);
  const engaged = new Set(busy);
  const assignments = matches.map((m) => {
    const r = lightest(leastConflicted(availableIndices(referees, engaged), referees, m.fencers, levels), load);
    if (r !== null) {
      load[r]!++;
      engaged.add(referees[r]!.id);
    }
    return assignmentOf(m.id, r, false, referees, m.fencers, levels);
  });
  return { assignments, duties: new Map(referees.map((r, i) => [r.id, load[i]!])) };
}

function checkReferees(referees: readonly DayReferee[], duties: ReadonlyMap<string, number>) {
  if (referees.length > MAX_REFEREES) throw new RefereeAssignmentError(`A day has at most ${MAX_REFEREES} referees`);
  if (new Set(referees.map((r) => r.id)).size !== referees.length) throw new RefereeAssignmentError('A referee appears twice in the list');
  for (const [id, n] of duties) {
    if (!Number.isInteger(n) || n < 0 || n > MAX_DUTIES) throw new RefereeAssignmentError(`The duties of referee ${id} must be a whole number from 0 to ${MAX_DUTIES}`);
  }
}

function checkGroups(groups: readonly RefereedGroup[], max: number, what: string) {
  if (groups.length > max) throw new RefereeAssignmentError(`At most ${max} ${what} are assigned at once`);
  if (new Set(groups.map((g) => g.id)).size !== groups.length) throw new RefereeAssignmentError(`An id appears twice among the ${what}`);
  for (const g of groups) {
    if (g.fencers.length > MAX_POOL_SIZE) throw new RefereeAssignmentError(`A pool holds at most ${MAX_POOL_SIZE} fencers: ${g.id} has ${g.fencers.length}`);
  }
}

/** Positions in the list of the referees who may be assigned: available and not engaged. */
function availableIndices(referees: readonly DayReferee[], engaged: ReadonlySet<string>): number[] {
  return referees.flatMap((r, i) => (r.available === false || engaged.has(r.id) ? [] : [i]));
}

/** Of the candidates, those with the fewest fencers of their club: the neutral ones whenever there is one. */
function leastConflicted(candidates: readonly number[], referees: readonly DayReferee[], fencers: readonly RefereedFencer[], levels: readonly SeparationLevel[]): number[] {
  const clashes = candidates.map((i) => {
    const reason = neutralityClash(referees[i]!, fencers, levels);
    return reason?.kind === 'clubmates' ? reason.count : 0;
  });
  const fewest = Math.min(...clashes);
  return candidates.filter((_, k) => clashes[k] === fewest);
}

/** The candidate with the fewest duties; the first in the list among equals. */
function lightest(candidates: readonly number[], load: readonly number[]): number | null {
  let best: number | null = null;
  for (const r of candidates) if (best === null || load[r]! < load[best]!) best = r;
  return best;
}

/**
 * Evens the duties out: while a chain of pools can move, each to another referee able to take it, from a
 * referee with n duties to one with n − 2 or fewer, move them. When no such chain is left, nobody holds a
 * pool that an able referee with two duties fewer could take, and the sum of squared duties is the least
 * possible (the optimal semi-matching of Harvey, Ladner, Lovász and Tamir, 2003). Overrides never move.
 */
function balance(chosen: (number | null)[], fixed: readonly boolean[], eligible: readonly number[][], load: number[]) {
  for (;;) {
    const held = load.map(() => [] as number[]);
    chosen.forEach((r, p) => {
      if (r !== null && !fixed[p]) held[r]!.push(p);
    });
    const least = Math.min(...load);
    const sources = load.map((_, r) => r).filter((r) => load[r]! >= least + 2 && held[r]!.length > 0);
    sources.sort((a, b) => load[b]! - load[a]! || a - b);
    if (!sources.some((src) => shiftFrom(src, held, chosen, eligible, load))) return;
  }
}

/** Searches breadth-first for a chain from `src` to a referee with two duties fewer, and moves it. */
function shiftFrom(src: number, held: readonly number[][], chosen: (number | null)[], eligible: readonly number[][], load: number[]): boolean {
  const via = new Map<number, { pool: number; from: number }>();
  const queue = [src];
  const seen = new Set([src]);
  for (let k = 0; k < queue.length; k++) {
    const r = queue[k]!;
    for (const pool of held[r]!) {
      for (const to of eligible[pool]!) {
        if (seen.has(to)) continue;
        seen.add(to);
        via.set(to, { pool, from: r });
        if (load[to]! <= load[src]! - 2) {
          for (let at = to; at !== src; ) {
            const step = via.get(at)!;
            chosen[step.pool] = at;
            at = step.from;
          }
          load[to]!++;
          load[src]!--;
          return true;
        }
        queue.push(to);
      }
    }
  }
  return false;
}

function assignmentOf(
  id: string, r: number | null, override: boolean, referees: readonly DayReferee[], fencers: readonly RefereedFencer[], levels: readonly SeparationLevel[],
): RefereeAssignment {
  if (r === null) return { id, refereeId: null, neutral: false, override, reason: { kind: 'no-referee' } };
  const reason = neutralityClash(referees[r]!, fencers, levels);
  return { id, refereeId: referees[r]!.id, neutral: reason === null, override, reason };
}
