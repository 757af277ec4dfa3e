import { and, eq, sql } from 'drizzle-orm';
import type { Weapon } from '../../../core/fencing/referee';
import type { RoomDb } from '../../db/client';
import { practices } from '../../db/schema';
import { getPractice, toPractice, type PracticeRecord } from '../d1/practices';

/**
 * The practice's weapon, while no bout of it has a result (issue 18): a pool bout, a tableau score or a
 * relay's touches fix it. One conditional UPDATE, so a bout saved at the same moment cannot slip between a
 * check and the write; 'fenced' when a result exists, null when the practice is not the coach's. Run in the
 * practice's room, on its copy: `updated_at` stays the stamp of the index's last word (../d1/practices `nextStamp`).
 */
export async function setWeapon(db: RoomDb, userId: string, id: string, weapon: Weapon, now = Date.now()): Promise<PracticeRecord | 'fenced'> {
  const row = await db
    .update(practices)
    .set({ weapon })
    .where(and(eq(practices.id, id), eq(practices.user_id, userId), sql`NOT EXISTS (SELECT 1 FROM matches WHERE tournament_id IN (SELECT id FROM tournaments WHERE practice_id = ${id}))
      AND NOT EXISTS (SELECT 1 FROM bracket_matches WHERE practice_id = ${id} AND player1_score IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM team_matches WHERE practice_id = ${id} AND (score_a IS NOT NULL OR score_b IS NOT NULL))
      AND NOT EXISTS (SELECT 1 FROM team_relays WHERE practice_id = ${id} AND (score_a IS NOT NULL OR score_b IS NOT NULL))`))
    .returning()
    .get();
  if (row) return toPractice(row, now);
  await getPractice(db, userId, id);
  return 'fenced';
}
