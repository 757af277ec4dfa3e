import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { TableauFormat } from '../../../core/contracts/tableau';
import type { PlayerStatus } from '../../../core/fencing/withdrawal';
import { MAX_POOL_SIZE } from '../../../core/limits';
import type { RoomDb } from '../../db/client';
import { bumpVersionIfChanged } from './pools';
import { tiesStatements } from './barrage';

/**
 * Issue 14 writes: a fencer's status in the pools, the practice's tableau format, fencers absent at
 * check-in and latecomers. Each is one D1 batch whose statements carry their own guards (the tableau not
 * started yet, the fencer in this pool), so nothing is half-written and a race with the tableau's first
 * score cannot slip through between a check and a write.
 */
const NOT_STARTED = 'NOT EXISTS (SELECT 1 FROM brackets WHERE practice_id = ?1)';

export type StatusWrite = 'ok' | 'not-found' | 'tableau-started';

/** Marks a fencer withdrawn or excluded (or fencing again), while the tableau has no score; the pool's version moves on. */
export async function setPlayerStatus(db: RoomDb, practiceId: string, poolId: string, playerId: string, status: PlayerStatus | null): Promise<StatusWrite> {
  const d1 = db.$client;
  const now = Date.now();
  const [updated, , check] = await d1.batch<{ found: number; started: number }>([
    d1
      .prepare(`UPDATE players SET status = ?4, updated_at = ?5 WHERE id = ?3 AND tournament_id = ?2 AND ${NOT_STARTED}`)
      .bind(practiceId, poolId, playerId, status, now),
    bumpVersionIfChanged(d1, poolId, now),
    d1
      .prepare('SELECT EXISTS (SELECT 1 FROM players WHERE id = ?3 AND tournament_id = ?2) AS found, EXISTS (SELECT 1 FROM brackets WHERE practice_id = ?1) AS started')
      .bind(practiceId, poolId, playerId),
  ]);
  if (updated!.meta.changes > 0) return 'ok';
  const { found, started } = check!.results[0]!;
  return !found ? 'not-found' : started ? 'tableau-started' : 'ok';
}

/**
 * Saves the format. The bouts for places shape the stored tableau, so they can change only before its
 * first score (false when refused); the cut may change at any time (the tableau then shows it no longer
 * matches the pools, as it does when the pools change).
 */
export async function saveFormat(db: RoomDb, practiceId: string, format: TableauFormat): Promise<boolean> {
  const d1 = db.$client;
  const cutValue = format.cut.kind === 'all' ? null : format.cut.value;
  const [written] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO tableau_formats (practice_id, cut_kind, cut_value, third_place, places_5_8, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE ${NOT_STARTED}
            OR (?4 = COALESCE((SELECT third_place FROM tableau_formats WHERE practice_id = ?1), 'shared')
                AND ?5 = COALESCE((SELECT places_5_8 FROM tableau_formats WHERE practice_id = ?1), 0))
         ON CONFLICT(practice_id) DO UPDATE SET cut_kind = excluded.cut_kind, cut_value = excluded.cut_value,
           third_place = excluded.third_place, places_5_8 = excluded.places_5_8, updated_at = excluded.updated_at`,
      )
      .bind(practiceId, format.cut.kind, cutValue, format.third_place, format.places_5_8 ? 1 : 0, Date.now()),
    // Issue 58: how ties at the cut's line are settled, the room's own.
    ...tiesStatements(db, format.ties ?? 'all'),
  ]);
  return written!.meta.changes > 0;
}

export type LatecomerWrite = { ok: true; poolId: string } | { ok: false; reason: 'no-pool' | 'full' | 'tableau-started' };

/**
 * Adds a fencer who arrived after the draw to the smallest pool (the first created among equals), as a
 * roster athlete when they were marked absent as one, and takes them off the absent list, in one batch.
 * The pool's bout order is derived from its size, so it regenerates; bouts already fenced keep their results.
 */
export async function addLatecomer(db: RoomDb, practiceId: string, pools: PoolSnapshot[], name: string): Promise<LatecomerWrite> {
  if (pools.length === 0) return { ok: false, reason: 'no-pool' };
  const smallest = pools.filter((p) => p.players.length < MAX_POOL_SIZE).sort((a, b) => a.players.length - b.players.length || a.created_at - b.created_at)[0];
  if (!smallest) return { ok: false, reason: 'full' };
  const d1 = db.$client;
  const now = Date.now();
  const id = crypto.randomUUID();
  const [inserted, , , check] = await d1.batch<{ started: number }>([
    d1
      .prepare(
        `INSERT INTO players (id, tournament_id, athlete_id, name, position, created_at, updated_at)
         SELECT ?2, ?3, (SELECT athlete_id FROM absentees WHERE practice_id = ?1 AND name = ?4), ?4, COALESCE(MAX(position), 0) + 1, ?5, ?5
         FROM players WHERE tournament_id = ?3
         HAVING COUNT(*) < ?6 AND ${NOT_STARTED}`,
      )
      .bind(practiceId, id, smallest.id, name, now, MAX_POOL_SIZE),
    bumpVersionIfChanged(d1, smallest.id, now),
    d1.prepare('DELETE FROM absentees WHERE practice_id = ?1 AND name = ?2 AND EXISTS (SELECT 1 FROM players WHERE id = ?3)').bind(practiceId, name, id),
    d1.prepare('SELECT EXISTS (SELECT 1 FROM brackets WHERE practice_id = ?1) AS started').bind(practiceId),
  ]);
  if (inserted!.meta.changes === 0) return { ok: false, reason: check!.results[0]!.started ? 'tableau-started' : 'full' };
  return { ok: true, poolId: smallest.id };
}
