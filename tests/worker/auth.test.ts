import { env } from 'cloudflare:test';
import { sign } from 'hono/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS } from '../../worker/auth/passwords';
import { SIGNIN_LIMITS } from '../../worker/store/d1/throttle';
import { Client, json, mailTo, mailsTo, signedUpCoach, uniqueEmail, verifyToken } from '../helpers/worker-client';
import { errorBody } from '../../core/messages';
import { expectAnswer, expectRefusal } from '../helpers/api-client';

const SECRET = 'test-secret-for-workerd-tests-only-0123456789';

describe('sign up and sign in', () => {
  it('answers a sign-up with 202 and no session; the mailed link, with the password, verifies the address and signs in with HttpOnly cookies', async () => {
    const client = new Client();
    const email = uniqueEmail();
    const res = await client.api.auth.signup.$post({ json: { full_name: 'Ann Coach', email, password: 'longenough' } });
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({ ok: true });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await expectAnswer(client.api.auth.session.$get())).user).toBeNull();

    const mail = await mailTo(email, 'Verify your Piste account');
    const token = verifyToken(mail);
    // The link's page first says whose account it confirms, and changes nothing.
    const peek = await client.api.auth.verify.peek.$post({ json: { token } });
    expect(await json(peek)).toEqual({ email, full_name: 'Ann Coach' });
    expect(peek.headers.getSetCookie()).toEqual([]);
    const verified = await client.api.auth.verify.$post({ json: { token, password: 'longenough' } });
    expect(verified.status).toBe(200);
    const cookies = verified.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/piste_access=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/piste_refresh=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/SameSite=Lax/);
    // Lifetimes the browser counts itself (Max-Age), so a clock that runs ahead does not drop them; the third
    // cookie only says a session may be resumed (page loads after the access token's 15 minutes).
    expect(cookies).toMatch(/piste_access=[^;]+; Max-Age=(8\d\d|900);/);
    expect(cookies).toMatch(/piste_signed_in=1; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Strict/);
    expect(cookies).not.toMatch(/Expires=/);
    const session = await expectAnswer(client.api.auth.session.$get());
    expect(session.user).toMatchObject({ email, full_name: 'Ann Coach', email_verified: true });
    expect(session.accessExpiresAt).toBeGreaterThan(Date.now());

    // The link works once: opened again it signs nobody in.
    const again = await new Client().api.auth.verify.$post({ json: { token, password: 'longenough' } });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual(errorBody('This link was already used or has expired.'));
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await new Client().api.auth.verify.peek.$post({ json: { token: 'nonsense' } })).status).toBe(400);
    // A link of an older mail (/api/auth/verify?token=…) opens the same page, which asks for the password.
    expect((await new Client().get(`/api/auth/verify?token=${token}`)).headers.get('location')).toBe(`/auth?verify_token=${token}`);
    expect((await new Client().get('/api/auth/verify?token=<script>')).headers.get('location')).toBe('/auth?verified=0');
  });

  it('stores passwords as PBKDF2-SHA256 with the iteration count deployed Workers allow', async () => {
    const { email } = await signedUpCoach();
    const row = await env.DB.prepare('SELECT password_hash FROM users WHERE email = ?').bind(email).first<{ password_hash: string }>();
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(row!.password_hash).not.toContain('correct horse');
  });

  it('a second sign-up with a verified address changes nothing: the password stays, the owner is told by mail', async () => {
    const { email, password, user } = await signedUpCoach();
    const res = await new Client().settledApi.auth.signup.$post({ json: { full_name: 'Other', email: email.toUpperCase(), password: 'another password' } });
    expect(res.status).toBe(202);
    expect((await mailsTo(email)).at(-1)!.subject).toBe('Someone tried to sign up with your address');
    // The other password opens nothing; it answers as a pending sign-up's would (so nothing tells the account exists).
    expect((await new Client().api.auth.signin.$post({ json: { email, password: 'another password' } })).status).toBe(403);
    const client = new Client();
    expect((await client.api.auth.signin.$post({ json: { email, password } })).status).toBe(200);
    expect((await expectAnswer(client.api.auth.session.$get())).user).toMatchObject({ id: user.id, full_name: 'Coach' });
  });

  it('gives the reason when a password is too weak', async () => {
    expect(await expectRefusal(new Client().api.auth.signup.$post({ json: { full_name: 'Ann', email: uniqueEmail(), password: 'short' } }), 400)).toEqual(errorBody('Password should be at least 8 characters.'));
  });

  it('answers a wrong password and an unknown email alike with 401', async () => {
    const { email } = await signedUpCoach();
    expect(await expectRefusal(new Client().api.auth.signin.$post({ json: { email, password: 'not the password' } }), 401)).toEqual(errorBody('Invalid login credentials'));
    expect(await expectRefusal(new Client().api.auth.signin.$post({ json: { email: uniqueEmail('nobody'), password: 'whatever1' } }), 401)).toEqual(errorBody('Invalid login credentials'));
  });

  it('signs in with the right password', async () => {
    const { email, password } = await signedUpCoach();
    const client = new Client();
    const res = await client.api.auth.signin.$post({ json: { email, password } });
    expect(res.status).toBe(200);
    expect((await expectAnswer(client.api.auth.session.$get())).user?.email).toBe(email);
  });

  it('an unverified account signs in only through its link: the right password is told so and mailed a new link, a wrong one answers as for anyone', async () => {
    const email = uniqueEmail('pending');
    await new Client().settledApi.auth.signup.$post({ json: { full_name: 'First', email, password: 'first password' } });
    const first = await mailTo(email, 'Verify your Piste account');
    const right = await new Client().settledApi.auth.signin.$post({ json: { email, password: 'first password' } });
    expect(right.status).toBe(403);
    expect(await json(right)).toEqual(errorBody('Your email address is not confirmed yet. We sent you a new link: open it to finish signing up.'));
    expect(right.headers.getSetCookie()).toEqual([]);
    // The new link opens with that password.
    const again = await mailTo(email, 'Verify your Piste account', first.id);
    expect(await expectRefusal(new Client().api.auth.signin.$post({ json: { email, password: 'not the password' } }), 401)).toEqual(errorBody('Invalid login credentials'));
    const owner = new Client();
    expect((await owner.api.auth.verify.$post({ json: { token: verifyToken(again), password: 'first password' } })).status).toBe(200);
    expect((await expectAnswer(owner.api.auth.session.$get())).user).toMatchObject({ full_name: 'First', email_verified: true });
    // Confirmed: the first mail's link is used up too.
    expect((await new Client().api.auth.verify.$post({ json: { token: verifyToken(first), password: 'first password' } })).status).toBe(400);
  });

  it('accounts made before verification was required count as verified (migration 0013)', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0013_'))!;
    const email = uniqueEmail('old');
    await env.DB.prepare('INSERT INTO users (id, email, full_name, password_hash, email_verified_at, created_at) VALUES (?, ?, ?, ?, NULL, ?)')
      .bind(crypto.randomUUID(), email, 'Old Coach', await hashPassword('old password'), 1_700_000_000_000)
      .run();
    expect((await new Client().api.auth.signin.$post({ json: { email, password: 'old password' } })).status).toBe(403);
    for (const query of migration.queries) await env.DB.prepare(query).run();
    expect((await new Client().api.auth.signin.$post({ json: { email, password: 'old password' } })).status).toBe(200);
  });
});

describe('bad input never becomes a 500', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    expect(await expectRefusal(new Client().post('/api/auth/signin', '{"email": '), 400)).toEqual(errorBody('Request body must be valid JSON'));
  });

  it('answers missing fields with the spec messages', async () => {
    expect((await expectRefusal(new Client().post('/api/auth/signin', { email: 'a@b.co' }), 400)).error).toBe('You must provide either an email or phone number and a password.');
    expect((await expectRefusal(new Client().post('/api/auth/signup', { email: uniqueEmail(), password: 'longenough' }), 400)).error).toBe('Full name is required');
    const notAnObject = await new Client().post('/api/auth/signup', [1, 2]);
    expect(notAnObject.status).toBe(400);
  });

  it('refuses writes that are not JSON or come from another origin', async () => {
    const form = await new Client().request('POST', '/api/auth/signin', 'email=a&password=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect((await expectRefusal(new Client().request('POST', '/api/auth/signin', { email: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' }), 403)).error).toBe('Cross-site request refused');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    expect(await expectRefusal(new Client().get('/api/nothing-here'), 404)).toEqual(errorBody('Not found'));
  });
});

describe('access tokens', () => {
  it('refuses a protected API without a cookie: 401 Not authenticated', async () => {
    expect(await expectRefusal(new Client().api.practices.$get(), 401)).toEqual(errorBody('Not authenticated'));
  });

  it('refuses a tampered token', async () => {
    const { client } = await signedUpCoach();
    const token = client.cookies.get('piste_access')!;
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/')));
    payload.sub = 'someone-else';
    const forged = btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    client.cookies.set('piste_access', `${h}.${forged}.${s}`);
    expect((await client.api.practices.$get()).status).toBe(401);
  });

  it('refuses an expired token, one without exp, and one signed with another secret', async () => {
    const { client, user } = await signedUpCoach();
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      await sign({ sub: user.id, email: user.email, typ: 'access', iat: now - 1000, exp: now - 10 }, SECRET, 'HS256'),
      await sign({ sub: user.id, email: user.email, typ: 'access', iat: now }, SECRET, 'HS256'),
      await sign({ sub: user.id, email: user.email, typ: 'access', iat: now, exp: now + 600 }, 'another-secret', 'HS256'),
    ];
    for (const token of cases) {
      client.cookies.set('piste_access', token);
      expect((await client.api.practices.$get()).status).toBe(401);
    }
    client.cookies.set('piste_access', await sign({ sub: user.id, email: user.email, typ: 'access', iat: now, exp: now + 600 }, SECRET, 'HS256'));
    expect((await client.api.practices.$get()).status).toBe(200);
  });
});

describe('verified tokens are remembered, their expiry is not', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a token it accepted a moment ago once that token has expired', async () => {
    const { client, user } = await signedUpCoach();
    const now = Math.floor(Date.now() / 1000);
    client.cookies.set('piste_access', await sign({ sub: user.id, email: user.email, typ: 'access', iat: now, exp: now + 60 }, SECRET, 'HS256'));
    expect((await client.api.practices.$get()).status).toBe(200);
    expect((await client.api.practices.$get()).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((now + 61) * 1000);
    expect(await expectRefusal(client.api.practices.$get(), 401)).toEqual(errorBody('Not authenticated'));
  });
});

describe('refresh tokens', () => {
  it('rotates on use; a rotated token replayed within the grace window gets the same new token', async () => {
    const { client } = await signedUpCoach();
    const first = client.cookies.get('piste_refresh')!;
    const res = await client.api.auth.refresh.$post();
    expect(res.status).toBe(200);
    const second = client.cookies.get('piste_refresh')!;
    expect(second).not.toBe(first);

    const replay = new Client();
    replay.cookies.set('piste_refresh', first);
    const again = await replay.api.auth.refresh.$post();
    expect(again.status).toBe(200);
    expect(replay.cookies.get('piste_refresh')).toBe(second);
  });

  it('says when nobody is signed in whether a refresh is worth asking for (a refresh cookie is there), so a visitor asks none', async () => {
    expect(await expectAnswer(new Client().api.auth.session.$get())).toEqual({ user: null, accessExpiresAt: null, resumable: false });
    const { client } = await signedUpCoach();
    expect(await expectAnswer(client.api.auth.session.$get())).not.toHaveProperty('resumable');
    client.cookies.delete('piste_access');
    expect(await expectAnswer(client.api.auth.session.$get())).toEqual({ user: null, accessExpiresAt: null, resumable: true });
    await client.api.auth.signout.$post();
    expect(await expectAnswer(client.api.auth.session.$get())).toMatchObject({ resumable: false });
  });

  it('sign out revokes the refresh token', async () => {
    const { client } = await signedUpCoach();
    const refresh = client.cookies.get('piste_refresh')!;
    expect((await client.api.auth.signout.$post()).status).toBe(200);
    expect(client.cookies.has('piste_access')).toBe(false);
    expect(client.cookies.has('piste_signed_in')).toBe(false);
    const replay = new Client();
    replay.cookies.set('piste_refresh', refresh);
    expect((await replay.api.auth.refresh.$post()).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link; the new password works and old sessions end', async () => {
    const { client, email } = await signedUpCoach();
    const oldRefresh = client.cookies.get('piste_refresh')!;
    expect((await new Client().api.auth.reset.$post({ json: { email } })).status).toBe(200);
    const mail = await mailTo(email, 'Reset your Piste password');
    const token = /reset_token=([\w-]+)/.exec(mail.body)![1]!;

    const confirm = await new Client().api.auth.reset.confirm.$post({ json: { token, password: 'a brand new password' } });
    expect(confirm.status).toBe(200);
    expect((await expectRefusal(new Client().api.auth.reset.confirm.$post({ json: { token, password: 'yet another password' } }), 400)).error).toBe('The reset link is invalid or has expired');

    expect((await new Client().api.auth.signin.$post({ json: { email, password: 'correct horse battery' } })).status).toBe(401);
    expect((await new Client().api.auth.signin.$post({ json: { email, password: 'a brand new password' } })).status).toBe(200);
    const replay = new Client();
    replay.cookies.set('piste_refresh', oldRefresh);
    expect((await replay.api.auth.refresh.$post()).status).toBe(401);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    expect(await expectAnswer(new Client().settledApi.auth.reset.$post({ json: { email } }))).toEqual({ ok: true });
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe('throttling', () => {
  it('cuts off repeated failed sign-ins for one email from one address with 429, even with the right password', async () => {
    const { email, password } = await signedUpCoach();
    const guesser = new Client('192.0.2.44');
    for (let i = 0; i < SIGNIN_LIMITS.perEmailAndNetwork; i++) {
      expect((await guesser.api.auth.signin.$post({ json: { email, password: `wrong-${i}` } })).status).toBe(401);
    }
    const res = await guesser.api.auth.signin.$post({ json: { email, password } });
    expect(res.status).toBe(429);
    expect((await json(res)).error).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('cuts off one address guessing across many emails', async () => {
    const attacker = new Client('203.0.113.7');
    for (let i = 0; i < SIGNIN_LIMITS.perNetwork; i++) {
      expect((await attacker.api.auth.signin.$post({ json: { email: uniqueEmail('guess'), password: 'guess-1234' } })).status).toBe(401);
    }
    expect((await attacker.api.auth.signin.$post({ json: { email: uniqueEmail('guess'), password: 'guess-1234' } })).status).toBe(429);
    const { email, password } = await signedUpCoach();
    expect((await new Client('198.51.100.1').api.auth.signin.$post({ json: { email, password } })).status).toBe(200);
  });
});

describe('errors the app translates (issue 17)', () => {
  it('answers in English with a stable code, and the values of a message with parts', async () => {
    const { email, client } = await signedUpCoach();
    expect(await expectRefusal(new Client().api.auth.signin.$post({ json: { email, password: 'not the password' } }), 401)).toEqual({ error: 'Invalid login credentials', code: 'invalid_login_credentials' });
    expect(await expectRefusal(client.api.athletes.$post({ json: { name: 'x'.repeat(1024 * 1024) } }), 413)).toEqual({ error: 'The request is too large (at most 64 KB)', code: 'request_too_large_most_kb', params: { maxsize: '64' } });
    expect(await expectRefusal(client.api.practices.$post({ json: { practice_type: 'individual', name: ' ' } }), 400)).toEqual({ error: 'Practice name is required', code: 'practice_name_required' });
    // Raw: a path the API does not have, so the typed client has no way to it.
    expect(await expectRefusal(client.get('/api/nowhere'), 404)).toEqual({ error: 'Not found', code: 'not_found' });
  });
});
