import { env, runInDurableObject } from 'cloudflare:test';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';

/** D1 as the room reaches it, refusing every batch (the archive's one call) as an unreachable D1 does. */
export function refusingBatches(real: D1Database): D1Database {
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'batch') return async () => Promise.reject(new Error('D1_ERROR: Network connection lost.'));
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Points the practice's room at another D1 (or back at the real one). */
export async function roomD1(practiceId: string, db: D1Database) {
  await runInDurableObject(getRoom(env, practiceId), async (room: PracticeRoom) => {
    (room as unknown as { env: typeof env }).env = { ...env, DB: db };
  });
}
