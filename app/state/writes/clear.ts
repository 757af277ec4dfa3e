// The clearing of a pool bout (SPEC §4: an empty result clears both directions): the bout's own record.
import type { PoolBout, PoolSnapshot } from '../../../core/contracts/pools';
import type { ClearBoutBody } from '../../../core/validation';
import { callOrConflict } from '../../lib/api';
import { enqueue } from '../outbox';
import { bodyVersion, defineWrite } from '../write-kind';
import { boutLine, boutSent, boutsOf, boutTheirs, boutVersion, poolBout } from './bout';

declare module '../write-kind' {
  interface WriteKinds {
    clear: { write: { poolId: string; body: ClearBoutBody }; current: PoolBout };
  }
}

export const clearWrite = defineWrite<'clear'>({
  kind: 'clear',
  ...poolBout,
  send: async (e, options) => {
    const { param, bouts } = boutsOf(e);
    return boutSent(e, await callOrConflict(bouts.$delete({ param, json: e.body }, options)));
  },
  // A cleared bout has no stored row: the next result is made against none.
  versionAfter: () => 0,
  version: bodyVersion,
  header: {
    result: (e, sheet) => boutLine(sheet, e.body.player1_id, e.body.player2_id, null),
    sides: (e, sheet) => ({ mine: boutLine(sheet, e.body.player1_id, e.body.player2_id, null), theirs: boutTheirs(e, sheet), keepable: true }),
  },
});

/** Queues the clearing of a bout (SPEC §4: an empty result clears both directions). */
export function queueClear(practiceId: string, pool: PoolSnapshot, a: string, b: string, version = boutVersion(practiceId, pool, a, b)) {
  return enqueue(practiceId, { kind: 'clear', poolId: pool.id, body: { player1_id: a, player2_id: b, version } });
}
