import { atom, getDefaultStore } from 'jotai';
import { fencersOf, type BoutDelta, type GeneratedPools, type PoolSnapshot } from '../../core/contracts/pools';
import { isBoutOf } from '../../core/fencing/bout-result';
import { lastRoundPools } from '../../core/fencing/pool-rounds';
import { requestResync } from './resync';
import type { LiveStatus } from '../lib/live-socket';
import { sharedNameOrder } from '../../core/name-order';

export interface PoolsState {
  practiceId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  pools: PoolSnapshot[];
}

export const poolsAtom = atom<PoolsState>({ practiceId: null, status: 'idle', pools: [] });
export const selectedPoolIdAtom = atom<string | null>(null);
export const liveStatusAtom = atom<LiveStatus>('closed');
/** True while this screen's last load or catch-up failed and is being tried again: it may not show the latest. */
export const liveBehindAtom = atom(false);

/** SPEC §4 Current pool: the selected one while it exists, otherwise the first (of the last round, issue 28). */
export const currentPoolAtom = atom((get) => {
  const { pools } = get(poolsAtom);
  const id = get(selectedPoolIdAtom);
  return pools.find((p) => p.id === id) ?? lastRoundPools(pools)[0] ?? null;
});

const store = getDefaultStore();
const byCreation = (a: PoolSnapshot, b: PoolSnapshot) => a.created_at - b.created_at || sharedNameOrder(a.name, b.name);

/** Keeps the newer of two versions of a pool: a late, older snapshot never undoes a newer one. */
function newer(current: PoolSnapshot | undefined, incoming: PoolSnapshot) {
  return current && current.version > incoming.version ? current : incoming;
}

export function applyPoolSnapshot(practiceId: string, pool: PoolSnapshot) {
  store.set(poolsAtom, (s) => {
    if (s.practiceId !== practiceId) return s;
    const current = s.pools.find((p) => p.id === pool.id);
    const next = newer(current, pool);
    const pools = current ? s.pools.map((p) => (p.id === pool.id ? next : p)) : [...s.pools, pool].sort(byCreation);
    return { ...s, pools };
  });
}

/**
 * Applies a bout delta (issue 13): to the pool held at the version just before it, the bout replaces what the
 * pool had for those two fencers (or goes, when cleared) and only that pool changes. A delta this screen
 * already has is ignored; one that skips a version means a message was missed, so the practice reloads.
 */
export function applyBoutDelta(practiceId: string, delta: BoutDelta) {
  const held = store.get(poolsAtom);
  if (held.practiceId !== practiceId) return;
  const pool = held.pools.find((p) => p.id === delta.pool_id);
  if (!pool) return requestResync();
  if (pool.version >= delta.pool_version) return;
  if (pool.version < delta.pool_version - 1) return requestResync();
  const { player1_id, player2_id } = fencersOf(delta);
  const bouts = pool.bouts.filter((b) => !isBoutOf(b, player1_id, player2_id));
  const next: PoolSnapshot = { ...pool, version: delta.pool_version, bouts: delta.bout ? [...bouts, delta.bout] : bouts };
  store.set(poolsAtom, (s) => (s.practiceId === practiceId ? { ...s, pools: s.pools.map((p) => (p.id === next.id ? next : p)) } : s));
}

/** Replaces the whole list (a reload or a generation), keeping any pool version newer than the list's. */
export function applyPoolList(practiceId: string, list: PoolSnapshot[]) {
  store.set(poolsAtom, (s) => {
    if (s.practiceId !== practiceId) return s;
    const pools = list.map((p) => newer(s.pools.find((x) => x.id === p.id), p)).sort(byCreation);
    return { ...s, status: 'ready', pools };
  });
}

export function removePoolLocally(practiceId: string, poolId: string) {
  store.set(poolsAtom, (s) => (s.practiceId === practiceId ? { ...s, pools: s.pools.filter((p) => p.id !== poolId) } : s));
}

export function selectPool(poolId: string | null) {
  store.set(selectedPoolIdAtom, poolId);
}

/** Asks the server to generate pools, shows them at once and makes the first new one current. */
export async function requestGeneratedPools(practiceId: string, generate: () => Promise<GeneratedPools>) {
  const { pools, createdIds } = await generate();
  applyPoolList(practiceId, pools);
  selectPool(createdIds[0] ?? null);
}
