import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { decode } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import type { Practice, RoomPresence } from '../../core/contracts/practices';
import type { LiveMessage } from '../../core/live-messages';
import { getRoom } from '../../worker/room/room';
import { runScheduledCleanup } from '../../worker/scheduled';
import type { PracticeRoom, SocketTag } from '../../worker/room/practice-room';
import { joinAsGuest } from '../helpers/guests';
import { guestSocket, openSocket } from '../helpers/sockets';
import { json, signedUpCoach } from '../helpers/worker-client';
import { freshClient, sharedPractice } from './helpers';
import { archived } from '../helpers/room-d1';


/** An upgrade handed straight to the room, as the worker does after its checks: the room's own checks decide. */
async function upgradeAtRoom(practiceId: string, tag: SocketTag) {
  const res = await getRoom(env, practiceId).fetch(new Request('https://piste.test/api/live', { headers: { upgrade: 'websocket', 'x-piste-socket': JSON.stringify(tag) } }));
  const ws = res.webSocket!;
  const messages: LiveMessage[] = [];
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  ws.addEventListener('message', (e) => messages.push(JSON.parse(e.data as string)));
  ws.accept();
  return { ws, messages, closed };
}

describe('revocation without races', () => {
  it('a join that read the practice before sharing went off cannot register after it', async () => {
    const { client, practice } = await sharedPractice();
    const before = await env.DB.prepare('SELECT guest_epoch, sharing_expires_at FROM practices WHERE id = ?').bind(practice.id).first<{ guest_epoch: number; sharing_expires_at: number }>();
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
    // The late join's registration, with the epoch it read before the revocation, is refused by the room.
    const late = await getRoom(env, practice.id).addGuest('late-session', 'Late', before!.guest_epoch, before!.sharing_expires_at, practice.id);
    expect(late).toBe('void');
  });

  it('a token of an earlier epoch is refused even if its session is still listed', async () => {
    const { client, practice, pool } = await sharedPractice();
    const { guest, answer } = await joinAsGuest(practice.room_code);
    const sid = (decode(answer.sessionToken).payload as { sid: string }).sid;
    await client.api.practices[':practiceId']['room-code'].$post({ param: { practiceId: practice.id } });
    // Put the session back, as a registration racing the new code would have under the old code.
    await runInDurableObject(getRoom(env, practice.id), async (_room: PracticeRoom, state) => {
      state.storage.sql.exec('INSERT OR REPLACE INTO guests (session_id, name, joined_at, expires_at) VALUES (?, ?, ?, ?)', sid, 'Parent', Date.now(), Date.now() + 60_000);
    });
    const res = await guest.api.pools[':poolId'].$get({ param: { poolId: pool.id } });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe('Your guest session has ended. Join again with the room code.');
  });

  it('an upgrade that was checked before the revocation is closed by the room, not accepted', async () => {
    const { client, practice } = await sharedPractice();
    const { answer } = await joinAsGuest(practice.room_code);
    const sid = (decode(answer.sessionToken).payload as { sid: string; ep: number }).sid;
    const epoch = (decode(answer.sessionToken).payload as { ep: number }).ep;
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
    const socket = await upgradeAtRoom(practice.id, { role: 'guest', subject: sid, epoch, practiceId: practice.id, address: '4:198.51.100.9', block: '4:198.51.100' });
    expect(await socket.closed).toBe(4001);
    expect(socket.messages.map((m) => m.type)).toEqual(['room-closed']);
    // A spectator holding a board id from before a new board link is refused the same way.
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
    await client.api.practices[':practiceId'].board.$post({ param: { practiceId: practice.id } });
    const board = await upgradeAtRoom(practice.id, { role: 'spectator', boardId: practice.board_id, practiceId: practice.id, address: '4:198.51.100.9', block: '4:198.51.100' });
    expect(await board.closed).toBe(4001);
  });

  it('a board that was looked up before sharing went off is paused with the others, hears nothing, and is back with them', async () => {
    const { client, practice, pool } = await sharedPractice();
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
    const board = await upgradeAtRoom(practice.id, { role: 'spectator', boardId: practice.board_id, practiceId: practice.id, address: '4:198.51.100.9', block: '4:198.51.100' });
    await expect.poll(() => board.messages.map((m) => m.type)).toEqual(['paused']);
    expect(board.messages[0]).toMatchObject({ reason: 'The coach is not sharing this practice right now.', code: 'board_not_shared' });
    const [ann, bob] = pool.players;
    expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: ann!.id, player2_id: bob!.id, score1: 5, score2: 3, version: 0 } })).status).toBe(200);
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
    await expect.poll(() => board.messages.map((m) => m.type).slice(0, 2)).toEqual(['paused', 'hello']);
    // The bout saved while paused never reached it: the hello sends it to read the practice again.
    expect(board.messages.some((m) => m.type === 'bout')).toBe(false);
    board.ws.close();
  });

  it('closeSockets closes every socket even when one of them throws', async () => {
    const { client, practice } = await sharedPractice();
    const sockets = await Promise.all([1, 2, 3].map(() => openSocket(client, `practice=${practice.id}`)));
    for (const s of sockets) await s.socket!.waitFor((m) => m.type === 'hello');
    const closed = await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom, state) => {
      const real = state.getWebSockets('coach');
      const broken = { send: () => { throw new Error('gone'); }, close: () => { throw new Error('gone'); } } as unknown as WebSocket;
      const original = state.getWebSockets.bind(state);
      (state as { getWebSockets: typeof state.getWebSockets }).getWebSockets = (tag?: string) => (tag === 'coach' ? [broken, ...real] : original(tag));
      try {
        return await room.closeSockets('coach', 'Connection reset');
      } finally {
        (state as { getWebSockets: typeof state.getWebSockets }).getWebSockets = original;
      }
    });
    expect(closed).toBe(4);
    for (const s of sockets) expect(await s.socket!.closed).toBe(4001);
  });
});

/**
 * The quiet period runs out: the expiry is now past in D1's index and in the room's copy of it alike (as the
 * clock moving on would leave them).
 */
async function expireSharing(practiceId: string) {
  const past = Date.now() - 1;
  await env.DB.prepare('UPDATE practices SET sharing_expires_at = ? WHERE id = ?').bind(past, practiceId).run();
  await runInDurableObject(getRoom(env, practiceId), async (_room: PracticeRoom, state) => {
    state.storage.sql.exec('UPDATE practices SET sharing_expires_at = ? WHERE id = ?', past, practiceId);
  });
}

describe('sharing expires', () => {
  it('a guest token never outlives the sharing, and an expired sharing lets no one in', async () => {
    const { practice, pool } = await sharedPractice();
    const { guest, answer } = await joinAsGuest(practice.room_code);
    const exp = (decode(answer.sessionToken).payload as { exp: number }).exp;
    expect(exp * 1000).toBeLessThanOrEqual(practice.sharing_expires_at);
    expect(practice.sharing_expires_at - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    await expireSharing(practice.id);
    expect((await guest.api.pools[':poolId'].$get({ param: { poolId: pool.id } })).status).toBe(401);
    expect((await freshClient().api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(404);
    // The board link is right: it is told the practice does not share, and shown nothing of it.
    const board = await freshClient().api.board[':boardId'].$get({ param: { boardId: practice.board_id } });
    expect(board.status).toBe(409);
    expect(await board.text()).not.toContain(pool.id);
  });

  it('the room wakes at the expiry, turns sharing off, and closes guest and board sockets', async () => {
    const { client, practice } = await sharedPractice();
    const { guest } = await joinAsGuest(practice.room_code);
    const g = await guestSocket(guest, practice.id);
    await g.waitFor((m) => m.type === 'hello');
    const coach = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await coach.waitFor((m) => m.type === 'hello');
    await expireSharing(practice.id);
    expect(await runDurableObjectAlarm(getRoom(env, practice.id))).toBe(true);
    expect(await g.closed).toBe(4001);
    const update = await coach.waitFor((m) => m.type === 'practice');
    expect(update.type === 'practice' && update.practice.allow_guest_access).toBe(false);
    const row = await json<Practice>(await client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }));
    expect(row.allow_guest_access).toBe(false);
    coach.ws.close();
  });

  it('the scheduled clean-up turns off sharing that ran out while no room was awake, moving the epoch on', async () => {
    const { client, practice, pool } = await sharedPractice();
    const { guest } = await joinAsGuest(practice.room_code);
    await expireSharing(practice.id);
    const { sharingEnded } = await runScheduledCleanup(env);
    expect(sharingEnded).toBeGreaterThanOrEqual(1);
    const row = await env.DB.prepare('SELECT allow_guest_access, guest_epoch FROM practices WHERE id = ?').bind(practice.id).first<{ allow_guest_access: number; guest_epoch: number }>();
    expect(row).toEqual({ allow_guest_access: 0, guest_epoch: 1 });
    expect((await guest.api.pools[':poolId'].$get({ param: { poolId: pool.id } })).status).toBe(401);
    // Turned on again, the old guest stays out: their token names the old epoch.
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
    expect((await guest.api.pools[':poolId'].$get({ param: { poolId: pool.id } })).status).toBe(401);
  });

  it('a write keeps sharing alive for another quiet period', async () => {
    const { client, practice, pool } = await sharedPractice();
    await env.DB.prepare('UPDATE practices SET sharing_expires_at = ? WHERE id = ?').bind(Date.now() + 60_000, practice.id).run();
    const [a, b] = pool.players;
    expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 } })).status).toBe(200);
    // The practice's index row in D1 follows the room's clock through the archive, written behind the answer.
    await archived(practice.id);
    const after = await json<Practice>(await client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }));
    expect(after.sharing_expires_at - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
  });
});

describe('the coach sees who is in the room', () => {
  it('lists guests with their join time and the live board count, and Remove ends a guest at once', async () => {
    const { client, practice, pool } = await sharedPractice();
    const { guest: sam } = await joinAsGuest(practice.room_code, 'Sam');
    await joinAsGuest(practice.room_code, 'Kim');
    const board = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await board.waitFor((m) => m.type === 'hello');
    const samSocket = await guestSocket(sam, practice.id);
    await samSocket.waitFor((m) => m.type === 'hello');
    const room = await json<RoomPresence>(await client.api.practices[':practiceId'].room.$get({ param: { practiceId: practice.id } }));
    expect(room.guests.map((g) => g.name)).toEqual(['Sam', 'Kim']);
    expect(room.guests.every((g) => Math.abs(g.joined_at - Date.now()) < 60_000)).toBe(true);
    expect(room.spectators).toBe(1);

    const samId = room.guests[0]!.id;
    expect((await client.api.practices[':practiceId'].guests[':sessionId'].$delete({ param: { practiceId: practice.id, sessionId: samId } })).status).toBe(200);
    expect(await samSocket.closed).toBe(4001);
    expect(samSocket.messages.at(-1)).toEqual({ type: 'room-closed', reason: 'The coach removed you from the room.', code: 'removed_from_room' });
    expect((await sam.api.pools[':poolId'].$get({ param: { poolId: pool.id } })).status).toBe(401);
    const after = await json<RoomPresence>(await client.api.practices[':practiceId'].room.$get({ param: { practiceId: practice.id } }));
    expect(after.guests.map((g) => g.name)).toEqual(['Kim']);
    expect((await client.api.practices[':practiceId'].guests[':sessionId'].$delete({ param: { practiceId: practice.id, sessionId: samId } })).status).toBe(404);
    board.ws.close();
  });

  it('another coach gets 404, a guest 403, nobody 401', async () => {
    const { practice } = await sharedPractice();
    const other = await signedUpCoach('Other');
    expect((await other.client.api.practices[':practiceId'].room.$get({ param: { practiceId: practice.id } })).status).toBe(404);
    const { guest } = await joinAsGuest(practice.room_code);
    expect((await guest.api.practices[':practiceId'].room.$get({ param: { practiceId: practice.id } })).status).toBe(403);
    expect((await guest.delete(`/api/practices/${practice.id}/guests/x`)).status).toBe(403);
    expect((await freshClient().api.practices[':practiceId'].room.$get({ param: { practiceId: practice.id } })).status).toBe(401);
  });
});

describe('the board link is not the guest door', () => {
  it('a board id never joins as a guest; rotating the link closes its screens and the old link opens nothing', async () => {
    const { client, practice } = await sharedPractice();
    expect(practice.board_id).toMatch(/^[\w-]{22,}$/);
    expect(practice.board_id).not.toContain(practice.room_code);
    const join = await freshClient().api.guest.join.$post({ json: { room_code: practice.board_id } });
    expect(join.status).toBe(400);
    const spectator = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await spectator.waitFor((m) => m.type === 'hello' && m.role === 'spectator');
    const rotated = await json<Practice>(await client.api.practices[':practiceId'].board.$post({ param: { practiceId: practice.id } }));
    expect(rotated.board_id).not.toBe(practice.board_id);
    expect(rotated.room_code).toBe(practice.room_code);
    expect(await spectator.closed).toBe(4001);
    expect((await freshClient().api.board[':boardId'].$get({ param: { boardId: practice.board_id } })).status).toBe(404);
    expect((await freshClient().api.board[':boardId'].$get({ param: { boardId: rotated.board_id } })).status).toBe(200);
    // Guests are untouched by a new board link.
    expect((await freshClient().api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(200);
  });

  it('a board socket has no write access: the API knows no spectator session', async () => {
    const { practice, pool } = await sharedPractice();
    const watcher = freshClient();
    const [a, b] = pool.players;
    const res = await watcher.request('POST', `/api/pools/${pool.id}/bouts`, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 0, version: 0 }, { authorization: `Bearer ${practice.board_id}` });
    expect(res.status).toBe(401);
  });
});

describe('deleting a practice erases its room (issue 26)', () => {
  it('every screen is told, guests and the board are shown out, and nothing of the practice stays in the room', async () => {
    const { client, practice, pool } = await sharedPractice();
    const { guest } = await joinAsGuest(practice.room_code, 'Sam');
    const coachSocket = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const samSocket = await guestSocket(guest, practice.id);
    const board = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await Promise.all([coachSocket, samSocket, board].map((s) => s.waitFor((m) => m.type === 'hello')));
    // A bout on the piste and a referee choice, kept in the room.
    const [ann, bob, cleo] = pool.players;
    expect((await client.api.practices[':practiceId'].referee.claim.$post({ param: { practiceId: practice.id }, json: { target: { kind: 'pool', pool_id: pool.id, a: ann!.id, b: bob!.id }, view: 'phone-view-1' } })).status).toBe(200);
    expect((await client.api.practices[':practiceId'].referee.duty.$put({ param: { practiceId: practice.id }, json: { pool_id: pool.id, a: ann!.id, b: bob!.id, referee_id: cleo!.id } })).status).toBeLessThan(300);

    const { guest_epoch: epoch } = (await env.DB.prepare('SELECT guest_epoch FROM practices WHERE id = ?').bind(practice.id).first<{ guest_epoch: number }>())!;
    expect((await client.api.practices[':practiceId'].$delete({ param: { practiceId: practice.id } })).status).toBe(200);
    await coachSocket.waitFor((m) => m.type === 'practice-deleted' && m.practiceId === practice.id);
    expect(await samSocket.closed).toBe(4001);
    expect(await board.closed).toBe(4001);
    expect(samSocket.messages.at(-1)).toMatchObject({ type: 'room-closed', reason: 'This practice was deleted.' });
    coachSocket.ws.close();

    await runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom, state) => {
      const { sql } = state.storage;
      expect((await room.presence()).guests).toEqual([]);
      expect(sql.exec('SELECT count(*) AS n FROM refereed_bouts').one().n).toBe(0);
      expect(sql.exec('SELECT count(*) AS n FROM referee_choices').one().n).toBe(0);
      expect(sql.exec('SELECT practice_id, board_id FROM room').one()).toEqual({ practice_id: null, board_id: null });
      expect(await state.storage.getAlarm()).toBeNull();
      // A join still in flight with the practice's last epoch cannot register.
      expect(await room.addGuest('late', 'Late', epoch, Date.now() + 60_000, practice.id)).toBe('void');
    });
  });
});
