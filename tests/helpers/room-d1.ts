import { env, runInDurableObject } from 'cloudflare:test';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';

/** D1 as the room reaches it, with its `batch` (the archive's one call) answered by `batch`; the rest as D1 has it. */
function withBatch(real: D1Database, batch: D1Database['batch']): D1Database {
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'batch') return batch;
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** D1 as the room reaches it, refusing every batch as an unreachable D1 does. */
export const refusingBatches = (real: D1Database): D1Database => withBatch(real, async () => Promise.reject(new Error('D1_ERROR: Network connection lost.')));

/** D1 as the room reaches it, counting the batches it is sent in `count.batches`. */
export function countingBatches(real: D1Database): { db: D1Database; count: { batches: number } } {
  const count = { batches: 0 };
  const db = withBatch(real, (statements) => {
    count.batches++;
    return real.batch(statements);
  });
  return { db, count };
}

/** Points the practice's room at another D1 (or back at the real one). */
export async function roomD1(practiceId: string, db: D1Database) {
  await runInDurableObject(getRoom(env, practiceId), async (room: PracticeRoom) => {
    (room as unknown as { env: typeof env }).env = { ...env, DB: db };
  });
}

/**
 * Waits until D1's archive holds every change the practice's room has made. The room writes it behind its
 * answers, at most four times a second under a stream of scores (worker/room/archive `ARCHIVE_GAP_MS`); a test
 * that reads what crosses practices (history, seeding, backups) right after scoring waits for it, as a coach
 * who opened those screens a quarter of a second later would not need to.
 */
export async function archived(practiceId: string) {
  const done = await runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => room.flushArchive());
  if (!done) throw new Error(`the archive of ${practiceId} did not catch up`);
}
