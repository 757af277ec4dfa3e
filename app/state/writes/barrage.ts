// A bout of the barrage at the cut (issue 58): sent over the bout's version, as a pool bout is; the tableau is drawn once the barrage is fenced.
import type { PoolBout } from '../../../core/contracts/pools';
import { boutKey, isBoutOf, toStoredBout, type Bout } from '../../../core/fencing/bout-result';
import type { BoutBody } from '../../../core/validation';
import { callOrConflict, client } from '../../lib/api';
import { applyBracket } from '../bracket';
import { enqueue, outboxAtom, waiting } from '../outbox';
import { bodyVersion, defineWrite, kindOf, lost, type EntryOf, type OutboxEntry } from '../write-kind';
import { boutLine } from './bout';
import { getDefaultStore } from 'jotai';

declare module '../write-kind' {
  interface WriteKinds {
    barrage: { write: { body: BoutBody }; current: PoolBout };
  }
}

/** A barrage bout's record; each waits in its own line, as a pool bout does. */
const barrageBout = (e: EntryOf<'barrage'>) => `barrage:${e.practiceId}:${boutKey(e.body.player1_id, e.body.player2_id)}`;

export const barrageWrite = defineWrite<'barrage'>({
  kind: 'barrage',
  record: barrageBout,
  line: barrageBout,
  send: async (e, options) => {
    const answer = await callOrConflict(client.practices[':practiceId'].bracket.barrage.$post({ param: { practiceId: e.practiceId }, json: e.body }, options));
    if ('ok' in answer) return { show: () => applyBracket(e.practiceId, answer.ok) };
    return lost(e, answer.conflict.current, () => applyBracket(e.practiceId, answer.conflict.bracket));
  },
  versionAfter: (e) => e.body.version + 1,
  version: bodyVersion,
  header: {
    result: (e, sheet) => boutLine(sheet, e.body.player1_id, e.body.player2_id, e.body),
    sides: (e, sheet) => ({ mine: boutLine(sheet, e.body.player1_id, e.body.player2_id, e.body), theirs: boutLine(sheet, e.body.player1_id, e.body.player2_id, e.conflict?.current ?? null), keepable: true }),
  },
});

/** The version a new write of this barrage bout is made against: the stored bout's, or what the writes still waiting leave. */
export function barrageVersion(practiceId: string, bouts: readonly PoolBout[], a: string, b: string): number {
  const last = waiting(getDefaultStore().get(outboxAtom), practiceId)
    .filter((e): e is EntryOf<'barrage'> => e.kind === 'barrage' && boutKey(e.body.player1_id, e.body.player2_id) === boutKey(a, b))
    .at(-1);
  if (last) return kindOf(last).versionAfter(last);
  return bouts.find((x) => isBoutOf(x, a, b))?.version ?? 0;
}

/** Queues a barrage bout over the version the person saw: shown at once as pending, sent as soon as the network allows. */
export function queueBarrageBout(practiceId: string, bouts: readonly PoolBout[], bout: Bout) {
  return enqueue(practiceId, { kind: 'barrage', body: { ...bout, version: barrageVersion(practiceId, bouts, bout.player1_id, bout.player2_id) } });
}

/** The barrage's bouts as this screen should show them: the stored ones with the writes still waiting on top. */
export function withPendingBarrage(practiceId: string, bouts: readonly PoolBout[], entries: readonly OutboxEntry[]): PoolBout[] {
  let shown = [...bouts];
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'barrage') continue;
    shown = [...shown.filter((x) => !isBoutOf(x, e.body.player1_id, e.body.player2_id)), { ...toStoredBout({ ...e.body, priority_id: e.body.priority_id ?? null }), updated_at: e.createdAt, version: e.body.version + 1 }];
  }
  return shown;
}
