import type { DayPiste, DayPlacement, DayPool, DayTableau, PoolState } from '../contracts/days';
import { bracketSize, roundCount } from './bracket';
import type { Tableau } from './tableau';
import type { PoolSnapshot } from '../contracts/pools';
import { allocatePools, type PoolToPlace } from './pistes';
import { ALL_NEUTRALITY, assignPoolReferees, neutralityClash } from './referee-assignment';
import type { SeparationLevel } from './separation';
import { boutsInPool } from './pool-generation';

/**
 * A competition day's placement (issue 28): the pools of its events on its pistes, from what the events'
 * rooms told the day. The balancing is `allocatePools` (./pistes); this module decides which pools it moves:
 * a pool that has started stays where it fences (a pool stays on one piste, o.15), a pool the coach moved
 * stays on its piste, a pool that is done keeps its place on the record, the rest are placed again. Pure.
 */

/**
 * What an event's room tells its day of a pool: the fencers still in it (a withdrawn or excluded fencer's
 * bouts are fenced by nobody, o.74), the bouts between them, and how many of those have a result.
 */
export function dayPoolOf(pool: Pick<PoolSnapshot, 'id' | 'name' | 'players' | 'bouts'>): DayPool {
  const fencing = pool.players.filter((p) => p.status === null);
  const active = new Set(fencing.map((p) => p.id));
  const done = pool.bouts.filter((b) => active.has(b.player1_id) && active.has(b.player2_id)).length;
  const athletes = fencing.flatMap((p) => (p.athlete_id ? [p.athlete_id] : []));
  return { id: pool.id, name: pool.name, fencers: active.size, bouts: boutsInPool(active.size), done, athletes };
}

/**
 * What an event's room tells its day of its tableau, for the schedule: the size the seeding gives (the
 * frozen one, or the pools' ranking after the cut), the first round's matches without its byes (n fencers
 * in a table of s fence n − s/2), each later round full, and the matches done in each. The bouts for places
 * are left out of the count. Null below two fencers to seed.
 */
export function dayTableauOf(tableau: Pick<Tableau, 'seeds' | 'matches'>): DayTableau | null {
  const seeded = tableau.seeds.length;
  if (seeded < 2) return null;
  const size = bracketSize(seeded);
  const rounds = Array.from({ length: roundCount(size) }, (_, i) => {
    const round = i + 1;
    const matches = round === 1 ? seeded - size / 2 : size >> round;
    // A match with two fencers and a winner was fenced (a bye has one fencer and no bout).
    const done = tableau.matches.filter((m) => m.round === round && m.position < size >> round && m.player1_id && m.player2_id && m.winner_id).length;
    return { matches: Math.max(matches, 1), done: Math.min(done, Math.max(matches, 1)) };
  });
  return { size, rounds };
}

/** Where a pool stands, from its bouts: done when every bout has a result, fencing from its first. */
export function poolState(pool: Pick<DayPool, 'bouts' | 'done'>): PoolState {
  if (pool.bouts > 0 && pool.done >= pool.bouts) return 'done';
  return pool.done > 0 ? 'fencing' : 'waiting';
}

export interface EventPools {
  practiceId: string;
  pools: readonly DayPool[];
}

/**
 * The day's placements after placing its pools again. Pools that are done keep their row; pools that fence
 * and pools the coach pinned are pinned where they are; pools of fewer than two fencers wait unplaced (no
 * bout to fence). A placement on a piste the day no longer has counts as none.
 */
export function placeDay(events: readonly EventPools[], pistes: readonly DayPiste[], current: readonly DayPlacement[]): DayPlacement[] {
  const pisteIds = new Set(pistes.map((p) => p.id));
  const now = new Map(current.filter((p) => pisteIds.has(p.piste_id)).map((p) => [p.pool_id, p]));
  const kept: DayPlacement[] = [];
  const toPlace: PoolToPlace[] = [];
  const pins = new Map<string, string>();
  for (const event of events) {
    for (const pool of event.pools) {
      const placed = now.get(pool.id);
      const state = poolState(pool);
      if (state === 'done') {
        if (placed) kept.push(placed);
        continue;
      }
      if (pool.fencers < 2) continue;
      toPlace.push({ id: pool.id, eventId: event.practiceId, fencers: pool.fencers });
      if (placed && (placed.pinned || state === 'fencing')) pins.set(pool.id, placed.piste_id);
    }
  }
  const ordered = [...pistes].sort((a, b) => a.position - b.position);
  const { placements } = allocatePools(toPlace, ordered, pins);
  return [
    ...kept,
    ...placements.map((p) => {
      const before = now.get(p.poolId);
      return { pool_id: p.poolId, practice_id: p.eventId, piste_id: p.pisteId, flight: p.flight, pinned: before?.pinned ?? false, referee_id: before?.referee_id ?? null, referee_override: before?.referee_override ?? false, neutral: before?.neutral ?? true };
    }),
  ];
}

/**
 * What fences on each piste now: the first pool of its lowest flight that is not done (flight B takes a
 * piste as flight A's pool there finishes). Pistes with nothing left are absent.
 */
export function nowOnPistes(placements: readonly DayPlacement[], pools: ReadonlyMap<string, Pick<DayPool, 'bouts' | 'done'>>): Map<string, DayPlacement> {
  const now = new Map<string, DayPlacement>();
  for (const p of [...placements].sort((a, b) => a.flight - b.flight)) {
    const pool = pools.get(p.pool_id);
    if (!pool || poolState(pool) === 'done' || now.has(p.piste_id)) continue;
    now.set(p.piste_id, p);
  }
  return now;
}

/** What a pool's referee is chosen for: its fencers' clubs, regions and nations (./referee-assignment). */
export interface RefereeClubs {
  referees: readonly { id: string; name: string; club: string | null; region?: string | null; nation?: string | null }[];
  /** A roster athlete's club, by athlete id. */
  clubs: ReadonlyMap<string, string | null>;
  /** A roster athlete's region and nation, by athlete id, where the day knows them (issue 58). */
  origins?: ReadonlyMap<string, { region?: string | null; nation?: string | null }>;
  /** The levels neutrality reads: those the pools were separated by; club, region and nation when left out. */
  levels?: readonly SeparationLevel[];
}

/**
 * A referee for every placed pool that is not done, flight by flight. The pools of a flight fence at once,
 * so a referee takes one of them while a referee is free (a referee with two pools at once would stop one);
 * among the free, `assignPoolReferees` chooses: neutral first (t.50.2), then the fewest duties of the day,
 * the pools with the fewest neutral choices choosing first. The coach's choices stand, marked not neutral
 * when they are not; a done pool keeps its referee and counts as their duty.
 */
export function refereeDay(placements: readonly DayPlacement[], pools: ReadonlyMap<string, DayPool>, { referees, clubs, origins, levels = ALL_NEUTRALITY }: RefereeClubs): DayPlacement[] {
  const fencersOf = (poolId: string) => (pools.get(poolId)?.athletes ?? []).map((a) => ({ ...origins?.get(a), club: clubs.get(a) ?? null }));
  const byId = new Map(referees.map((r) => [r.id, r]));
  const duties = new Map<string, number>();
  const duty = (id: string) => duties.set(id, (duties.get(id) ?? 0) + 1);
  const result = new Map<string, DayPlacement>();
  for (const p of placements) {
    const pool = pools.get(p.pool_id);
    if (pool && poolState(pool) === 'done') {
      result.set(p.pool_id, p);
      if (p.referee_id) duty(p.referee_id);
    }
  }
  const flights = [...new Set(placements.map((p) => p.flight))].sort((a, b) => a - b);
  for (const flight of flights) {
    const here = placements.filter((p) => p.flight === flight && !result.has(p.pool_id));
    const engaged = new Set<string>();
    for (const p of here) {
      const chosen = p.referee_override && p.referee_id ? byId.get(p.referee_id) : undefined;
      if (!chosen) continue;
      engaged.add(chosen.id);
      duty(chosen.id);
      result.set(p.pool_id, { ...p, referee_override: true, neutral: neutralityClash(chosen, fencersOf(p.pool_id), levels) === null });
    }
    const neutralChoices = (p: DayPlacement) => referees.filter((r) => neutralityClash(r, fencersOf(p.pool_id), levels) === null).length;
    const open = here.filter((p) => !result.has(p.pool_id)).sort((a, b) => neutralChoices(a) - neutralChoices(b));
    for (const p of open) {
      const free = referees.filter((r) => !engaged.has(r.id));
      if (referees.length === 0) {
        result.set(p.pool_id, { ...p, referee_id: null, referee_override: false, neutral: true });
        continue;
      }
      const [a] = assignPoolReferees({ referees: free.length > 0 ? free : referees, pools: [{ id: p.pool_id, fencers: fencersOf(p.pool_id) }], duties: new Map([...duties].filter(([id]) => byId.has(id))), levels }).assignments;
      if (a!.refereeId) {
        engaged.add(a!.refereeId);
        duty(a!.refereeId);
      }
      result.set(p.pool_id, { ...p, referee_id: a!.refereeId, referee_override: false, neutral: a!.neutral });
    }
  }
  return placements.map((p) => result.get(p.pool_id)!);
}
