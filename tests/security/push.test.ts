import { env, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Day, DayCall, DaySnapshot } from '../../core/contracts/days';
import { getDayRoom } from '../../worker/day/day';
import { addFollow, FOLLOW_LIMITS, pushCalls, PUSH_CONCURRENCY, takeToken } from '../../worker/day/follows';
import type { Env } from '../../worker/env';
import { networkOf } from '../../worker/auth/network';
import { standinSubscriber } from '../helpers/push';
import { seed, viaClient } from '../helpers/seed';
import { Client, json, signedUpCoach } from '../helpers/worker-client';

/**
 * Following a fencer cannot be turned against anyone (issue 54): the worker pushes only to the browsers' push
 * services, one phone or one network cannot take a day's follows, and a call's pushes go a few at a time.
 */

/** A coach's shared day with two events: 20 fencers in one pool, 3 in another (none placed: following needs no piste). */
async function sharedDay() {
  const { client } = await signedUpCoach();
  const made = seed(viaClient(client));
  const day = await json<Day>(await client.api.days.$post({ json: { name: 'Open', date: '2026-12-05' } }));
  const api = client.api.days[':dayId'];
  const big = await made.practiceWithPool('Cadets', Array.from({ length: 20 }, (_, i) => `Fencer ${String.fromCharCode(65 + i)}`));
  const small = await made.practiceWithPool('Juniors', ['Ann', 'Bob', 'Cleo']);
  for (const { practice } of [big, small]) await api.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } });
  await api.$patch({ param: { dayId: day.id }, json: { board_shared: true } });
  const fencers = [big, small].flatMap(({ practice, pool }) => pool.players.map((p) => ({ practice: practice.id, entry: p.id })));
  return { day, fencers };
}

type Fencer = { practice: string; entry: string };

/** A follow sent by a client, to a worker that pushes to the stand-in or (`live`) to the real push services. */
function follow(client: Client, day: Day, fencer: Fencer, sub: { endpoint: string; p256dh: string; auth: string }, live = false) {
  const path = `/api/hall/${day.board_id}/fencers/${fencer.practice}/${fencer.entry}/follows`;
  const body = { endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, lang: 'en' };
  return live ? client.requestIn({ PUSH_STANDIN: undefined }, 'POST', path, body) : client.request('POST', path, body);
}

/** Time passes for the day's limits on new follows: its buckets are as they would be `ms` later. */
const passes = (day: Day, ms: number) =>
  runInDurableObject(getDayRoom(env, day.id), async (_room, state) => {
    state.storage.sql.exec('UPDATE follow_rates SET at = at - ?', ms);
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('push endpoints (issue 54)', () => {
  it('takes only the push services’ endpoints on port 443: never a private address, another host or another port', async () => {
    const { day, fencers } = await sharedDay();
    const phone = await standinSubscriber();
    const client = new Client('198.51.100.20');
    const bad = [
      'https://10.0.0.1/push',
      'https://192.168.1.1/wp/abc',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://example.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://attacker.example/?fcm.googleapis.com',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://updates.push.services.mozilla.com:8443/wpush/v2/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://a.b.push.apple.com/x',
      'http://fcm.googleapis.com/fcm/send/abc',
    ];
    for (const endpoint of bad) {
      const res = await follow(client, day, fencers[0]!, { ...phone, endpoint }, true);
      expect([endpoint, res.status]).toEqual([endpoint, 400]);
      expect(await json(res)).toMatchObject({ code: 'push_subscription_invalid' });
    }
    // What Chrome, Firefox, Edge and Safari subscribe through is taken (an explicit :443 is the same URL).
    const good = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://fcm.googleapis.com:443/wp/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
    ];
    for (const [i, endpoint] of good.entries()) expect([endpoint, (await follow(client, day, fencers[i]!, { ...phone, endpoint }, true)).status]).toEqual([endpoint, 201]);
    // Under the local stand-in, another port of the stand-in's host is refused too.
    const standin = await follow(client, day, fencers[0]!, { ...phone, endpoint: 'https://push.standin.invalid:8443/x' });
    expect(standin.status).toBe(400);
  });
});

describe('bounded follows (issue 54)', () => {
  it('one phone follows at most its share of a day’s fencers', async () => {
    const { day, fencers } = await sharedDay();
    const phone = await standinSubscriber();
    const client = new Client('198.51.100.21');
    for (const fencer of fencers.slice(0, FOLLOW_LIMITS.perSubscription)) expect((await follow(client, day, fencer, phone)).status).toBe(201);
    const over = await follow(client, day, fencers[FOLLOW_LIMITS.perSubscription]!, phone);
    expect(over.status).toBe(409);
    expect(await json(over)).toMatchObject({ code: 'day_follows_phone_full' });
    // Following a fencer it follows already replaces that follow: still within the limit.
    expect((await follow(client, day, fencers[0]!, phone)).status).toBe(201);
    // Another phone is untouched.
    expect((await follow(client, day, fencers[FOLLOW_LIMITS.perSubscription]!, await standinSubscriber())).status).toBe(201);
  });

  it('slows a burst of follows from one network (429 with the wait); other networks still follow', async () => {
    const { day, fencers } = await sharedDay();
    const script = new Client('203.0.113.66');
    const phones = await Promise.all(Array.from({ length: 60 }, () => standinSubscriber()));
    const answers = await Promise.all(phones.map((phone, i) => follow(script, day, fencers[i % fencers.length]!, phone)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(FOLLOW_LIMITS.network.burst);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - FOLLOW_LIMITS.network.burst);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await json(refused)).toMatchObject({ code: 'too_many_attempts_try_again' });
    // A parent on another network is not held up by it.
    expect((await follow(new Client('192.0.2.44'), day, fencers[0]!, await standinSubscriber())).status).toBe(201);
    // Once the wait has passed, the network follows again.
    await passes(day, FOLLOW_LIMITS.network.everyMs);
    expect((await follow(script, day, fencers[0]!, await standinSubscriber())).status).toBe(201);
  });

  it('takes a hall of 200 parents behind one Wi-Fi following over ten minutes, in clumps: every follow succeeds', async () => {
    const { day, fencers } = await sharedDay();
    const wifi = new Client('198.51.100.80');
    const statuses: number[] = [];
    // Twenty clumps of ten parents following at the same moment, thirty seconds apart: 200 in ten minutes.
    for (let clump = 0; clump < 20; clump++) {
      const phones = await Promise.all(Array.from({ length: 10 }, () => standinSubscriber()));
      const answers = await Promise.all(phones.map((phone, i) => follow(wifi, day, fencers[(clump * 10 + i) % fencers.length]!, phone)));
      statuses.push(...answers.map((r) => r.status));
      await passes(day, 30_000);
    }
    expect(statuses).toEqual(Array(200).fill(201));
  });

  it('one network holds at most its share of the day’s follows, so real parents elsewhere can still follow', async () => {
    const { day, fencers } = await sharedDay();
    const from = networkOf('203.0.113.99');
    // The network's share, made over hours (the day's room is asked directly: the HTTP path is the same).
    await runInDurableObject(getDayRoom(env, day.id), async (_room, state) => {
      for (let i = 0; i < FOLLOW_LIMITS.perNetwork; i++) {
        const f = { id: `f${i}`, practice_id: fencers[0]!.practice, entry_id: fencers[0]!.entry, keys: [], lang: 'en', board_id: day.board_id, endpoint: `https://push.standin.invalid/${i}`, p256dh: 'k', auth: 'a' };
        expect(addFollow(state.storage.sql, f, from, Date.now() + i * 60_000)).toBe('added');
      }
    });
    await passes(day, 10 * 60_000);
    const over = await follow(new Client('203.0.113.99'), day, fencers[1]!, await standinSubscriber());
    expect(over.status).toBe(409);
    expect(await json(over)).toMatchObject({ code: 'day_follows_network_full' });
    expect((await follow(new Client('192.0.2.45'), day, fencers[1]!, await standinSubscriber())).status).toBe(201);
  });

  it('a token bucket: a full burst, then one every interval; a steady stream below the rate is never refused', () => {
    const rate = { burst: 3, everyMs: 1000 };
    let bucket = null;
    for (let i = 0; i < 3; i++) {
      const taken = takeToken(bucket, rate, 0);
      if (!('bucket' in taken)) throw new Error('refused within the burst');
      bucket = taken.bucket;
    }
    expect(takeToken(bucket, rate, 0)).toEqual({ waitMs: 1000 });
    expect(takeToken(bucket, rate, 400)).toEqual({ waitMs: 600 });
    expect(takeToken(bucket, rate, 1000)).toMatchObject({ bucket: { tokens: 0, at: 1000 } });
    // Hours later the bucket is full again, never fuller.
    expect(takeToken(bucket, rate, 10_000_000)).toMatchObject({ bucket: { tokens: 2 } });
  });
});

describe('sending pushes (issue 54)', () => {
  it('a call’s pushes go a few at a time, each with a timeout and no redirect followed; a phone following both fencers hears it once', async () => {
    const phones = await Promise.all(Array.from({ length: 20 }, () => standinSubscriber()));
    const day = { id: 'd', name: 'D', date: '2026-12-05', venue: null, board_id: 'link-one', board_shared: true, starts_at: null, minutes: null, guests_call: false, created_at: 0, updated_at: 0 } satisfies Day;
    const snapshot: DaySnapshot = { day, events: [], pistes: [], placements: [], referees: [], calls: [], held: [], version: 1 };
    const call: DayCall = { id: 'p:r1-m0', practice_id: 'p', match_id: 'r1-m0', round: 1, position: 0, names: ['ANN', 'BOB'], keys: ['ann', 'bob'], piste_id: 'x', referee_id: null, neutral: true, state: 'called', called_at: 0, version: 1 };
    let open = 0;
    let most = 0;
    const sent: { url: string; init: RequestInit | undefined }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push({ url: String(input), init });
      most = Math.max(most, ++open);
      await new Promise((resolve) => setTimeout(resolve, 10));
      open--;
      return new Response(null, { status: 201 });
    });
    await runInDurableObject(getDayRoom(env, `push-lanes-${crypto.randomUUID()}`), async (_room, state) => {
      const sql = state.storage.sql;
      const from = networkOf('198.51.100.1');
      phones.forEach((p, i) => {
        const endpoint = `https://fcm.googleapis.com/fcm/send/${i}`;
        const base = { practice_id: 'p', lang: 'en', board_id: 'link-one', endpoint, p256dh: p.p256dh, auth: p.auth };
        addFollow(sql, { ...base, id: `a${i}`, entry_id: 'ann', keys: ['ann'] }, from, i * 10_000);
        // The first phone follows Bob too: one push for their match.
        if (i === 0) addFollow(sql, { ...base, id: 'b0', entry_id: 'bob', keys: ['bob'] }, from, 1);
      });
      await pushCalls({ ...(env as unknown as Env), PUSH_STANDIN: undefined }, sql, [call], snapshot);
    });
    expect(sent).toHaveLength(20);
    expect(most).toBeLessThanOrEqual(PUSH_CONCURRENCY);
    for (const { url, init } of sent) {
      expect(url).toMatch(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/\d+$/);
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      expect(init?.redirect).toBe('manual');
    }
  });
});
