import type { Context } from 'hono';
import type { GeneratedPools, PoolSnapshot } from '../../../core/contracts/pools';
import type { Practice } from '../../../core/contracts/practices';
import type { PlannedPool } from '../../../core/fencing/planning';
import type { RoomEnv } from '../../env';
import { publishReshaped } from '../here';
import { loadBracket } from '../../store/room/bracket';
import { insertGeneratedPools, listPoolSnapshots } from '../../store/room/pools';

/** Publishes a pool's fresh snapshot to its practice's room and answers with it. */
export async function answerWithPool(c: Context<RoomEnv>, pool: PoolSnapshot, status: 200 | 201 = 200) {
  await publishReshaped(c, { type: 'pool', practiceId: pool.practice_id, pool });
  return c.json(pool, status);
}

/** Writes planned pools in one batch, publishes the practice's pool list and answers with it. */
export async function answerWithGeneratedPools(c: Context<RoomEnv>, practice: Practice, planned: PlannedPool[], absent?: { name: string; athleteId: string | null }[]) {
  const db = c.get('db');
  const createdIds = await insertGeneratedPools(db, practice, planned, absent);
  const pools = await listPoolSnapshots(db, practice.id);
  await publishReshaped(c, { type: 'pools', practiceId: practice.id, pools });
  // After a check-in (individual setup), the Did Not Start list of the results changed too.
  if (absent) await publishReshaped(c, { type: 'bracket', practiceId: practice.id, bracket: await loadBracket(db, practice.id) });
  return c.json({ pools, createdIds } satisfies GeneratedPools, 201);
}
