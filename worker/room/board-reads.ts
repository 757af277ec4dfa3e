import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { DaySnapshot } from '../../core/contracts/days';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { getDayRoom } from '../day/day';
import type { Env } from '../env';
import { getRoom } from './room';

/** A practice's pools and tableau as its room held them under a data version (`mark`, ./sockets `changeMark`). */
export interface BoardSnapshot {
  pools: PoolSnapshot[];
  bracket: BracketSnapshot;
  mark: string;
}

/**
 * How long the edge keeps a version's read. The key names the version, so an entry is never stale, only
 * unused once the room moves on: this bounds what old versions occupy.
 */
const KEPT_SECONDS = 600;

/** The edge cache's key of what a room held under a version; never fetched, only matched. */
const keyOf = (what: string, id: string, mark: string) => new Request(`https://board-cache.piste.invalid/${what}/${encodeURIComponent(id)}/${encodeURIComponent(mark)}`);

/** Reads of one key this isolate is waiting on: a storm of boards at once costs the room one. */
const inFlight = new Map<string, Promise<Read<unknown>>>();

/**
 * Where a board's read came from: the edge's copy, the room (the first read of a version), or a read of the
 * room another board of this isolate was already waiting on. Sent as the `x-piste-board-read` header.
 */
export type ReadSource = 'edge' | 'room' | 'joined';
export interface Read<T> {
  held: T | null;
  source: ReadSource;
}
export const READ_SOURCE_HEADER = 'x-piste-board-read';

/**
 * What every spectator reads (a board's first paint and every reload, the hall board's): the edge's copy
 * (the Cache API) of what the room held under its current data version. The room is asked its version (a
 * number it holds, no read of its data); only a version no one read yet costs it a read, once per isolate
 * however many boards ask together, and that read is kept under the version it was made at. A room whose
 * data moved on between the two answers its newer read, kept under its own version.
 */
async function throughCache<T extends { mark: string }>(what: string, id: string, mark: string, read: () => Promise<T | null>, waitUntil: (p: Promise<unknown>) => void): Promise<Read<T>> {
  const key = keyOf(what, id, mark);
  const waiting = inFlight.get(key.url) as Promise<Read<T>> | undefined;
  if (waiting) return { held: (await waiting).held, source: 'joined' };
  // The read stays this isolate's answer to its key until the edge holds it: a board asking in between waits for it.
  let done = () => void inFlight.delete(key.url);
  const answer = (async (): Promise<Read<T>> => {
    const cache = await edgeCache();
    const hit = await cache?.match(key);
    if (hit) return { held: (await hit.json()) as T, source: 'edge' };
    const held = await read();
    if (held && cache) {
      const kept = cache.put(keyOf(what, id, held.mark), Response.json(held, { headers: { 'cache-control': `public, max-age=${KEPT_SECONDS}` } })).catch(() => undefined);
      const forget = done;
      done = () => undefined;
      waitUntil(kept.finally(forget));
    }
    return { held, source: 'room' };
  })();
  inFlight.set(key.url, answer);
  try {
    return await answer;
  } finally {
    done();
  }
}

/** Whether the runtime's caches have the zone's own (`caches.default`: Workers have it, the DOM's type has not). */
const hasDefault = (store: object): store is { default: Cache } => 'default' in store;

/** The zone's cache; none where the runtime has none (the reads then go to the room, as they would on a miss). */
async function edgeCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' || !hasDefault(caches) ? null : caches.default;
  } catch {
    return null;
  }
}

/** A practice's pools and tableau for a board (its first paint, a reload, a hall fencer's page), through the edge cache. */
export async function boardSnapshot(env: Env, practiceId: string, waitUntil: (p: Promise<unknown>) => void): Promise<Read<BoardSnapshot>> {
  const room = getRoom(env, practiceId);
  const mark = await room.changeMark();
  return throughCache('practice', practiceId, mark, () => room.snapshot(practiceId), waitUntil);
}

/** A day as its hall board reads it, through the edge cache (null: the room holds no day yet). */
export async function hallSnapshot(env: Env, dayId: string, waitUntil: (p: Promise<unknown>) => void): Promise<Read<DaySnapshot>> {
  const room = getDayRoom(env, dayId);
  const mark = await room.changeMark();
  const { held, source } = await throughCache('day', dayId, mark, async () => room.markedSnapshot(), waitUntil);
  return { held: held?.day ?? null, source };
}
