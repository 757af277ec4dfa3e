import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SpectatorSnapshot } from '../../core/contracts/guests';
import type { DaySnapshot } from '../../core/contracts/days';
import { getDayRoom } from '../../worker/day/day';
import type { DayRoom } from '../../worker/day/day-room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import { sharedDay } from '../helpers/day-scene';
import { seed, viaClient } from '../helpers/seed';
import { Client, json, pageBindings } from '../helpers/worker-client';
import { sharedPractice } from '../security/helpers';

/** How many times a practice's room read its pools and tableau for a board. */
const roomReads = (practiceId: string) => runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => room.snapshotReads);
const dayReads = (dayId: string) => runInDurableObject(getDayRoom(env, dayId), (room: DayRoom) => room.snapshotReads);

/**
 * The practice's room once what its last changes left behind them is done (the index's word of sharing, the
 * archive, the day's word): its version stands still until the next change.
 */
const settled = async (practiceId: string) => {
  await getRoom(env, practiceId).flushArchive();
  await runInDurableObject(getRoom(env, practiceId), async (room: PracticeRoom) => {
    await room.dayLink.flush();
  });
};

/** A reload storm (issue 55): every board reads the edge's copy of the room's current version. */
describe('a board reload storm is served from the edge cache', () => {
  it('200 boards reloading at once cost the room one read; a score is read once more, and every board then sees it', async () => {
    const { client, practice, pool } = await sharedPractice();
    const board = new Client('198.18.55.1').api.board[':boardId'];
    const read = async () => json<SpectatorSnapshot>(await board.$get({ param: { boardId: practice.board_id! } }));
    await settled(practice.id);
    const before = await roomReads(practice.id);
    const storm = await Promise.all(Array.from({ length: 200 }, read));
    expect(storm.every((s) => s.pools[0]!.id === pool.id && s.pools[0]!.bouts.every((b) => b.score1 === null))).toBe(true);
    expect((await roomReads(practice.id)) - before).toBe(1);
    // Later reloads of the same version are the edge's too, and say so.
    const later = await Promise.all(Array.from({ length: 50 }, () => new Client('198.18.55.1').request('GET', `/api/board/${practice.board_id}`)));
    // (read from the edge, or joined to another board's read of it at the same moment)
    expect(later.filter((r) => r.headers.get('x-piste-board-read') === 'room')).toHaveLength(0);
    expect(later.filter((r) => r.headers.get('x-piste-board-read') === 'edge').length).toBeGreaterThan(0);
    expect((await roomReads(practice.id)) - before).toBe(1);

    const [a, b] = pool.players;
    await seed(viaClient(client)).bout(pool, a!.id, b!.id, 5, 2);
    const after = await Promise.all(Array.from({ length: 100 }, read));
    const scored = (s: SpectatorSnapshot) => s.pools[0]!.bouts.filter((x) => x.score1 !== null).map((x) => [x.score1, x.score2].sort().join('-'));
    expect(after.map(scored).every((bouts) => bouts.join() === '2-5')).toBe(true);
    expect((await roomReads(practice.id)) - before).toBe(2);
  });

  it('board pages painted in a storm cost the room one read, and name the version they show', async () => {
    const { practice } = await sharedPractice(['Ada Storm', 'Bea Storm', 'Cy Storm']);
    await settled(practice.id);
    const page = () => new Client('198.18.55.2').requestIn(pageBindings, 'GET', `/live/${practice.board_id}`).then((r) => r.text());
    const before = await roomReads(practice.id);
    const pages = await Promise.all(Array.from({ length: 30 }, page));
    expect(pages[0]).toMatch(/Ada/i);
    expect(new Set(pages).size).toBe(1);
    const mark = await runInDurableObject(getRoom(env, practice.id), (room: PracticeRoom) => room.changeMark());
    expect(pages.every((p) => p.includes(`"mark":"${mark}"`))).toBe(true);
    expect((await roomReads(practice.id)) - before).toBe(1);
  });

  it('hall boards reloading at once cost the day room one read, and a day change is read at once', async () => {
    const scene = await sharedDay();
    const boardId = scene.day.board_id!;
    await settled(scene.practice.id);
    const read = async () => json<DaySnapshot>(await new Client('198.18.55.3').api.hall[':boardId'].$get({ param: { boardId } }));
    const before = await dayReads(scene.day.id);
    const storm = await Promise.all(Array.from({ length: 100 }, read));
    expect(storm.every((s) => s.pistes.map((p) => p.name).join() === '1,2')).toBe(true);
    expect((await dayReads(scene.day.id)) - before).toBe(1);
    await scene.api.pistes.$put({ param: { dayId: scene.day.id }, json: { pistes: [{ name: '1', final: true }, { name: '2' }, { name: '3' }] } });
    const after = await Promise.all(Array.from({ length: 50 }, read));
    expect(after.every((s) => s.pistes.map((p) => p.name).join() === '1,2,3')).toBe(true);
    expect((await dayReads(scene.day.id)) - before).toBe(2);
  });
});
