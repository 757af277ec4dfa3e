import type { DayPiste, DayPlacement, DayPool, PoolState } from '../contracts/days';
import type { PoolSnapshot } from '../contracts/pools';
import { allocatePools, type PoolToPlace } from './pistes';
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
  const active = new Set(pool.players.filter((p) => p.status === null).map((p) => p.id));
  const done = pool.bouts.filter((b) => active.has(b.player1_id) && active.has(b.player2_id)).length;
  return { id: pool.id, name: pool.name, fencers: active.size, bouts: boutsInPool(active.size), done };
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
    ...placements.map((p) => ({ pool_id: p.poolId, practice_id: p.eventId, piste_id: p.pisteId, flight: p.flight, pinned: now.get(p.poolId)?.pinned ?? false })),
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
