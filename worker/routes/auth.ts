import { Hono } from 'hono';
import type { Context } from 'hono';
import type { SessionInfo } from '../../core/api';
import { resetConfirmSchema, resetRequestSchema, signinSchema, signupSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { clearAuthCookies, readRefreshCookie, setAuthCookies } from '../auth/cookies';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { accessTtlSeconds, signAccessToken } from '../auth/tokens';
import { HttpError } from '../errors';
import { outboxMailer } from '../mail/mailer';
import { consumeAuthToken, issueAuthToken } from '../store/auth-tokens';
import { createSession, rotateSession, revokeSession } from '../store/sessions';
import { assertNotThrottled, clearThrottle, recordFailure, type ThrottleRule } from '../store/throttle';
import { createUser, findUserByEmail, findUserById, replacePassword, markEmailVerified, toUser } from '../store/users';
import { readJson } from '../validate';

const WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per email, and per client address, in a 15-minute window. */
export const SIGNIN_LIMIT_PER_EMAIL = 5;
export const SIGNIN_LIMIT_PER_ADDRESS = 20;

export function clientAddress(c: Context) {
  return c.req.header('cf-connecting-ip') ?? 'local';
}

function signinRules(c: Context, email: string): ThrottleRule[] {
  return [
    { key: `signin:email:${email}`, limit: SIGNIN_LIMIT_PER_EMAIL, windowMs: WINDOW_MS },
    { key: `signin:ip:${clientAddress(c)}`, limit: SIGNIN_LIMIT_PER_ADDRESS, windowMs: WINDOW_MS },
  ];
}

/** Issues both cookies for a user and answers with the session the app keeps. */
async function startSession(c: Context<AppEnv>, user: { id: string; email: string }, refreshToken?: string) {
  const db = getDb(c.env.DB);
  const access = await signAccessToken(user, c.env.JWT_SECRET, accessTtlSeconds(c.env.ACCESS_TOKEN_TTL));
  setAuthCookies(c, access, refreshToken ?? (await createSession(db, user.id)));
  const row = await findUserById(db, user.id);
  return { user: row ? toUser(row) : null, accessExpiresAt: access.expMs } satisfies SessionInfo;
}

export const authRoutes = new Hono<AppEnv>()
  .get('/session', async (c) => {
    const auth = c.get('user');
    const row = auth ? await findUserById(getDb(c.env.DB), auth.id) : null;
    return c.json({ user: row ? toUser(row) : null, accessExpiresAt: row ? c.get('accessExp') : null } satisfies SessionInfo);
  })
  .post('/signup', async (c) => {
    const input = await readJson(c, signupSchema);
    const db = getDb(c.env.DB);
    const user = await createUser(db, {
      email: input.email,
      full_name: input.full_name,
      password_hash: await hashPassword(input.password),
    });
    const token = await issueAuthToken(db, user.id, 'verify');
    const origin = new URL(c.req.url).origin;
    await outboxMailer(db).send({
      to: user.email,
      subject: 'Verify your Piste account',
      body: `Welcome to Piste, ${user.full_name}.\nConfirm your email address: ${origin}/api/auth/verify?token=${token}`,
    });
    return c.json(await startSession(c, user), 201);
  })
  .post('/signin', async (c) => {
    const input = await readJson(c, signinSchema);
    const db = getDb(c.env.DB);
    const rules = signinRules(c, input.email);
    await assertNotThrottled(db, rules);
    const user = await findUserByEmail(db, input.email);
    // Hash even for an unknown email so the answer's timing does not tell whether the account exists.
    const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) {
      await recordFailure(db, rules);
      throw new HttpError(401, 'Invalid login credentials');
    }
    await clearThrottle(db, rules[0]!.key);
    return c.json(await startSession(c, user));
  })
  .post('/refresh', async (c) => {
    const token = readRefreshCookie(c);
    const db = getDb(c.env.DB);
    const rotated = token ? await rotateSession(db, token) : null;
    const user = rotated ? await findUserById(db, rotated.userId) : null;
    if (!rotated || !user) {
      clearAuthCookies(c);
      throw new HttpError(401, 'Session expired, please sign in again');
    }
    return c.json(await startSession(c, user, rotated.token));
  })
  .post('/signout', async (c) => {
    const token = readRefreshCookie(c);
    if (token) await revokeSession(getDb(c.env.DB), token);
    clearAuthCookies(c);
    return c.json({ ok: true });
  })
  .post('/reset', async (c) => {
    const { email } = await readJson(c, resetRequestSchema);
    const db = getDb(c.env.DB);
    const user = await findUserByEmail(db, email);
    // The same answer whether or not the account exists.
    if (user) {
      const token = await issueAuthToken(db, user.id, 'reset');
      const origin = new URL(c.req.url).origin;
      await outboxMailer(db).send({
        to: user.email,
        subject: 'Reset your Piste password',
        body: `Someone asked to reset the password of your Piste account.\nChoose a new password (the link works once, within an hour): ${origin}/auth?reset_token=${token}`,
      });
    }
    return c.json({ ok: true });
  })
  .post('/reset/confirm', async (c) => {
    const input = await readJson(c, resetConfirmSchema);
    const db = getDb(c.env.DB);
    const userId = await consumeAuthToken(db, input.token, 'reset');
    if (!userId) throw new HttpError(400, 'The reset link is invalid or has expired');
    await replacePassword(db, userId, await hashPassword(input.password));
    clearAuthCookies(c);
    return c.json({ ok: true });
  })
  .get('/verify', async (c) => {
    const token = c.req.query('token') ?? '';
    const db = getDb(c.env.DB);
    const userId = token ? await consumeAuthToken(db, token, 'verify') : null;
    if (userId) await markEmailVerified(db, userId);
    return c.redirect(userId ? '/auth?verified=1' : '/auth?verified=0');
  });
