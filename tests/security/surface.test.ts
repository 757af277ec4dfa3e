import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../core/contracts/athletes';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import { ALL_ACTIONS } from '../../core/permissions';
import { app } from '../../worker/app';
import { roomRoutes } from '../../worker/room/http';
import { isRoomPath } from '../../worker/middleware/to-room';
import type { Authorize } from '../../worker/auth/access';
import { getRoom } from '../../worker/room/room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { joinAsGuest } from '../helpers/guests';
import { guestSocket, openSocket } from '../helpers/sockets';
import { setLimits } from '../helpers/socket-abuse';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { freshClient, sharedPractice } from './helpers';
import { errorBody } from '../../core/messages';

describe('headers on every response', () => {
  const header = (res: Response, name: string) => res.headers.get(name) ?? '';

  it('the API and the coach’s pages refuse framing and carry a CSP without inline script', async () => {
    for (const path of ['/api/auth/session', '/practices', '/individual-practice', '/api/nothing']) {
      const res = await SELF.fetch(`https://piste.test${path}`);
      const csp = header(res, 'content-security-policy');
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(header(res, 'x-frame-options')).toBe('DENY');
      expect(header(res, 'x-content-type-options')).toBe('nosniff');
      expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(header(res, 'permissions-policy')).toContain('camera=()');
      expect(header(res, 'strict-transport-security')).toContain('max-age=');
    }
  });

  it('the live board may be embedded by clubs; HSTS only over https', async () => {
    const board = await SELF.fetch('https://piste.test/live/abcdefghijklmnopqrstuv');
    expect(header(board, 'content-security-policy')).toContain('frame-ancestors *');
    expect(board.headers.has('x-frame-options')).toBe(false);
    expect(header(board, 'x-content-type-options')).toBe('nosniff');
    const plain = await SELF.fetch('http://piste.test/api/auth/session');
    expect(plain.headers.has('strict-transport-security')).toBe(false);
    expect(header(plain, 'content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('error answers carry them too (a 429)', async () => {
    const attacker = freshClient();
    let res: Response | undefined;
    for (let i = 0; i < 12; i++) res = await attacker.get(`/api/board/zzzzzzzzzzzzzzzzzzzz${String(i).padStart(2, '0')}`);
    expect(res!.status).toBe(429);
    expect(header(res!, 'x-frame-options')).toBe('DENY');
  });
});

describe('bounded input: 4xx with a message, never 500, nothing written', () => {
  it('a 1 MB body is refused with 413 and a JSON message, and nothing is stored', async () => {
    const { client } = await signedUpCoach();
    const res = await client.api.athletes.$post({ json: { name: 'x'.repeat(1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual(errorBody('The request is too large (at most 64 KB)'));
    expect(await json<Athlete[]>(await client.api.athletes.$get())).toEqual([]);
  });

  it('refuses dates that are not real calendar days, and the practices list keeps working', async () => {
    const { client } = await signedUpCoach();
    for (const date of ['2024-99-99', '2023-02-29', '2024-04-31', '0000-01-01', '2024-1-1']) {
      const res = await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Bad date', date } });
      expect(res.status, date).toBe(400);
      expect(await json(res)).toEqual(errorBody('Date must be a calendar date (YYYY-MM-DD)'));
    }
    expect((await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Leap', date: '2024-02-29' } })).status).toBe(201);
    const list = await json<Practice[]>(await client.api.practices.$get());
    expect(list.map((p) => p.date)).toEqual(['2024-02-29']);
  });

  it('refuses an athlete selected twice in a generation or a team draw', async () => {
    const { client } = await signedUpCoach();
    const athlete = await json<Athlete>(await client.api.athletes.$post({ json: { name: 'Twice' } }));
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Dup' } }));
    const entries = [{ athlete_id: athlete.id }, { athlete_id: athlete.id }, { name: 'Other' }];
    const res = await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries } });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual(errorBody('An athlete was selected more than once: each fencer can be placed only once'));
    expect(await json(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }))).toEqual([]);
    const teams = await client.api.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: [...entries, { name: 'A' }, { name: 'B' }] } });
    expect(teams.status).toBe(400);
  });

  it('a pool never passes 20 fencers, even with 25 adds at once', async () => {
    const { client } = await signedUpCoach();
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Crowd' } }));
    const pool = await json<PoolSnapshot>(await client.api.practices[':practiceId'].pools.$post({ param: { practiceId: practice.id }, json: { name: 'Big' } }));
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => client.api.pools[':poolId'].players.$post({ param: { poolId: pool.id }, json: { name: `F${i}` } })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(5).fill(400));
    expect(await json(refused[0]!)).toEqual(errorBody('A pool holds at most 20 fencers'));
    const after = await json<PoolSnapshot>(await client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(after.players).toHaveLength(20);
    expect(after.players.map((p) => p.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('sockets', () => {
  it('past one address’s share of a room (set here to 20), the 21st is told it updates every few seconds and closed', async () => {
    const { practice } = await sharedPractice();
    await setLimits(practice.id, { perAddress: 20 });
    const crowd = freshClient();
    const open = [];
    for (let i = 0; i < 20; i++) {
      const s = (await openSocket(crowd, `board=${practice.board_id}`)).socket!;
      await s.waitFor((m) => m.type === 'hello');
      open.push(s);
    }
    const extra = (await openSocket(crowd, `board=${practice.board_id}`)).socket!;
    expect(await extra.closed).toBe(4429);
    expect(extra.messages).toEqual([{ type: 'refused', reason: 'Very many screens watch this board from your network: this one updates every few seconds instead of live.', code: 'network_share_full' }]);
    const elsewhere = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await elsewhere.waitFor((m) => m.type === 'hello');
    for (const s of [...open, elsewhere]) s.ws.close();
  });

  it('a room holds at most its socket limit', async () => {
    const { client, practice } = await sharedPractice();
    await runInDurableObject(getRoom(env, practice.id), (room: PracticeRoom) => {
      room.limits.perRoom = 2;
    });
    const a = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const b = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await Promise.all([a, b].map((s) => s.waitFor((m) => m.type === 'hello')));
    const c = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    expect(await c.closed).toBe(4429);
    expect(c.messages[0]).toEqual({ type: 'refused', reason: 'This practice has too many live screens open. Try again later.', code: 'practice_has_too_many_live' });
    a.ws.close();
    b.ws.close();
  });

  it('each message reaches only the roles allowed to read it: teams and room changes never reach guests or the board', async () => {
    const { client, practice } = await sharedPractice();
    const team = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'team', name: 'Relay' } }));
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: team.id }, json: { enabled: true } });
    const shared = await json<Practice>(await client.api.practices[':practiceId'].$get({ param: { practiceId: team.id } }));
    const { guest } = await joinAsGuest(shared.room_code);
    const coach = (await openSocket(client, `practice=${team.id}`)).socket!;
    const board = (await openSocket(freshClient(), `board=${shared.board_id}`)).socket!;
    const g = await guestSocket(guest, team.id);
    await Promise.all([coach, board, g].map((s) => s.waitFor((m) => m.type === 'hello')));
    await client.api.practices[':practiceId'].teams.$post({ param: { practiceId: team.id }, json: { method: 'random', entries: ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name })), teams: 2 } });
    await client.request('PUT', `/api/practices/${team.id}/team-matches/1`, { score_a: 3, score_b: 2, version: 0 });
    await client.api.practices[':practiceId']['room-code'].$post({ param: { practiceId: team.id } });
    await coach.waitFor((m) => m.type === 'relay');
    await coach.waitFor((m) => m.type === 'practice');
    expect(coach.messages.some((m) => m.type === 'teams')).toBe(true);
    for (const s of [board, g]) {
      expect(s.messages.filter((m) => ['teams', 'team-sheet', 'relay', 'practice', 'presence'].includes(m.type))).toEqual([]);
    }
    coach.ws.close();
    void practice;
  });
});

describe('one permission table in charge', () => {
  it('every API route declares its action through authorize()', () => {
    const declared = new Map<string, string[]>();
    // The worker's routes and a practice room's (issue 26: the practice's routes run in its room).
    for (const route of [...app.routes, ...roomRoutes.routes]) {
      if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
      const key = `${route.method} ${route.path}`;
      const action = (route.handler as Partial<Authorize>).action;
      declared.set(key, [...(declared.get(key) ?? []), ...(action ? [action] : [])]);
    }
    expect(declared.size).toBeGreaterThan(40);
    const undeclared = [...declared].filter(([, actions]) => actions.length !== 1).map(([key]) => key);
    expect(undeclared).toEqual([]);
    for (const actions of declared.values()) expect(ALL_ACTIONS).toContain(actions[0]);
  });

  it('the worker hands the room exactly the routes the room mounts: one list of what runs where', () => {
    const id = '0b8c3f5e-9d2a-4c1b-8e7f-6a5d4c3b2a10';
    const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, (p) => (p === ':practiceId' || p === ':poolId' ? id : '1'));
    const inRoom = roomRoutes.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL').map((r) => r.path);
    expect(inRoom.length).toBeGreaterThan(25);
    for (const path of inRoom) expect(isRoomPath(concrete(path)), path).toBe(true);
    // Every other API route of the worker stays in the worker (the practice's own row, its board, the roster…).
    const room = new Set(inRoom);
    const inWorker = app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*') && !room.has(r.path)).map((r) => r.path);
    expect(inWorker.length).toBeGreaterThan(25);
    for (const path of inWorker) expect(isRoomPath(concrete(path)), path).toBe(false);
  });

  it('nobody and a guest are refused a coach route the same way everywhere', async () => {
    const { practice } = await sharedPractice();
    const { guest } = await joinAsGuest(practice.room_code);
    for (const [method, path] of [['POST', `/api/practices/${practice.id}/board`], ['GET', `/api/practices/${practice.id}/teams`], ['PUT', `/api/practices/${practice.id}/team-matches/1`]] as const) {
      const body = method === 'GET' ? undefined : { score_a: 1, score_b: 1, version: 0 };
      expect((await new Client().request(method, path, body)).status, path).toBe(401);
      expect((await guest.request(method, path, body)).status, path).toBe(403);
    }
  });
});
