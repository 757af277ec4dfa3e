import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { JOIN_LIMITS, LOOKUP_LIMITS } from '../../worker/store/d1/throttle';
import { MAX_GUESTS } from '../../worker/room/practice-room';
import { ROOM_FULL } from '../../worker/routes/guest';
import { openSocket } from '../helpers/sockets';
import { json } from '../helpers/worker-client';
import { freshClient, sharedPractice, wrongBoard, wrongCode } from './helpers';
import { errorBody } from '../../core/messages';

const L = LOOKUP_LIMITS.perNetwork;

describe('finding a live practice by guessing', () => {
  it('the live board is not reachable by room code: the old /live/{code} API is gone and a code opens no board', async () => {
    const { practice } = await sharedPractice();
    const probe = freshClient();
    expect((await probe.get(`/api/spectate/${practice.room_code}`)).status).toBe(404);
    const board = await probe.api.board[':boardId'].$get({ param: { boardId: practice.room_code } });
    expect(board.status).toBe(404);
    expect((await openSocket(probe, `code=${practice.room_code}`)).status).toBe(400);
  });

  it('wrong board ids from one network are cut off after the limit, over HTTP and over the socket alike; a right board link still opens', async () => {
    const { practice } = await sharedPractice();
    const attacker = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < L / 2; i++) statuses.push((await attacker.api.board[':boardId'].$get({ param: { boardId: wrongBoard(i) } })).status);
    for (let i = L / 2; i < L; i++) statuses.push((await openSocket(attacker, `board=${wrongBoard(i)}`)).status);
    expect(statuses).toEqual(Array(L).fill(404));
    // The limit is reached: the next wrong lookup of either kind asks for a human check, and so does a right
    // room code (a guessable secret is answered only within the limits)…
    const http = await attacker.api.board[':boardId'].$get({ param: { boardId: wrongBoard(99) } });
    expect(http.status).toBe(429);
    expect(await json(http)).toMatchObject({ code: 'challenge_required', challenge: { siteKey: '1x00000000000000000000AA', standin: true } });
    expect(Number(http.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await openSocket(attacker, `board=${wrongBoard(100)}`)).status).toBe(429);
    expect((await attacker.api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(429);
    // …but a right board link (128 random bits: nothing to guess) opens, over HTTP and the socket.
    expect((await attacker.api.board[':boardId'].$get({ param: { boardId: practice.board_id } })).status).toBe(200);
    expect((await openSocket(attacker, `board=${practice.board_id}`)).socket).toBeDefined();
    // …while anyone else opens the board.
    expect((await freshClient().api.board[':boardId'].$get({ param: { boardId: practice.board_id } })).status).toBe(200);
  });

  it('a right board link of a practice that stopped sharing shows nothing of it, but never counts as a guess: a board on the wall may keep trying', async () => {
    const { client, practice } = await sharedPractice();
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
    const tv = freshClient();
    for (let i = 0; i < L + 5; i++) {
      const read = await tv.api.board[':boardId'].$get({ param: { boardId: practice.board_id } });
      expect(read.status).toBe(409);
      expect(await json(read)).toEqual(errorBody('The coach is not sharing this practice right now.'));
    }
    // Its socket is let in to wait, and hears nothing but that.
    for (let i = 0; i < 5; i++) {
      const { socket } = await openSocket(tv, `board=${practice.board_id}`);
      expect(await socket!.waitFor((m) => m.type === 'paused')).toMatchObject({ code: 'board_not_shared' });
      expect(socket!.messages.map((m) => m.type)).toEqual(['paused']);
      socket!.ws.close();
    }
    // Its network's failures are all still there for a wrong link or code: the L-th wrong one is still answered.
    for (let i = 0; i < L; i++) expect((await tv.api.board[':boardId'].$get({ param: { boardId: wrongBoard(200 + i) } })).status).toBe(404);
    expect((await tv.api.board[':boardId'].$get({ param: { boardId: wrongBoard(299) } })).status).toBe(429);
    // Shared again: the same link opens at once.
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
    expect((await tv.api.board[':boardId'].$get({ param: { boardId: practice.board_id } })).status).toBe(200);
  });

  it('a burst of 100 parallel wrong codes from one address gets at most the limit of answers that are not 429', async () => {
    const { practice } = await sharedPractice();
    const attacker = freshClient();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attacker.api.guest.join.$post({ json: { room_code: wrongCode(practice.room_code, i) } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(L);
    expect(statuses.filter((s) => s === 404).length).toBe(L);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
  });

  it('a right code never counts as a failure, and a clean address joins whatever others guessed', async () => {
    const { practice } = await sharedPractice();
    const guest = freshClient();
    for (let i = 0; i < L + 5; i++) expect((await guest.api.guest.join.$post({ json: { room_code: practice.room_code, guest_name: `G${i}` } })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const other = freshClient();
      for (let j = 0; j < L + 2; j++) await other.api.guest.join.$post({ json: { room_code: wrongCode(practice.room_code, j) } });
    }
    expect((await freshClient().api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(200);
  });

  it('past the global failure budget every address may fail only twice an hour, while right codes still open', async () => {
    const { practice } = await sharedPractice();
    const now = Date.now();
    await env.DB.prepare('INSERT OR REPLACE INTO throttle (key, count, reset_at) VALUES (?, ?, ?)')
      .bind('lookup:global', LOOKUP_LIMITS.globalBudget + 1, now + 60_000)
      .run();
    try {
      const guesser = freshClient();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await guesser.api.guest.join.$post({ json: { room_code: wrongCode(practice.room_code, i) } })).status);
      expect(statuses).toEqual([404, 404, 429, 429]);
      expect((await freshClient().api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(200);
      // One typo, then the right code: still in.
      const typo = freshClient();
      expect((await typo.api.guest.join.$post({ json: { room_code: wrongCode(practice.room_code, 7) } })).status).toBe(404);
      expect((await typo.api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(200);
    } finally {
      await env.DB.prepare("DELETE FROM throttle WHERE key = 'lookup:global'").run();
    }
  });
});

describe('successful joins are bounded too', () => {
  it('one network may start at most 30 guest sessions an hour', async () => {
    const { practice } = await sharedPractice();
    const busy = freshClient();
    for (let i = 0; i < JOIN_LIMITS.perNetwork; i++) expect((await busy.api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(200);
    const next = await busy.api.guest.join.$post({ json: { room_code: practice.room_code } });
    expect(next.status).toBe(429);
    expect((await freshClient().api.guest.join.$post({ json: { room_code: practice.room_code } })).status).toBe(200);
  });

  it('a room holds at most 50 guests; the next is told to ask the coach', async () => {
    const { practice } = await sharedPractice();
    for (let i = 0; i < MAX_GUESTS; i++) expect((await freshClient().api.guest.join.$post({ json: { room_code: practice.room_code, guest_name: `G${i}` } })).status).toBe(200);
    const full = await freshClient().api.guest.join.$post({ json: { room_code: practice.room_code } });
    expect(full.status).toBe(409);
    expect(await json(full)).toEqual(errorBody(ROOM_FULL));
  });
});
