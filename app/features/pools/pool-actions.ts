import { apiPaths, type BoutConflict, type PoolBout, type PoolSnapshot } from '../../../core/api';
import { isBoutOf, toStoredBout, type Bout } from '../../../core/fencing/bout-result';
import type { BoutBody, ClearBoutBody } from '../../../core/validation';
import { toast, toastError } from '../../components/ui/toast';
import { api, ApiError, errorMessage } from '../../lib/api';
import { applyPoolSnapshot, removePoolLocally, selectPool } from '../../state/pools';

/** The practice a pool belongs to: only its id matters here. */
type Practice = { id: string };

/** The stored bout between two fencers, if any. */
const boutOf = (pool: PoolSnapshot, a: string, b: string) => pool.bouts.find((x) => isBoutOf(x, a, b));

/** The bouts of a pool with one bout replaced (or removed when `entry` is null), as the server stores it. */
function withBout(pool: PoolSnapshot, a: string, b: string, entry: Bout | null): PoolBout[] {
  const rest = pool.bouts.filter((x) => !isBoutOf(x, a, b));
  if (!entry) return rest;
  const version = (boutOf(pool, a, b)?.version ?? 0) + 1;
  return [...rest, { ...toStoredBout(entry), updated_at: Date.now(), version }];
}

async function reloadPool(practice: Practice, poolId: string) {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('GET', apiPaths.pool(poolId)));
  } catch {
    toast({ title: 'Warning', description: 'Failed to refresh data. Showing last known state.', variant: 'destructive' });
  }
}

/** A failed bout write: a 409 shows the result that won (and says so); anything else reloads the pool. */
async function boutFailed(practice: Practice, pool: PoolSnapshot, e: unknown) {
  if (e instanceof ApiError && e.status === 409) {
    const conflict = e.body as BoutConflict;
    applyPoolSnapshot(practice.id, conflict.pool);
    toastError(conflict.error);
    return;
  }
  toastError(errorMessage(e, 'Failed to update match result'));
  await reloadPool(practice, pool.id);
}

/**
 * Writes a bout over the version this screen shows: shown at once (same rules as the server), then
 * replaced by the server's snapshot, or by the result that won if someone changed the bout meanwhile.
 */
export async function saveBout(practice: Practice, pool: PoolSnapshot, entry: Bout) {
  const version = boutOf(pool, entry.player1_id, entry.player2_id)?.version ?? 0;
  applyPoolSnapshot(practice.id, { ...pool, bouts: withBout(pool, entry.player1_id, entry.player2_id, entry) });
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('POST', apiPaths.poolBouts(pool.id), { ...entry, version } satisfies BoutBody));
  } catch (e) {
    await boutFailed(practice, pool, e);
  }
}

export async function clearBout(practice: Practice, pool: PoolSnapshot, a: string, b: string) {
  const version = boutOf(pool, a, b)?.version ?? 0;
  applyPoolSnapshot(practice.id, { ...pool, bouts: withBout(pool, a, b, null) });
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('DELETE', apiPaths.poolBouts(pool.id), { player1_id: a, player2_id: b, version } satisfies ClearBoutBody));
  } catch (e) {
    await boutFailed(practice, pool, e);
  }
}

export async function addPlayer(practice: Practice, pool: PoolSnapshot, name: string): Promise<boolean> {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('POST', apiPaths.poolPlayers(pool.id), { name }));
    toast({ title: 'Success', description: 'Player added successfully' });
    return true;
  } catch (e) {
    toastError(errorMessage(e, 'Failed to add player'));
    return false;
  }
}

export async function removePlayer(practice: Practice, pool: PoolSnapshot, playerId: string) {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('DELETE', apiPaths.poolPlayer(pool.id, playerId)));
    toast({ title: 'Success', description: 'Player removed successfully' });
  } catch (e) {
    toastError(errorMessage(e, 'Failed to remove player'));
  }
}

export async function createPool(practice: Practice, name: string): Promise<boolean> {
  try {
    const pool = await api<PoolSnapshot>('POST', apiPaths.practicePools(practice.id), { name });
    applyPoolSnapshot(practice.id, pool);
    selectPool(pool.id);
    toast({ title: 'Success', description: 'Pool created successfully' });
    return true;
  } catch (e) {
    toastError(errorMessage(e, 'Failed to create pool'));
    return false;
  }
}

export async function renamePool(practice: Practice, pool: PoolSnapshot, name: string): Promise<boolean> {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('PATCH', apiPaths.pool(pool.id), { name }));
    toast({ title: 'Success', description: 'Pool updated successfully' });
    return true;
  } catch (e) {
    toastError(errorMessage(e, 'Failed to update pool'));
    return false;
  }
}

/** Deleting the current pool selects the first other pool (SPEC §4 Current pool). */
export async function deletePool(practice: Practice, pool: PoolSnapshot, others: PoolSnapshot[]) {
  try {
    await api('DELETE', apiPaths.pool(pool.id));
    removePoolLocally(practice.id, pool.id);
    selectPool(others.find((p) => p.id !== pool.id)?.id ?? null);
    toast({ title: 'Success', description: 'Pool deleted successfully' });
  } catch (e) {
    toastError(errorMessage(e, 'Failed to delete pool'));
  }
}
