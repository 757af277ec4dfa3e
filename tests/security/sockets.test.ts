import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES } from '../../core/live-messages';
import { MESSAGE_LIMITS } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import { joinAsGuest } from '../helpers/guests';
import { openSocket } from '../helpers/sockets';
import { admitted, setCrowd, closedWithin, flood, guestQuery, setLimits } from '../helpers/socket-abuse';
import { Client } from '../helpers/worker-client';
import { freshClient, sharedPractice } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('sockets that break the room’s message limits (issue 25)', () => {
  it('a guest socket flooding messages is closed with the policy code, logged by route only, and the room keeps serving', async () => {
    const logged = vi.spyOn(console, 'warn');
    const { client, practice, pool } = await sharedPractice();
    const { guest } = await joinAsGuest(practice.room_code, 'Flooder');
    const coach = await admitted(client, `practice=${practice.id}`);
    const socket = await admitted(guest, guestQuery(guest, practice.id));
    const sent = await flood(socket.ws, 20_000);
    expect(await closedWithin(socket, 5_000)).toBe(CLOSE_CODES.policy);
    // Closed within the first bursts (what it sent before the close reached it), long before the 20,000.
    expect(sent).toBeLessThan(20_000);
    const lines = logged.mock.calls.map((args) => args.join(' '));
    expect(lines.some((l) => l.includes('/api/live') && l.includes('message rate'))).toBe(true);
    for (const l of lines) expect(l).not.toMatch(/\d+\.\d+\.\d+\.\d+|Flooder|[0-9a-f]{8}-[0-9a-f]{4}/);

    // The coach's screen stayed live: a score entered now reaches it, and the guest can come back.
    expect(await closedWithin(coach, 100)).toBeNull();
    const [ann, bob] = pool.players;
    expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: ann!.id, player2_id: bob!.id, score1: 5, score2: 3, version: 0 } })).status).toBe(200);
    await coach.waitFor((m) => m.type === 'bout' && m.delta.bout !== null, 15_000);
    await admitted(guest, guestQuery(guest, practice.id));
    expect((await getRoom(env, practice.id).presence()).guests.map((g) => g.name)).toEqual(['Flooder']);
    coach.ws.close();
  }, 40_000);

  it('a few stray messages are let through: only a rate past the limit closes', async () => {
    const { client, practice } = await sharedPractice();
    const socket = await admitted(client, `practice=${practice.id}`);
    await flood(socket.ws, MESSAGE_LIMITS.perWindow);
    expect(await closedWithin(socket, 300)).toBeNull();
    await flood(socket.ws, 1);
    expect(await closedWithin(socket, 3_000)).toBe(CLOSE_CODES.policy);
  });

  it('a 32 MB frame closes the socket with 1009, and the room answers a normal request right after', async () => {
    const { client, practice } = await sharedPractice();
    const { guest } = await joinAsGuest(practice.room_code);
    const socket = await admitted(guest, guestQuery(guest, practice.id));
    socket.ws.send(new Uint8Array(32 * 1024 * 1024));
    expect(await closedWithin(socket, 10_000)).toBe(CLOSE_CODES.tooBig);
    const started = Date.now();
    expect((await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })).status).toBe(200);
    await admitted(client, `practice=${practice.id}`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a frame just past the room’s size is closed with 1009 too', async () => {
    const { practice } = await sharedPractice();
    const socket = await admitted(freshClient(), `board=${practice.board_id}`);
    socket.ws.send('x'.repeat(MESSAGE_LIMITS.bytes + 1));
    expect(await closedWithin(socket, 3_000)).toBe(CLOSE_CODES.tooBig);
  });
});

describe('places the spectators cannot take (issue 25)', () => {
  const tooManyInRoom = { type: 'refused', reason: 'This practice has too many live screens open. Try again later.', code: 'practice_has_too_many_live' };

  it('a room full of spectators (with every relay it may open full too) still lets the coach and a guest in; one more spectator is refused', async () => {
    const { client, practice } = await sharedPractice();
    await setLimits(practice.id, { spectators: 3 });
    await setCrowd(practice.id, { relays: 0 });
    const crowd = await Promise.all([1, 2, 3].map(() => admitted(freshClient(), `board=${practice.board_id}`)));
    const extra = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    expect(await closedWithin(extra, 3_000)).toBe(CLOSE_CODES.tooMany);
    expect(extra.messages).toEqual([tooManyInRoom]);

    const coach = await admitted(client, `practice=${practice.id}`);
    const { guest } = await joinAsGuest(practice.room_code, 'Dana');
    const guestSocket = await admitted(guest, guestQuery(guest, practice.id));
    // Both stay open, and the coach is told how many screens watch the board.
    await coach.waitFor((m) => m.type === 'presence' && m.presence.spectators === 3 && m.presence.guests.length === 1);
    for (const s of [...crowd, coach, guestSocket]) s.ws.close();
  });

  it('the coach and each guest have places of their own, which they cannot stretch either', async () => {
    const { client, practice } = await sharedPractice();
    await setLimits(practice.id, { coach: 2, perGuest: 1 });
    const mine = [await admitted(client, `practice=${practice.id}`), await admitted(client, `practice=${practice.id}`)];
    const third = (await openSocket(client, `practice=${practice.id}`)).socket!;
    expect(await closedWithin(third, 3_000)).toBe(CLOSE_CODES.tooMany);
    expect(third.messages[0]).toMatchObject({ type: 'refused', code: 'too_many_own_screens' });
    const { guest } = await joinAsGuest(practice.room_code);
    await admitted(guest, guestQuery(guest, practice.id));
    expect(await closedWithin((await openSocket(guest, guestQuery(guest, practice.id))).socket!, 3_000)).toBe(CLOSE_CODES.tooMany);
    // Another guest still gets in.
    const { guest: other } = await joinAsGuest(practice.room_code);
    await admitted(other, guestQuery(other, practice.id));
    for (const s of mine) s.ws.close();
  });

  it('spectators are counted per block (an IPv4 /24) beside their network: many addresses of one /24 cannot fill a room, and past its share a board polls', async () => {
    const { practice } = await sharedPractice();
    await setLimits(practice.id, { perBlock: 3 });
    const block = freshClient().ip.split('.').slice(0, 3).join('.');
    for (const host of [1, 2, 3]) await admitted(new Client(`${block}.${host + 10}`), `board=${practice.board_id}`);
    const refused = (await openSocket(new Client(`${block}.99`), `board=${practice.board_id}`)).socket!;
    expect(await closedWithin(refused, 3_000)).toBe(CLOSE_CODES.tooMany);
    expect(refused.messages[0]).toMatchObject({ code: 'network_share_full' });
    await admitted(freshClient(), `board=${practice.board_id}`);
  });
});
