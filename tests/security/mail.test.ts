import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { htmlOf } from '../../worker/mail/mailer';
import { MAIL_LIMITS } from '../../worker/routes/auth';
import { Client, json, mailTo, mailsTo, ORIGIN, signedUpCoach, uniqueEmail, verifyToken } from '../helpers/worker-client';
import { freshClient, ipv6Client } from './helpers';

const PHISHING = 'Your account is locked, visit https://evil.example/login';
const VERIFY = 'Verify your Piste account';
const TRIED = 'Someone tried to sign up with your address';
const signup = (email: string, full_name = 'Ann Coach', password = 'a good password') => ({ full_name, email, password });

/** What a client can see of an answer: status, body, cookies and the names of its headers. */
async function seen(res: Pick<Response, 'status' | 'text' | 'headers'>) {
  return { status: res.status, body: await res.text(), cookies: res.headers.getSetCookie(), headers: [...res.headers.keys()].sort() };
}

/** Every `href` of an HTML part. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

describe('account enumeration through sign-up and sign-in', () => {
  it('a sign-up with a known address answers exactly like one with a new address, and the owner is told by mail', async () => {
    const { email: known } = await signedUpCoach();
    const fresh = uniqueEmail('fresh');
    const forKnown = await seen(await freshClient().settledApi.auth.signup.$post({ json: signup(known) }));
    const forNew = await seen(await freshClient().settledApi.auth.signup.$post({ json: signup(fresh) }));
    expect(forKnown).toEqual(forNew);
    expect(forKnown.status).toBe(202);
    expect(forKnown.cookies).toEqual([]);

    const told = (await mailsTo(known)).at(-1)!;
    expect(told.subject).toBe(TRIED);
    expect(told.body).toContain(`${ORIGIN}/auth`);
    expect((await mailsTo(fresh)).map((m) => m.subject)).toEqual([VERIFY]);
  });

  it('an unverified account: the right password is told to confirm and mails a fresh link; a wrong one answers exactly like an unknown address', async () => {
    const email = uniqueEmail('unverified');
    await freshClient().settledApi.auth.signup.$post({ json: signup(email, 'Ann', 'the right password') });
    const first = await mailTo(email, VERIFY);
    const right = await seen(await freshClient().settledApi.auth.signin.$post({ json: { email, password: 'the right password' } }));
    const wrong = await seen(await freshClient().settledApi.auth.signin.$post({ json: { email, password: 'a wrong password' } }));
    const unknown = await seen(await freshClient().settledApi.auth.signin.$post({ json: { email: uniqueEmail('nobody'), password: 'a wrong password' } }));
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(401);
    expect(right.status).toBe(403);
    expect(JSON.parse(right.body).code).toBe('email_not_confirmed');
    expect(right.cookies).toEqual([]);
    // The right password mailed a fresh link (the wrong one nothing), and it opens with that password.
    const fresh = await mailTo(email, VERIFY, first.id);
    expect((await mailsTo(email)).filter((m) => m.subject === VERIFY)).toHaveLength(2);
    const owner = new Client();
    expect((await owner.api.auth.verify.$post({ json: { token: verifyToken(fresh), password: 'the right password' } })).status).toBe(200);
    expect((await json(await owner.api.auth.session.$get())).user).toMatchObject({ email, email_verified: true });
  });

  it('the verification link signs its owner in, once, and only with the password', async () => {
    const email = uniqueEmail('verify');
    const browser = freshClient();
    await browser.settledApi.auth.signup.$post({ json: signup(email) });
    expect((await json(await browser.api.auth.session.$get())).user).toBeNull();
    const token = verifyToken(await mailTo(email, VERIFY));
    const guessed = await browser.api.auth.verify.$post({ json: { token, password: 'not the password' } });
    expect(guessed.status).toBe(401);
    expect(guessed.headers.getSetCookie()).toEqual([]);
    expect((await browser.api.practices.$get()).status).toBe(401);
    const opened = await browser.api.auth.verify.$post({ json: { token, password: 'a good password' } });
    expect(opened.status).toBe(200);
    expect((await browser.api.practices.$get()).status).toBe(200);
    const replay = new Client();
    expect((await replay.api.auth.verify.$post({ json: { token, password: 'a good password' } })).status).toBe(400);
    expect((await replay.api.practices.$get()).status).toBe(401);
  });
});

describe('mail as a weapon', () => {
  it('an attacker-chosen name reaches no mail, as text or HTML, on any path', async () => {
    const victim = uniqueEmail('victim');
    const { email: known } = await signedUpCoach();
    const attacker = freshClient();
    await attacker.settledApi.auth.signup.$post({ json: signup(victim, PHISHING) });
    await attacker.settledApi.auth.signin.$post({ json: { email: victim, password: 'a good password' } });
    await attacker.settledApi.auth.signup.$post({ json: signup(known, PHISHING) });
    await attacker.settledApi.auth.reset.$post({ json: { email: victim } });
    const mails = [...(await mailsTo(victim)), ...(await mailsTo(known))];
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.body}`).not.toMatch(/evil\.example|locked/);
      for (const url of mail.body.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
    }
    // Every path mailed: the sign-up, the sign-in of the unverified account, the known address, the reset.
    expect(mails.map((m) => m.subject).sort()).toEqual([VERIFY, VERIFY, VERIFY, 'Reset your Piste password', TRIED].sort());

    // The HTML part Email Sending delivers, from the worker configured for production.
    const sent: { text: string; html: string }[] = [];
    const binding = { async send(m: { text: string; html: string }) { sent.push(m); } } as unknown as SendEmail;
    const ctx = createExecutionContext();
    const production = { ...(env as unknown as Env), MAIL_OUTBOX: undefined, EMAIL: binding, MAIL_FROM: 'no-reply@piste.test' };
    const body = JSON.stringify(signup(uniqueEmail('html'), PHISHING));
    await worker.fetch(new Request(`${ORIGIN}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': '100.127.0.9' }, body }), production, ctx);
    await waitOnExecutionContext(ctx);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.html).not.toMatch(/evil\.example|locked/);
    expect(hrefs(sent[0]!.html).length).toBe(1);
    for (const href of hrefs(sent[0]!.html)) expect(href.startsWith(`${ORIGIN}/auth?verify_token=`)).toBe(true);
  });

  it('the HTML part links only URLs into APP_ORIGIN; any other URL stays escaped plain text', () => {
    const html = htmlOf('Go https://evil.example/login or https://piste.test.evil.example/x or http://piste.test/a\nOpen https://piste.test/auth?a=1&b="2"', ORIGIN);
    expect(hrefs(html)).toEqual(['https://piste.test/auth?a=1&#38;b=&#34;2&#34;']);
    expect(html).toContain('<p>Go https://evil.example/login or https://piste.test.evil.example/x or http://piste.test/a</p>');
    expect(htmlOf('<script>x</script> https://piste.test/auth', null)).toBe(
      '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><p>&#60;script&#62;x&#60;/script&#62; https://piste.test/auth</p></body></html>',
    );
  });

  it('25 sign-ups from one network for one address: 429 past the network limit, and at most the per-address number of mails', async () => {
    const email = uniqueEmail('bombed');
    const attacker = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await attacker.settledApi.auth.signup.$post({ json: signup(email, `Name ${i}`) });
      // The limiter's 429 comes before the route: its type knows only the route's 202.
      const status: number = res.status;
      statuses.push(status);
      if (status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(MAIL_LIMITS.signupPerNetwork).fill(202), ...Array(25 - MAIL_LIMITS.signupPerNetwork).fill(429)]);
    expect((await mailsTo(email)).length).toBe(MAIL_LIMITS.perAddress);
  });

  it('sign-ups for one address from many networks all get the same answer, and still at most the per-address number of mails', async () => {
    const email = uniqueEmail('spread');
    for (let i = 0; i < 12; i++) expect((await freshClient().settledApi.auth.signup.$post({ json: signup(email) })).status).toBe(202);
    expect((await mailsTo(email)).length).toBe(MAIL_LIMITS.perAddress);
  });

  it('30 resets from one network for one address: 429 past the network limit; sign-up and reset mails together stay within the per-address number', async () => {
    const { email } = await signedUpCoach();
    const attacker = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await attacker.settledApi.auth.reset.$post({ json: { email } })).status);
    expect(statuses).toEqual([...Array(MAIL_LIMITS.resetPerNetwork).fill(200), ...Array(30 - MAIL_LIMITS.resetPerNetwork).fill(429)]);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([VERIFY, ...Array(MAIL_LIMITS.perAddress - 1).fill('Reset your Piste password')]);
  });

  it('rotating IPv6 addresses inside one /64 share one network limit; the /48 around it has a ceiling', async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= MAIL_LIMITS.signupPerNetwork + 1; host++) {
      statuses.push((await ipv6Client('2001:db8:25:1', host).settledApi.auth.signup.$post({ json: signup(uniqueEmail('rotate')) })).status);
    }
    expect(statuses).toEqual([...Array(MAIL_LIMITS.signupPerNetwork).fill(202), 429]);
    // Another /64 of another site is its own network.
    expect((await ipv6Client('2001:db8:26:1', 1).api.auth.signup.$post({ json: signup(uniqueEmail('neighbour')) })).status).toBe(202);

    // Resets from many /64s of one /48: past the block's ceiling, 429 whichever /64 asks.
    const block: number[] = [];
    for (let net = 0; net * MAIL_LIMITS.resetPerNetwork <= MAIL_LIMITS.resetPerBlock; net++) {
      for (let i = 0; i < MAIL_LIMITS.resetPerNetwork; i++) block.push((await ipv6Client(`2001:db8:27:${net + 1}`, i + 1).api.auth.reset.$post({ json: { email: uniqueEmail('nobody') } })).status);
    }
    expect(block.filter((s) => s === 200)).toHaveLength(MAIL_LIMITS.resetPerBlock);
    expect(block.slice(MAIL_LIMITS.resetPerBlock).every((s) => s === 429)).toBe(true);
  });
});
