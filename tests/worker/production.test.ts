import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import type { Practice } from '../../core/api';
import { json, ORIGIN, signedUpCoach, uniqueEmail } from '../helpers/worker-client';

/** A stand-in for the Email Sending binding: keeps what it was asked to send. */
function fakeEmailBinding() {
  const sent: Record<string, unknown>[] = [];
  const binding = {
    async send(message: Record<string, unknown>) {
      sent.push(message);
      return { messageId: `m-${sent.length}` };
    },
  } as unknown as SendEmail;
  return { binding, sent };
}

/** One request straight to the worker with a production-like environment (no local outbox). */
async function call(overrides: Partial<Env>, method: string, path: string, body?: unknown) {
  const ctx = createExecutionContext();
  const production = { ...(env as unknown as Env), MAIL_OUTBOX: undefined, ...overrides };
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.9.9.9' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    production,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('mail in production: Cloudflare Email Sending', () => {
  it('sends the verification mail through the EMAIL binding, from MAIL_FROM, as text and HTML', async () => {
    const { binding, sent } = fakeEmailBinding();
    const email = uniqueEmail('mail');
    const res = await call({ EMAIL: binding, MAIL_FROM: 'Piste <no-reply@piste.test>' }, 'POST', '/api/auth/signup', { email, password: 'a good password', full_name: 'Mail Coach' });
    expect(res.status).toBe(201);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail).toMatchObject({ from: 'Piste <no-reply@piste.test>', to: email, subject: 'Verify your Piste account' });
    expect(mail.text).toMatch(/^Welcome to Piste, Mail Coach\.\nConfirm your email address: https:\/\/piste\.test\/api\/auth\/verify\?token=\S+$/);
    const link = (mail.text as string).split(': ')[1]!;
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    // Not in the local outbox: production never stores a raw link.
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE to_email = ?').bind(email).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it('sends the reset mail, escapes what it puts in HTML, and a refused send never fails the request', async () => {
    const { binding, sent } = fakeEmailBinding();
    const email = uniqueEmail('reset');
    await call({ EMAIL: binding, MAIL_FROM: 'no-reply@piste.test' }, 'POST', '/api/auth/signup', { email, password: 'a good password', full_name: '<b>Tag</b> & Co' });
    expect(sent[0]!.html).toContain('&#60;b&#62;Tag&#60;/b&#62; &#38; Co');
    const reset = await call({ EMAIL: binding, MAIL_FROM: 'no-reply@piste.test' }, 'POST', '/api/auth/reset', { email });
    expect(reset.status).toBe(200);
    expect(sent[1]).toMatchObject({ to: email, subject: 'Reset your Piste password' });

    const refusing = { async send() { throw new Error(`refused for ${email}`); } } as unknown as SendEmail;
    const again = await call({ EMAIL: refusing, MAIL_FROM: 'no-reply@piste.test' }, 'POST', '/api/auth/reset', { email });
    expect(again.status).toBe(200);
  });

  it('without MAIL_FROM nothing is sent, even with the binding', async () => {
    const { binding, sent } = fakeEmailBinding();
    const res = await call({ EMAIL: binding, MAIL_FROM: undefined }, 'POST', '/api/auth/signup', { email: uniqueEmail('nofrom'), password: 'a good password', full_name: 'No Sender' });
    expect(res.status).toBe(201);
    expect(sent).toEqual([]);
  });
});

describe('GET /api/health', () => {
  it('answers with the database reachable and the version, to anyone, never cached', async () => {
    const res = await call({}, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true, database: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  });

  it('answers 503 when D1 does not answer', async () => {
    const down = { prepare() { throw new Error('D1 is down'); } };
    const broken = { ...down, withSession: () => ({ ...down, getBookmark: () => null }) } as unknown as D1Database;
    const res = await call({ DB: broken }, 'GET', '/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, database: 'unreachable' });
  });
});

describe('reads through D1 sessions (read replicas), with the bookmark carried by the client', () => {
  it('every answer carries a bookmark; a read sent with the bookmark of a write sees that write', async () => {
    const { client } = await signedUpCoach();
    const created = await client.post('/api/practices', { practice_type: 'individual', name: 'Replica night' });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get('x-d1-bookmark');
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/i);
    const practice = await json<Practice>(created);
    const read = await client.request('GET', `/api/practices/${practice.id}`, undefined, { 'x-d1-bookmark': bookmark! });
    expect(read.status).toBe(200);
    expect((await json<Practice>(read)).name).toBe('Replica night');
    // The read's bookmark is at least the write's: the client carries it on.
    expect(read.headers.get('x-d1-bookmark')! >= bookmark!).toBe(true);
  });

  it('a malformed bookmark is ignored, never passed to D1 and never a 500', async () => {
    const { client } = await signedUpCoach();
    for (const bad of ['not a bookmark', 'x'.repeat(5000), '../../etc', '0000-']) {
      const res = await client.request('GET', '/api/practices', undefined, { 'x-d1-bookmark': bad });
      expect(res.status, bad.slice(0, 20)).toBe(200);
    }
  });
});
