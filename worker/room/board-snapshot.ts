import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Env } from '../env';
import { getRoom } from './room';

/** What a board shows of its practice (its pools and tableau) and the room's change mark it was read at. */
export interface BoardSnapshot {
  pools: PoolSnapshot[];
  bracket: BracketSnapshot;
  mark: string;
}

/** The cache's own path on the site's origin (a key on the site's own zone): never fetched, only a key. */
const CACHE_PATH = '/__board-cache';
/** How long a read that names no mark (a first paint) takes the latest snapshot cached: a reload storm's second. */
const LATEST_SECONDS = 1;
/** How long a snapshot stays cached under its own mark: what a mark names never changes. */
const MARKED_SECONDS = 300;
/** A room's change mark (./sockets `changeMark`: an instance id and a count). */
const MARK = /^[\w-]{1,16}:\d{1,12}$/;

/** Reads of a room under way in this isolate, by board: a storm's reads that miss the cache together wait for one. */
const reading = new Map<string, Promise<BoardSnapshot | null>>();

const keyOf = (origin: string, boardId: string, mark: string) => new Request(`${origin}${CACHE_PATH}/${encodeURIComponent(boardId)}/${encodeURIComponent(mark)}`);

const cached = (snapshot: BoardSnapshot, seconds: number) =>
  new Response(JSON.stringify(snapshot), { headers: { 'content-type': 'application/json', 'cache-control': `public, max-age=${seconds}` } });

/**
 * A shared board's pools and tableau, from the edge when it can (the Cache API): by the room's change mark the
 * screen names (the socket's hello says it), else the latest, kept a second. A reconnect storm of a thousand
 * boards costs the room one read per mark, not one per board. Only for a board link already checked shared: the
 * key holds the link, so another link (or a replaced one, which the index no longer finds) never reaches it.
 * `origin`: the site's (the key lives on its zone).
 */
export async function boardSnapshot(env: Env, origin: string, practiceId: string, boardId: string, mark?: string | null): Promise<BoardSnapshot | null> {
  const cache = await caches.open('boards');
  const named = mark && MARK.test(mark) ? mark : null;
  const hit = (await cache.match(keyOf(origin, boardId, named ?? 'latest'))) ?? null;
  if (hit) return (await hit.json()) as BoardSnapshot;
  let read = reading.get(boardId);
  if (!read) {
    // Cached before the read counts as done, so a board asking meanwhile either waits for it or finds it cached.
    read = getRoom(env, practiceId)
      .snapshot(practiceId)
      .then(async (held) => {
        if (held) await Promise.all([cache.put(keyOf(origin, boardId, held.mark), cached(held, MARKED_SECONDS)), cache.put(keyOf(origin, boardId, 'latest'), cached(held, LATEST_SECONDS))]);
        return held;
      });
    reading.set(boardId, read);
    void read.finally(() => reading.delete(boardId)).catch(() => undefined);
  }
  return read;
}
