import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PoolSnapshot, Practice } from '../../core/api';
import { toPractice, type PracticeRecord } from './practices';
import { orderPair } from '../../core/fencing/bout-result';
import { MAX_POOL_SIZE } from '../../core/validation';
import type { Db } from '../db/client';
import { matches, players, practices, tournaments } from '../db/schema';
import { HttpError, notFound } from '../errors';

type PoolRow = typeof tournaments.$inferSelect;

/** A pool together with the practice it belongs to. */
export interface PoolContext {
  pool: PoolRow;
  practice: PracticeRecord;
}

/** A pool of this coach with its practice; 404 for one that does not exist or belongs to someone else. */
export async function getOwnedPool(db: Db, userId: string, poolId: string): Promise<PoolContext> {
  const row = await db
    .select({ pool: tournaments, practice: practices })
    .from(tournaments)
    .innerJoin(practices, eq(practices.id, tournaments.practice_id))
    .where(and(eq(tournaments.id, poolId), eq(tournaments.user_id, userId)))
    .get();
  if (!row) throw notFound('Pool');
  return { pool: row.pool, practice: toPractice(row.practice) };
}

/** A pool of a practice open to its guests, with the practice (whose sharing the caller checks); 404 for any other. */
export async function getSharedPool(db: Db, practiceId: string, poolId: string): Promise<PoolContext> {
  const row = await db
    .select({ pool: tournaments, practice: practices })
    .from(tournaments)
    .innerJoin(practices, eq(practices.id, tournaments.practice_id))
    .where(and(eq(tournaments.id, poolId), eq(tournaments.practice_id, practiceId), eq(tournaments.allow_guest_access, true)))
    .get();
  if (!row) throw notFound('Pool');
  return { pool: row.pool, practice: toPractice(row.practice) };
}

function toSnapshots(pools: PoolRow[], playerRows: (typeof players.$inferSelect)[], boutRows: (typeof matches.$inferSelect)[]): PoolSnapshot[] {
  return pools.map((t) => ({
    id: t.id,
    practice_id: t.practice_id,
    name: t.name,
    allow_guest_access: t.allow_guest_access,
    version: t.version,
    created_at: t.created_at,
    players: playerRows
      .filter((p) => p.tournament_id === t.id)
      .map((p) => ({ id: p.id, name: p.name, athlete_id: p.athlete_id, position: p.position })),
    bouts: boutRows
      .filter((b) => b.tournament_id === t.id)
      .map((b) => ({ player1_id: b.player1_id, player2_id: b.player2_id, score1: b.score1, score2: b.score2, priority_id: b.priority_id, updated_at: b.updated_at })),
  }));
}

/** Every pool of a practice, oldest first (so generated pools read Pool 1, Pool 2, …), in three reads. */
export async function listPoolSnapshots(db: Db, practiceId: string): Promise<PoolSnapshot[]> {
  const inPractice = db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.practice_id, practiceId));
  const [pools, playerRows, boutRows] = await db.batch([
    db.select().from(tournaments).where(eq(tournaments.practice_id, practiceId)).orderBy(asc(tournaments.created_at), asc(tournaments.name)),
    db.select().from(players).where(inArray(players.tournament_id, inPractice)).orderBy(asc(players.position)),
    db.select().from(matches).where(inArray(matches.tournament_id, inPractice)),
  ]);
  return toSnapshots(pools, playerRows, boutRows);
}

/** The three reads of one pool's snapshot, to run on their own or at the end of a write's batch. */
function snapshotReads(d1: D1Database, poolId: string) {
  return [
    d1.prepare('SELECT * FROM tournaments WHERE id = ?'),
    d1.prepare('SELECT * FROM players WHERE tournament_id = ? ORDER BY position'),
    d1.prepare('SELECT * FROM matches WHERE tournament_id = ?'),
  ].map((st) => st.bind(poolId));
}

type Raw<T> = { [K in keyof T]: T[K] extends boolean ? number : T[K] };

function snapshotOf(results: D1Result[]): PoolSnapshot | null {
  const [pools, playerRows, boutRows] = results as [D1Result<Raw<PoolRow>>, D1Result<typeof players.$inferSelect>, D1Result<typeof matches.$inferSelect>];
  const pool = pools.results.map((t) => ({ ...t, allow_guest_access: t.allow_guest_access === 1 }));
  return toSnapshots(pool, playerRows.results, boutRows.results)[0] ?? null;
}

export async function loadPoolSnapshot(db: Db, poolId: string): Promise<PoolSnapshot | null> {
  return snapshotOf(await db.$client.batch(snapshotReads(db.$client, poolId)));
}

const bumpVersion = (db: Db, poolId: string, now: number) =>
  db.update(tournaments).set({ version: sql`${tournaments.version} + 1`, updated_at: now }).where(eq(tournaments.id, poolId));

/** SPEC §3: a new pool allows guest access. */
export async function createPool(db: Db, practice: Practice, name: string): Promise<string> {
  const now = Date.now();
  const id = crypto.randomUUID();
  await db.insert(tournaments).values({
    id, practice_id: practice.id, user_id: practice.user_id, name, allow_guest_access: true, version: 1, created_at: now, updated_at: now,
  });
  return id;
}

export async function renamePool(db: Db, poolId: string, name: string) {
  await db.update(tournaments).set({ name, version: sql`${tournaments.version} + 1`, updated_at: Date.now() }).where(eq(tournaments.id, poolId));
}

export async function deletePool(db: Db, poolId: string) {
  await db.delete(tournaments).where(eq(tournaments.id, poolId));
}

/**
 * Adds a fencer at the end of the pool sheet. The capacity is checked by the INSERT itself (raw SQL: an
 * INSERT … SELECT … WHERE), so two coaches adding at once cannot pass the limit; the version moves in the
 * same batch, only when the fencer was added.
 */
export async function addPlayer(db: Db, poolId: string, name: string, athleteId: string | null = null) {
  const now = Date.now();
  const id = crypto.randomUUID();
  const d1 = db.$client;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO players (id, tournament_id, athlete_id, name, position, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, COALESCE(MAX(position), 0) + 1, ?5, ?5 FROM players WHERE tournament_id = ?2
         HAVING COUNT(*) < ?6`,
      )
      .bind(id, poolId, athleteId, name, now, MAX_POOL_SIZE),
    d1.prepare('UPDATE tournaments SET version = version + 1, updated_at = ?2 WHERE id = ?1 AND EXISTS (SELECT 1 FROM players WHERE id = ?3)').bind(poolId, now, id),
  ]);
  if (inserted!.meta.changes === 0) throw new HttpError(400, `A pool holds at most ${MAX_POOL_SIZE} fencers`);
  return id;
}

/** Removes a fencer and (by cascade) their bouts; later fencers move up one place on the sheet. */
export async function removePlayer(db: Db, poolId: string, playerId: string) {
  const player = await db.select().from(players).where(and(eq(players.id, playerId), eq(players.tournament_id, poolId))).get();
  if (!player) throw notFound('Player');
  const now = Date.now();
  await db.batch([
    db.delete(players).where(eq(players.id, playerId)),
    db
      .update(players)
      .set({ position: sql`${players.position} - 1`, updated_at: now })
      .where(and(eq(players.tournament_id, poolId), sql`${players.position} > ${player.position}`)),
    bumpVersion(db, poolId, now),
  ]);
}

/** SQL true when both bound ids (?2, ?3) name fencers of pool ?1: a fencer of another pool is refused. */
const BOTH_IN_POOL = '(SELECT COUNT(*) FROM players WHERE tournament_id = ?1 AND id IN (?2, ?3)) = 2';
const NOT_IN_POOL = 'Both fencers must belong to this pool';

export interface BoutInput {
  player1_id: string;
  player2_id: string;
  score1: number;
  score2: number;
  priority_id: string | null;
}

/**
 * Stores a bout (insert or replace, kept once per pair in canonical order), moves the pool's version and
 * reads the fresh snapshot, all in one batch: one round trip, and nothing written unless both fencers are
 * in the pool. Two writers of the same bout end with one of the two results, whole.
 */
export async function writeBout(db: Db, poolId: string, input: BoutInput): Promise<PoolSnapshot> {
  const [p1, p2] = orderPair(input.player1_id, input.player2_id);
  const flipped = p1 !== input.player1_id;
  const d1 = db.$client;
  const now = Date.now();
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO matches (id, tournament_id, player1_id, player2_id, score1, score2, priority_id, updated_at)
         SELECT ?4, ?1, ?2, ?3, ?5, ?6, ?7, ?8 WHERE ${BOTH_IN_POOL}
         ON CONFLICT(tournament_id, player1_id, player2_id) DO UPDATE SET
           score1 = excluded.score1, score2 = excluded.score2, priority_id = excluded.priority_id, updated_at = excluded.updated_at`,
      )
      .bind(poolId, p1, p2, crypto.randomUUID(), flipped ? input.score2 : input.score1, flipped ? input.score1 : input.score2, input.priority_id, now),
    d1.prepare(`UPDATE tournaments SET version = version + 1, updated_at = ?4 WHERE id = ?1 AND ${BOTH_IN_POOL}`).bind(poolId, p1, p2, now),
    ...snapshotReads(d1, poolId),
  ]);
  if (results[0]!.meta.changes === 0) throw new HttpError(400, NOT_IN_POOL);
  return snapshotOf(results.slice(2))!;
}

/** SPEC §4: an empty result clears both directions of a bout; same single batch as a write. */
export async function clearBout(db: Db, poolId: string, a: string, b: string): Promise<PoolSnapshot> {
  const [p1, p2] = orderPair(a, b);
  const d1 = db.$client;
  const results = await d1.batch([
    d1.prepare(`UPDATE tournaments SET version = version + 1, updated_at = ?4 WHERE id = ?1 AND ${BOTH_IN_POOL}`).bind(poolId, p1, p2, Date.now()),
    d1.prepare(`DELETE FROM matches WHERE tournament_id = ?1 AND player1_id = ?2 AND player2_id = ?3 AND ${BOTH_IN_POOL}`).bind(poolId, p1, p2),
    ...snapshotReads(d1, poolId),
  ]);
  if (results[0]!.meta.changes === 0) throw new HttpError(400, NOT_IN_POOL);
  return snapshotOf(results.slice(2))!;
}

export interface NewPool {
  name: string;
  members: { name: string; athleteId: string | null }[];
}

/** Writes generated pools and all their fencers in one batch: all or nothing. */
export async function insertGeneratedPools(db: Db, practice: Practice, pools: NewPool[]) {
  const now = Date.now();
  const statements = [];
  const ids: string[] = [];
  for (const [i, pool] of pools.entries()) {
    const poolId = crypto.randomUUID();
    ids.push(poolId);
    // Creation times a millisecond apart keep Pool 1, Pool 2, … in order.
    const created = now + i;
    statements.push(
      db.insert(tournaments).values({
        id: poolId, practice_id: practice.id, user_id: practice.user_id, name: pool.name, allow_guest_access: true, version: 1, created_at: created, updated_at: created,
      }),
    );
    for (const [j, m] of pool.members.entries()) {
      statements.push(
        db.insert(players).values({
          id: crypto.randomUUID(), tournament_id: poolId, athlete_id: m.athleteId, name: m.name, position: j + 1, created_at: created, updated_at: created,
        }),
      );
    }
  }
  if (statements.length) await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
  return ids;
}
