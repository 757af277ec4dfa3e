import { textsOf } from '../../i18n/common';
import type { PoolPlayer, PoolSnapshot } from '../../../core/contracts/pools';
import type { PlayerStatus } from '../../../core/fencing/withdrawal';
import { statusNames } from '../../components/pool/status-labels';
import type { Bout } from '../../../core/fencing/bout-result';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { queueBout } from '../../state/writes/bout';
import { queueClear } from '../../state/writes/clear';
import { applyPoolSnapshot, removePoolLocally, selectPool } from '../../state/pools';
import { applyDuty } from '../../state/referee';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('pool-actions', {
  added: 'Player added successfully',
  addFailed: 'Failed to add player',
  removed: 'Player removed successfully',
  removeFailed: 'Failed to remove player',
  created: 'Pool created successfully',
  createFailed: 'Failed to create pool',
  updated: 'Pool updated successfully',
  updateFailed: 'Failed to update pool',
  deleted: 'Pool deleted successfully',
  deleteFailed: 'Failed to delete pool',
  fencingAgain: params('{name} is fencing again'),
  statusFailed: 'Failed to change the status',
  joins: params('{name} joins {pool}'),
  latecomerFailed: 'Failed to add the latecomer',
  linked: params('{name} is linked to {athlete}'),
  unlinked: params('{name} is no longer linked to a roster athlete'),
  refereeFailed: 'Failed to change the referee',
});

const t = () => textsOf(messages);

/** The practice a pool belongs to: only its id matters here. */
type Practice = { id: string };

/**
 * Writes a bout through the outbox: shown at once as pending (same rules as the server), sent when the
 * network allows, never lost; a result someone else entered meanwhile is shown beside it for a decision.
 * `version`: the bout's as the person saw it when they began (`boutVersion` as the dialog opened), else now.
 */
export function saveBout(practice: Practice, pool: PoolSnapshot, entry: Bout, version?: number) {
  return queueBout(practice.id, pool, entry, version);
}

export function clearBout(practice: Practice, pool: PoolSnapshot, a: string, b: string, version?: number) {
  return queueClear(practice.id, pool, a, b, version);
}

export async function addPlayer(practice: Practice, pool: PoolSnapshot, name: string): Promise<boolean> {
  try {
    applyPoolSnapshot(practice.id, await call(client.practices[':practiceId'].pools[':poolId'].players.$post({ param: { practiceId: practice.id, poolId: pool.id }, json: { name } })));
    toast({ title: t().success, description: t().added });
    return true;
  } catch (e) {
    toastError(errorMessage(e, t().addFailed));
    return false;
  }
}

export async function removePlayer(practice: Practice, pool: PoolSnapshot, playerId: string) {
  try {
    applyPoolSnapshot(practice.id, await call(client.practices[':practiceId'].pools[':poolId'].players[':playerId'].$delete({ param: { practiceId: practice.id, poolId: pool.id, playerId } })));
    toast({ title: t().success, description: t().removed });
  } catch (e) {
    toastError(errorMessage(e, t().removeFailed));
  }
}

export async function createPool(practice: Practice, name: string): Promise<boolean> {
  try {
    const pool = await call(client.practices[':practiceId'].pools.$post({ param: { practiceId: practice.id }, json: { name } }));
    applyPoolSnapshot(practice.id, pool);
    selectPool(pool.id);
    toast({ title: t().success, description: t().created });
    return true;
  } catch (e) {
    toastError(errorMessage(e, t().createFailed));
    return false;
  }
}

export async function renamePool(practice: Practice, pool: PoolSnapshot, name: string): Promise<boolean> {
  try {
    applyPoolSnapshot(practice.id, await call(client.practices[':practiceId'].pools[':poolId'].$patch({ param: { practiceId: practice.id, poolId: pool.id }, json: { name } })));
    toast({ title: t().success, description: t().updated });
    return true;
  } catch (e) {
    toastError(errorMessage(e, t().updateFailed));
    return false;
  }
}

/** Deleting the current pool selects the first other pool (SPEC §4 Current pool). */
export async function deletePool(practice: Practice, pool: PoolSnapshot, others: PoolSnapshot[]) {
  try {
    await call(client.practices[':practiceId'].pools[':poolId'].$delete({ param: { practiceId: practice.id, poolId: pool.id } }));
    removePoolLocally(practice.id, pool.id);
    selectPool(others.find((p) => p.id !== pool.id)?.id ?? null);
    toast({ title: t().success, description: t().deleted });
  } catch (e) {
    toastError(errorMessage(e, t().deleteFailed));
  }
}

/** Marks a fencer withdrawn or excluded, or fencing again (issue 14, o.74). */
export async function setPlayerStatus(practice: Practice, pool: PoolSnapshot, player: PoolPlayer, status: PlayerStatus | null) {
  try {
    applyPoolSnapshot(practice.id, await call(client.practices[':practiceId'].pools[':poolId'].players[':playerId'].status.$put({ param: { practiceId: practice.id, poolId: pool.id, playerId: player.id }, json: { status } })));
    toast({ title: t().success, description: status ? t().nameStatus({ name: player.name, status: statusNames()[status] }) : t().fencingAgain({ name: player.name }) });
  } catch (e) {
    toastError(errorMessage(e, t().statusFailed));
  }
}

/** Adds a fencer who arrived after the draw to the smallest pool, which becomes the current one. */
export async function addLatecomer(practice: Practice, name: string): Promise<boolean> {
  try {
    const pool = await call(client.practices[':practiceId'].pools.latecomers.$post({ param: { practiceId: practice.id }, json: { name } }));
    applyPoolSnapshot(practice.id, pool);
    selectPool(pool.id);
    toast({ title: t().success, description: t().joins({ name: name.toUpperCase(), pool: pool.name }) });
    return true;
  } catch (e) {
    toastError(errorMessage(e, t().latecomerFailed));
    return false;
  }
}

/** Issue 16: links a pool entry to a roster athlete (or unlinks it with null); its bouts then count for them. */
export async function linkPlayer(practice: Practice, pool: PoolSnapshot, player: PoolPlayer, athlete: { id: string; name: string } | null) {
  try {
    applyPoolSnapshot(practice.id, await call(client.practices[':practiceId'].pools[':poolId'].players[':playerId'].athlete.$put({ param: { practiceId: practice.id, poolId: pool.id, playerId: player.id }, json: { athlete_id: athlete?.id ?? null } })));
    toast({ title: t().success, description: athlete ? t().linked({ name: player.name, athlete: athlete.name }) : t().unlinked({ name: player.name }) });
  } catch (e) {
    toastError(errorMessage(e, t().linkFailed));
  }
}

/** The coach chooses who referees a bout of the pool (issue 18), or gives it back to the suggestion (null). */
export async function chooseReferee(practice: Practice, poolId: string, a: string, b: string, refereeId: string | null) {
  try {
    const answer = await call(client.practices[':practiceId'].referee.duty.$put({ param: { practiceId: practice.id }, json: { pool_id: poolId, a, b, referee_id: refereeId } }));
    applyDuty(answer.pool_id, answer.chosen);
  } catch (e) {
    toastError(errorMessage(e, t().refereeFailed));
  }
}
