import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../core/live-messages';
import type { DaySnapshot } from '../../core/contracts/days';
import { getDayRoom } from '../../worker/day/day';
import type { DayRoom } from '../../worker/day/day-room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import { sharedDay } from '../helpers/day-scene';
import { seed, viaClient } from '../helpers/seed';
import { admitted, closedWithin, setCrowd, setLimits } from '../helpers/socket-abuse';
import { openSocket } from '../helpers/sockets';
import { venueV4 } from '../helpers/crowd';
import { Client } from '../helpers/worker-client';
import type { TestSocket } from '../helpers/sockets';
import { freshClient, sharedPractice } from './helpers';

const spread = setCrowd;
const relaysOf = (practiceId: string) => runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => room.crowd.relays());

/** The scores each socket heard, in the order it heard them. */
const scoresHeard = (s: TestSocket) => s.messages.filter((m): m is Extract<LiveMessage, { type: 'bout' }> => m.type === 'bout').map((m) => JSON.stringify(m.delta));

const boards = (boardId: string, n: number) => Promise.all(Array.from({ length: n }, () => admitted(freshClient(), `board=${boardId}`)));

/** Beyond one room (issue 55): relay rooms hold a board's spectators past the room's own sockets. */
describe('relay rooms', () => {
  it('past the room’s own sockets boards go to relays, opened as the crowd grows; each hears every change once and in order', async () => {
    const { client, practice, pool } = await sharedPractice(['ann', 'bob', 'cleo', 'dan']);
    await spread(practice.id, { direct: 2, perRelay: 3 });
    const watching = await boards(practice.board_id!, 11);
    // 2 in the room, 9 over 3 relays of 3.
    expect(await relaysOf(practice.id)).toBe(3);
    const api = seed(viaClient(client));
    const [a, b, c, d] = pool.players;
    await api.bout(pool, a!.id, b!.id, 5, 1);
    await api.bout(pool, c!.id, d!.id, 2, 5);
    await api.bout(pool, a!.id, c!.id, 4, 5);
    await Promise.all(watching.map((s) => s.waitFor(() => scoresHeard(s).length === 3, 10_000)));
    const direct = scoresHeard(watching[0]!);
    for (const s of watching) expect(scoresHeard(s)).toEqual(direct);
    // The coach's room counts every board, the relays' too (each relay tells it within a second).
    const coach = await admitted(client, `practice=${practice.id}`);
    await coach.waitFor((m) => m.type === 'presence' && m.presence.spectators === 11, 5_000);
    for (const s of [...watching, coach]) s.ws.close();
  });

  it('a relay that missed a change (its writer thought it empty) catches up from the writer, in order', async () => {
    const { client, practice, pool } = await sharedPractice(['ann', 'bob', 'cleo', 'dan']);
    await spread(practice.id, { direct: 0, perRelay: 10 });
    const [watcher] = await boards(practice.board_id!, 1);
    const api = seed(viaClient(client));
    const [a, b, c, d] = pool.players;
    await api.bout(pool, a!.id, b!.id, 5, 1);
    await watcher!.waitFor(() => scoresHeard(watcher!).length === 1);
    // A stale count: the writer believes relay 0 empty and sends it nothing of the next score.
    await getRoom(env, practice.id).relayCount(0, 0);
    await api.bout(pool, c!.id, d!.id, 2, 5);
    // The relay's next count (it still holds the board), then a score: the relay sees the gap and asks for it.
    await getRoom(env, practice.id).relayCount(0, 1);
    await api.bout(pool, a!.id, c!.id, 4, 5);
    await watcher!.waitFor(() => scoresHeard(watcher!).length === 3, 5_000);
    const heard = scoresHeard(watcher!).map((s) => JSON.parse(s) as { pool_version: number; bout: { score1: number; score2: number } });
    expect(heard.map((x) => [x.bout.score1, x.bout.score2].sort((p, q) => p - q).join('-'))).toEqual(['1-5', '2-5', '4-5']);
    // In the pool's order: no gap a board would have to read again for.
    expect(heard.map((x) => x.pool_version - heard[0]!.pool_version)).toEqual([0, 1, 2]);
    watcher!.ws.close();
  });

  it('relayed boards are paused with sharing off, come back with it, and a new board link shows them out', async () => {
    const { client, practice } = await sharedPractice();
    await spread(practice.id, { direct: 1, perRelay: 2 });
    const watching = await boards(practice.board_id!, 3);
    const api = seed(viaClient(client));
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
    await Promise.all(watching.map((s) => s.waitFor((m) => m.type === 'paused', 5_000)));
    const hellos = (s: TestSocket) => s.messages.filter((m) => m.type === 'hello').length;
    await api.share(practice.id);
    await Promise.all(watching.map((s) => s.waitFor(() => hellos(s) === 2, 5_000)));
    await client.api.practices[':practiceId'].board.$post({ param: { practiceId: practice.id } });
    await Promise.all(watching.map((s) => s.closed));
    for (const s of watching) expect(s.messages.at(-1)).toMatchObject({ type: 'room-closed', code: 'board_link_changed' });
  });

  it('the hall board’s relays: hall boards past the day room’s own hear the day change', async () => {
    const scene = await sharedDay();
    await runInDurableObject(getDayRoom(env, scene.day.id), (room: DayRoom) => void Object.assign(room.crowd.limits, { direct: 1, perRelay: 2 }));
    const halls = await Promise.all(Array.from({ length: 5 }, () => admitted(freshClient(), `hall=${scene.day.board_id}`)));
    expect(await runInDurableObject(getDayRoom(env, scene.day.id), (room: DayRoom) => room.crowd.relays())).toBe(2);
    await scene.api.pistes.$put({ param: { dayId: scene.day.id }, json: { pistes: [{ name: '1', final: true }, { name: '2' }, { name: '3' }] } });
    const pistes = (m: LiveMessage) => m.type === 'day' && (m.day as DaySnapshot).pistes.length === 3;
    await Promise.all(halls.map((s) => s.waitFor(pistes, 5_000)));
    // A new hall link shows every old one's boards out, the relays' with the room's.
    await scene.rotate();
    await Promise.all(halls.map((s) => s.closed));
    for (const s of halls) expect(s.messages.at(-1)).toMatchObject({ type: 'room-closed' });
  });

  it('a network’s share holds across relays: spread over four, one address keeps about its share, not four times it', async () => {
    const { practice } = await sharedPractice();
    await setLimits(practice.id, { perAddress: 4 });
    // Four relays, opened by boards from elsewhere; then each has room for many.
    await spread(practice.id, { direct: 0, perRelay: 1 });
    await boards(practice.board_id!, 4);
    await spread(practice.id, { perRelay: 100 });
    expect(await relaysOf(practice.id)).toBe(4);
    const one = new Client(venueV4());
    const tries = await Promise.all(Array.from({ length: 12 }, () => openSocket(one, `board=${practice.board_id}`)));
    const closes = await Promise.all(tries.map(({ socket }) => closedWithin(socket!, 1_500)));
    const live = closes.filter((c) => c === null).length;
    // Each relay holds one of this network's boards at most (its share of 4 spread over 4): never the 16 four full shares would let in.
    expect(live).toBeGreaterThan(0);
    expect(live).toBeLessThanOrEqual(4);
    for (const [i, t] of tries.entries()) if (closes[i] !== null) expect(t.socket!.messages[0]).toMatchObject({ code: 'network_share_full' });
    for (const t of tries) t.socket!.ws.close();
  });
});
