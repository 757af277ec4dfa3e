import { lte } from 'drizzle-orm';
import type { D1Db } from '../../db/client';
import { appliedWrites } from '../../db/schema';

/**
 * Forgets D1's keys older than a week (run by the scheduled clean-up): no client retries that late. D1 holds the
 * rooms' keys as the archive copied them; a room forgets its own (room/archive).
 */
export async function purgeAppliedWrites(db: D1Db, now = Date.now()) {
  const deleted = await db.delete(appliedWrites).where(lte(appliedWrites.created_at, now - 7 * 24 * 60 * 60 * 1000)).returning({ key: appliedWrites.key });
  return deleted.length;
}
