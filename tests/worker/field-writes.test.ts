import { describe, expect, it } from 'vitest';
import type { BoutDelta, PoolSnapshot } from '../../core/contracts/pools';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { errorBody } from '../../core/messages';

async function poolOf(client: Client) {
  return (await seed(viaClient(client)).practiceWithPool('Field', ['ann', 'bob'])).pool;
}

const keyed = (client: Client, method: string, path: string, body: unknown, key: string) => client.request(method, path, body, { 'idempotency-key': key });

describe('writes from the field carry an idempotency key', () => {
  it('the same key sent twice applies once, and the replay answers success with the current state', async () => {
    const { client } = await signedUpCoach();
    const pool = await poolOf(client);
    const [a, b] = pool.players;
    const body = { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 3, version: 0 };
    const first = await keyed(client, 'POST', `/api/pools/${pool.id}/bouts`, body, 'outbox-key-0001');
    const replay = await keyed(client, 'POST', `/api/pools/${pool.id}/bouts`, body, 'outbox-key-0001');
    expect([first.status, replay.status]).toEqual([200, 200]);
    // The replay answers the bout as it stands, at the pool's version after the one write.
    const delta = await json<BoutDelta>(replay);
    expect(delta.pool_version).toBe(pool.version + 1);
    expect(delta.bout!.version).toBe(1);
    expect([delta.bout!.score1, delta.bout!.score2].sort()).toEqual([3, 5]);
    const after = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(after.bouts).toHaveLength(1);
    expect(after.bouts[0]!.version).toBe(1);
    expect(after.version).toBe(pool.version + 1);
    // A new write with a new key over the same stale version is a real conflict.
    expect((await keyed(client, 'POST', `/api/pools/${pool.id}/bouts`, { ...body, score2: 4 }, 'outbox-key-0002')).status).toBe(409);
  });

  it('two copies of one write sent at once apply once; both answer success', async () => {
    const { client } = await signedUpCoach();
    const pool = await poolOf(client);
    const [a, b] = pool.players;
    const body = { player1_id: a!.id, player2_id: b!.id, score1: 2, score2: 5, version: 0 };
    const answers = await Promise.all([1, 2, 3].map(() => keyed(client, 'POST', `/api/pools/${pool.id}/bouts`, body, 'same-key-parallel')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const final = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(final.bouts[0]!.version).toBe(1);
    expect(final.version).toBe(pool.version + 1);
  });

  it('a clear replayed after the bout was written again does not clear it twice', async () => {
    const { client } = await signedUpCoach();
    const pool = await poolOf(client);
    const [a, b] = pool.players;
    const url = `/api/pools/${pool.id}/bouts`;
    await client.post(url, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 0, version: 0 });
    expect((await keyed(client, 'DELETE', url, { player1_id: a!.id, player2_id: b!.id, version: 1 }, 'clear-key-01')).status).toBe(200);
    await client.post(url, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1, version: 0 });
    const replay = await keyed(client, 'DELETE', url, { player1_id: a!.id, player2_id: b!.id, version: 1 }, 'clear-key-01');
    expect(replay.status).toBe(200);
    const stillThere = (await json<BoutDelta>(replay)).bout!;
    expect([stillThere.score1, stillThere.score2].sort()).toEqual([1, 5]);
    expect((await json<PoolSnapshot>(await client.get(url.replace('/bouts', '')))).bouts).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const { client } = await signedUpCoach();
    const pool = await poolOf(client);
    const [a, b] = pool.players;
    expect(await expectRefusal(keyed(client, 'POST', `/api/pools/${pool.id}/bouts`, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 3, version: 0 }, 'bad key!'), 400)).toEqual(errorBody('The Idempotency-Key header must be 8 to 64 letters, digits, - or _'));
    expect((await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }))).bouts).toEqual([]);
  });
});

describe('a write that lost to another screen’s answers the state that won, typed by the contract', () => {
  it('a stale bout’s 409 names the bout as it stands, and the typed client reads it without a cast', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await seed(viaClient(client)).practiceWithPool('Typed conflict', ['ann', 'bob']);
    const [a, b] = pool.players;
    const bouts = client.api.practices[':practiceId'].pools[':poolId'].bouts;
    const param = { practiceId: practice.id, poolId: pool.id };
    await expectAnswer(bouts.$post({ param, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1, version: 0 } }));
    const stale = await bouts.$post({ param, json: { player1_id: a!.id, player2_id: b!.id, score1: 2, score2: 5, version: 0 } });
    expect(stale.status).toBe(409);
    if (stale.status !== 409) return;
    // `current`, `pool_version` and `code` are the 409's declared type: this compiles only if the route says so.
    const lost = await stale.json();
    expect(lost.code).toBe('someone_else_changed_bout_meanwhile');
    expect(lost.pool_version).toBe(pool.version + 1);
    expect(lost.current && [lost.current.score1, lost.current.score2].sort()).toEqual([1, 5]);
  });

  it('a stale relay row’s 409 names the row as it stands', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Typed relay', { type: 'team' });
    await api.teams(practice.id, ['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
    const row = client.api.practices[':practiceId']['team-matches'][':n'];
    const param = { practiceId: practice.id, n: '1' };
    await expectAnswer(row.$put({ param, json: { score_a: 5, score_b: 3, version: 0 } }));
    const stale = await row.$put({ param, json: { score_a: 4, score_b: 4, version: 0 } });
    expect(stale.status).toBe(409);
    if (stale.status !== 409) return;
    const lost = await stale.json();
    expect([lost.current.score_a, lost.current.score_b, lost.current.version]).toEqual([5, 3, 1]);
  });
});
