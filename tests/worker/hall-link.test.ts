import { describe, expect, it, vi } from 'vitest';
import type { DaySnapshot, HallFencers } from '../../core/contracts/days';
import type { Env } from '../../worker/env';
import { decryptPush, standinSubscriber, type Subscriber } from '../helpers/push';
import { openSocket } from '../helpers/sockets';
import { sharedDay } from '../helpers/day-scene';
import { Client, json, pushesTo } from '../helpers/worker-client';
import { expectRefusal } from '../helpers/api-client';

/**
 * A hall board link replaced or no longer shared (issue 54): the old link's boards hear nothing of the new
 * one, its followers are pushed nothing more (and can still stop following), and a push names only the link
 * its follower was given.
 */



/** A phone following a fencer through a link: the follow's id. */
async function followThrough(boardId: string, practiceId: string, entryId: string, phone: Subscriber) {
  const res = await new Client().api.hall[':boardId'].fencers[':practiceId'][':entryId'].follows.$post({
    param: { boardId, practiceId, entryId },
    json: { endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth, lang: 'en' },
  });
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

const unfollowThrough = (boardId: string, followId: string) => new Client().api.hall[':boardId'].follows[':followId'].$delete({ param: { boardId, followId } });

/** The day's room has run the work it left behind its last changes (the calls' pushes among it). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('a replaced hall board link (issue 54)', () => {
  it('closes the old link’s boards before anything of the new link is sent: they hear nothing that names it', async () => {
    const { day, api, rotate } = await sharedDay();
    const board = (await openSocket(new Client(), `hall=${day.board_id}`)).socket!;
    const first = await board.waitFor((m) => m.type === 'day');
    // A board never hears its link named, not even its own.
    expect(first.type === 'day' && first.day.day.board_id).toBe('');
    const heardBefore = board.messages.length;
    const fresh = await rotate();
    expect(fresh).not.toBe(day.board_id);
    expect(await board.closed).toBe(4001);
    expect(JSON.stringify(board.messages)).not.toContain(fresh);
    expect(board.messages.slice(heardBefore).map((m) => m.type)).toEqual(['room-closed']);
    // The new link's board hears the day, without the link in it; the hall's HTTP answer leaves it out too.
    const next = (await openSocket(new Client(), `hall=${fresh}`)).socket!;
    expect(JSON.stringify(await next.waitFor((m) => m.type === 'day'))).not.toContain(fresh);
    const read = await new Client().api.hall[':boardId'].$get({ param: { boardId: fresh } });
    expect(JSON.stringify(await json(read))).not.toContain(fresh);
    // The coach's own screen still has it.
    expect((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).day.board_id).toBe(fresh);
    next.ws.close();
  });

  it('ends the old link’s follows: after the link is replaced and sharing turned off no push is sent, and an old follow can still be ended', async () => {
    const { made, day, pool, practice, entry, rotate, share } = await sharedDay();
    const phone = await standinSubscriber();
    const old = await followThrough(day.board_id, practice.id, entry('Ann'), phone);
    await rotate();
    await share(false);
    await made.fenceAll(pool);
    await settle();
    expect(await pushesTo(phone.endpoint)).toEqual([]);
    // The phone stops following through the link it was given: done, and done once.
    expect((await unfollowThrough(day.board_id, old)).status).toBe(204);
    expect((await unfollowThrough(day.board_id, old)).status).toBe(404);
  });

  it('a push names only the link its follower was given: the old link’s followers hear nothing, the new link’s hear their link', async () => {
    const { made, day, pool, practice, entry, rotate } = await sharedDay();
    const oldPhone = await standinSubscriber();
    const newPhone = await standinSubscriber();
    const old = await followThrough(day.board_id, practice.id, entry('Ann'), oldPhone);
    const fresh = await rotate();
    await followThrough(fresh, practice.id, entry('Ann'), newPhone);
    await made.fenceAll(pool);
    await vi.waitFor(async () => expect(await pushesTo(newPhone.endpoint)).toHaveLength(1), { timeout: 5000, interval: 100 });
    const [push] = await pushesTo(newPhone.endpoint);
    expect(await decryptPush(newPhone, push!)).toMatchObject({ url: `https://piste.test/hall/${fresh}/fencer/${practice.id}/${entry('Ann')}` });
    await settle();
    expect(await pushesTo(oldPhone.endpoint)).toEqual([]);
    // The old follow is ended through the old link, never through the new one (its phone was not given it).
    expect((await unfollowThrough(fresh, old)).status).toBe(404);
    expect((await unfollowThrough(day.board_id, old)).status).toBe(204);
  });

  it('pushes nothing while the hall is not shared, on the same link', async () => {
    const { made, day, pool, practice, entry, share } = await sharedDay();
    const phone = await standinSubscriber();
    const id = await followThrough(day.board_id, practice.id, entry('Ann'), phone);
    await share(false);
    await made.fenceAll(pool);
    await settle();
    expect(await pushesTo(phone.endpoint)).toEqual([]);
    // Not shared, the follow can still be ended.
    expect((await unfollowThrough(day.board_id, id)).status).toBe(204);
  });

  it('refuses a made-up follow id without reaching any day', async () => {
    const { day } = await sharedDay();
    for (const id of [`${day.id}.${'A'.repeat(22)}.${'B'.repeat(22)}`, `${crypto.randomUUID()}.${'A'.repeat(22)}.${'B'.repeat(22)}`, 'x'.repeat(200)]) {
      expect(await expectRefusal(unfollowThrough(day.board_id, id), 404)).toMatchObject({ code: 'not_found_2', params: { what: 'Follow' } });
    }
  });
});

describe("the hall's fencer list (issue 54)", () => {
  it('is read from the events’ rooms once for a crowd, and again as soon as the day’s events change', async () => {
    const { made, day, api } = await sharedDay();
    const visitor = new Client();
    const list = async (bindings: Partial<Env> = {}) => visitor.requestIn(bindings, 'GET', `/api/hall/${day.board_id}/fencers`);
    const first = await json<HallFencers>(await list());
    expect(first.events[0]!.fencers).toHaveLength(4);
    // The events' rooms cannot be reached now: the crowd is still answered, without asking them.
    const unreachable = { PRACTICE_ROOM: { idFromName: () => ({}), get: () => ({ snapshot: () => Promise.reject(new Error('unreachable')) }) } } as unknown as Partial<Env>;
    for (let i = 0; i < 20; i++) {
      const res = await list(unreachable);
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual(first);
    }
    // A new event joins the day: the next list has it.
    const { practice } = await made.practiceWithPool('Monday', ['Eve', 'Fay']);
    await api.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } });
    const next = await json<HallFencers>(await list());
    expect(next.events.map((e) => e.name)).toEqual(['Sunday', 'Monday']);
  });
});
