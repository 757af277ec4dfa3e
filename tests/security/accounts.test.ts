import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getDayRoom } from '../../worker/day/day';
import { getRoom } from '../../worker/room/room';
import { SOCKET_TAG_HEADER } from '../../worker/room/sockets';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { errorBody } from '../../core/messages';
import { Client, json, mailTo, ORIGIN, signedUpCoach, uniqueEmail, verifyToken } from '../helpers/worker-client';
import { openSocket } from '../helpers/sockets';
import { seed, viaClient } from '../helpers/seed';
import { freshClient } from './helpers';

const VERIFY = 'Verify your Piste account';
const signUp = (email: string, full_name: string, password: string) => freshClient().settledApi.auth.signup.$post({ json: { full_name, email, password } });
const openLink = (client: Client, token: string, password: string) => client.api.auth.verify.$post({ json: { token, password } });
const signIn = (client: Client, email: string, password: string) => client.api.auth.signin.$post({ json: { email, password } });

describe('a pending account cannot be taken over by a second sign-up', () => {
  it('the owner signs up, an attacker signs the address up again: each link opens only with its own password, and the owner keeps theirs', async () => {
    const email = uniqueEmail('owner');
    await signUp(email, 'Owner', 'owner password');
    const ownersMail = await mailTo(email, VERIFY);
    const ownersLink = verifyToken(ownersMail);
    await signUp(email, 'Owner', 'attacker password');
    const attackersLink = verifyToken(await mailTo(email, VERIFY, ownersMail.id));
    expect(attackersLink).not.toBe(ownersLink);

    // The owner's link is not voided, and opens only with the owner's password.
    expect((await openLink(new Client(), ownersLink, 'attacker password')).status).toBe(401);
    // The attacker's link, which the owner receives too, does not open with the owner's password.
    const crossed = await openLink(new Client(), attackersLink, 'owner password');
    expect(crossed.status).toBe(401);
    expect(await json(crossed)).toEqual(errorBody('This is not the password chosen when this link was sent. Enter the password you signed up with.'));

    const owner = new Client();
    expect((await openLink(owner, ownersLink, 'owner password')).status).toBe(200);
    expect((await json(await owner.api.auth.session.$get())).user).toMatchObject({ email, full_name: 'Owner', email_verified: true });
    // From then on the attacker's password opens nothing, and their link is used up.
    expect((await signIn(freshClient(), email, 'attacker password')).status).toBe(401);
    expect((await openLink(new Client(), attackersLink, 'attacker password')).status).toBe(400);
    expect((await signIn(freshClient(), email, 'owner password')).status).toBe(200);
  });

  it('an attacker registers the address first: the owner’s own sign-up and link give the account the owner’s password and name', async () => {
    const email = uniqueEmail('first');
    await signUp(email, 'Mallory', 'attacker password');
    const attackersLink = verifyToken(await mailTo(email, VERIFY));
    // The owner opens the mail they did not ask for: it names whose sign-up it is, and needs its password.
    const peek = await new Client().api.auth.verify.peek.$post({ json: { token: attackersLink } });
    expect(await json(peek)).toEqual({ email, full_name: 'Mallory' });
    expect((await openLink(new Client(), attackersLink, 'owner password')).status).toBe(401);

    const before = (await mailTo(email, VERIFY)).id;
    await signUp(email, 'Owner', 'owner password');
    const ownersLink = verifyToken(await mailTo(email, VERIFY, before));
    const owner = new Client();
    expect((await openLink(owner, ownersLink, 'owner password')).status).toBe(200);
    expect((await json(await owner.api.auth.session.$get())).user).toMatchObject({ full_name: 'Owner', email_verified: true });
    expect((await signIn(freshClient(), email, 'attacker password')).status).toBe(401);
    expect((await openLink(new Client(), attackersLink, 'attacker password')).status).toBe(400);
  });
});

describe('signing up and then in tells nobody whether an address has an account', () => {
  it('a sign-up of a confirmed address and of a new one, each followed by a sign-in with its password, answer alike', async () => {
    const { email: known, password } = await signedUpCoach();
    const fresh = uniqueEmail('fresh');
    const answers = [];
    for (const email of [known, fresh]) {
      expect((await signUp(email, 'Mallory', 'mallory password')).status).toBe(202);
      // The sign-up's work (after its answer) is done once its mail is out.
      await mailTo(email, email === known ? 'Someone tried to sign up with your address' : VERIFY);
      const res = await signIn(freshClient(), email, 'mallory password');
      answers.push({ status: res.status, body: await res.json() });
      expect((await signIn(freshClient(), email, 'a wrong password')).status).toBe(401);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(403);
    // The confirmed account is untouched: its own password signs in.
    expect((await signIn(freshClient(), known, password)).status).toBe(200);
  });
});

/** A coach signed in on two devices, with a practice of one pool, and device B's coach socket on it. */
async function twoDevices() {
  const a = await signedUpCoach();
  const b = new Client();
  expect((await signIn(b, a.email, a.password)).status).toBe(200);
  const { practice, pool } = await seed(viaClient(a.client)).practiceWithPool('Two devices', ['Ann', 'Bob', 'Cleo']);
  const socket = (await openSocket(b, `practice=${practice.id}`)).socket!;
  await socket.waitFor((m) => m.type === 'hello');
  return { ...a, a: a.client, b, practice, pool, socket };
}

/** Device B's write on a score's path (a bout, answered by the practice's room) and off it (a new practice, in the worker). */
async function writesOf(client: Client, pool: PoolSnapshot) {
  const [p1, p2] = pool.players;
  const bout = await client.api.practices[':practiceId'].pools[':poolId'].bouts.$post({
    param: { practiceId: pool.practice_id, poolId: pool.id },
    json: { player1_id: p1!.id, player2_id: p2!.id, score1: 5, score2: 3, version: 0 },
  });
  const created = await client.api.practices.$post({ json: { practice_type: 'individual', name: 'After' } });
  return [bout.status, created.status];
}

describe('the end of a session reaches every device within seconds, sockets too', () => {
  it('signing out on device A: device B’s next writes get 401, its socket is told and closed, and its refresh fails', async () => {
    const { a, b, pool, socket } = await twoDevices();
    expect((await a.api.auth.signout.$post()).status).toBe(200);
    const told = await socket.waitFor((m) => m.type === 'room-closed', 5_000);
    expect(told).toMatchObject({ code: 'signed_out_everywhere' });
    expect(await socket.closed).toBe(4001);
    expect(await writesOf(b, pool)).toEqual([401, 401]);
    expect((await b.api.auth.refresh.$post()).status).toBe(401);
    // A socket opened again with the old token is refused.
    expect((await openSocket(b, `practice=${pool.practice_id}`)).status).toBe(401);
  });

  it('a password reset on device A ends device B’s session the same way', async () => {
    const { email, b, pool, socket } = await twoDevices();
    await freshClient().settledApi.auth.reset.$post({ json: { email } });
    const token = /reset_token=([\w-]+)/.exec((await mailTo(email, 'Reset your Piste password')).body)![1]!;
    expect((await new Client().api.auth.reset.confirm.$post({ json: { token, password: 'a new password' } })).status).toBe(200);
    await socket.waitFor((m) => m.type === 'room-closed', 5_000);
    expect(await socket.closed).toBe(4001);
    expect(await writesOf(b, pool)).toEqual([401, 401]);
  });

  it('Change password asks the current one; every other session ends, this device carries on with a new one', async () => {
    const { a, b, email, password, pool, socket } = await twoDevices();
    const refused = await a.api.auth.password.$post({ json: { current_password: 'not my password', password: 'a new password' } });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual(errorBody('Your current password is not right.'));
    expect((await writesOf(b, pool))[1]).toBe(201);

    const changed = await a.api.auth.password.$post({ json: { current_password: password, password: 'a new password' } });
    expect(changed.status).toBe(200);
    expect((await json(changed)).user).toMatchObject({ email });
    await socket.waitFor((m) => m.type === 'room-closed', 5_000);
    expect(await writesOf(b, pool)).toEqual([401, 401]);
    // Device A writes on, with its new session, on and off the score's path.
    const [, p2, p3] = pool.players;
    const bout = await a.api.practices[':practiceId'].pools[':poolId'].bouts.$post({
      param: { practiceId: pool.practice_id, poolId: pool.id },
      json: { player1_id: p2!.id, player2_id: p3!.id, score1: 5, score2: 1, version: 0 },
    });
    expect(bout.status).toBe(200);
    expect((await a.api.practices.$post({ json: { practice_type: 'individual', name: 'Still mine' } })).status).toBe(201);
    expect((await signIn(freshClient(), email, password)).status).toBe(401);
    expect((await signIn(freshClient(), email, 'a new password')).status).toBe(200);
  });

  it('Change password is the coach’s alone, and bounds its input', async () => {
    expect((await freshClient().api.auth.password.$post({ json: { current_password: 'whatever1', password: 'a new password' } })).status).toBe(401);
    const { client, password } = await signedUpCoach();
    const weak = await client.api.auth.password.$post({ json: { current_password: password, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(await json(weak)).toEqual(errorBody('Password should be at least 8 characters.'));
    const long = await client.api.auth.password.$post({ json: { current_password: 'x'.repeat(201), password: 'a new password' } });
    expect(long.status).toBe(400);
  });
});

describe('the rooms refuse a token from before the sign-out themselves (another isolate’s worker may not know yet)', () => {
  /** A request straight to a practice's room, as the worker hands one over, from the coach with a token minted under `sv`. */
  const asCaller = (practiceId: string, user: { id: string; email: string }, sv: number, path: string, init: RequestInit = {}) =>
    getRoom(env, practiceId).answer(
      new Request(`${ORIGIN}${path}`, { ...init, headers: { 'content-type': 'application/json' } }),
      { user: { ...user, sv }, accessExp: Date.now() + 60_000, guest: null, guestEnded: false },
      practiceId,
    );

  it('a practice made after the sign-out learns the version once from D1: the old token’s write is refused, the new one’s goes through', async () => {
    const { client, email, password, user } = await signedUpCoach();
    expect((await client.api.auth.signout.$post()).status).toBe(200);
    const again = new Client();
    expect((await signIn(again, email, password)).status).toBe(200);
    const { practice, pool } = await seed(viaClient(again)).practiceWithPool('After sign-out', ['Ann', 'Bob', 'Cleo']);
    const [a, b] = pool.players;
    const body = JSON.stringify({ player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 2, version: 0 });
    const path = `/api/practices/${practice.id}/pools/${pool.id}/bouts`;
    expect((await asCaller(practice.id, user, 0, path, { method: 'POST', body })).status).toBe(401);
    expect((await asCaller(practice.id, user, 1, path, { method: 'POST', body })).status).toBe(200);
  });

  it('a coach socket whose token predates the sign-out is refused by the practice’s room and by the day’s', async () => {
    const { client, user } = await signedUpCoach();
    const { practice } = await seed(viaClient(client)).practiceWithPool('Sockets', ['Ann', 'Bob']);
    const day = await json<{ id: string }>(await client.api.days.$post({ json: { name: 'Open', date: '2026-12-05' } }));
    expect((await client.api.auth.signout.$post()).status).toBe(200);
    const tag = (practiceId: string) => ({ role: 'coach', subject: user.id, sv: 0, practiceId, address: '198.51.100.9', block: '198.51.100' });
    await expect.poll(async () => {
      const rooms = [getRoom(env, practice.id), getDayRoom(env, day.id)];
      const heard = await Promise.all(
        rooms.map(async (room, i) => {
          const res = await room.fetch(new Request(`${ORIGIN}/api/live`, { headers: { upgrade: 'websocket', [SOCKET_TAG_HEADER]: JSON.stringify(tag(i === 0 ? practice.id : day.id)) } }));
          const ws = res.webSocket!;
          const first = new Promise<string>((resolve) => ws.addEventListener('message', (e) => resolve(JSON.parse(e.data as string).type)));
          ws.accept();
          return first;
        }),
      );
      return heard;
    }).toEqual(['room-closed', 'room-closed']);
  });
});
