import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomDb } from '../../worker/db/client';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import { roomD1 } from '../../worker/room/sql-d1';
import { clearBout, writeBout, type BoutWrite } from '../../worker/store/room/pools';
import { seed, viaClient } from '../helpers/seed';
import { signedUpCoach } from '../helpers/worker-client';

/**
 * The store's own guards, run on a practice room's SQLite as its routes run them: a bout is written only over
 * the version its writer saw, a key applies once, and a clear of a bout with no result is done, not a conflict.
 * The routes' tests see these through HTTP; these see the SQL alone.
 */
async function poolInRoom() {
  const { client } = await signedUpCoach();
  const { practice, pool } = await seed(viaClient(client)).practiceWithPool('Guards', ['Ann', 'Bob', 'Cleo']);
  const [a, b] = [pool.players[0]!.id, pool.players[1]!.id].sort();
  /** Runs `work` on the room's store; answers what it answered, and the bout's row and the pool's version after it. */
  const inRoom = <T>(work: (db: ReturnType<typeof roomDb>) => Promise<T>) =>
    runInDurableObject(getRoom(env, practice.id), async (_room: PracticeRoom, state) => {
      const answer = await work(roomDb(roomD1(state.storage)));
      const row = state.storage.sql.exec<{ score1: number; score2: number; version: number }>('SELECT score1, score2, version FROM matches WHERE tournament_id = ? AND player1_id = ? AND player2_id = ?', pool.id, a, b).toArray()[0] ?? null;
      const poolVersion = state.storage.sql.exec<{ version: number }>('SELECT version FROM tournaments WHERE id = ?', pool.id).one().version;
      return { answer, row, poolVersion };
    });
  const bout = (score1: number, score2: number) => ({ player1_id: a!, player2_id: b!, score1, score2, priority_id: null });
  const key = (k: string | null) => ({ key: k, practiceId: practice.id });
  return { pool, inRoom, bout, key };
}

const lost = (w: BoutWrite) => (w.ok ? null : w.reason);

describe('the bout store’s guards, on the room’s SQLite', () => {
  it('a write over a stale version changes nothing and answers the bout that won', async () => {
    const { pool, inRoom, bout, key } = await poolInRoom();
    const first = await inRoom((db) => writeBout(db, pool.id, bout(5, 2), 0, key(null)));
    expect(first.answer.ok).toBe(true);
    expect(first.row).toEqual({ score1: 5, score2: 2, version: 1 });
    // Made against "no result yet" (version 0) while the bout is at 1: refused, the row and the pool as they were.
    const stale = await inRoom((db) => writeBout(db, pool.id, bout(1, 5), 0, key(null)));
    expect(lost(stale.answer)).toBe('conflict');
    expect(stale.row).toEqual({ score1: 5, score2: 2, version: 1 });
    expect(stale.poolVersion).toBe(first.poolVersion);
    expect(stale.answer.delta.bout).toMatchObject({ score1: 5, score2: 2, version: 1 });
    // Over the version it saw (1), the same write goes through and moves both versions on.
    const fresh = await inRoom((db) => writeBout(db, pool.id, bout(1, 5), 1, key(null)));
    expect(fresh.answer.ok).toBe(true);
    expect(fresh.row).toEqual({ score1: 1, score2: 5, version: 2 });
    expect(fresh.poolVersion).toBe(first.poolVersion + 1);
  });

  it('a key replayed applies once: the replay is done and changes nothing', async () => {
    const { pool, inRoom, bout, key } = await poolInRoom();
    const first = await inRoom((db) => writeBout(db, pool.id, bout(5, 4), 0, key('guard-key-1')));
    const replay = await inRoom((db) => writeBout(db, pool.id, bout(5, 4), 0, key('guard-key-1')));
    expect([first.answer.ok, replay.answer.ok]).toEqual([true, true]);
    expect(replay.row).toEqual({ score1: 5, score2: 4, version: 1 });
    expect(replay.poolVersion).toBe(first.poolVersion);
    // Another key over the same stale version is a real conflict.
    const other = await inRoom((db) => writeBout(db, pool.id, bout(3, 5), 0, key('guard-key-2')));
    expect(lost(other.answer)).toBe('conflict');
  });

  it('a clear of a bout with no result is done; a clear over a stale version is a conflict; a stranger is refused', async () => {
    const { pool, inRoom, bout, key } = await poolInRoom();
    const missing = await inRoom((db) => clearBout(db, pool.id, bout(0, 0), 0, key(null)));
    expect(missing.answer.ok).toBe(true);
    expect(missing.row).toBeNull();
    const written = await inRoom((db) => writeBout(db, pool.id, bout(5, 0), 0, key(null)));
    expect(written.poolVersion).toBe(missing.poolVersion + 1);
    const stale = await inRoom((db) => clearBout(db, pool.id, bout(0, 0), 0, key(null)));
    expect(lost(stale.answer)).toBe('conflict');
    expect(stale.row).toEqual({ score1: 5, score2: 0, version: 1 });
    const cleared = await inRoom((db) => clearBout(db, pool.id, bout(0, 0), 1, key(null)));
    expect(cleared.answer.ok).toBe(true);
    expect(cleared.row).toBeNull();
    const stranger = await inRoom((db) => writeBout(db, pool.id, { ...bout(5, 1), player2_id: '00000000-0000-4000-8000-000000000000' }, 0, key(null)));
    expect(lost(stranger.answer)).toBe('not-in-pool');
  });
});
