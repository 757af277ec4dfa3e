import { Hono } from 'hono';
import type { GeneratedPools, PoolSnapshot } from '../../../core/contracts/pools';
import { firstRoundRanking, planSecondRound } from '../../../core/fencing/rounds';
import { hasSecondRound, poolsOfRound } from '../../../core/fencing/pool-rounds';
import { composeSecondRound, SecondRoundError, type PoolShape } from '../../../core/fencing/second-round';
import { poolBoutsRemaining } from '../../../core/fencing/tableau';
import { secondRoundSchema } from '../../../core/validation';
import type { RoomEnv } from '../../env';
import { HttpError, notFound } from '../../errors';
import { authorize, practiceFor } from '../../auth/access';
import { coachOf } from '../../middleware/session';
import { publishReshaped } from '../here';
import { randomUnit } from '../../random';
import { listAthletesByIds } from '../../store/d1/athletes';
import { loadBracket } from '../../store/room/bracket';
import { listPoolSnapshots } from '../../store/room/pools';
import { deleteSecondRound, insertSecondRound } from '../../store/room/rounds';
import { json } from '../../validate';
import { defaultNames } from '../../../core/defaults';

const INDIVIDUAL_ONLY = 'A second round of pools is for individual practices.';
const UNFINISHED = 'Finish every bout of round 1 before composing the second round.';
const EXISTS = 'A second round of pools already exists. Delete it to compose it again.';
const STARTED = 'A bout of the second round has a result: the second round can no longer be deleted.';
const TABLEAU_STARTED = 'The tableau has started: the pools can no longer change. Reset the tableau first.';

/**
 * A second round of pools (issue 28), composed by the coach from round 1's ranking once round 1 is fenced
 * (core/fencing/second-round.ts), and taken back while none of its bouts has a result. Mounted at
 * /practices/:practiceId/pools/second-round, in the practice's room; every screen gets the new pool list.
 */
export const secondRoundRoutes = new Hono<RoomEnv>()
  .post('/', authorize('pool.manage'), json(secondRoundSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    if (practice.practice_type !== 'individual') throw new HttpError(409, INDIVIDUAL_ONLY);
    const { cut, pool_count, pool_size, lang } = c.req.valid('json');
    const shape: PoolShape = pool_count !== undefined ? { pools: pool_count } : { poolSize: pool_size! };
    // The clubs (the coach's roster, in D1) are read first: from then on only the room's own SQLite is
    // read, so no other request comes between the checks below and the write.
    const athleteIds = (await listPoolSnapshots(db, practice.id)).flatMap((p) => p.players.flatMap((pl) => (pl.athlete_id ? [pl.athlete_id] : [])));
    const roster = await listAthletesByIds(c.get('d1'), coachOf(c).id, athleteIds);
    const pools = await listPoolSnapshots(db, practice.id);
    if (hasSecondRound(pools)) throw new HttpError(409, EXISTS);
    const first = poolsOfRound(pools, 1);
    if (first.length === 0 || poolBoutsRemaining(first) > 0) throw new HttpError(409, UNFINISHED);
    if ((await loadBracket(db, practice.id)).seeding !== null) throw new HttpError(409, TABLEAU_STARTED);
    let composed;
    try {
      composed = composeSecondRound(firstRoundRanking(pools, (id) => roster.get(id)?.club ?? null), cut, shape);
    } catch (e) {
      if (e instanceof SecondRoundError) throw new HttpError(400, e.message);
      throw e;
    }
    const createdIds = await insertSecondRound(db, practice, planSecondRound(pools, composed, randomUnit, defaultNames(lang)));
    const all = await listPoolSnapshots(db, practice.id);
    await publishReshaped(c, { type: 'pools', practiceId: practice.id, pools: all });
    return c.json({ pools: all, createdIds } satisfies GeneratedPools, 201);
  })
  // Back to round 1 while no bout of round 2 has a result; after that, round 2 stays (its bouts are results).
  .delete('/', authorize('pool.manage'), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const second = poolsOfRound(await listPoolSnapshots(db, practice.id), 2);
    if (second.length === 0) throw notFound('Second round');
    if (second.some((p) => p.bouts.length > 0)) throw new HttpError(409, STARTED);
    await deleteSecondRound(db, practice.id);
    const pools: PoolSnapshot[] = await listPoolSnapshots(db, practice.id);
    await publishReshaped(c, { type: 'pools', practiceId: practice.id, pools });
    return c.json(pools);
  });
