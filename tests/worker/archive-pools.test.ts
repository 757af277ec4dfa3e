import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { readPracticeFromD1, readPracticeRows } from '../../worker/room/practice-store';
import { getRoom } from '../../worker/room/room';
import { PRACTICE_TABLES } from '../../worker/room/schema';
import { resolveTableau } from '../../core/fencing/tableau';
import { apiOver, expectAnswer } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { signedUpCoach } from '../helpers/worker-client';
import { refusingBatches, roomD1 } from '../helpers/room-d1';

// Issue 33: under a stream of scores the archive rewrites in D1 only the pools that changed, not the practice.

const inRoom = <T>(practiceId: string, work: (room: PracticeRoom) => T | Promise<T>) => runInDurableObject(getRoom(env, practiceId), work);

/** The rowids of a pool's entries and bouts in D1: they change only when the archive rewrites the pool. */
const rowids = async (poolId: string) => ({
  players: (await env.DB.prepare('SELECT rowid AS r FROM players WHERE tournament_id = ? ORDER BY rowid').bind(poolId).all<{ r: number }>()).results.map((x) => x.r),
  matches: (await env.DB.prepare('SELECT rowid AS r FROM matches WHERE tournament_id = ? ORDER BY rowid').bind(poolId).all<{ r: number }>()).results.map((x) => x.r),
});

/** Marks a pool's first entry in D1 only (the room knows nothing of it): a write that rewrites the pool undoes it. */
const markInD1 = (pool: PoolSnapshot) => env.DB.prepare('UPDATE players SET name = ? WHERE id = ?').bind('marker', pool.players[0]!.id).run();
const nameInD1 = async (pool: PoolSnapshot) => (await env.DB.prepare('SELECT name FROM players WHERE id = ?').bind(pool.players[0]!.id).first<{ name: string }>())!.name;

const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).sort()))).sort();

/** Every archived table of the practice, in D1 and in the room, row for row (the index's own row aside). */
async function expectArchiveEqualsRoom(practiceId: string) {
  const archived = (await readPracticeFromD1(env.DB, practiceId))!.rows;
  const held = await inRoom(practiceId, (room) => readPracticeRows((room as unknown as { ctx: DurableObjectState }).ctx.storage.sql, practiceId));
  for (const t of PRACTICE_TABLES.filter((t) => t !== 'practices')) {
    const rows = held[t].rows.map((row) => Object.fromEntries(held[t].columns.map((c, i) => [c, row[i]])));
    expect(sorted(archived[t] as Record<string, unknown>[]), t).toEqual(sorted(rows));
  }
}

async function twoPools() {
  const { client } = await signedUpCoach();
  const fetch = viaClient(client);
  const api = seed(fetch);
  const practice = await api.practice('Two pools');
  const [a, b] = (await api.pools(practice.id, ['Ann', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'], 2)) as [PoolSnapshot, PoolSnapshot];
  const pools = apiOver(fetch).practices[':practiceId'].pools[':poolId'];
  return { api, practice, a, b, pools, fetch };
}

const bout = (api: ReturnType<typeof seed>, pool: PoolSnapshot, i: number, j: number, version = 0) => api.bout(pool, pool.players[i]!.id, pool.players[j]!.id, 5, 2, version);

describe('the archive writes the pools that changed (issue 33)', () => {
  it('a score in pool A rewrites pool A in D1 and leaves pool B’s rows as they were', async () => {
    const { api, practice, a, b } = await twoPools();
    await bout(api, b, 0, 1);
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    const before = { a: await rowids(a.id), b: await rowids(b.id) };
    expect(before.b.matches).toHaveLength(1);
    await markInD1(b);

    await bout(api, a, 0, 1);
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    const after = { a: await rowids(a.id), b: await rowids(b.id) };
    expect(after.b).toEqual(before.b);
    expect(await nameInD1(b)).toBe('marker');
    expect(after.a.matches).toHaveLength(1);
    expect(after.a.players).not.toEqual(before.a.players);
    const pool = await env.DB.prepare('SELECT name, version FROM tournaments WHERE id = ?').bind(a.id).first<{ name: string; version: number }>();
    expect(pool).toEqual({ name: a.name, version: a.version + 1 });
    await env.DB.prepare('UPDATE players SET name = ? WHERE id = ?').bind(b.players[0]!.name, b.players[0]!.id).run();
    await expectArchiveEqualsRoom(practice.id);
  });

  it('a write D1 refused is written again once D1 answers: D1 ends equal to the room', async () => {
    const { api, practice, a, b, pools } = await twoPools();
    await roomD1(practice.id, refusingBatches(env.DB));
    await bout(api, a, 0, 1);
    await bout(api, b, 2, 3);
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(false);
    // More while D1 is away: another score, and a pool renamed (a change of the practice's shape).
    await bout(api, a, 0, 1, 1);
    await expectAnswer(pools.$patch({ param: { practiceId: practice.id, poolId: b.id }, json: { name: 'Late pool' } }));
    expect(await inRoom(practice.id, (room) => room.archive.behind())).toBe(true);

    await roomD1(practice.id, env.DB);
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    expect(await inRoom(practice.id, (room) => room.archive.behind())).toBe(false);
    await expectArchiveEqualsRoom(practice.id);
    expect((await env.DB.prepare('SELECT name FROM tournaments WHERE id = ?').bind(b.id).first<{ name: string }>())!.name).toBe('Late pool');
  });

  it('a pool renamed or deleted is archived in full', async () => {
    const { api, practice, a, b, pools } = await twoPools();
    await bout(api, b, 0, 1);
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    await markInD1(b);

    await expectAnswer(pools.$patch({ param: { practiceId: practice.id, poolId: a.id }, json: { name: 'Renamed' } }));
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    expect((await env.DB.prepare('SELECT name FROM tournaments WHERE id = ?').bind(a.id).first<{ name: string }>())!.name).toBe('Renamed');
    // The whole practice was copied: pool B's rows too.
    expect(await nameInD1(b)).toBe(b.players[0]!.name);
    await expectArchiveEqualsRoom(practice.id);

    await expectAnswer(pools.$delete({ param: { practiceId: practice.id, poolId: b.id } }));
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    expect(await rowids(b.id)).toEqual({ players: [], matches: [] });
    expect(await env.DB.prepare('SELECT id FROM tournaments WHERE id = ?').bind(b.id).first()).toBeNull();
    await expectArchiveEqualsRoom(practice.id);
  });

  it('a refused write changes nothing in D1: the archive stays caught up without a failure or a full copy', async () => {
    const { api, practice, b, pools } = await twoPools();
    await bout(api, b, 0, 1);
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    await markInD1(b);
    // A second screen's score over the version it saw before the first: 409, nothing written.
    const stale = await pools.bouts.$post({ param: { practiceId: practice.id, poolId: b.id }, json: { player1_id: b.players[0]!.id, player2_id: b.players[1]!.id, score1: 1, score2: 5, version: 0 } });
    expect(stale.status).toBe(409);
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    expect(await inRoom(practice.id, (room) => room.archive.behind())).toBe(false);
    // No full copy followed: pool B's D1-only marker is still there.
    expect(await nameInD1(b)).toBe('marker');
  });

  it('a tableau score rewrites in D1 the matches it wrote and the tableau’s row, never the pools (issue 59)', async () => {
    const { api, practice, a, b, fetch } = await twoPools();
    await api.fenceAll(a);
    await api.fenceAll(b);
    const scoreNext = async () => {
      const m = resolveTableau(await api.poolsOf(practice.id), await api.bracket(practice.id)).matches.find((x) => x.player1_id && x.player2_id && !x.winner_id)!;
      await expectAnswer(apiOver(fetch).practices[':practiceId'].bracket.scores.$post({ param: { practiceId: practice.id }, json: { round: m.round, position: m.position, player1_id: m.player1_id!, player2_id: m.player2_id!, player1_score: 15, player2_score: 11, version: m.version } }));
    };
    // The first score freezes the draw (every match written), and is archived.
    await scoreNext();
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    await expectArchiveEqualsRoom(practice.id);
    await markInD1(a);
    await markInD1(b);

    await scoreNext();
    expect(await inRoom(practice.id, (room) => room.flushArchive())).toBe(true);
    // Both pools' D1-only markers are still there: no pool, and no whole practice, was copied.
    expect(await nameInD1(a)).toBe('marker');
    expect(await nameInD1(b)).toBe('marker');
    // The tableau in D1 is the room's, row for row.
    const archived = (await readPracticeFromD1(env.DB, practice.id))!.rows;
    const held = await inRoom(practice.id, (room) => readPracticeRows((room as unknown as { ctx: DurableObjectState }).ctx.storage.sql, practice.id));
    for (const t of ['brackets', 'bracket_matches'] as const) {
      const rows = held[t].rows.map((row) => Object.fromEntries(held[t].columns.map((c, i) => [c, row[i]])));
      expect(sorted(archived[t] as Record<string, unknown>[]), t).toEqual(sorted(rows));
    }
    expect(archived.bracket_matches.filter((m) => m.player1_score === 15)).toHaveLength(2);
  });
});
