import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../core/live-messages';
import { getDayRoom } from '../../worker/day/day';
import type { DayRoom } from '../../worker/day/day-room';
import { closeAll, crowd, setRates, venueV4 } from '../helpers/crowd';
import { sharedDay } from '../helpers/day-scene';
import { seed, viaClient } from '../helpers/seed';
import { admitted, closedWithin, setLimits } from '../helpers/socket-abuse';
import { openSocket } from '../helpers/sockets';
import { Client } from '../helpers/worker-client';
import { freshClient, sharedPractice } from './helpers';

/**
 * A flood of sockets from one network (issue 55) is slowed and bounded: what is abuse is the rate of new sockets
 * and a network's share of the room, never the number of people behind an address.
 */
describe('a flood of sockets from one network is slowed and bounded', () => {
  it('a burst past the network’s rate is told to wait (and tries again), the room’s other spectators stay live', async () => {
    const { client, practice, pool } = await sharedPractice();
    await setRates(practice.id, { burst: 40, perSecond: 5 });
    const elsewhere = await admitted(freshClient(), `board=${practice.board_id}`);
    const script = new Client(venueV4());
    const started = Date.now();
    const attempts = await Promise.all(Array.from({ length: 200 }, () => openSocket(script, `board=${practice.board_id}`)));
    const seconds = (Date.now() - started) / 1000;
    const closes = await Promise.all(attempts.map(({ socket }) => closedWithin(socket!, 1_000)));
    const refused = attempts.filter((_, i) => closes[i] === CLOSE_CODES.tooMany);
    const live = attempts.filter((_, i) => closes[i] === null);
    // The burst, and what the rate gave back while the flood went on: no more.
    expect(live.length).toBeGreaterThanOrEqual(40);
    expect(live.length).toBeLessThanOrEqual(40 + Math.ceil(seconds * 5) + 1);
    expect(refused.length).toBe(200 - live.length);
    expect(refused[0]!.socket!.messages).toEqual([{ type: 'refused', reason: 'Many screens are opening from your network at once. This one goes live in a few seconds.', code: 'screens_opening_too_fast' }]);
    // The room serves on: the other network's spectator hears the next bout.
    const [a, b] = pool.players;
    await seed(viaClient(client)).bout(pool, a!.id, b!.id, 5, 0);
    await elsewhere.waitFor((m) => m.type === 'bout');
    // A socket that waits its turn gets in.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await admitted(script, `board=${practice.board_id}`);
    closeAll([elsewhere, ...live.map((l) => l.socket!)]);
  });

  it('past a network’s share of the room the board is told it updates every few seconds; other networks still open it', async () => {
    const { practice } = await sharedPractice();
    await setLimits(practice.id, { perAddress: 20 });
    const address = venueV4();
    const phones = await crowd(address, `board=${practice.board_id}`, 20);
    const extra = (await openSocket(new Client(address), `board=${practice.board_id}`)).socket!;
    expect(await closedWithin(extra, 3_000)).toBe(CLOSE_CODES.tooMany);
    expect(extra.messages[0]).toMatchObject({ type: 'refused', code: 'network_share_full' });
    // The board's read still answers that network (the screen polls it meanwhile).
    expect((await new Client(address).api.board[':boardId'].$get({ param: { boardId: practice.board_id } })).status).toBe(200);
    closeAll([...phones, await admitted(freshClient(), `board=${practice.board_id}`)]);
  });

  it('the network the coach is signed in from is the venue’s: no share of its own, and it opens faster', async () => {
    const { client, practice } = await sharedPractice();
    await setLimits(practice.id, { perAddress: 20 });
    await setRates(practice.id, { burst: 30, perSecond: 1 });
    const address = venueV4();
    const coach = await admitted(new Client(address).withCookiesOf(client), `practice=${practice.id}`);
    // Past the network's share (20) and the plain burst (30): the venue's burst is four times as wide.
    const phones = await crowd(address, `board=${practice.board_id}`, 100, 25);
    expect(phones).toHaveLength(100);
    closeAll([coach, ...phones]);
  });

  it('a day’s hall board has the same door', async () => {
    const { day } = await sharedDay();
    await runInDurableObject(getDayRoom(env, day.id), (room: DayRoom) => void (room.door.rates.network = { burst: 10, perSecond: 1 }));
    const script = new Client(venueV4());
    const attempts = await Promise.all(Array.from({ length: 30 }, () => openSocket(script, `hall=${day.board_id}`)));
    const closes = await Promise.all(attempts.map(({ socket }) => closedWithin(socket!, 1_000)));
    expect(closes.filter((c) => c === null).length).toBeLessThanOrEqual(12);
    expect(closes.filter((c) => c === CLOSE_CODES.tooMany).length).toBeGreaterThanOrEqual(18);
    closeAll(attempts.flatMap(({ socket }, i) => (closes[i] === null ? [socket!] : [])));
  });
});
