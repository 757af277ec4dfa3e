import { describe, expect, it } from 'vitest';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import { computePoolStats } from '../../core/fencing/pool-stats';
import { joinAsGuest } from '../helpers/guests';
import { guestSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { errorBody } from '../../core/messages';

/** A coach's practice with one fenced pool of two, shared with guests. */
async function sharedPractice(client: Client, name: string) {
  const api = seed(viaClient(client));
  const { practice, pool } = await api.practiceWithPool(name, ['ann', 'bob']);
  await api.bout(pool, pool.players[0]!.id, pool.players[1]!.id, 5, 3);
  return { practice: await api.share(practice.id), pool };
}

/** The owner of the practices the matrix is run against (reads the bout's current version). */
let ownerClient: Client | undefined;

type Cell = 'list pools' | 'read a pool' | 'write a bout' | 'write a bracket score' | 'read results' | 'create a pool' | 'read the roster';

/** The seven actions of the matrix, against practice P and pool X, as `client` sends them. */
async function attempt(client: Client, p: Practice, x: PoolSnapshot, owner: Client = ownerClient!): Promise<Record<Cell, number>> {
  const [a, b] = x.players;
  const out = {} as Record<Cell, number>;
  out['list pools'] = (await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: p.id } })).status;
  out['read a pool'] = (await client.api.pools[':poolId'].$get({ param: { poolId: x.id } })).status;
  // Written against the bout as it stands, so only who is asking decides the answer.
  const version = (await expectAnswer(owner.api.pools[':poolId'].$get({ param: { poolId: x.id } }))).bouts[0]?.version ?? 0;
  out['write a bout'] = (await client.api.pools[':poolId'].bouts.$post({ param: { poolId: x.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 4, version } })).status;
  const matchVersion = (await json<BracketSnapshot>(await owner.api.practices[':practiceId'].bracket.$get({ param: { practiceId: p.id } }))).matches[0]?.version ?? 0;
  out['write a bracket score'] = (await client.api.practices[':practiceId'].bracket.scores.$post({ param: { practiceId: p.id }, json: { round: 1, position: 0, player1_id: a!.id, player2_id: b!.id, player1_score: 15, player2_score: 9, version: matchVersion } })).status;
  out['read results'] = (await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: p.id } })).status;
  out['create a pool'] = (await client.api.practices[':practiceId'].pools.$post({ param: { practiceId: p.id }, json: { name: 'Extra' } })).status;
  out['read the roster'] = (await client.api.athletes.$get()).status;
  return out;
}

const row = (statuses: number[]): Record<Cell, number> => {
  const cells: Cell[] = ['list pools', 'read a pool', 'write a bout', 'write a bracket score', 'read results', 'create a pool', 'read the roster'];
  return Object.fromEntries(cells.map((c, i) => [c, statuses[i]!])) as Record<Cell, number>;
};

describe('who may do what (SPEC §6), one row per role', async () => {
  const owner = await signedUpCoach('Owner');
  ownerClient = owner.client;
  const { practice: P, pool: X } = await sharedPractice(owner.client, 'Shared');
  const { practice: Q } = await sharedPractice(owner.client, 'Other shared');
  const { guest: guestOfP } = await joinAsGuest(P.room_code);
  const { guest: guestOfQ } = await joinAsGuest(Q.room_code);

  it('the owner may do everything', async () => {
    expect(await attempt(owner.client, P, X)).toEqual(row([200, 200, 200, 200, 200, 201, 200]));
  });

  it('another coach finds nothing of it (404) and reads only their own roster', async () => {
    const other = await signedUpCoach('Other');
    await other.client.api.athletes.$post({ json: { name: 'Their own' } });
    expect(await attempt(other.client, P, X)).toEqual(row([404, 404, 404, 404, 404, 404, 200]));
    expect((await expectAnswer(other.client.api.athletes.$get())).map((a) => a.name)).toEqual(['Their own']);
  });

  it('a guest of this practice reads and scores its shared pools and tableau, and nothing else (403)', async () => {
    expect(await attempt(guestOfP, P, X)).toEqual(row([200, 200, 200, 200, 200, 403, 403]));
    const refused = await guestOfP.api.practices[':practiceId'].pools.$post({ param: { practiceId: P.id }, json: { name: 'x' } });
    expect((await json(refused)).error).toBe('Guests cannot do this: it needs the coach’s account');
    for (const [method, path, body] of [
      ['DELETE', `/api/pools/${X.id}`, {}],
      ['POST', `/api/pools/${X.id}/players`, { name: 'intruder' }],
      ['POST', `/api/practices/${P.id}/room-code`, {}],
      ['POST', `/api/practices/${P.id}/sharing`, { enabled: false }],
      ['GET', '/api/practices'],
      ['POST', '/api/practices', { practice_type: 'individual', name: 'x' }],
      ['DELETE', `/api/practices/${P.id}`, {}],
      ['POST', '/api/feedback', { feedback_type: 'report_issue', message: 'x' }],
      ['GET', `/api/practices/${P.id}/team-matches`],
    ] as const) {
      expect((await guestOfP.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // A guest does write bouts; the statistics follow from the bout like anyone's.
    const pool = await expectAnswer(guestOfP.api.pools[':poolId'].$get({ param: { poolId: X.id } }));
    const [ann, bob] = computePoolStats(pool.players, pool.bouts);
    expect([ann!.matches[bob!.id], bob!.matches[ann!.id]]).toEqual(['V5', 'D4']);
  });

  it('a guest of another practice gets 404 for this one (and 403 for what guests never do)', async () => {
    expect(await attempt(guestOfQ, P, X)).toEqual(row([404, 404, 404, 404, 404, 403, 403]));
  });

  it('a spectator reads the board by its board link; every write and the roster are refused (401)', async () => {
    const spectator = new Client();
    const snap = await expectAnswer(spectator.api.board[':boardId'].$get({ param: { boardId: P.board_id } }));
    expect(snap.practice).toEqual({ id: P.id, name: 'Shared', date: P.date, practice_type: 'individual', weapon: 'epee' });
    expect(snap.pools.map((p) => p.id)).toContain(X.id);
    expect(snap.bracket.practice_id).toBe(P.id);
    const writes = await attempt(spectator, P, X);
    expect(writes).toEqual(row([401, 401, 401, 401, 401, 401, 401]));
  });

  it('nobody at all gets 401 Not authenticated everywhere, and no board for a wrong code', async () => {
    const anonymous = new Client();
    expect(await attempt(anonymous, P, X)).toEqual(row([401, 401, 401, 401, 401, 401, 401]));
    expect(await expectRefusal(anonymous.api.practices[':practiceId'].pools.$get({ param: { practiceId: P.id } }), 401)).toEqual(errorBody('Not authenticated'));
    expect((await anonymous.get('/api/board/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('a guest who left is out at once (401, and says so)', async () => {
    const { guest } = await joinAsGuest(P.room_code, 'Leaver');
    expect((await guest.api.practices[':practiceId'].pools.$get({ param: { practiceId: P.id } })).status).toBe(200);
    expect((await guest.api.guest.leave.$post()).status).toBe(200);
    expect(await attempt(guest, P, X)).toEqual(row([401, 401, 401, 401, 401, 401, 401]));
    expect(await expectRefusal(guest.api.pools[':poolId'].$get({ param: { poolId: X.id } }), 401)).toEqual(errorBody('Your guest session has ended. Join again with the room code.'));
    expect((await guest.api.guest.validate.$post()).status).toBe(401);
  });

  it('after sharing is turned off, a guest is out at once, their socket is closed, and the code opens nothing', async () => {
    const socket = await guestSocket(guestOfP, P.id);
    await socket.waitFor((m) => m.type === 'hello' && m.role === 'guest');
    const off = await owner.client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: P.id }, json: { enabled: false } });
    expect((await json<Practice>(off)).allow_guest_access).toBe(false);
    expect(await socket.waitFor((m) => m.type === 'room-closed')).toEqual({ type: 'room-closed', reason: 'The coach turned off guest access.', code: 'guest_access_turned_off' });
    expect(await socket.closed).toBe(4001);
    expect(await attempt(guestOfP, P, X)).toEqual(row([401, 401, 401, 401, 401, 401, 401]));
    // The board link is right: told its practice does not share right now (the board waits), and nothing of it.
    expect(await expectRefusal(new Client().api.board[':boardId'].$get({ param: { boardId: P.board_id } }), 409)).toEqual(errorBody('The coach is not sharing this practice right now.'));
    expect(await expectRefusal(new Client().api.guest.join.$post({ json: { room_code: P.room_code } }), 404)).toEqual(errorBody('Invalid room code or room is not accessible'));
    // The owner is unaffected.
    expect((await owner.client.api.practices[':practiceId'].pools.$get({ param: { practiceId: P.id } })).status).toBe(200);
  });
});
