import { describe, expect, it, vi } from 'vitest';
import type { DaySnapshot, HallFencer, HallFencers, PushConfig } from '../../core/contracts/days';
import { decryptPush, standinSubscriber } from '../helpers/push';
import { sharedDay } from '../helpers/day-scene';
import { Client, json, pushesTo } from '../helpers/worker-client';
import { expectRefusal } from '../helpers/api-client';

describe("the hall's fencers (issue 28)", () => {
  it('finds every fencer of the day, and shows a fencer their pool bouts, the next one and their results, live from the room', async () => {
    const { made, day, practice, pool, hall, entry } = await sharedDay({ annFromRoster: true });
    const list = await json<HallFencers>(await hall.fencers.$get({ param: { boardId: day.board_id } }));
    expect(list.events).toEqual([{ practice_id: practice.id, name: 'Sunday', fencers: ['ANN', 'BOB', 'CLEO', 'DAN'].map((name) => ({ id: entry(name), name })) }]);

    const page = async (name: string) => json<HallFencer>(await hall.fencers[':practiceId'][':entryId'].$get({ param: { boardId: day.board_id, practiceId: practice.id, entryId: entry(name) } }));
    const before = await page('Ann');
    expect(before).toMatchObject({ practice_id: practice.id, event: 'Sunday', weapon: 'epee', fencer: { name: 'ANN', seed: null, matches: [] } });
    // The server keeps how calls name her (her roster id): a page never sees it.
    expect(before.fencer).not.toHaveProperty('keys');
    // The bout order of four is 1-4 2-3 1-3 2-4 3-4 1-2: Ann fences Dan first.
    expect(before.fencer.pools[0]!.next).toEqual({ opponent: 'DAN', before: 0 });
    await made.bout(pool, entry('Ann'), entry('Dan'), 5, 3);
    const after = await page('Ann');
    expect(after.fencer.pools[0]!.bouts[0]).toEqual({ opponent: 'DAN', mine: 5, theirs: 3, won: true, annulled: false });
    // 2-3 is next in the pool, then Ann v Cleo: one bout before hers.
    expect(after.fencer.pools[0]!.next).toEqual({ opponent: 'CLEO', before: 1 });
    expect((await page('Dan')).fencer.pools[0]!.bouts[0]).toMatchObject({ opponent: 'ANN', mine: 3, theirs: 5, won: false });
  });

  it('shows nothing for a fencer of no event of the day, an unshared day (its right link says it waits) or a bad link', async () => {
    const { made, day, api, hall, entry, practice } = await sharedDay({ annFromRoster: true });
    const other = await made.practiceWithPool('Elsewhere', ['Xena', 'Yann', 'Zoe']);
    const page = (practiceId: string, entryId: string, boardId = day.board_id) => hall.fencers[':practiceId'][':entryId'].$get({ param: { boardId, practiceId, entryId } });
    expect(await expectRefusal(page(other.practice.id, other.pool.players[0]!.id), 404)).toMatchObject({ code: 'not_found_2', params: { what: 'Fencer' } });
    expect((await page(practice.id, other.pool.players[0]!.id)).status).toBe(404);
    expect((await page(practice.id, 'x'.repeat(65))).status).toBe(404);
    await api.$patch({ param: { dayId: day.id }, json: { board_shared: false } });
    expect(await expectRefusal(page(practice.id, entry('Ann')), 409)).toEqual({ error: 'The coach is not sharing the hall board right now.', code: 'hall_not_shared' });
    expect((await hall.fencers.$get({ param: { boardId: day.board_id } })).status).toBe(409);
    expect((await page(practice.id, entry('Ann'), `${day.board_id.slice(0, -1)}${day.board_id.endsWith('x') ? 'y' : 'x'}`)).status).toBe(404);
  });

  it('pushes the call to the phones following its fencers, in their language, through the stand-in; an unfollowed phone hears nothing more', async () => {
    const { made, day, practice, pool, hall, entry } = await sharedDay({ annFromRoster: true });
    const config = await json<PushConfig>(await hall.push.$get({ param: { boardId: day.board_id } }));
    expect(config.standin).toBe(true);
    expect(config.key).toMatch(/^B[\w-]{86}$/);
    const follow = (name: string, sub: { endpoint: string; p256dh: string; auth: string }, lang = 'en') =>
      hall.fencers[':practiceId'][':entryId'].follows.$post({ param: { boardId: day.board_id, practiceId: practice.id, entryId: entry(name) }, json: { ...sub, lang } });
    const annPhone = await standinSubscriber();
    const parentPhone = await standinSubscriber();
    const bobPhone = await standinSubscriber();
    const followed = await follow('Ann', annPhone);
    expect(followed.status).toBe(201);
    expect((await follow('Ann', parentPhone, 'fr')).status).toBe(201);
    const bob = await json<{ id: string }>(await follow('Bob', bobPhone));
    // Bob's phone stops following before anything is called.
    expect((await hall.follows[':followId'].$delete({ param: { boardId: day.board_id, followId: bob.id } })).status).toBe(204);
    expect((await hall.follows[':followId'].$delete({ param: { boardId: day.board_id, followId: bob.id } })).status).toBe(404);

    await made.fenceAll(pool);
    // Ann is seed 1 against Dan: the semi-finals are called, Ann's to piste 2 (piste 1 is the final's, taken by the other semi).
    await vi.waitFor(async () => expect(await pushesTo(annPhone.endpoint)).toHaveLength(1), { timeout: 5000, interval: 100 });
    const [push] = await Promise.all((await pushesTo(annPhone.endpoint)).map((b) => decryptPush<{ title: string; body: string; url: string }>(annPhone, b)));
    expect(push).toEqual({ title: 'Called to piste 2', body: 'ANN – DAN · Sunday', url: `https://piste.test/hall/${day.board_id}/fencer/${practice.id}/${entry('Ann')}`, tag: `${practice.id}:r1-m0` });
    await vi.waitFor(async () => expect(await pushesTo(parentPhone.endpoint)).toHaveLength(1), { timeout: 5000, interval: 100 });
    const [french] = await pushesTo(parentPhone.endpoint);
    expect(await decryptPush(parentPhone, french!)).toMatchObject({ title: 'Appel en piste 2' });
    expect(await pushesTo(bobPhone.endpoint)).toEqual([]);
    // The page says where Ann must go: her tableau match against Dan.
    const page = await json<HallFencer>(await hall.fencers[':practiceId'][':entryId'].$get({ param: { boardId: day.board_id, practiceId: practice.id, entryId: entry('Ann') } }));
    expect(page.fencer).toMatchObject({ seed: 1, matches: [{ id: 'r1-m0', opponent: 'DAN', won: null }] });
  });

  it('refuses a subscription it cannot use, a follow on a closed hall, and takes no orders from the follower', async () => {
    const { day, api, practice, entry } = await sharedDay({ annFromRoster: true });
    const phone = await standinSubscriber();
    const follow = (body: object, boardId = day.board_id) =>
      new Client().request('POST', `/api/hall/${boardId}/fencers/${practice.id}/${entry('Ann')}/follows`, body);
    // A real push service's endpoint while pushes go to the stand-in, a plain http one, a key of the wrong size.
    for (const bad of [{ ...phone, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, { ...phone, endpoint: 'http://push.standin.invalid/x' }, { ...phone, p256dh: 'short' }, { ...phone, auth: 'a/b+c' }]) {
      expect(await expectRefusal(follow(bad), 400)).toMatchObject({ code: 'push_subscription_invalid' });
    }
    expect((await follow({ ...phone, endpoint: 'x'.repeat(2000) })).status).toBe(400);
    await api.$patch({ param: { dayId: day.id }, json: { board_shared: false } });
    expect((await follow(phone)).status).toBe(409);
    // The follow's routes change nothing of the day.
    const snapshot = await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
    expect(snapshot.calls).toEqual([]);
  });
});
