import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { networkOf } from '../../worker/auth/network';
import { TURNSTILE_TEST_KEYS } from '../../worker/auth/turnstile';
import { LOOKUP_LIMITS } from '../../worker/store/d1/throttle';
import { openSocket } from '../helpers/sockets';
import { Client, json, ORIGIN } from '../helpers/worker-client';
import { ipv6Client, sharedPractice, wrongCode } from './helpers';

const L = LOOKUP_LIMITS;
const CHECK = 'cf-turnstile-response';
const solved = { [CHECK]: TURNSTILE_TEST_KEYS.dummyToken };

const join = (client: Client, room_code: string, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/guest/join', { room_code }, headers);

/** Everyone's failures this hour, as if many networks had guessed: the service is under attack. */
async function setGlobalFailures(count: number) {
  await env.DB.prepare('INSERT OR REPLACE INTO throttle (key, count, reset_at) VALUES (?, ?, ?)').bind('lookup:global', count, Date.now() + 60 * 60_000).run();
}

afterEach(async () => {
  await env.DB.prepare("DELETE FROM throttle WHERE key = 'lookup:global'").run();
});

/** A request to the worker with some bindings changed (another Turnstile key, none at all). */
async function callWith(overrides: Partial<Env>, client: Client, room_code: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}/api/guest/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': client.ip, ...headers },
      body: JSON.stringify({ room_code }),
    }),
    { ...(env as unknown as Env), ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('networks, not addresses', () => {
  it('an IPv6 client is its /64 (with its /48 above it), an IPv4 client its address (with its /24)', () => {
    expect(networkOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toEqual({ net: '6:2001:db8:1:2::/64', block: '6:2001:db8:1::/48' });
    expect(networkOf('2001:db8:1:2::7')).toEqual(networkOf('2001:0db8:0001:0002:ffff::1'));
    expect(networkOf('2001:db8::1').net).toBe('6:2001:db8:0:0::/64');
    expect(networkOf('203.0.113.9')).toEqual({ net: '4:203.0.113.9', block: '4:203.0.113' });
    // An IPv4-mapped IPv6 address is the IPv4 client it carries.
    expect(networkOf('::ffff:203.0.113.9')).toEqual(networkOf('203.0.113.9'));
    expect(networkOf('not an address').net).toBe('x:not an address');
  });

  it('rotating addresses inside one IPv6 /64 share one limit: the sweep stops at the limit and finds nothing', async () => {
    const { practice } = await sharedPractice();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await join(ipv6Client('2001:db8:25:1', i + 1), wrongCode(practice.room_code, i))).status);
    expect(statuses.slice(0, L.perNetwork)).toEqual(Array(L.perNetwork).fill(404));
    expect(statuses.slice(L.perNetwork)).toEqual(Array(30 - L.perNetwork).fill(429));
    // The right code, from yet another address of that /64, is not revealed without a human check.
    const hit = await join(ipv6Client('2001:db8:25:1', 999), practice.room_code);
    expect(hit.status).toBe(429);
    expect(await json(hit)).toMatchObject({ code: 'challenge_required' });
    // Another home connection (another /64 of another site) is untouched.
    expect((await join(ipv6Client('2001:db8:99:1', 1), practice.room_code)).status).toBe(200);
  });

  it('the /64s of one /48 share a ceiling, and so do the addresses of one IPv4 /24', async () => {
    const { practice } = await sharedPractice();
    const v6: number[] = [];
    for (let i = 0; i < L.perBlock + 5; i++) v6.push((await join(ipv6Client(`2001:db8:26:${(i + 1).toString(16)}`, 1), wrongCode(practice.room_code, i))).status);
    expect(v6.slice(0, L.perBlock)).toEqual(Array(L.perBlock).fill(404));
    expect(v6.slice(L.perBlock)).toEqual(Array(5).fill(429));
    const v4: number[] = [];
    for (let i = 0; i < L.perBlock + 5; i++) v4.push((await join(new Client(`100.120.7.${i + 1}`), wrongCode(practice.room_code, i))).status);
    expect(v4.slice(0, L.perBlock)).toEqual(Array(L.perBlock).fill(404));
    expect(v4.slice(L.perBlock)).toEqual(Array(5).fill(429));
  });
});

describe('past the global budget, a human check instead of a lock', () => {
  it('a gym behind one address: two typos, then the right code asks for a check; unsolved it stays shut, solved it opens, the board link always opens', async () => {
    const { practice } = await sharedPractice();
    await setGlobalFailures(L.globalBudget + 1);
    const gym = new Client('100.121.0.1');
    expect((await join(gym, wrongCode(practice.room_code, 1))).status).toBe(404);
    expect((await join(gym, wrongCode(practice.room_code, 2))).status).toBe(404);
    // The third try from that address (the right code) is not locked for an hour: it asks for a check.
    const asked = await join(gym, practice.room_code);
    expect(asked.status).toBe(429);
    expect(await json(asked)).toEqual({
      error: 'Please confirm you are a person to continue',
      code: 'challenge_required',
      challenge: { siteKey: TURNSTILE_TEST_KEYS.sitePasses, standin: true },
    });
    // An unsolved check (a made-up token) is asked again.
    const unsolved = await join(gym, practice.room_code, { [CHECK]: 'made-up-token' });
    expect(unsolved.status).toBe(429);
    expect((await json(unsolved)).code).toBe('challenge_required');
    // Solved: this person is in, and so is the next person of the same gym who solves it.
    const joined = await gym.request('POST', '/api/guest/join', { room_code: practice.room_code, guest_name: 'Parent one' }, solved);
    expect(joined.status).toBe(200);
    expect((await json(joined)).sessionToken).toEqual(expect.any(String));
    expect((await gym.request('POST', '/api/guest/join', { room_code: practice.room_code, guest_name: 'Parent two' }, solved)).status).toBe(200);
    // The live board link (not guessable) opens from the gym without any check, page and socket alike.
    expect((await gym.api.board[':boardId'].$get({ param: { boardId: practice.board_id } })).status).toBe(200);
    expect((await openSocket(gym, `board=${practice.board_id}`)).socket).toBeDefined();
  });

  it('past the absolute ceiling nothing is answered without a check; with checks a network may still fail a bounded number of times', async () => {
    const { practice } = await sharedPractice();
    await setGlobalFailures(L.absoluteCeiling);
    const fresh = new Client('100.122.0.1');
    const first = await join(fresh, wrongCode(practice.room_code, 1));
    expect(first.status).toBe(429);
    expect((await json(first)).code).toBe('challenge_required');
    expect((await join(fresh, practice.room_code)).status).toBe(429);
    expect((await join(fresh, practice.room_code, solved)).status).toBe(200);
    const checked: number[] = [];
    for (let i = 0; i < L.checkedPerNetwork + 2; i++) checked.push((await join(fresh, wrongCode(practice.room_code, 100 + i), solved)).status);
    expect(checked.slice(0, L.checkedPerNetwork)).toEqual(Array(L.checkedPerNetwork).fill(404));
    const waited = await join(fresh, practice.room_code, solved);
    expect(waited.status).toBe(429);
    expect((await json(waited)).error).toMatch(/^Too many attempts, try again in \d+ seconds$/);
  });

  it("Turnstile's always-fail test secret refuses even the test token; without Turnstile configured the limiter only waits", async () => {
    const { practice } = await sharedPractice();
    await setGlobalFailures(L.absoluteCeiling);
    const fails = await callWith({ TURNSTILE_SECRET_KEY: TURNSTILE_TEST_KEYS.secretFails }, new Client('100.123.0.1'), practice.room_code, solved);
    expect(fails.status).toBe(429);
    expect((await json(fails)).code).toBe('challenge_required');
    const bare = await callWith({ TURNSTILE_SITE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined }, new Client('100.123.0.2'), practice.room_code);
    expect(bare.status).toBe(429);
    const body = await json(bare);
    expect(body.challenge).toBeUndefined();
    expect(body.error).toMatch(/^Too many attempts, try again in \d+ seconds$/);
  });
});
