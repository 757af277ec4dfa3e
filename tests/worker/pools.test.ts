import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BoutConflict, BoutDelta, GeneratedPools, PoolSnapshot } from '../../core/contracts/pools';
import { computePoolStats } from '../../core/fencing/pool-stats';
import { orderPair, toStoredBout } from '../../core/fencing/bout-result';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { errorBody } from '../../core/messages';
import { archived } from '../helpers/room-d1';

/** Two fencers' ids as a bout stores them. */
const pairOf = (a: string, b: string) => { const [player1_id, player2_id] = orderPair(a, b); return { player1_id, player2_id }; };

const practiceWithPool = (client: Client, names: string[], type: 'individual' | 'team' = 'individual') => seed(viaClient(client)).practiceWithPool('Pools night', names, { type });

describe('generating pools', () => {
  it('a single pool is Main Pool with upper-cased fencers in order', async () => {
    const { client } = await signedUpCoach();
    const { pool } = await practiceWithPool(client, ['ann', 'Bob', 'cleo']);
    expect(pool.name).toBe('Main Pool');
    expect(pool.players.map((p) => [p.name, p.position])).toEqual([['ANN', 1], ['BOB', 2], ['CLEO', 3]]);
  });

  it('a random split of 10 into 4 pools is 3, 3, 2, 2, written together', async () => {
    const { client } = await signedUpCoach();
    const practice = await seed(viaClient(client)).practice('Split');
    const entries = Array.from({ length: 10 }, (_, i) => ({ name: `F${i}` }));
    const { pools } = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: 4, entries } }), 201);
    expect(pools.map((p) => p.name)).toEqual(['Pool 1', 'Pool 2', 'Pool 3', 'Pool 4']);
    expect(pools.map((p) => p.players.length)).toEqual([3, 3, 2, 2]);
  });

  it('mixes roster athletes and typed names; another coach’s athlete is refused', async () => {
    const { client } = await signedUpCoach();
    const { client: other } = await signedUpCoach('Other');
    const mine = await expectAnswer(client.api.athletes.$post({ json: { name: 'Adam Blake' } }), 201);
    const theirs = await expectAnswer(other.api.athletes.$post({ json: { name: 'Secret' } }), 201);
    const practice = await seed(viaClient(client)).practice('Mix');
    const ok = await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ athlete_id: mine.id }, { name: 'Typed' }] } });
    expect((await json<GeneratedPools>(ok)).pools[0]!.players.map((p) => [p.name, p.athlete_id])).toEqual([['ADAM BLAKE', mine.id], ['TYPED', null]]);
    const bad = await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ athlete_id: theirs.id }] } });
    expect(bad.status).toBe(404);
  });

  it('seeds by the latest pool results with serpentine placement', async () => {
    const { client } = await signedUpCoach();
    const athletes = [];
    for (const name of ['A1', 'A2', 'A3', 'A4']) athletes.push(await expectAnswer(client.api.athletes.$post({ json: { name } }), 201));
    // A first practice where A4 beats everyone, A3 beats A2 and A1, A2 beats A1.
    const first = await seed(viaClient(client)).practice('Before');
    const { pools: [pool] } = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: first.id }, json: { method: 'single', entries: athletes.map((a) => ({ athlete_id: a.id })) } }), 201);
    const pid = (n: string) => pool!.players.find((p) => p.name === n)!.id;
    for (const [w, l] of [['A4', 'A3'], ['A4', 'A2'], ['A4', 'A1'], ['A3', 'A2'], ['A3', 'A1'], ['A2', 'A1']]) {
      expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool!.id }, json: { player1_id: pid(w!), player2_id: pid(l!), score1: 5, score2: 1, version: 0 } })).status).toBe(200);
    }
    // Seeding reads the results of every practice from D1's archive, which the room writes behind its answers.
    await archived(first.id);
    const next = await seed(viaClient(client)).practice('After');
    const { pools } = await json<GeneratedPools>(
      await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: next.id }, json: { method: 'seeded', pool_count: 2, entries: [...athletes.map((a) => ({ athlete_id: a.id })), { name: 'New' }] } }),
    );
    // Seeds A4, A3, A2, A1, then the unranked typed name: serpentine puts 1 and 4 (and 5) in Pool 1, 2 and 3 in Pool 2.
    expect(pools.map((p) => p.players.map((x) => x.name))).toEqual([['A4', 'A1', 'NEW'], ['A3', 'A2']]);
  });

  it('manual assignment needs every athlete in a pool', async () => {
    const { client } = await signedUpCoach();
    const practice = await seed(viaClient(client)).practice('Manual');
    expect(await expectRefusal(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'manual', entries: [{ name: 'A', pool: 1 }, { name: 'B' }, { name: 'C' }] } }), 400)).toEqual(errorBody('Please assign all athletes to pools. 2 athlete(s) unassigned.'));
    const ok = await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'manual', entries: [{ name: 'A', pool: 2 }, { name: 'B', pool: 1 }, { name: 'C', pool: 2 }] } });
    expect((await json<GeneratedPools>(ok)).pools.map((p) => p.players.map((x) => x.name))).toEqual([['B'], ['A', 'C']]);
  });

  it('refuses an empty selection and a bad pool count with the spec texts', async () => {
    const { client } = await signedUpCoach();
    const practice = await seed(viaClient(client)).practice('Empty');
    const { generate } = client.api.practices[':practiceId'].pools;
    const param = { practiceId: practice.id };
    expect(await expectRefusal(generate.$post({ param, json: { method: 'single', entries: [] } }), 400)).toEqual(errorBody('Please select athletes or add names manually'));
    expect(await expectRefusal(generate.$post({ param, json: { method: 'random', pool_count: 11, entries: [{ name: 'a' }] } }), 400)).toEqual(errorBody('1 fencers fill at most 2 pools of 2: choose fewer pools'));
    expect(await expectRefusal(generate.$post({ param, json: { method: 'random', pool_count: 1, entries: [{ name: 'a' }] } }), 400)).toEqual(errorBody('Pool count must be a whole number from 2 to 256'));
    expect((await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }))).length).toBe(0);
  });
});

describe('bouts', () => {
  it('stores a bout once; the cell, its mirror and the stats follow from it', async () => {
    const { client } = await signedUpCoach();
    const { pool } = await practiceWithPool(client, ['a', 'b', 'c']);
    const [a, b] = pool.players;
    const res = await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: b!.id, player2_id: a!.id, score1: 3, score2: 5, version: 0 } });
    expect(res.status).toBe(200);
    // The answer is what changed (a delta): the bout in stored order and the pool's new version.
    const delta = await json<BoutDelta>(res);
    const stored = toStoredBout({ player1_id: b!.id, player2_id: a!.id, score1: 3, score2: 5, priority_id: null });
    expect(delta).toMatchObject({ pool_id: pool.id, pool_version: pool.version + 1, bout: { player1_id: stored.player1_id, player2_id: stored.player2_id } });
    expect(delta.bout).toMatchObject({ score1: stored.score1, score2: stored.score2, version: 1 });
    const snap = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(snap.version).toBe(pool.version + 1);
    expect(snap.bouts).toHaveLength(1);
    expect(snap.bouts[0]!.version).toBe(1);
    const stats = computePoolStats(snap.players, snap.bouts);
    expect(stats[0]!.matches[b!.id]).toBe('V5');
    expect(stats[1]!.matches[a!.id]).toBe('D3');

    // Writing it again from the other side replaces it; clearing empties both cells.
    await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 4, score2: 4, priority_id: b!.id, version: 1 } });
    const again = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(again.bouts).toHaveLength(1);
    expect(again.bouts[0]!.version).toBe(2);
    expect(computePoolStats(again.players, again.bouts)[1]!.matches[a!.id]).toBe('V4');
    const cleared = await json<BoutDelta>(await client.request('DELETE', `/api/pools/${pool.id}/bouts`, { player1_id: a!.id, player2_id: b!.id, version: 2 }));
    expect(cleared).toEqual({ pool_id: pool.id, pool_version: pool.version + 3, bout: null, ...pairOf(a!.id, b!.id) });
    expect((await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }))).bouts).toEqual([]);
  });

  it('refuses a fencer of another pool, scores above the max or below 0, and non-integers with 400', async () => {
    const { client } = await signedUpCoach();
    const { pool, practice } = await practiceWithPool(client, ['a', 'b']);
    const other = await json<PoolSnapshot>(await client.api.practices[':practiceId'].pools.$post({ param: { practiceId: practice.id }, json: { name: 'Other' } }));
    const withX = await json<PoolSnapshot>(await client.api.pools[':poolId'].players.$post({ param: { poolId: other.id }, json: { name: 'x' } }));
    const [a, b] = pool.players;
    const url = `/api/pools/${pool.id}/bouts`;
    const cases: [unknown, string][] = [
      [{ player1_id: a!.id, player2_id: withX.players[0]!.id, score1: 5, score2: 1, version: 0 }, 'Both fencers must belong to this pool'],
      [{ player1_id: a!.id, player2_id: b!.id, score1: 6, score2: 1, version: 0 }, 'Scores must be whole numbers from 0 to 5'],
      [{ player1_id: a!.id, player2_id: b!.id, score1: -1, score2: 1, version: 0 }, 'Scores must be whole numbers of 0 or more'],
      [{ player1_id: a!.id, player2_id: b!.id, score1: 2.5, score2: 1, version: 0 }, 'Scores must be whole numbers of 0 or more'],
      [{ player1_id: a!.id, player2_id: b!.id, score1: '5', score2: 1, version: 0 }, 'Scores must be whole numbers of 0 or more'],
      [{ player1_id: a!.id, player2_id: a!.id, score1: 5, score2: 1, version: 0 }, 'A fencer cannot fence themselves'],
      [{ player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1, priority_id: a!.id, version: 0 }, 'Priority can only go to one of the two fencers, at equal scores'],
      [{ player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1 }, 'Say which version of the bout this result replaces'],
    ];
    for (const [body, error] of cases) {
      const res = await client.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toEqual(errorBody(error));
    }
    expect((await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }))).bouts).toEqual([]);
  });

  it('a team practice scores pool bouts to 45', async () => {
    const { client } = await signedUpCoach();
    const { pool } = await practiceWithPool(client, ['Team 1', 'Team 2'], 'team');
    const [a, b] = pool.players;
    expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 45, score2: 38, version: 0 } })).status).toBe(200);
    const over = await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 46, score2: 38, version: 1 } });
    expect(await json(over)).toEqual(errorBody('Scores must be whole numbers from 0 to 45'));
  });

  it('writes made against the same version of a bout: one wins, the others get 409 with the winner, nothing half-written', async () => {
    const { client } = await signedUpCoach();
    const { pool } = await practiceWithPool(client, ['a', 'b', 'c']);
    const [a, b, c] = pool.players;
    const writes = [
      { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 },
      { player1_id: b!.id, player2_id: a!.id, score1: 5, score2: 4, version: 0 },
      { player1_id: a!.id, player2_id: b!.id, score1: 3, score2: 5, version: 0 },
      { player1_id: b!.id, player2_id: a!.id, score1: 1, score2: 5, version: 0 },
    ];
    const results = await Promise.all(writes.map((w) => client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: w })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const final = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(final.bouts).toHaveLength(1);
    expect(final.bouts[0]!.version).toBe(1);
    expect(final.version).toBe(pool.version + 1);
    const winner = writes[results.findIndex((r) => r.status === 200)]!;
    const stored = toStoredBout({ ...winner, priority_id: null });
    expect(final.bouts[0]).toMatchObject(stored);
    const conflict = await json<BoutConflict>(results.find((r) => r.status === 409)!);
    expect(conflict.error).toBe('Someone else changed this bout meanwhile. The grid shows their result: enter yours again to replace it.');
    expect(conflict.current).toMatchObject({ ...stored, version: 1 });
    expect(conflict).toMatchObject({ pool_id: pool.id, pool_version: final.version, bout: { player1_id: stored.player1_id, player2_id: stored.player2_id } });

    // Writers of different bouts never conflict.
    const other = await Promise.all([
      client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: c!.id, score1: 5, score2: 0, version: 0 } }),
      client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: b!.id, player2_id: c!.id, score1: 5, score2: 1, version: 0 } }),
    ]);
    expect(other.map((r) => r.status)).toEqual([200, 200]);
  });

  it('a clear against an older version is refused; a stale write after a clear is refused too', async () => {
    const { client } = await signedUpCoach();
    const { pool } = await practiceWithPool(client, ['a', 'b']);
    const [a, b] = pool.players;
    const url = `/api/pools/${pool.id}/bouts`;
    await client.post(url, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 });
    await client.post(url, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 3, version: 1 });
    expect((await client.request('DELETE', url, { player1_id: a!.id, player2_id: b!.id, version: 1 })).status).toBe(409);
    expect((await client.request('DELETE', url, { player1_id: b!.id, player2_id: a!.id, version: 2 })).status).toBe(200);
    expect((await client.post(url, { player1_id: a!.id, player2_id: b!.id, score1: 1, score2: 5, version: 2 })).status).toBe(409);
    expect((await client.request('DELETE', url, { player1_id: a!.id, player2_id: b!.id, version: 0 })).status).toBe(200);
  });
});

describe('players and pools', () => {
  it('adds upper-cased players, refuses an empty name, removes a player with their bouts', async () => {
    const { client } = await signedUpCoach();
    const { pool } = await practiceWithPool(client, ['a', 'b', 'c']);
    const snap = await expectAnswer(client.api.pools[':poolId'].players.$post({ param: { poolId: pool.id }, json: { name: '  dora  ' } }), 201);
    expect(snap.players.map((p) => p.name)).toEqual(['A', 'B', 'C', 'DORA']);
    expect(await expectRefusal(client.api.pools[':poolId'].players.$post({ param: { poolId: pool.id }, json: { name: '   ' } }), 400)).toEqual(errorBody('Player name cannot be empty'));

    const [a, b] = snap.players;
    await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 0, version: 0 } });
    const after = await json<PoolSnapshot>(await client.api.pools[':poolId'].players[':playerId'].$delete({ param: { poolId: pool.id, playerId: a!.id } }));
    expect(after.players.map((p) => [p.name, p.position])).toEqual([['B', 1], ['C', 2], ['DORA', 3]]);
    expect(after.bouts).toEqual([]);
  });

  it('creates, renames and deletes pools; deleting removes players and bouts', async () => {
    const { client } = await signedUpCoach();
    const { pool, practice } = await practiceWithPool(client, ['a', 'b']);
    const evening = await expectAnswer(client.api.practices[':practiceId'].pools.$post({ param: { practiceId: practice.id }, json: { name: '  Evening  ' } }), 201);
    expect(evening.name).toBe('Evening');
    expect(await expectRefusal(client.api.practices[':practiceId'].pools.$post({ param: { practiceId: practice.id }, json: { name: ' ' } }), 400)).toEqual(errorBody('Pool name is required'));
    expect((await json<PoolSnapshot>(await client.api.pools[':poolId'].$patch({ param: { poolId: evening.id }, json: { name: 'Late' } }))).name).toBe('Late');
    await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: pool.players[0]!.id, player2_id: pool.players[1]!.id, score1: 5, score2: 0, version: 0 } });
    expect((await client.api.pools[':poolId'].$delete({ param: { poolId: pool.id } })).status).toBe(200);
    const left = await env.DB.prepare('SELECT (SELECT COUNT(*) FROM players WHERE tournament_id = ?1) AS p, (SELECT COUNT(*) FROM matches WHERE tournament_id = ?1) AS m').bind(pool.id).first();
    expect(left).toEqual({ p: 0, m: 0 });
    expect((await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }))).map((p) => p.name)).toEqual(['Late']);
  });

  it('another coach gets 404 for every read and write of a pool', async () => {
    const { client } = await signedUpCoach();
    const { client: other } = await signedUpCoach('Other');
    const { pool, practice } = await practiceWithPool(client, ['a', 'b']);
    const [a, b] = pool.players;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/practices/${practice.id}/pools`],
      ['POST', `/api/practices/${practice.id}/pools`, { name: 'x' }],
      ['POST', `/api/practices/${practice.id}/pools/generate`, { method: 'single', entries: [{ name: 'x' }] }],
      ['GET', `/api/pools/${pool.id}`],
      ['PATCH', `/api/pools/${pool.id}`, { name: 'x' }],
      ['DELETE', `/api/pools/${pool.id}`, {}],
      ['POST', `/api/pools/${pool.id}/players`, { name: 'x' }],
      ['DELETE', `/api/pools/${pool.id}/players/${a!.id}`, {}],
      ['POST', `/api/pools/${pool.id}/bouts`, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 0, version: 0 }],
      ['DELETE', `/api/pools/${pool.id}/bouts`, { player1_id: a!.id, player2_id: b!.id, version: 0 }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await other.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const unchanged = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(unchanged).toMatchObject({ name: 'Main Pool', version: pool.version, bouts: [] });
    expect(unchanged.players).toHaveLength(2);
  });
});

describe('live bout deltas', () => {
  it('two sockets on a practice both receive the delta of a bout (a few hundred bytes); another practice receives nothing', async () => {
    const { client } = await signedUpCoach();
    const { pool, practice } = await practiceWithPool(client, ['a', 'b']);
    const elsewhere = await seed(viaClient(client)).practice('Elsewhere');
    const s1 = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const s2 = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const s3 = (await openSocket(client, `practice=${elsewhere.id}`)).socket!;
    try {
      await Promise.all([s1, s2, s3].map((s) => s.waitFor((m) => m.type === 'hello')));
      const [a, b] = pool.players;
      const written = await json<BoutDelta>(await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 } }));
      for (const s of [s1, s2]) {
        const msg = await s.waitFor((m) => m.type === 'bout' && m.delta.pool_version === written.pool_version);
        expect(msg).toEqual({ type: 'bout', practiceId: practice.id, delta: written });
        // Issue 13: "at most about 300 bytes" (two ids of 36 characters each, the pool and the practice, and the result).
        expect(JSON.stringify(msg).length).toBeLessThanOrEqual(340);
      }
      await new Promise((r) => setTimeout(r, 100));
      // Only what a coach's socket is sent as it opens: hello, the day's calls (none: the practice is in no day), who is in the room.
      expect(s3.messages).toEqual([expect.objectContaining({ type: 'hello' }), { type: 'day-calls', practiceId: expect.any(String), calls: null }, expect.objectContaining({ type: 'presence' })]);
    } finally {
      for (const s of [s1, s2, s3]) s.ws.close();
    }
  });
});
