import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../worker/auth/crypto';
import { REFRESH_GRACE_MS } from '../../worker/store/d1/sessions';
import { SIGNIN_LIMITS } from '../../worker/store/d1/throttle';
import { runScheduledCleanup } from '../../worker/scheduled';
import { Client, json, mailTo, signedUpCoach, uniqueEmail } from '../helpers/worker-client';
import { freshClient } from './helpers';
import { errorBody } from '../../core/messages';

describe('sign-in throttling an attacker cannot turn against a coach', () => {
  it('a burst of 100 parallel wrong passwords from one address gets at most the limit of answers that are not 429', async () => {
    const { email } = await signedUpCoach();
    const attacker = freshClient();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attacker.api.auth.signin.$post({ json: { email, password: `wrong-${i}` } })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(SIGNIN_LIMITS.perEmailAndNetwork);
    expect(statuses.filter((s) => s === 401).length).toBe(SIGNIN_LIMITS.perEmailAndNetwork);
  });

  it('wrong passwords for a coach’s email from elsewhere never lock the coach out', async () => {
    const { email, password } = await signedUpCoach();
    const attacker = freshClient();
    for (let i = 0; i < SIGNIN_LIMITS.perEmailAndNetwork + 3; i++) await attacker.api.auth.signin.$post({ json: { email, password: `wrong-${i}` } });
    expect((await attacker.api.auth.signin.$post({ json: { email, password } })).status).toBe(429);
    expect((await freshClient().api.auth.signin.$post({ json: { email, password } })).status).toBe(200);
  });

  it('past the per-email ceiling, addresses that failed for it wait, and the coach’s clean address still signs in', async () => {
    const { email, password } = await signedUpCoach();
    const attackers = Array.from({ length: 11 }, () => freshClient());
    let sent = 0;
    for (const a of attackers) {
      for (let i = 0; i < SIGNIN_LIMITS.perEmailAndNetwork && sent <= SIGNIN_LIMITS.perEmailCeiling; i++, sent++) {
        await a.api.auth.signin.$post({ json: { email, password: `wrong-${sent}` } });
      }
    }
    // An address with one failure for this email is past the ceiling now…
    const again = await attackers.at(-1)!.api.auth.signin.$post({ json: { email, password: 'wrong-again' } });
    expect(again.status).toBe(429);
    // …the coach, from an address with no failure, is not.
    expect((await freshClient().api.auth.signin.$post({ json: { email, password } })).status).toBe(200);
  });

  it('the scheduled clean-up purges counters whose window has passed', async () => {
    const past = Date.now() - 1000;
    await env.DB.prepare('INSERT OR REPLACE INTO throttle (key, count, reset_at) VALUES (?, 3, ?)').bind('signin:ip:old-test', past).run();
    await runScheduledCleanup(env);
    expect(await env.DB.prepare("SELECT 1 FROM throttle WHERE key = 'signin:ip:old-test'").first()).toBeNull();
  });

  it('refuses overlong credentials with 400 before hashing anything', async () => {
    const long = await new Client().api.auth.signin.$post({ json: { email: `${'a'.repeat(300)}@example.com`, password: 'x' } });
    expect(long.status).toBe(400);
    expect(await json(long)).toEqual(errorBody('Email must be at most 254 characters'));
    const pw = await new Client().api.auth.signin.$post({ json: { email: uniqueEmail(), password: 'p'.repeat(201) } });
    expect(pw.status).toBe(400);
    expect(await json(pw)).toEqual(errorBody('Password must be at most 200 characters'));
  });
});

describe('refresh that never signs a coach out by racing itself', () => {
  it('two tabs refreshing with the same token at the same moment both get the same new pair', async () => {
    const { client } = await signedUpCoach();
    const token = client.cookies.get('piste_refresh')!;
    const [tabA, tabB] = [new Client(client.ip), new Client(client.ip)];
    tabA.cookies.set('piste_refresh', token);
    tabB.cookies.set('piste_refresh', token);
    const [a, b] = await Promise.all([tabA.api.auth.refresh.$post(), tabB.api.auth.refresh.$post()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(tabA.cookies.get('piste_refresh')).toBe(tabB.cookies.get('piste_refresh'));
    expect(tabA.cookies.get('piste_refresh')).not.toBe(token);
    for (const tab of [tabA, tabB]) expect((await json(await tab.api.auth.session.$get())).user).not.toBeNull();
    // The shared new token goes on working.
    expect((await tabA.api.auth.refresh.$post()).status).toBe(200);
  });

  it('replaying a rotated token after the grace window revokes the whole family', async () => {
    const { client } = await signedUpCoach();
    const stolen = client.cookies.get('piste_refresh')!;
    expect((await client.api.auth.refresh.$post()).status).toBe(200);
    const current = client.cookies.get('piste_refresh')!;
    // The grace window passes.
    await env.DB.prepare('UPDATE sessions SET revoked_at = revoked_at - ? WHERE token_hash = ?').bind(REFRESH_GRACE_MS + 1000, await hashToken(stolen)).run();
    const thief = new Client();
    thief.cookies.set('piste_refresh', stolen);
    const replay = await thief.api.auth.refresh.$post();
    expect(replay.status).toBe(401);
    expect((await json(replay)).error).toBe('Session expired, please sign in again');
    // The legitimate holder's current token is revoked too: the family is over.
    const legit = new Client();
    legit.cookies.set('piste_refresh', current);
    expect((await legit.api.auth.refresh.$post()).status).toBe(401);
  });

  it('a failed refresh (an old request answering late) never clears the cookies of a fresh sign-in', async () => {
    const res = await new Client().api.auth.refresh.$post();
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a signed-out token gets nothing, even within the grace window of its last rotation', async () => {
    const { client } = await signedUpCoach();
    const old = client.cookies.get('piste_refresh')!;
    await client.api.auth.refresh.$post();
    await client.api.auth.signout.$post();
    const replay = new Client();
    replay.cookies.set('piste_refresh', old);
    expect((await replay.api.auth.refresh.$post()).status).toBe(401);
  });
});

describe('no secrets at rest or in logs', () => {
  it('mailed links use APP_ORIGIN, never the Host of the request', async () => {
    const { email } = await signedUpCoach();
    const res = await new Client().request('POST', '/api/auth/reset', { email }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.status).toBe(200);
    // The reset mails after its answer: wait for it.
    const mail = await mailTo(email, 'Reset your Piste password');
    expect(mail.body).toContain('https://piste.test/auth?reset_token=');
    expect(mail.body).not.toContain('evil.example');
  });

  it('without MAIL_OUTBOX the outbox is never written (production)', async () => {
    const { mailerFor } = await import('../../worker/mail/mailer');
    const { d1Db } = await import('../../worker/db/client');
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox').first<{ n: number }>();
    await mailerFor({ ...env, MAIL_OUTBOX: undefined }, d1Db(env.DB)).send({ to: 'x@example.com', subject: 'Reset your Piste password', body: 'secret link' });
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox').first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});
