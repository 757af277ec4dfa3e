// The pools' store: a practice's pools, their entries and bouts, read as snapshots and written with keyed,
// versioned guards. One file because every write shares the same guards (both fencers in the pool, the bout's
// and the pool's versions, the idempotency key) and answers with the same snapshot or bout read-back.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { BoutDelta, PoolBout, PoolSnapshot } from '../../../core/contracts/pools';
import type { Practice } from '../../../core/contracts/practices';
import { readCards, storedCards, type BoutCards } from '../../../core/fencing/bout-cards';
import type { Bout } from '../../../core/fencing/bout-result';
import type { PlannedPool } from '../../../core/fencing/planning';
import { MAX_POOL_SIZE } from '../../../core/limits';
import { isSynchronous, prepared, type EitherDb, type RoomDb } from '../../db/client';
import { inJsonList } from '../../db/sql';
import { absentees, poolBouts, poolEntries, practices, pools } from '../../db/schema';
import { keyedWrite, notApplied, type WriteKey } from './applied-writes';
import { HttpError, notFound } from '../../errors';
import { toPractice, type PracticeRecord } from '../d1/practices';
import { poolBoutKey } from '../../../core/refereeing';

type PoolRow = typeof pools.$inferSelect;

/** A pool together with the practice it belongs to. */
export interface PoolContext {
  pool: PoolRow;
  practice: PracticeRecord;
}

/** A pool of this coach with its practice; 404 for one that does not exist or belongs to someone else. */
export async function getOwnedPool(db: RoomDb, userId: string, poolId: string): Promise<PoolContext> {
  return poolWithPractice(db, 'user_id', userId, poolId);
}

/** A pool of the practice a guest joined, with the practice (whose sharing the caller checks); 404 for any other. */
export async function getSharedPool(db: RoomDb, practiceId: string, poolId: string): Promise<PoolContext> {
  return poolWithPractice(db, 'practice_id', practiceId, poolId);
}

/** The pool and its practice, where the pool's `owner` column holds `value` (prepared once per handle: every score asks). */
async function poolWithPractice(db: RoomDb, owner: 'user_id' | 'practice_id', value: string, poolId: string): Promise<PoolContext> {
  const query = prepared(db, `pool-by-${owner}`, () =>
    db
      .select({ pool: pools, practice: practices })
      .from(pools)
      .innerJoin(practices, eq(practices.id, pools.practice_id))
      .where(and(eq(pools.id, sql.placeholder('poolId')), eq(pools[owner], sql.placeholder('value'))))
      .prepare(),
  );
  const row = await query.get({ poolId, value });
  if (!row) throw notFound('Pool');
  return { pool: row.pool, practice: toPractice(row.practice) };
}

/**
 * The one snapshot reader: the three reads (pools, their fencers, their bouts) for the pools `where`
 * selects, to run as a batch on their own or at the end of a write's batch, and how to assemble them.
 */
function snapshotReads(db: EitherDb, where: SQL) {
  const poolIds = db.select({ id: pools.id }).from(pools).where(where);
  return [
    db.select().from(pools).where(where).orderBy(asc(pools.created_at), asc(pools.name)),
    db.select().from(poolEntries).where(inArray(poolEntries.tournament_id, poolIds)).orderBy(asc(poolEntries.position)),
    db.select().from(poolBouts).where(inArray(poolBouts.tournament_id, poolIds)),
  ] as const;
}

type SnapshotRows = readonly [PoolRow[], (typeof poolEntries.$inferSelect)[], (typeof poolBouts.$inferSelect)[]];

function toSnapshots([poolRows, playerRows, boutRows]: SnapshotRows): PoolSnapshot[] {
  // Each row to its pool in one pass (a practice of 74 pools and 1,518 bouts is read whole by the freeze).
  const players = byPool(playerRows);
  const bouts = byPool(boutRows);
  return poolRows.map((t) => ({
    id: t.id,
    practice_id: t.practice_id,
    name: t.name,
    version: t.version,
    created_at: t.created_at,
    round: t.round,
    players: (players.get(t.id) ?? []).map((p) => ({ id: p.id, name: p.name, athlete_id: p.athlete_id, position: p.position, status: p.status ?? null, ...roundEntry(p) })),
    bouts: (bouts.get(t.id) ?? []).map(toPoolBout),
  }));
}

/** Rows grouped by their pool, each group in the rows' order. */
function byPool<R extends { tournament_id: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const group = out.get(r.tournament_id);
    if (group) group.push(r);
    else out.set(r.tournament_id, [r]);
  }
  return out;
}

/** A second round's entry carries its seed and round-1 entry (issue 28); a round-1 entry, nothing more. */
const roundEntry = (p: typeof poolEntries.$inferSelect) => (p.first_round_id === null ? {} : { seed: p.seed, first_round_id: p.first_round_id });

const toPoolBout = (b: Omit<typeof poolBouts.$inferSelect, 'id' | 'tournament_id'>): PoolBout => {
  const cards = readCards(b.cards);
  return {
    player1_id: b.player1_id, player2_id: b.player2_id, score1: b.score1, score2: b.score2, priority_id: b.priority_id, updated_at: b.updated_at, version: b.version,
    ...(cards ? { cards } : {}),
  };
};

/** Every pool of a practice, oldest first (so generated pools read Pool 1, Pool 2, …), in one batch. */
export async function listPoolSnapshots(db: RoomDb, practiceId: string): Promise<PoolSnapshot[]> {
  return readSnapshots(db, 'practice_id', practiceId);
}

/** One pool's snapshot: in the room, and from D1's archive for a roster athlete's results (../d1/athlete-results). */
export async function loadPoolSnapshot(db: EitherDb, poolId: string): Promise<PoolSnapshot | null> {
  return (await readSnapshots(db, 'id', poolId))[0] ?? null;
}

/**
 * The snapshot of a pool whose row the caller has just read (`poolFor`, on a read of one pool): in the room
 * only its fencers and bouts are read again, after it and with no other request between. On D1, all three.
 */
export async function snapshotOfPool(db: RoomDb, pool: PoolRow): Promise<PoolSnapshot | null> {
  if (!isSynchronous(db)) return loadPoolSnapshot(db, pool.id);
  const [, entriesRead, boutsRead] = preparedSnapshotReads(db, 'id');
  return toSnapshots([[pool], await entriesRead.all({ value: pool.id }), await boutsRead.all({ value: pool.id })])[0] ?? null;
}

/** The three reads of `snapshotReads`, for the pools whose `column` is a placeholder `value`, prepared once per room. */
function preparedSnapshotReads(db: EitherDb, column: 'id' | 'practice_id') {
  return prepared(db, `snapshot-by-${column}`, () => {
    const [p, e, b] = snapshotReads(db, eq(pools[column], sql.placeholder('value')));
    return [p.prepare(), e.prepare(), b.prepare()] as const;
  });
}

/**
 * The snapshots of the pools whose `column` is `value`. In the room (every read, every answer to a write) the
 * three reads are prepared once and run one after another, which no other request can come between; on D1
 * (the archive: history, exports) they go as one batch, so they read one state.
 */
async function readSnapshots(db: EitherDb, column: 'id' | 'practice_id', value: string): Promise<PoolSnapshot[]> {
  if (!isSynchronous(db)) return toSnapshots(await db.batch(snapshotReads(db, eq(pools[column], value))));
  const [poolsRead, entriesRead, boutsRead] = preparedSnapshotReads(db, column);
  return toSnapshots([await poolsRead.all({ value }), await entriesRead.all({ value }), await boutsRead.all({ value })]);
}

const bumpVersion = (db: RoomDb, poolId: string, now: number) =>
  db.update(pools).set({ version: sql`${pools.version} + 1`, updated_at: now }).where(eq(pools.id, poolId));

/** In a batch, right after a write to a pool: its version moves on only if that statement changed a row. */
export const bumpVersionIfChanged = (d1: D1Database, poolId: string, now: number) =>
  d1.prepare('UPDATE tournaments SET version = version + 1, updated_at = ?2 WHERE id = ?1 AND changes() > 0').bind(poolId, now);

export async function createPool(db: RoomDb, practice: Practice, name: string): Promise<string> {
  const now = Date.now();
  const id = crypto.randomUUID();
  await db.insert(pools).values({ id, practice_id: practice.id, user_id: practice.user_id, name, version: 1, created_at: now, updated_at: now });
  return id;
}

export async function renamePool(db: RoomDb, poolId: string, name: string) {
  await db.update(pools).set({ name, version: sql`${pools.version} + 1`, updated_at: Date.now() }).where(eq(pools.id, poolId));
}

export async function deletePool(db: RoomDb, poolId: string) {
  await db.delete(pools).where(eq(pools.id, poolId));
}

/**
 * Adds a fencer at the end of the pool sheet. Raw SQL because the capacity is checked by the INSERT itself
 * (INSERT … SELECT … HAVING, which drizzle cannot express), so two coaches adding at once cannot pass the
 * limit; the version moves in the same batch, only when the fencer was added.
 */
export async function addPlayer(db: RoomDb, poolId: string, name: string, athleteId: string | null = null) {
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
    bumpVersionIfChanged(d1, poolId, now),
  ]);
  if (inserted!.meta.changes === 0) throw new HttpError(400, `A pool holds at most ${MAX_POOL_SIZE} fencers`);
  return id;
}

/** Removes a fencer and (by cascade) their bouts; later fencers move up one place on the sheet. */
export async function removePlayer(db: RoomDb, poolId: string, playerId: string) {
  const player = await db.select().from(poolEntries).where(and(eq(poolEntries.id, playerId), eq(poolEntries.tournament_id, poolId))).get();
  if (!player) throw notFound('Player');
  const now = Date.now();
  await db.batch([
    db.delete(poolEntries).where(eq(poolEntries.id, playerId)),
    db
      .update(poolEntries)
      .set({ position: sql`${poolEntries.position} - 1`, updated_at: now })
      .where(and(eq(poolEntries.tournament_id, poolId), sql`${poolEntries.position} > ${player.position}`)),
    bumpVersion(db, poolId, now),
  ]);
}

/** SQL true when both fencers (?2, ?3) belong to pool ?1: a fencer of another pool is refused. */
const BOTH_IN_POOL = '(SELECT COUNT(*) FROM players WHERE tournament_id = ?1 AND id IN (?2, ?3)) = 2';
const THE_BOUT = 'tournament_id = ?1 AND player1_id = ?2 AND player2_id = ?3';

export type BoutWrite = { ok: true; delta: BoutDelta } | { ok: false; reason: 'not-in-pool' | 'conflict'; delta: BoutDelta };

/**
 * The end of a bout write's batch, in one read: whether both fencers are in the pool, the pool's version and
 * the bout as they now stand (issue 13: the write reads back what it changed, never the whole pool; no bout
 * reads as nulls).
 */
const afterBout = (d1: D1Database, poolId: string, a: string, b: string) => [
  d1
    .prepare(
      `SELECT ${BOTH_IN_POOL} AS ok, (SELECT version FROM tournaments WHERE id = ?1) AS pool_version,
         m.player1_id, m.player2_id, m.score1, m.score2, m.priority_id, m.updated_at, m.version, m.cards
       FROM (SELECT 1) LEFT JOIN matches m ON m.tournament_id = ?1 AND m.player1_id = ?2 AND m.player2_id = ?3`,
    )
    .bind(poolId, a, b),
];

/** The delta a bout write answers, from `afterBout`'s read. */
function deltaOf(poolId: string, bout: Pick<Bout, 'player1_id' | 'player2_id'>, [read]: D1Result[]): { inPool: boolean; delta: BoutDelta } {
  const row = read!.results[0] as Parameters<typeof toPoolBout>[0] & { ok: number; pool_version: number | null };
  const stored = row.player1_id === null ? null : toPoolBout(row);
  const pool = { pool_id: poolId, pool_version: row.pool_version ?? 0 };
  return { inPool: row.ok === 1, delta: stored ? { ...pool, bout: stored } : { ...pool, bout: null, player1_id: bout.player1_id, player2_id: bout.player2_id } };
}

/**
 * Stores a bout (already in stored order, `toStoredBout`) if it is still at the version the writer saw
 * (0: no result yet), moving its version and the pool's on, and reads back the bout and the pool's version, all in one batch:
 * one round trip, and nothing written unless both fencers are in the pool. A write whose idempotency key
 * already applied changes nothing and counts as done (a replay). Raw SQL because the write is an
 * INSERT … SELECT … ON CONFLICT DO UPDATE … WHERE, and the pool's version and the key are written only
 * when it changed (`changes()` of the statement before, in the same transaction). `cards`: a refereed bout's
 * cards (issue 29), kept with it; a bout first written without any keeps none, and a score corrected by hand keeps its cards.
 */
export async function writeBout(db: RoomDb, poolId: string, bout: Bout, expectedVersion: number, write: WriteKey, cards: BoutCards | null = null): Promise<BoutWrite> {
  const d1 = db.$client;
  const now = Date.now();
  const stored = d1
    .prepare(
      `INSERT INTO matches (id, tournament_id, player1_id, player2_id, score1, score2, priority_id, updated_at, version, cards)
       SELECT ?4, ?1, ?2, ?3, ?5, ?6, ?7, ?8, 1, ?11
       WHERE ${BOTH_IN_POOL} AND (?9 = 0 OR EXISTS (SELECT 1 FROM matches WHERE ${THE_BOUT})) AND ${notApplied(10)}
       ON CONFLICT(tournament_id, player1_id, player2_id) DO UPDATE SET
         score1 = excluded.score1, score2 = excluded.score2, priority_id = excluded.priority_id,
         updated_at = excluded.updated_at, version = matches.version + 1, cards = COALESCE(excluded.cards, matches.cards)
       WHERE matches.version = ?9`,
    )
    .bind(poolId, bout.player1_id, bout.player2_id, crypto.randomUUID(), bout.score1, bout.score2, bout.priority_id, now, expectedVersion, write.key, storedCards(cards));
  const audit = { bout: poolBoutKey(poolId, bout.player1_id, bout.player2_id), score1: bout.score1, score2: bout.score2 };
  const { done, reads } = await keyedWrite(d1, write, now, { apply: [stored, bumpVersionIfChanged(d1, poolId, now)], read: afterBout(d1, poolId, bout.player1_id, bout.player2_id), audit });
  const { inPool, delta } = deltaOf(poolId, bout, reads);
  if (done) return { ok: true, delta };
  return { ok: false, reason: inPool ? 'conflict' : 'not-in-pool', delta };
}

/** SPEC §4: an empty result clears both directions of a bout, if it is still at the version the writer saw. */
export async function clearBout(db: RoomDb, poolId: string, bout: Pick<Bout, 'player1_id' | 'player2_id'>, expectedVersion: number, write: WriteKey): Promise<BoutWrite> {
  const d1 = db.$client;
  const now = Date.now();
  const cleared = d1
    .prepare(`DELETE FROM matches WHERE ${THE_BOUT} AND version = ?4 AND ${BOTH_IN_POOL} AND ${notApplied(5)}`)
    .bind(poolId, bout.player1_id, bout.player2_id, expectedVersion, write.key);
  const audit = { bout: poolBoutKey(poolId, bout.player1_id, bout.player2_id), score1: null, score2: null };
  const { done: applied, reads } = await keyedWrite(d1, write, now, { apply: [cleared, bumpVersionIfChanged(d1, poolId, now)], read: afterBout(d1, poolId, bout.player1_id, bout.player2_id), audit });
  const { inPool, delta } = deltaOf(poolId, bout, reads);
  // Clearing, at version 0, a bout that has no result (any more) is already done: not a conflict.
  const done = applied || (expectedVersion === 0 && delta.bout === null && inPool);
  if (done) return { ok: true, delta };
  return { ok: false, reason: inPool ? 'conflict' : 'not-in-pool', delta };
}

/** Statements that record fencers absent at check-in, and drop from the list anyone drawn into a pool now. */
function absenteeStatements(db: RoomDb, practiceId: string, absent: { name: string; athleteId: string | null }[], present: string[]) {
  const now = Date.now();
  return [
    // One bound JSON list, not a value per name: a draw of 512 would pass SQLite's 100 variables (issue 33).
    ...(present.length ? [db.delete(absentees).where(and(eq(absentees.practice_id, practiceId), inJsonList(absentees.name, present)))] : []),
    ...absent.map((a) => db.insert(absentees).values({ practice_id: practiceId, name: a.name, athlete_id: a.athleteId, created_at: now }).onConflictDoNothing()),
  ];
}

/**
 * Writes generated pools and all their fencers in one batch, with the check-in list (fencers marked absent
 * are recorded; anyone drawn now leaves the list): all or nothing.
 */
export async function insertGeneratedPools(db: RoomDb, practice: Practice, planned: PlannedPool[], absent: { name: string; athleteId: string | null }[] = []) {
  // After the practice's latest pool, so a second draw's pools list after the first's (issue 33: Pool 75 after 74).
  const latest = await db.select({ at: sql<number | null>`MAX(${pools.created_at})` }).from(pools).where(eq(pools.practice_id, practice.id)).get();
  const now = Math.max(Date.now(), (latest?.at ?? 0) + 1);
  const present = planned.flatMap((p) => p.members.map((m) => m.name));
  const statements: BatchItem<'sqlite'>[] = [...absenteeStatements(db, practice.id, absent, present)];
  const ids: string[] = [];
  for (const [i, pool] of planned.entries()) {
    const poolId = crypto.randomUUID();
    ids.push(poolId);
    // Creation times a millisecond apart keep Pool 1, Pool 2, … in order.
    const created = now + i;
    statements.push(db.insert(pools).values({ id: poolId, practice_id: practice.id, user_id: practice.user_id, name: pool.name, version: 1, created_at: created, updated_at: created }));
    for (const [j, m] of pool.members.entries()) {
      statements.push(
        db.insert(poolEntries).values({ id: crypto.randomUUID(), tournament_id: poolId, athlete_id: m.athleteId, name: m.name, position: j + 1, created_at: created, updated_at: created }),
      );
    }
  }
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return ids;
}
