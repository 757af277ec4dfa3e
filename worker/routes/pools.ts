import { Hono } from 'hono';
import type { Context } from 'hono';
import type { GeneratedPools, PoolSnapshot, Practice } from '../../core/api';
import { poolMaxScore } from '../../core/fencing/bout-result';
import {
  manualPools, randomPools, serpentinePools, shuffle, singlePool, unassignedMessage, type PoolEntry,
} from '../../core/fencing/pool-generation';
import { rankFencers } from '../../core/fencing/ranking';
import { boutSchema, clearBoutSchema, generatePoolsSchema, MAX_POOL_SIZE, playerNameSchema, poolNameSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { getDb, type Db } from '../db/client';
import { HttpError, notFound } from '../errors';
import { authorize, poolFor, practiceFor } from '../auth/access';
import { coachOf } from '../middleware/session';
import { publish } from '../room/room';
import { listAthletesByIds } from '../store/athletes';
import { latestPoolResults } from '../store/athlete-results';
import {
  addPlayer, clearBout, createPool, deletePool, insertGeneratedPools, listPoolSnapshots, loadPoolSnapshot,
  removePlayer, renamePool, writeBout, type NewPool,
} from '../store/pools';
import { readJson } from '../validate';

const random = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/** Publishes a pool's fresh snapshot to its practice's room and answers with it. */
async function answerWithPool(c: Context<AppEnv>, db: Db, poolId: string, status: 200 | 201 = 200) {
  const pool = await loadPoolSnapshot(db, poolId);
  if (!pool) throw notFound('Pool');
  return publishPool(c, pool, status);
}

async function publishPool(c: Context<AppEnv>, pool: PoolSnapshot, status: 200 | 201 = 200) {
  await publish(c.env, pool.practice_id, { type: 'pool', practiceId: pool.practice_id, pool });
  return c.json(pool, status);
}

/** Writes generated pools in one batch, publishes the practice's pool list and answers with it. */
export async function answerWithGeneratedPools(c: Context<AppEnv>, db: Db, practice: Practice, newPools: NewPool[]) {
  const createdIds = await insertGeneratedPools(db, practice, newPools);
  const all = await listPoolSnapshots(db, practice.id);
  await publish(c.env, practice.id, { type: 'pools', practiceId: practice.id, pools: all });
  return c.json({ pools: all, createdIds } satisfies GeneratedPools, 201);
}

/** Pools of one practice: list (coach, or guests: the shared ones), create, generate. Mounted at /practices/:practiceId/pools. */
export const practicePoolRoutes = new Hono<AppEnv>()
  .get('/', authorize('pool.read'), async (c) => {
    const db = getDb(c.env.DB);
    const practice = await practiceFor(c, db, c.req.param('practiceId')!);
    const pools = await listPoolSnapshots(db, practice.id);
    return c.json(c.get('role') === 'coach' ? pools : pools.filter((p) => p.allow_guest_access));
  })
  .post('/', authorize('pool.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const practice = await practiceFor(c, db, c.req.param('practiceId')!);
    const { name } = await readJson(c, poolNameSchema);
    return answerWithPool(c, db, await createPool(db, practice, name), 201);
  })
  .post('/generate', authorize('pool.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const userId = coachOf(c).id;
    const practice = await practiceFor(c, db, c.req.param('practiceId')!);
    const input = await readJson(c, generatePoolsSchema);

    const athleteIds = input.entries.flatMap((e) => ('athlete_id' in e ? [e.athlete_id] : []));
    const athletes = await listAthletesByIds(db, userId, athleteIds);
    if (athletes.size !== new Set(athleteIds).size) throw notFound('Athlete');
    const entries: (PoolEntry & { pool?: number })[] = input.entries.map((e, i) => {
      const athlete = 'athlete_id' in e ? athletes.get(e.athlete_id)! : null;
      return {
        key: String(i),
        name: athlete ? athlete.name : (e as { name: string }).name,
        athleteId: athlete?.id ?? null,
        club: athlete?.club ?? null,
        pool: e.pool,
      };
    });

    let pools;
    if (input.method === 'single') pools = singlePool(entries);
    else if (input.method === 'random') pools = randomPools(entries, input.pool_count!, random);
    else if (input.method === 'seeded') {
      const results = await latestPoolResults(db, userId, athleteIds);
      const ranked = rankFencers(entries.filter((e) => e.athleteId && results.has(e.athleteId)).map((e) => ({ ...results.get(e.athleteId!)!, ...e })));
      const unranked = shuffle(entries.filter((e) => !e.athleteId || !results.has(e.athleteId)), random);
      pools = serpentinePools([...ranked, ...unranked], input.pool_count!);
    } else {
      const assignment = Object.fromEntries(entries.flatMap((e) => (e.pool ? [[e.key, e.pool]] : [])));
      const manual = manualPools(entries, assignment);
      if (manual.unassigned > 0) throw new HttpError(400, unassignedMessage(manual.unassigned));
      pools = manual.pools;
    }
    if (pools.some((p) => p.members.length > MAX_POOL_SIZE)) {
      throw new HttpError(400, `A pool holds at most ${MAX_POOL_SIZE} fencers: choose more pools`);
    }
    // SPEC §3: fencers' names are stored upper-case.
    const newPools: NewPool[] = pools.map((p) => ({ name: p.name, members: p.members.map((m) => ({ name: m.name.toUpperCase(), athleteId: m.athleteId })) }));
    return answerWithGeneratedPools(c, db, practice, newPools);
  });

/** One pool: read, rename, delete, fencers (coach) and bouts (coach and guests). Mounted at /pools. */
export const poolRoutes = new Hono<AppEnv>()
  .get('/:poolId', authorize('pool.read'), async (c) => {
    const db = getDb(c.env.DB);
    const { pool } = await poolFor(c, db, c.req.param('poolId'));
    return c.json(await loadPoolSnapshot(db, pool.id));
  })
  .patch('/:poolId', authorize('pool.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const { pool } = await poolFor(c, db, c.req.param('poolId'));
    const { name } = await readJson(c, poolNameSchema);
    await renamePool(db, pool.id, name);
    return answerWithPool(c, db, pool.id);
  })
  .delete('/:poolId', authorize('pool.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const { pool } = await poolFor(c, db, c.req.param('poolId'));
    await deletePool(db, pool.id);
    await publish(c.env, pool.practice_id, { type: 'pool-deleted', practiceId: pool.practice_id, poolId: pool.id });
    return c.json({ ok: true });
  })
  .post('/:poolId/players', authorize('pool.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const { pool } = await poolFor(c, db, c.req.param('poolId'));
    const { name } = await readJson(c, playerNameSchema);
    await addPlayer(db, pool.id, name);
    return answerWithPool(c, db, pool.id, 201);
  })
  .delete('/:poolId/players/:playerId', authorize('pool.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const { pool } = await poolFor(c, db, c.req.param('poolId'));
    await removePlayer(db, pool.id, c.req.param('playerId'));
    return answerWithPool(c, db, pool.id);
  })
  .post('/:poolId/bouts', authorize('bout.write'), async (c) => {
    const db = getDb(c.env.DB);
    const { pool, practice } = await poolFor(c, db, c.req.param('poolId'));
    const bout = await readJson(c, boutSchema);
    const max = poolMaxScore(practice.practice_type);
    if (bout.score1 > max || bout.score2 > max) throw new HttpError(400, `Scores must be whole numbers from 0 to ${max}`);
    return publishPool(c, await writeBout(db, pool.id, bout));
  })
  .delete('/:poolId/bouts', authorize('bout.write'), async (c) => {
    const db = getDb(c.env.DB);
    const { pool } = await poolFor(c, db, c.req.param('poolId'));
    const { player1_id, player2_id } = await readJson(c, clearBoutSchema);
    return publishPool(c, await clearBout(db, pool.id, player1_id, player2_id));
  });
