// A pool bout's result (SPEC §4): sent over the bout's version, shown in the grid while it waits.
import type { BoutConflict, BoutDelta, PoolBout, PoolSnapshot } from '../../../core/contracts/pools';
import { boutKey, isBoutOf, toStoredBout, type Bout } from '../../../core/fencing/bout-result';
import type { BoutBody } from '../../../core/validation';
import { callOrConflict, client } from '../../lib/api';
import { i18n } from '../../i18n';
import { textsOf } from '../../i18n/common';
import { params } from '@nanostores/i18n';
import { enqueue, outboxAtom, waiting } from '../outbox';
import { applyBoutDelta } from '../pools';
import { bodyVersion, defineWrite, kindOf, lost, type EntryOf, type OutboxEntry, type Sent, type SheetNames } from '../write-kind';
import { getDefaultStore } from 'jotai';

declare module '../write-kind' {
  interface WriteKinds {
    bout: { write: { poolId: string; body: BoutBody }; current: PoolBout };
  }
}

const messages = i18n('write-bout', {
  noResult: params('{a} – {b}: no result'),
});

/** A bout's result and its clearing share one record, the bout (SPEC §4: a clear empties both directions). */
export const poolBout = {
  record: (e: EntryOf<'bout' | 'clear'>) => `bout:${e.poolId}:${boutKey(e.body.player1_id, e.body.player2_id)}`,
  line: (e: EntryOf<'bout' | 'clear'>) => poolBout.record(e),
};

/** Where a bout write goes: its pool's bouts. */
export const boutsOf = (e: EntryOf<'bout' | 'clear'>) => ({
  param: { practiceId: e.practiceId, poolId: e.poolId },
  bouts: client.practices[':practiceId'].pools[':poolId'].bouts,
});

/** A bout write's answer: its delta, or the bout as another screen left it (shown in the grid). */
export function boutSent<K extends 'bout' | 'clear'>(e: EntryOf<K>, answer: { ok: BoutDelta } | { conflict: BoutConflict }): Sent<K> {
  if ('ok' in answer) return { show: () => applyBoutDelta(e.practiceId, answer.ok) };
  return lost(e, answer.conflict.current, () => applyBoutDelta(e.practiceId, answer.conflict));
}

/** How a bout's result reads on the sheet: 'ANN 5 – 3 BOB', or that it has none. */
export function boutLine(sheet: SheetNames, a: string, b: string, bout: Pick<PoolBout, 'player1_id' | 'score1' | 'score2'> | null) {
  const [na, nb] = [sheet.names.get(a) ?? '?', sheet.names.get(b) ?? '?'];
  if (!bout) return noResult(na, nb);
  const [sa, sb] = bout.player1_id === a ? [bout.score1, bout.score2] : [bout.score2, bout.score1];
  return `${na} ${sa} – ${sb} ${nb}`;
}

/** Two fencers' bout or match with no result yet. */
export const noResult = (a: string, b: string) => textsOf(messages).noResult({ a, b });

/** The other side of a bout's conflict: the bout as it stands now. */
export const boutTheirs = (e: EntryOf<'bout' | 'clear'>, sheet: SheetNames) => boutLine(sheet, e.body.player1_id, e.body.player2_id, e.conflict?.current ?? null);

export const boutWrite = defineWrite<'bout'>({
  kind: 'bout',
  ...poolBout,
  send: async (e, options) => {
    const { param, bouts } = boutsOf(e);
    return boutSent(e, await callOrConflict(bouts.$post({ param, json: e.body }, options)));
  },
  versionAfter: (e) => e.body.version + 1,
  version: bodyVersion,
  header: {
    result: (e, sheet) => boutLine(sheet, e.body.player1_id, e.body.player2_id, e.body),
    sides: (e, sheet) => ({ mine: boutLine(sheet, e.body.player1_id, e.body.player2_id, e.body), theirs: boutTheirs(e, sheet), keepable: true }),
  },
});

/**
 * The version a new write of this bout is made against: the stored bout's, or, where earlier writes of it
 * are still waiting, the version those will have left (a write moves it on by one; a clear removes it).
 * A score dialog reads it when it opens, so a result someone else saved while it was open comes back as a
 * conflict, shown beside this one, instead of being overwritten.
 */
export function boutVersion(practiceId: string, pool: PoolSnapshot, a: string, b: string): number {
  const last = waiting(getDefaultStore().get(outboxAtom), practiceId)
    .filter((e): e is EntryOf<'bout' | 'clear'> => (e.kind === 'bout' || e.kind === 'clear') && e.poolId === pool.id)
    .filter((e) => boutKey(e.body.player1_id, e.body.player2_id) === boutKey(a, b))
    .at(-1);
  if (last) return kindOf(last).versionAfter(last);
  return pool.bouts.find((x) => isBoutOf(x, a, b))?.version ?? 0;
}

/** Queues a bout result over `version` (the bout as the person saw it): shown at once as pending, sent as soon as the network allows. */
export function queueBout(practiceId: string, pool: PoolSnapshot, bout: Bout, version = boutVersion(practiceId, pool, bout.player1_id, bout.player2_id)) {
  return enqueue(practiceId, { kind: 'bout', poolId: pool.id, body: { ...bout, version } });
}

const EMPTY = { score1: 0, score2: 0, priority_id: null };

/**
 * A pool as this screen should show it: the server's snapshot with every write still waiting applied on
 * top (results and clears), by the same rules as the server (`toStoredBout`), and which bouts those are.
 */
export function withPending(pool: PoolSnapshot, entries: readonly OutboxEntry[]): { pool: PoolSnapshot; pending: Bout[] } {
  let bouts: PoolBout[] = pool.bouts;
  const pending: Bout[] = [];
  for (const e of entries) {
    if ((e.kind !== 'bout' && e.kind !== 'clear') || e.poolId !== pool.id || e.conflict || e.refused) continue;
    const { player1_id: a, player2_id: b } = e.body;
    bouts = bouts.filter((x) => !isBoutOf(x, a, b));
    if (e.kind === 'bout') {
      bouts = [...bouts, { ...toStoredBout({ ...e.body, priority_id: e.body.priority_id ?? null }), updated_at: e.createdAt, version: e.body.version + 1 }];
    }
    pending.push(toStoredBout({ player1_id: a, player2_id: b, ...EMPTY }));
  }
  return { pool: pending.length ? { ...pool, bouts } : pool, pending };
}
