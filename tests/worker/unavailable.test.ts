import { describe, expect, it } from 'vitest';
import type { Practice } from '../../core/contracts/practices';
import type { Env } from '../../worker/env';
import { isUnavailable } from '../../worker/unavailable';
import { joinAsGuest } from '../helpers/guests';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer } from '../helpers/api-client';

/** A D1 binding whose every query fails the way D1 does when it is unreachable (or with another error). */
function failingD1(message: string): D1Database {
  const fail = async () => {
    throw new Error(message);
  };
  const statement: object = new Proxy({}, { get: (_, k) => (k === 'then' ? undefined : k === 'bind' ? () => statement : fail) });
  const handles: Record<PropertyKey, unknown> = { then: undefined, withSession: () => db, prepare: () => statement, getBookmark: () => null };
  const db: object = new Proxy({}, { get: (_, k) => (k in handles ? handles[k] : fail) });
  return db as D1Database;
}

/** A room namespace whose objects fail as a Durable Object does after a deploy reset it. */
function resetRooms(): Env['PRACTICE_ROOM'] {
  const reset = () => {
    throw Object.assign(new Error('Durable Object reset because its code was updated.'), { retryable: true });
  };
  const stub = new Proxy({}, { get: (_, k) => (k === 'then' ? undefined : reset) });
  return { idFromName: () => ({}), get: () => stub } as unknown as Env['PRACTICE_ROOM'];
}

async function pool(client: Client, share = false) {
  const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Stumbles' } }));
  const { pools } = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ name: 'ann' }, { name: 'bob' }] } }), 201);
  const shared = share ? await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } })) : practice;
  return { practice: shared, pool: pools[0]! };
}

describe('a server that stumbles says so: 503, Retry-After and a code, nothing half-written', () => {
  it('a D1 route answers 503 server_busy while D1 is unreachable or overloaded; a bout, off D1, is stored (once, with its key)', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool: p } = await pool(client);
    const [a, b] = p.players;
    const body = { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 };
    const headers = { 'idempotency-key': 'stumble-key-0001' };

    const down = await client.apiIn({ DB: failingD1('D1_ERROR: Network connection lost.') }).athletes.$get();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('2');
    expect(await json(down)).toMatchObject({ code: 'server_busy' });
    const overloaded = await client.apiIn({ DB: failingD1('D1_ERROR: D1 DB is overloaded. Too many requests queued.') }).athletes.$post({ json: { name: 'Dana' } });
    expect(overloaded.status).toBe(503);
    expect(await expectAnswer(client.api.athletes.$get())).toEqual([]);

    // A score goes to the practice's room, which is its store (issue 26): D1 out of reach changes nothing.
    const bouts = () => client.apiIn({ DB: failingD1('D1_ERROR: Network connection lost.') }).practices[':practiceId'].pools[':poolId'].bouts;
    const param = { practiceId: practice.id, poolId: p.id };
    const stored1 = await bouts().$post({ param, json: body }, { headers });
    expect(stored1.status).toBe(200);
    const again = await bouts().$post({ param, json: body }, { headers });
    expect(again.status).toBe(200);
    const stored = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: p.id } }));
    expect(stored.bouts).toHaveLength(1);
    expect(stored.bouts[0]!.version).toBe(1);
    expect([stored.bouts[0]!.score1, stored.bouts[0]!.score2].sort()).toEqual([2, 5]);
    expect(stored.version).toBe(p.version + 1);
  });

  it('a guest whose practice room was reset by a deploy gets 503, not a session that ended', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool: p } = await pool(client, true);
    const { guest } = await joinAsGuest(practice.room_code!, 'Parent');
    const [a, b] = p.players;
    const res = await guest.requestIn({ PRACTICE_ROOM: resetRooms() }, 'POST', `/api/pools/${p.id}/bouts`, { player1_id: a!.id, player2_id: b!.id, score1: 1, score2: 5, version: 0 }, { authorization: `Bearer ${guest.token}`, 'idempotency-key': 'stumble-key-0002' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await json(res)).toMatchObject({ code: 'server_busy' });
    expect((await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: p.id } }))).bouts).toEqual([]);
    // The room back: the guest's session still holds and the same write goes through.
    const ok = await guest.request('POST', `/api/pools/${p.id}/bouts`, { player1_id: a!.id, player2_id: b!.id, score1: 1, score2: 5, version: 0 }, { 'idempotency-key': 'stumble-key-0002' });
    expect(ok.status).toBe(200);
  });

  it('a fault of our own is a 500 with its code, never mistaken for a moment of unavailability', async () => {
    const { client } = await signedUpCoach();
    await pool(client);
    const res = await client.apiIn({ DB: failingD1('D1_ERROR: no such column: nonsense: SQLITE_ERROR') }).athletes.$get();
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await json(res)).toMatchObject({ code: 'something_went_wrong_on_our' });
  });

  it('reads the error chains D1, drizzle and Durable Objects throw', () => {
    expect(isUnavailable(new Error('D1_ERROR: Network connection lost.'))).toBe(true);
    expect(isUnavailable(new Error('Failed query', { cause: new Error('D1_ERROR: Internal error in D1 DB storage caused object to be reset.') }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('anything'), { overloaded: true }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('anything'), { retryable: true }))).toBe(true);
    expect(isUnavailable(new Error('D1_ERROR: UNIQUE constraint failed: users.email'))).toBe(false);
    expect(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnavailable(new Error('D1_ERROR: database is locked: SQLITE_BUSY'))).toBe(true);
    expect(isUnavailable(null)).toBe(false);
  });
});
