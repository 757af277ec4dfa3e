import { paths, type PoolBout, type PoolSnapshot } from '../../../core/api';

/** The practice a pool belongs to: only its id matters here. */
type Practice = { id: string };
import { orderPair } from '../../../core/fencing/bout-result';
import { toast, toastError } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyPoolSnapshot, removePoolLocally, selectPool } from '../../state/pools';

/** The bouts of a pool with one bout replaced (or removed when `scores` is null), as the server stores it. */
function withBout(pool: PoolSnapshot, a: string, b: string, scores: { a: number; b: number; priorityId: string | null } | null): PoolBout[] {
  const [p1, p2] = orderPair(a, b);
  const rest = pool.bouts.filter((x) => !(x.player1_id === p1 && x.player2_id === p2));
  if (!scores) return rest;
  const flipped = p1 !== a;
  return [
    ...rest,
    { player1_id: p1, player2_id: p2, score1: flipped ? scores.b : scores.a, score2: flipped ? scores.a : scores.b, priority_id: scores.priorityId, updated_at: Date.now() },
  ];
}

async function reloadPool(practice: Practice, poolId: string) {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('GET', paths.pool(poolId)));
  } catch {
    toast({ title: 'Warning', description: 'Failed to refresh data. Showing last known state.', variant: 'destructive' });
  }
}

/** Writes a bout: shown at once (same rules as the server), then replaced by the server's snapshot. */
export async function saveBout(practice: Practice, pool: PoolSnapshot, a: string, b: string, scoreA: number, scoreB: number, priorityId: string | null) {
  applyPoolSnapshot(practice.id, { ...pool, bouts: withBout(pool, a, b, { a: scoreA, b: scoreB, priorityId }) });
  try {
    const snap = await api<PoolSnapshot>('POST', paths.poolBouts(pool.id), { player1_id: a, player2_id: b, score1: scoreA, score2: scoreB, priority_id: priorityId });
    applyPoolSnapshot(practice.id, snap);
  } catch (e) {
    toastError(errorMessage(e, 'Failed to update match result'));
    await reloadPool(practice, pool.id);
  }
}

export async function clearBout(practice: Practice, pool: PoolSnapshot, a: string, b: string) {
  applyPoolSnapshot(practice.id, { ...pool, bouts: withBout(pool, a, b, null) });
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('DELETE', paths.poolBouts(pool.id), { player1_id: a, player2_id: b }));
  } catch (e) {
    toastError(errorMessage(e, 'Failed to update match result'));
    await reloadPool(practice, pool.id);
  }
}

export async function addPlayer(practice: Practice, pool: PoolSnapshot, name: string): Promise<boolean> {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('POST', paths.poolPlayers(pool.id), { name }));
    toast({ title: 'Success', description: 'Player added successfully' });
    return true;
  } catch (e) {
    toastError(errorMessage(e, 'Failed to add player'));
    return false;
  }
}

export async function removePlayer(practice: Practice, pool: PoolSnapshot, playerId: string) {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('DELETE', paths.poolPlayer(pool.id, playerId)));
    toast({ title: 'Success', description: 'Player removed successfully' });
  } catch (e) {
    toastError(errorMessage(e, 'Failed to remove player'));
  }
}

export async function createPool(practice: Practice, name: string): Promise<boolean> {
  try {
    const pool = await api<PoolSnapshot>('POST', paths.practicePools(practice.id), { name });
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
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('PATCH', paths.pool(pool.id), { name }));
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
    await api('DELETE', paths.pool(pool.id));
    removePoolLocally(practice.id, pool.id);
    selectPool(others.find((p) => p.id !== pool.id)?.id ?? null);
    toast({ title: 'Success', description: 'Pool deleted successfully' });
  } catch (e) {
    toastError(errorMessage(e, 'Failed to delete pool'));
  }
}
