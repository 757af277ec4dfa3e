import { apiPaths, type PoolPlayer, type PoolSnapshot } from '../../../core/api';
import { STATUS_LABEL, type PlayerStatus } from '../../../core/fencing/withdrawal';
import type { PlayerNameBody, PoolNameBody } from '../../../core/validation';
import type { Bout } from '../../../core/fencing/bout-result';
import { toast, toastError } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { queueBout, queueClear } from '../../state/outbox';
import { applyPoolSnapshot, removePoolLocally, selectPool } from '../../state/pools';

/** The practice a pool belongs to: only its id matters here. */
type Practice = { id: string };

/**
 * Writes a bout through the outbox: shown at once as pending (same rules as the server), sent when the
 * network allows, never lost; a result someone else entered meanwhile is shown beside it for a decision.
 */
export function saveBout(practice: Practice, pool: PoolSnapshot, entry: Bout) {
  return queueBout(practice.id, pool, entry);
}

export function clearBout(practice: Practice, pool: PoolSnapshot, a: string, b: string) {
  return queueClear(practice.id, pool, a, b);
}

export async function addPlayer(practice: Practice, pool: PoolSnapshot, name: string): Promise<boolean> {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('POST', apiPaths.poolPlayers(pool.id), { name } satisfies PlayerNameBody));
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
    const pool = await api<PoolSnapshot>('POST', apiPaths.practicePools(practice.id), { name } satisfies PoolNameBody);
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
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('PATCH', apiPaths.pool(pool.id), { name } satisfies PoolNameBody));
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

/** Marks a fencer withdrawn or excluded, or fencing again (issue 14, o.74). */
export async function setPlayerStatus(practice: Practice, pool: PoolSnapshot, player: PoolPlayer, status: PlayerStatus | null) {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('PUT', apiPaths.playerStatus(pool.id, player.id), { status }));
    toast({ title: 'Success', description: status ? `${player.name}: ${STATUS_LABEL[status]}` : `${player.name} is fencing again` });
  } catch (e) {
    toastError(errorMessage(e, 'Failed to change the status'));
  }
}

/** Adds a fencer who arrived after the draw to the smallest pool, which becomes the current one. */
export async function addLatecomer(practice: Practice, name: string): Promise<boolean> {
  try {
    const pool = await api<PoolSnapshot>('POST', apiPaths.latecomers(practice.id), { name });
    applyPoolSnapshot(practice.id, pool);
    selectPool(pool.id);
    toast({ title: 'Success', description: `${name.toUpperCase()} joins ${pool.name}` });
    return true;
  } catch (e) {
    toastError(errorMessage(e, 'Failed to add the latecomer'));
    return false;
  }
}

/** Issue 16: links a pool entry to a roster athlete (or unlinks it with null); its bouts then count for them. */
export async function linkPlayer(practice: Practice, pool: PoolSnapshot, player: PoolPlayer, athlete: { id: string; name: string } | null) {
  try {
    applyPoolSnapshot(practice.id, await api<PoolSnapshot>('PUT', apiPaths.playerAthlete(pool.id, player.id), { athlete_id: athlete?.id ?? null }));
    toast({ title: 'Success', description: athlete ? `${player.name} is linked to ${athlete.name}` : `${player.name} is no longer linked to a roster athlete` });
  } catch (e) {
    toastError(errorMessage(e, 'Failed to link the entry'));
  }
}
