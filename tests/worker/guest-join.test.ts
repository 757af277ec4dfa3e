import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../core/live-messages';
import { d1Db } from '../../worker/db/client';
import { getRoom } from '../../worker/room/room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { regenerateRoomCode, setSharing } from '../../worker/store/d1/practices';
import { sql } from 'drizzle-orm';
import type { GeneratedPools } from '../../core/contracts/pools';
import type { Practice, RoomPresence } from '../../core/contracts/practices';
import { LOOKUP_LIMITS } from '../../worker/store/d1/throttle';
import { joinAsGuest } from '../helpers/guests';
import { guestSocket, openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { errorBody } from '../../core/messages';
import { expectAnswer, expectRefusal } from '../helpers/api-client';

async function practiceOf(client: Client, share: boolean) {
  const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Join me' } }));
  await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: 2, entries: ['a', 'b', 'c', 'd'].map((name) => ({ name })) } });
  return share ? json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } })) : practice;
}

/** A six-digit code whose first three digits differ from `avoid`'s. */
const codeOutside = (avoid: string, i: number) => String(((Number(avoid.slice(0, 3)) + 1 + (i % 998)) % 1000) * 1000 + (i % 1000)).padStart(6, '0');

describe('joining a practice by room code', () => {
  it('answers the shared pools (id, name, created_at) and a session token; the token validates', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    const { guest, answer } = await joinAsGuest(practice.room_code, '  Sam  ');
    expect(answer.tournaments.map((t) => t.name)).toEqual(['Pool 1', 'Pool 2']);
    expect(Object.keys(answer.tournaments[0]!).sort()).toEqual(['created_at', 'id', 'name']);
    expect(answer.practice).toMatchObject({ id: practice.id, name: 'Join me', practice_type: 'individual' });
    expect(answer.guest_name).toBe('Sam');
    expect(answer.sessionToken.split('.')).toHaveLength(3);
    expect((await expectAnswer(guest.api.guest.validate.$post())).tournaments).toEqual(answer.tournaments);
  });

  it('gives the same answer for a wrong code and for a practice that does not share', async () => {
    const { client } = await signedUpCoach();
    const unshared = await practiceOf(client, false);
    const a = await new Client().api.guest.join.$post({ json: { room_code: unshared.room_code } });
    const b = await new Client().api.guest.join.$post({ json: { room_code: codeOutside(unshared.room_code, 7) } });
    expect([a.status, b.status]).toEqual([404, 404]);
    const [bodyA, bodyB] = [await json(a), await json(b)];
    expect(bodyA).toEqual(bodyB);
    expect(bodyA).toEqual(errorBody('Invalid room code or room is not accessible'));
  });

  it('needs six digits and a name of at most 50 characters', async () => {
    for (const room_code of ['12345', '1234567', '12a456', '']) {
      expect(await expectRefusal(new Client().api.guest.join.$post({ json: { room_code } }), 400)).toEqual(errorBody('Please enter a 6-digit room code'));
    }
    const long = await new Client().api.guest.join.$post({ json: { room_code: '123456', guest_name: 'x'.repeat(51) } });
    expect(await json(long)).toEqual(errorBody('Your name must be at most 50 characters'));
  });

  it('a regenerated code ends every guest session and the old code opens nothing', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    const { guest } = await joinAsGuest(practice.room_code);
    const fresh = await json<Practice>(await client.api.practices[':practiceId']['room-code'].$post({ param: { practiceId: practice.id } }));
    expect((await guest.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })).status).toBe(401);
    expect((await new Client().api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(404);
    expect((await joinAsGuest(fresh.room_code)).answer.practice.id).toBe(practice.id);
  });

  it('a regenerated code closes the guests\' sockets, not the board\'s: its spectators never used the code; sharing off pauses the board until sharing is back', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    const { guest } = await joinAsGuest(practice.room_code);
    const guestLive = await guestSocket(guest, practice.id);
    const board = (await openSocket(new Client(), `board=${practice.board_id}`)).socket!;
    try {
      await guestLive.waitFor((m) => m.type === 'hello');
      await board.waitFor((m) => m.type === 'hello' && m.role === 'spectator');
      await client.api.practices[':practiceId']['room-code'].$post({ param: { practiceId: practice.id } });
      expect(await guestLive.closed).toBe(4001);
      // The board still watches: a bout written after the new code reaches it.
      const pools = await json<GeneratedPools['pools']>(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
      const [a, b] = pools[0]!.players;
      await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 } });
      await board.waitFor((m) => m.type === 'bout');
      expect(board.messages.some((m) => m.type === 'room-closed')).toBe(false);
      await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
      // Sharing off: the board is told why and stays open, hearing nothing of what the coach does meanwhile.
      expect(await board.waitFor((m) => m.type === 'paused')).toEqual({ type: 'paused', practiceId: practice.id, reason: 'The coach turned off guest access.', code: 'guest_access_turned_off' });
      const heard = board.messages.length;
      const changed = await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1, version: 1 } });
      expect(changed.status).toBe(200);
      const coachSocket = (await openSocket(client, `practice=${practice.id}`)).socket!;
      await coachSocket.waitFor((m) => m.type === 'hello');
      coachSocket.ws.close();
      expect(board.messages.slice(heard)).toEqual([]);
      // Sharing back on: a hello (the board reads the practice again), then the bouts as they come.
      await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
      expect(await board.waitFor((m) => m.type === 'hello' && board.messages.indexOf(m) >= heard)).toMatchObject({ type: 'hello', practiceId: practice.id, role: 'spectator' });
      const resumed = board.messages.length;
      await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 4, version: 2 } });
      const bout = await board.waitFor((m) => m.type === 'bout' && board.messages.indexOf(m) >= resumed);
      // (Stored in the pool's order of its two fencers: 5–4 either way round.)
      expect(bout.type === 'bout' && [bout.delta.bout?.score1, bout.delta.bout?.score2].sort()).toEqual([4, 5]);
      expect(board.messages.some((m) => m.type === 'room-closed')).toBe(false);
    } finally {
      guestLive.ws.close();
      board.ws.close();
    }
  });

  it('a board opened while its practice does not share waits on its socket, hearing nothing, and comes back when sharing does', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, false);
    const board = (await openSocket(new Client(), `board=${practice.board_id}`)).socket!;
    try {
      expect(await board.waitFor((m) => m.type === 'paused')).toEqual({ type: 'paused', practiceId: practice.id, reason: 'The coach is not sharing this practice right now.', code: 'board_not_shared' });
      const pools = await json<GeneratedPools['pools']>(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
      const [a, b] = pools[0]!.players;
      expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 } })).status).toBe(200);
      const coach = (await openSocket(client, `practice=${practice.id}`)).socket!;
      await coach.waitFor((m) => m.type === 'bout' || m.type === 'hello');
      coach.ws.close();
      expect(board.messages.map((m) => m.type)).toEqual(['paused']);
      await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
      expect(await board.waitFor((m) => m.type === 'hello')).toMatchObject({ practiceId: practice.id, role: 'spectator' });
      expect((await new Client().api.board[':boardId'].$get({ param: { boardId: practice.board_id } })).status).toBe(200);
    } finally {
      board.ws.close();
    }
    // A wrong link still opens nothing.
    expect((await openSocket(new Client(), 'board=BBBBBBBBBBBBBBBBBBBBBB')).status).toBe(404);
  });

  it('a spectator socket by board link receives the bouts the coach writes', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    const spectator = (await openSocket(new Client(), `board=${practice.board_id}`)).socket!;
    try {
      await spectator.waitFor((m) => m.type === 'hello' && m.role === 'spectator');
      const pools = await json<GeneratedPools['pools']>(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
      const [a, b] = pools[0]!.players;
      await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1, version: 0 } });
      const msg = await spectator.waitFor((m) => m.type === 'bout');
      const bout = msg.type === 'bout' ? msg.delta.bout : null;
      expect([bout?.score1, bout?.score2].sort()).toEqual([1, 5]);
    } finally {
      spectator.ws.close();
    }
    expect((await openSocket(new Client(), 'board=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await openSocket(new Client(), `code=${practice.room_code}`)).status).toBe(400);
  });
});

describe('guessing room codes', () => {
  it('cuts a loop of 200 wrong codes from one address off after the allowed attempts; another address still joins', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    const attacker = new Client('192.0.2.66');
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await attacker.api.guest.join.$post({ json: { room_code: codeOutside(practice.room_code, i) } });
      statuses.push(res.status);
      // Past the limit the answer asks for a human check, which a script does not pass.
      if (res.status === 429) expect((await json(res)).error).toBe('Please confirm you are a person to continue');
    }
    expect(statuses.slice(0, LOOKUP_LIMITS.perNetwork)).toEqual(Array(LOOKUP_LIMITS.perNetwork).fill(404));
    expect(statuses.slice(LOOKUP_LIMITS.perNetwork).every((s) => s === 429)).toBe(true);
    // Even the right code asks for the check from that network now…
    expect((await attacker.api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(429);
    // …while a guest elsewhere joins.
    const ok = await new Client('198.51.100.23').api.guest.join.$post({ json: { room_code: practice.room_code, guest_name: 'Parent' } });
    expect(ok.status).toBe(200);
  });

  it('failures from other networks never block a right code from a clean network', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    for (let i = 0; i < 30; i++) {
      expect((await new Client(`203.0.${i + 1}.9`).api.guest.join.$post({ json: { room_code: codeOutside(practice.room_code, i) } })).status).toBe(404);
    }
    const ok = await new Client('203.0.113.200').api.guest.join.$post({ json: { room_code: practice.room_code } });
    expect(ok.status).toBe(200);
  });
});

describe('two sharing changes whose calls cross on their way to the room', () => {
  const IDLE = 60 * 60_000;
  const hello = (m: LiveMessage) => m.type === 'hello';

  /** A shared practice with a board watching and the coach's screen open; the index's two words, in D1's order. */
  async function crossing(first: boolean, second: boolean) {
    const { client, user } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    const board = (await openSocket(new Client(), `board=${practice.board_id}`)).socket!;
    const coach = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await board.waitFor(hello);
    await coach.waitFor(hello);
    const { guest: early } = await joinAsGuest(practice.room_code);
    const earlySocket = await guestSocket(early, practice.id);
    await earlySocket.waitFor(hello);
    // Two screens flip the switch within the same millisecond: D1 takes them one after the other.
    const now = Date.now();
    const older = await setSharing(d1Db(env.DB), user.id, practice.id, first, IDLE, now);
    const newer = await setSharing(d1Db(env.DB), user.id, practice.id, second, IDLE, now);
    expect(newer.updated_at).toBeGreaterThan(older.updated_at);
    return { client, user, practice, board, coach, early, earlySocket, older, newer };
  }

  const guestsIn = async (client: Client, practiceId: string) => (await json<RoomPresence>(await client.api.practices[':practiceId'].room.$get({ param: { practiceId } }))).guests.map((g) => g.name);

  const roomSays = (practiceId: string) =>
    runInDurableObject(getRoom(env, practiceId), (_room: PracticeRoom, state) => state.storage.sql.exec<{ allow_guest_access: number }>('SELECT allow_guest_access FROM practices').one().allow_guest_access);

  async function saveBout(client: Client, practiceId: string) {
    const pools = await json<GeneratedPools['pools']>(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId } }));
    const [a, b] = pools[0]!.players;
    const saved = await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 3, version: 0 } });
    expect(saved.status).toBe(200);
  }

  it('off, then on, arriving the other way round: the room stays shared, the board watches and only the guests before the off are out', async () => {
    const { client, practice, board, coach, early, earlySocket, older, newer } = await crossing(false, true);
    try {
      // A guest joins in between, before either word reaches the room (the code opens again with the new epoch):
      // the guest from before the off is shown out at once.
      const { guest: between } = await joinAsGuest(practice.room_code, 'Between');
      expect(await earlySocket.waitFor((m) => m.type === 'room-closed')).toMatchObject({ code: 'guest_session_has_ended_join' });
      expect(await guestsIn(client, practice.id)).toEqual(['Between']);
      const room = getRoom(env, practice.id);
      expect(await room.indexChanged(newer)).toMatchObject({ allow_guest_access: true });
      // The off's call comes last: older than what the room applied, it changes nothing.
      expect(await room.indexChanged(older)).toBeNull();
      expect(await roomSays(practice.id)).toBe(1);
      // The guest of the new epoch stays.
      expect(await guestsIn(client, practice.id)).toEqual(['Between']);
      expect((await between.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })).status).toBe(200);
      // The board was never paused and hears the next bout.
      await saveBout(client, practice.id);
      await board.waitFor((m) => m.type === 'bout');
      expect(board.messages.some((m) => m.type === 'paused')).toBe(false);
      // The coach's screen heard the newer word only: sharing on.
      const told = coach.messages.filter((m) => m.type === 'practice');
      expect(told.map((m) => m.type === 'practice' && m.practice.allow_guest_access)).toEqual([true]);
      // The off did happen between: a guest from before it is out; one who joins now stays.
      expect((await early.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })).status).toBe(401);
      const { guest: late } = await joinAsGuest(practice.room_code);
      expect((await late.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })).status).toBe(200);
    } finally {
      board.ws.close();
      coach.ws.close();
    }
  });

  it('on, then off, arriving the other way round: the room stays unshared and the board paused', async () => {
    const { client, practice, board, coach, early, earlySocket, older, newer } = await crossing(true, false);
    try {
      const room = getRoom(env, practice.id);
      expect(await room.indexChanged(newer)).toMatchObject({ allow_guest_access: false });
      expect(await board.waitFor((m) => m.type === 'paused')).toMatchObject({ code: 'guest_access_turned_off' });
      expect(await earlySocket.waitFor((m) => m.type === 'room-closed')).toMatchObject({ code: 'guest_access_turned_off' });
      expect(await room.indexChanged(older)).toBeNull();
      expect(await roomSays(practice.id)).toBe(0);
      // Still paused: no hello, and nothing of a bout saved meanwhile.
      const heard = board.messages.length;
      await saveBout(client, practice.id);
      await coach.waitFor((m) => m.type === 'bout');
      expect(board.messages.slice(heard)).toEqual([]);
      const told = coach.messages.filter((m) => m.type === 'practice');
      expect(told.map((m) => m.type === 'practice' && m.practice.allow_guest_access)).toEqual([false]);
      expect((await early.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })).status).toBe(401);
    } finally {
      board.ws.close();
      coach.ws.close();
    }
  });

  it('a word the room never heard (its call lost after D1 took it) is taken from the next board that comes in', async () => {
    const { user, practice, board, coach, earlySocket } = await crossing(true, true);
    try {
      // Sharing off in D1 only: the room still lets its board watch.
      await setSharing(d1Db(env.DB), user.id, practice.id, false, IDLE);
      expect(await roomSays(practice.id)).toBe(1);
      // A board opened now carries D1's word: the room takes it, and every board pauses.
      const late = (await openSocket(new Client(), `board=${practice.board_id}`)).socket!;
      expect(await late.waitFor((m) => m.type === 'paused')).toMatchObject({ code: 'board_not_shared' });
      expect(late.messages.map((m) => m.type)).toEqual(['paused']);
      expect(await board.waitFor((m) => m.type === 'paused')).toMatchObject({ code: 'guest_access_turned_off' });
      expect(await earlySocket.waitFor((m) => m.type === 'room-closed')).toMatchObject({ code: 'guest_access_turned_off' });
      expect(await roomSays(practice.id)).toBe(0);
      late.ws.close();
    } finally {
      board.ws.close();
      coach.ws.close();
    }
  });

  it('a board that comes in after sharing ran out, before the alarm rang, learns nothing: sharing ends then', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    await d1Db(env.DB).run(sql`UPDATE practices SET sharing_expires_at = ${Date.now() - 1} WHERE id = ${practice.id}`);
    const board = (await openSocket(new Client(), `board=${practice.board_id}`)).socket!;
    try {
      expect(await board.waitFor((m) => m.type === 'paused')).toMatchObject({ code: 'board_not_shared' });
      expect(board.messages.map((m) => m.type)).toEqual(['paused']);
      const now = await json<Practice>(await client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }));
      expect(now.allow_guest_access).toBe(false);
      expect(await roomSays(practice.id)).toBe(0);
    } finally {
      board.ws.close();
    }
  });

  it('a guest who joins with a new code before its word reaches the room shows the old code\'s guests out at once', async () => {
    const { client, user } = await signedUpCoach();
    const practice = await practiceOf(client, true);
    const { guest: old } = await joinAsGuest(practice.room_code, 'Old');
    const oldSocket = await guestSocket(old, practice.id);
    await oldSocket.waitFor(hello);
    const fresh = await regenerateRoomCode(d1Db(env.DB), user.id, practice.id);
    const { guest: fresher } = await joinAsGuest(fresh.room_code, 'New');
    expect(await oldSocket.waitFor((m) => m.type === 'room-closed')).toMatchObject({ code: 'guest_session_has_ended_join' });
    expect(await guestsIn(client, practice.id)).toEqual(['New']);
    // The word comes after: the guest of the new code stays.
    await getRoom(env, practice.id).indexChanged(fresh);
    expect(await guestsIn(client, practice.id)).toEqual(['New']);
    expect((await fresher.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })).status).toBe(200);
  });

  it('stamps two changes of the same millisecond in order, and a new code or board link after them too', async () => {
    const { client, user } = await signedUpCoach();
    const practice = await practiceOf(client, false);
    const at = practice.updated_at + 60_000;
    const stamps = [];
    for (const enabled of [true, false, true]) stamps.push((await setSharing(d1Db(env.DB), user.id, practice.id, enabled, IDLE, at)).updated_at);
    expect(stamps).toEqual([at, at + 1, at + 2]);
    const code = await json<Practice>(await client.api.practices[':practiceId']['room-code'].$post({ param: { practiceId: practice.id } }));
    expect(code.updated_at).toBe(at + 3);
    const board = await json<Practice>(await client.api.practices[':practiceId'].board.$post({ param: { practiceId: practice.id } }));
    expect(board.updated_at).toBe(at + 4);
  });
});
