import { Hono } from 'hono';
import type { Context } from 'hono';
import type { BoutConflict, PoolSnapshot } from '../../../core/contracts/pools';
import { poolMaxScore, toStoredBout } from '../../../core/fencing/bout-result';
import { athleteIdsOf, planPools, resolveEntries } from '../../../core/fencing/planning';
import { boutSchema, clearBoutSchema, generatePoolsSchema, latecomerSchema, playerLinkSchema, playerNameSchema, playerStatusSchema, poolNameSchema } from '../../../core/validation';
import { MAX_POOL_SIZE, MAX_PRACTICE_FENCERS } from '../../../core/limits';
import type { RoomEnv } from '../../env';
import { HttpError, notFound } from '../../errors';
import { answerWithGeneratedPools, answerWithPool } from './answers';
import { authorize, poolFor, practiceFor } from '../../auth/access';
import { coachOf } from '../../middleware/session';
import { publishReshaped, publishResult, roomHere } from '../here';
import { poolBoutKey } from '../../../core/refereeing';
import { randomUnit } from '../../random';
import { athleteExists, listAthletesByIds } from '../../store/d1/athletes';
import { latestPoolResults, loadCoachBouts } from '../../store/d1/athlete-results';
import { ratingsOf } from '../../../core/fencing/history';
import { loadBracket } from '../../store/room/bracket';
import { addLatecomer, setPlayerStatus } from '../../store/room/formats';
import { linkPlayer } from '../../store/room/identity';
import {
  addPlayer, clearBout, createPool, deletePool, listPoolSnapshots, loadPoolSnapshot, removePlayer, renamePool, snapshotOfPool, writeBout, type BoutWrite,
} from '../../store/room/pools';
import { checkScores, json, readIdempotencyKey } from '../../validate';
import { secondRoundExists } from '../../store/room/rounds';
import { ERROR_MESSAGES, errorBody } from '../../../core/messages';
import { defaultNames, nextPoolNumber, numberedFrom } from '../../../core/defaults';
import type { RoomDb } from '../../db/client';
import { archivedBehind } from '../archive-timing';
import { unlockedFor } from '../checked';

const NOT_IN_POOL = 'Both fencers must belong to this pool';
const TABLEAU_STARTED = 'The tableau has started: the pools can no longer change. Reset the tableau first.';
/** Issue 33: a practice holds core/limits MAX_PRACTICE_FENCERS fencers in its pools, however many draws brought them. */
const practiceFull = (held: number) => `A practice holds at most ${MAX_PRACTICE_FENCERS} fencers: ${held} are already in its pools`;
/** 409 when `adding` more fencers would take the practice's pools past MAX_PRACTICE_FENCERS (a draw, a latecomer, a name added). */
function keepWithinPractice(drawn: readonly PoolSnapshot[], adding: number) {
  const held = drawn.reduce((n, p) => n + p.players.length, 0);
  if (held + adding > MAX_PRACTICE_FENCERS) throw new HttpError(409, practiceFull(held));
}
const CHANGED_MEANWHILE = 'Someone else changed this bout meanwhile. The grid shows their result: enter yours again to replace it.';

/**
 * Answers a bout write: what it changed (a delta of a few hundred bytes), published and answered alike; a write
 * that lost to a newer state of the same bout is a 409 carrying that state (typed, so the app reads it as the
 * contract says); a stranger fencer is a 400.
 */
async function answerWithBout(c: Context<RoomEnv>, practiceId: string, result: BoutWrite) {
  if (!result.ok) {
    if (result.reason === 'not-in-pool') throw new HttpError(400, NOT_IN_POOL);
    return c.json({ ...errorBody(CHANGED_MEANWHILE), ...result.delta, current: result.delta.bout } satisfies BoutConflict, 409);
  }
  await publishResult(c, { type: 'bout', practiceId, delta: result.delta });
  return c.json(result.delta, 200);
}

const ROUND_TWO_FROZEN = ERROR_MESSAGES.second_round_frozen;

/**
 * While a second round exists (issue 28) the pools and their fencers stay as they are (a new pool, fencer or
 * latecomer would belong to no round the second was composed from): 409 until the coach takes it back.
 * Results, statuses and links still change.
 */
async function keepRounds(db: RoomDb, practiceId: string) {
  if (await secondRoundExists(db, practiceId)) throw new HttpError(409, ROUND_TWO_FROZEN);
}

/** Pools of one practice: list, create, generate. Mounted at /practices/:practiceId/pools. */
export const practicePoolRoutes = new Hono<RoomEnv>()
  .get('/', authorize('pool.read'), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    return c.json(await listPoolSnapshots(c.get('db'), practice.id));
  })
  .post('/', authorize('pool.manage'), json(poolNameSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { name } = c.req.valid('json');
    await keepRounds(db, practice.id);
    return answerWithPool(c, (await loadPoolSnapshot(db, await createPool(db, practice, name)))!, 201);
  })
  .post('/generate', authorize('pool.manage'), json(generatePoolsSchema), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const input = c.req.valid('json');
    await keepRounds(c.get('db'), practice.id);
    const ids = athleteIdsOf(input.entries);
    const d1 = c.get('d1');
    const roster = await listAthletesByIds(d1, coachOf(c).id, [...ids, ...athleteIdsOf(input.absent)]);
    const entries = resolveEntries(input.entries, roster);
    const absent = resolveEntries(input.absent, roster);
    if (!entries || !absent) throw notFound('Athlete');
    const results = input.method === 'seeded' ? await latestPoolResults(d1, coachOf(c).id, ids) : undefined;
    const ratings = input.method === 'rating' || input.method === 'national' ? ratingsOf(await loadCoachBouts(d1, coachOf(c).id)).ratings : undefined;
    const checkedIn = absent.map((a) => ({ name: a.name.toUpperCase(), athleteId: a.athleteId }));
    // From here on only the room's own SQLite is read, so nothing comes between these checks and the write.
    const drawn = await listPoolSnapshots(c.get('db'), practice.id);
    keepWithinPractice(drawn, entries.length);
    // Issue 33: a draw into a practice that has pools continues their numbering (Pool 11… after Pool 10).
    const names = numberedFrom(defaultNames(input.lang), nextPoolNumber(drawn.map((p) => p.name)));
    return answerWithGeneratedPools(c, practice, planPools(entries, input.method, input.pool_count, randomUnit, results, ratings, names, input.separation), checkedIn);
  })
  .post('/latecomers', authorize('pool.manage'), json(latecomerSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { name } = c.req.valid('json');
    await keepRounds(db, practice.id);
    const drawn = await listPoolSnapshots(db, practice.id);
    keepWithinPractice(drawn, 1);
    const added = await addLatecomer(db, practice.id, drawn, name);
    if (!added.ok) {
      if (added.reason === 'no-pool') throw new HttpError(409, 'Draw the pools first: a latecomer joins the smallest pool.');
      if (added.reason === 'full') throw new HttpError(409, `Every pool already holds ${MAX_POOL_SIZE} fencers.`);
      throw new HttpError(409, TABLEAU_STARTED);
    }
    await publishReshaped(c, { type: 'bracket', practiceId: practice.id, bracket: await loadBracket(db, practice.id) });
    return answerWithPool(c, (await loadPoolSnapshot(db, added.poolId))!, 201);
  });

/** One pool: read, rename, delete, fencers (coach) and bouts (coach and guests). Mounted at /pools. */
export const poolRoutes = new Hono<RoomEnv>()
  .get('/:poolId', authorize('pool.read'), async (c) => {
    const { pool } = await poolFor(c, c.req.param('poolId'));
    const snapshot = await snapshotOfPool(c.get('db'), pool);
    if (!snapshot) throw notFound('Pool');
    return c.json(snapshot);
  })
  .patch('/:poolId', authorize('pool.manage'), json(poolNameSchema), async (c) => {
    const db = c.get('db');
    const { pool } = await poolFor(c, c.req.param('poolId'));
    const { name } = c.req.valid('json');
    await renamePool(db, pool.id, name);
    return answerWithPool(c, (await loadPoolSnapshot(db, pool.id))!);
  })
  .delete('/:poolId', authorize('pool.manage'), async (c) => {
    const { pool } = await poolFor(c, c.req.param('poolId'));
    await keepRounds(c.get('db'), pool.practice_id);
    await deletePool(c.get('db'), pool.id);
    await publishReshaped(c, { type: 'pool-deleted', practiceId: pool.practice_id, poolId: pool.id });
    return c.json({ ok: true });
  })
  .post('/:poolId/players', authorize('pool.manage'), json(playerNameSchema), async (c) => {
    const db = c.get('db');
    const { pool } = await poolFor(c, c.req.param('poolId'));
    const { name } = c.req.valid('json');
    await keepRounds(db, pool.practice_id);
    keepWithinPractice(await listPoolSnapshots(db, pool.practice_id), 1);
    await addPlayer(db, pool.id, name);
    return answerWithPool(c, (await loadPoolSnapshot(db, pool.id))!, 201);
  })
  .put('/:poolId/players/:playerId/status', authorize('pool.manage'), json(playerStatusSchema), async (c) => {
    const db = c.get('db');
    const { pool, practice } = await poolFor(c, c.req.param('poolId'));
    const { status } = c.req.valid('json');
    const result = await setPlayerStatus(db, practice.id, pool.id, c.req.param('playerId'), status);
    if (result === 'not-found') throw notFound('Player');
    if (result === 'tableau-started') throw new HttpError(409, TABLEAU_STARTED);
    return answerWithPool(c, (await loadPoolSnapshot(db, pool.id))!);
  })
  // Issue 16: one identity per fencer; the entry's bouts (pool and tableau) follow the link.
  .put('/:poolId/players/:playerId/athlete', authorize('pool.manage'), json(playerLinkSchema), async (c) => {
    const db = c.get('db');
    const { pool } = await poolFor(c, c.req.param('poolId'));
    const { athlete_id } = c.req.valid('json');
    // The athlete is the coach's (the roster, in D1); the entry is the room's.
    const mine = athlete_id === null || (await athleteExists(c.get('d1'), coachOf(c).id, athlete_id));
    const result = await linkPlayer(db, pool.id, c.req.param('playerId'), athlete_id, mine);
    if (result === 'player-not-found') throw notFound('Player');
    if (result === 'athlete-not-found') throw notFound('Athlete');
    if (result === 'taken') throw new HttpError(409, 'This athlete already has an entry in this pool.');
    return answerWithPool(c, (await loadPoolSnapshot(db, pool.id))!);
  })
  .delete('/:poolId/players/:playerId', authorize('pool.manage'), async (c) => {
    const db = c.get('db');
    const { pool } = await poolFor(c, c.req.param('poolId'));
    await keepRounds(db, pool.practice_id);
    await removePlayer(db, pool.id, c.req.param('playerId'));
    return answerWithPool(c, (await loadPoolSnapshot(db, pool.id))!);
  })
  .post('/:poolId/bouts', archivedBehind, authorize('bout.write'), json(boutSchema), async (c) => {
    const db = c.get('db');
    const { pool, practice } = await poolFor(c, c.req.param('poolId'));
    const { version, ...bout } = c.req.valid('json');
    checkScores(bout, poolMaxScore(practice.practice_type), 'score1', 'score2');
    const write = { key: readIdempotencyKey(c), practiceId: practice.id, by: await unlockedFor(c, { pool_id: pool.id }) };
    const stored = toStoredBout(bout);
    // A bout on the piste keeps the cards its referee gave (issue 29): from the room's referee desk, never the body.
    const cards = roomHere(c).desk.cardsOf(poolBoutKey(pool.id, stored.player1_id, stored.player2_id), stored.player1_id, stored.player2_id);
    return answerWithBout(c, practice.id, await writeBout(db, pool.id, stored, version, write, cards));
  })
  .delete('/:poolId/bouts', archivedBehind, authorize('bout.write'), json(clearBoutSchema), async (c) => {
    const db = c.get('db');
    const { pool, practice } = await poolFor(c, c.req.param('poolId'));
    const { version, ...pair } = c.req.valid('json');
    const { player1_id, player2_id } = toStoredBout({ ...pair, score1: 0, score2: 0, priority_id: null });
    const write = { key: readIdempotencyKey(c), practiceId: practice.id, by: await unlockedFor(c, { pool_id: pool.id }) };
    return answerWithBout(c, practice.id, await clearBout(db, pool.id, { player1_id, player2_id }, version, write));
  });
