import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { Athlete, AthleteHistory } from '../../core/contracts/athletes';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import type { Team, TeamMatchRow } from '../../core/contracts/teams';
import { resolveTableau } from '../../core/fencing/tableau';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import { migrateRoom, ROOM_STEPS } from '../../worker/room/schema';
import { json, signedUpCoach, type Client } from '../helpers/worker-client';
import { expectAnswer } from '../helpers/api-client';
import { seed, viaClient, type Entry } from '../helpers/seed';
import { openSocket } from '../helpers/sockets';
import { countingBatches, refusingBatches, roomD1 } from '../helpers/room-d1';
import { ARCHIVE_GAP_MS } from '../../worker/room/archive';

// Issue 26: the room is the practice's store; D1 keeps an archive the room writes behind its answers.

const archivedBouts = (poolId: string) =>
  env.DB.prepare('SELECT player1_id, player2_id, score1, score2, version FROM matches WHERE tournament_id = ? ORDER BY player1_id, player2_id').bind(poolId).all().then((r) => r.results);

/** The pool's bouts as the room holds them, in the archive's shape and order. */
async function liveBouts(client: Client, practiceId: string, poolId: string) {
  const live = await json<PoolSnapshot>(await client.api.practices[':practiceId'].pools[':poolId'].$get({ param: { practiceId, poolId } }));
  return live.bouts
    .map((x) => ({ player1_id: x.player1_id, player2_id: x.player2_id, score1: x.score1, score2: x.score2, version: x.version }))
    .sort((x, y) => (x.player1_id + x.player2_id).localeCompare(y.player1_id + y.player2_id));
}

/** Each entry's name and the roster athlete it is linked to. */
const links = (p: PoolSnapshot) => Object.fromEntries(p.players.map((e) => [e.name, e.athlete_id]));

const practiceWithPool = (client: Client, entries: Entry[]) => seed(viaClient(client)).practiceWithPool('Archive night', entries);

describe('the archive (issue 26)', () => {
  it('keeps scoring while D1 refuses every write, then catches up with nothing lost', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await practiceWithPool(client, ['ann', 'bob', 'cleo', 'dan'].map((name) => ({ name })));
    const [a, b, c, d] = pool.players.map((p) => p.id);
    // The pool itself reached the archive before its answer (a change of shape is archived at once).
    expect(await archivedBouts(pool.id)).toEqual([]);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM players WHERE tournament_id = ?').bind(pool.id).first<{ n: number }>())!.n).toBe(4);

    await roomD1(practice.id, refusingBatches(env.DB));
    const pairs = [[a, b], [a, c], [a, d], [b, c], [b, d], [c, d]] as const;
    for (const [i, [x, y]] of pairs.entries()) {
      const res = await client.post(`/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: x, player2_id: y, score1: 5, score2: i % 5, version: 0 });
      expect(res.status).toBe(200);
    }
    // One bout again, over its first result.
    expect((await client.post(`/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: a, player2_id: b, score1: 3, score2: 5, version: 1 })).status).toBe(200);
    const live = await json<PoolSnapshot>(await client.api.practices[':practiceId'].pools[':poolId'].$get({ param: { practiceId: practice.id, poolId: pool.id } }));
    expect(live.bouts).toHaveLength(6);

    // D1 has none of it yet; the room knows it is behind and has set its alarm to try again.
    await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom, state) => {
      await room.flushArchive();
      expect(room.archive.behind()).toBe(true);
      expect(await state.storage.getAlarm()).not.toBeNull();
    });
    expect(await archivedBouts(pool.id)).toEqual([]);

    // D1 back: the alarm writes the archive, which then holds every bout exactly as the room does.
    await roomD1(practice.id, env.DB);
    await runDurableObjectAlarm(getRoom(env, practice.id));
    await vi.waitFor(async () => expect(await archivedBouts(pool.id)).toHaveLength(6), { timeout: 5_000 });
    const expected = live.bouts
      .map((x) => ({ player1_id: x.player1_id, player2_id: x.player2_id, score1: x.score1, score2: x.score2, version: x.version }))
      .sort((x, y) => (x.player1_id + x.player2_id).localeCompare(y.player1_id + y.player2_id));
    expect(await archivedBouts(pool.id)).toEqual(expected);
    expect(expected.find((x) => x.version === 2)).toBeDefined();
    await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom) => {
      expect(room.archive.behind()).toBe(false);
    });
  });

  it('copies a stream of scores to D1 a few times, not once a score, and ends holding every one', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await practiceWithPool(client, ['ann', 'bob', 'cleo', 'dan', 'eve', 'fay'].map((name) => ({ name })));
    const ids = pool.players.map((p) => p.id);
    const { db, count } = countingBatches(env.DB);
    await roomD1(practice.id, db);
    const started = Date.now();
    let written = 0;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        expect((await client.post(`/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: ids[i], player2_id: ids[j], score1: 5, score2: j % 5, version: 0 })).status).toBe(200);
        written++;
      }
    }
    // Every bout reaches D1 within a gap of the last one.
    await vi.waitFor(async () => expect(await archivedBouts(pool.id)).toHaveLength(written), { timeout: 5_000, interval: 50 });
    const elapsed = Date.now() - started;
    // One copy at once, then at most one a gap: the 15 scores (sent back to back) are never copied one by one.
    expect(written).toBe(15);
    expect(count.batches).toBeGreaterThanOrEqual(1);
    expect(count.batches).toBeLessThanOrEqual(Math.ceil(elapsed / ARCHIVE_GAP_MS) + 1);
    expect(count.batches).toBeLessThan(written);
    await roomD1(practice.id, env.DB);
  });

  it('a room that starts again with changes D1 lacks sets its alarm, which writes them', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await practiceWithPool(client, ['ann', 'bob'].map((name) => ({ name })));
    const [a, b] = pool.players.map((p) => p.id);
    await roomD1(practice.id, refusingBatches(env.DB));
    expect((await client.post(`/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: a, player2_id: b, score1: 5, score2: 2, version: 0 })).status).toBe(200);
    // The room is evicted before its archive is written, and its alarm is lost with it: the change stays marked.
    await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom, state) => {
      expect(await room.flushArchive()).toBe(false);
      await state.storage.deleteAlarm();
    });
    await expect(runInDurableObject(getRoom(env, practice.id), (_room: PracticeRoom, state) => state.abort('evicted'))).rejects.toThrow();
    // Started again, the room sets the backstop before anything else, and the alarm writes the score.
    await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom, state) => {
      expect(room.archive.behind()).toBe(true);
      expect(await state.storage.getAlarm()).not.toBeNull();
    });
    expect(await archivedBouts(pool.id)).toEqual([]);
    await roomD1(practice.id, env.DB);
    await runDurableObjectAlarm(getRoom(env, practice.id));
    const live = await liveBouts(client, practice.id, pool.id);
    expect(live).toHaveLength(1);
    await vi.waitFor(async () => expect(await archivedBouts(pool.id)).toEqual(live), { timeout: 5_000 });
  });

  it('a room from before the marks numbered its changes (step 10) copies its whole practice if it still counted some D1 lacked', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await practiceWithPool(client, ['ann', 'bob'].map((name) => ({ name })));
    const [a, b] = pool.players.map((p) => p.id);
    expect((await client.post(`/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: a, player2_id: b, score1: 5, score2: 2, version: 0 })).status).toBe(200);
    await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom, state) => {
      expect(await room.flushArchive()).toBe(true);
      const { sql } = state.storage;
      // As a room at step 9 whose last change was counted (`archive_due`) but left no mark: D1 lacks it.
      sql.exec('UPDATE matches SET score1 = 5, score2 = 4 WHERE tournament_id = ?', pool.id);
      sql.exec('DELETE FROM archive_dirty');
      sql.exec('UPDATE room SET archive_due = archived + 1');
      sql.exec('UPDATE room_schema SET version = 9');
      expect(room.archive.behind()).toBe(false);
      expect(await migrateRoom(state.storage, ROOM_STEPS.slice(0, 10))).toBe(10);
      expect(room.archive.behind()).toBe(true);
    });
    const live = await liveBouts(client, practice.id, pool.id);
    expect(live.map((x) => [x.score1, x.score2].sort())).toEqual([[4, 5]]);
    expect(await archivedBouts(pool.id)).not.toEqual(live);
    await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom) => {
      expect(await room.flushArchive()).toBe(true);
    });
    expect(await archivedBouts(pool.id)).toEqual(live);
  });

  it('deleting a roster athlete unlinks their entry in the room: the screens get the pool, and the archive follows', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const [ann, bob] = [await api.athlete({ name: 'ANN' }), await api.athlete({ name: 'BOB' })];
    const { practice, pool } = await practiceWithPool(client, [{ athlete_id: ann.id }, { athlete_id: bob.id }, { name: 'CLEO' }]);
    const socket = (await openSocket(client, `practice=${practice.id}`)).socket!;
    try {
      await socket.waitFor((m) => m.type === 'hello');
      expect((await client.api.athletes[':id'].$delete({ param: { id: ann.id } })).status).toBe(200);
      const told = await socket.waitFor((m) => m.type === 'pool' && m.pool.id === pool.id);
      expect(told.type === 'pool' && links(told.pool)).toEqual({ ANN: null, BOB: bob.id, CLEO: null });
      expect(told.type === 'pool' && told.pool.version).toBe(pool.version + 1);
      // The room's own read says the same, and so does the archive once written.
      expect(links(await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } })))).toEqual({ ANN: null, BOB: bob.id, CLEO: null });
      await runInDurableObject(getRoom(env, practice.id), (room: PracticeRoom) => room.flushArchive());
      const archived = await env.DB.prepare('SELECT name, athlete_id FROM players WHERE tournament_id = ? ORDER BY name').bind(pool.id).all();
      expect(archived.results).toEqual([{ name: 'ANN', athlete_id: null }, { name: 'BOB', athlete_id: bob.id }, { name: 'CLEO', athlete_id: null }]);
    } finally {
      socket.ws.close();
    }
    // Deleting an athlete no practice names tells no room, and another coach's athlete stays out of reach.
    const stranger = (await signedUpCoach()).client;
    expect((await stranger.api.athletes[':id'].$delete({ param: { id: bob.id } })).status).toBe(404);
    expect(links(await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } })))).toMatchObject({ BOB: bob.id });
  });

  it('athlete history shows a bout saved in the room within seconds', async () => {
    const { client } = await signedUpCoach();
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map(async (name) => json<Athlete>(await client.api.athletes.$post({ json: { name } }))));
    const { practice, pool } = await practiceWithPool(client, [{ athlete_id: ann!.id }, { athlete_id: bob!.id }]);
    const [x, y] = pool.players;
    const saved = await client.api.practices[':practiceId'].pools[':poolId'].bouts.$post({ param: { practiceId: practice.id, poolId: pool.id }, json: { player1_id: x!.id, player2_id: y!.id, score1: 5, score2: 3, version: 0 } });
    expect(saved.status).toBe(200);
    await vi.waitFor(
      async () => {
        const history = await json<AthleteHistory>(await client.api.athletes[':id'].history.$get({ param: { id: ann!.id } }));
        expect(history.bouts).toHaveLength(1);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('a room whose storage is empty takes its practice from D1 once: pools, bouts, tableau, format, teams and relays', async () => {
    const { client } = await signedUpCoach();
    // An individual practice: a pool fenced out, a format, a tableau with a score.
    const { practice, pool } = await practiceWithPool(client, ['ann', 'bob', 'cleo', 'dan'].map((name) => ({ name })));
    const ids = pool.players.map((p) => p.id);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        await client.post(`/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: ids[i], player2_id: ids[j], score1: 5, score2: j - i, version: 0 });
      }
    }
    expect((await client.api.practices[':practiceId'].bracket.format.$put({ param: { practiceId: practice.id }, json: { cut: { kind: 'all' }, third_place: 'bout', places_5_8: false } })).status).toBe(200);
    const pools = await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
    const m = resolveTableau(pools, await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }))).matches.find((x) => x.player1_id && x.player2_id && !x.winner_id)!;
    expect((await client.post(`/api/practices/${practice.id}/bracket/scores`, { round: m.round, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 11, version: m.version })).status).toBe(200);
    // A team practice: teams and a relay.
    const team = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'team', name: 'Relay night' } }));
    await client.api.practices[':practiceId'].teams.$post({ param: { practiceId: team.id }, json: { method: 'random', entries: ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name })), teams: 2 } });
    expect((await client.request('PUT', `/api/practices/${team.id}/team-matches/1`, { score_a: 5, score_b: 3, version: 0 })).status).toBe(200);

    const read = async () => ({
      pools: await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })),
      bracket: await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } })),
      teams: await json<Team[]>(await client.api.practices[':practiceId'].teams.$get({ param: { practiceId: team.id } })),
      sheet: await json<TeamMatchRow[]>(await client.api.practices[':practiceId']['team-matches'].$get({ param: { practiceId: team.id } })),
    });
    const before = await read();
    expect(before.bracket.matches.some((x) => x.player1_score === 15)).toBe(true);
    expect(before.sheet[0]).toMatchObject({ score_a: 5, score_b: 3, version: 1 });

    // Both rooms archive, then lose everything they held, as rooms that never kept a practice: their storage
    // is erased and the object starts again (what it had in memory goes with it, as with a new room).
    for (const id of [practice.id, team.id]) {
      await runInDurableObject(getRoom(env, id), async (room: PracticeRoom, state) => {
        expect(await room.flushArchive()).toBe(true);
        await state.storage.deleteAll();
        await migrateRoom(state.storage);
        expect(state.storage.sql.exec('SELECT COUNT(*) AS n FROM tournaments').one().n).toBe(0);
      });
      await expect(runInDurableObject(getRoom(env, id), (_room: PracticeRoom, state) => state.abort('a new room'))).rejects.toThrow();
    }
    // The next read takes the practice from D1: the same pools, tableau, format, teams and relays.
    expect(await read()).toEqual(before);
    // And the next write goes on from there, against the versions it had.
    const next = await client.request('PUT', `/api/practices/${team.id}/team-matches/1`, { score_a: 5, score_b: 4, version: 1 });
    expect(next.status).toBe(200);
    expect(await json<TeamMatchRow>(next)).toMatchObject({ score_b: 4, version: 2 });
  });
});
