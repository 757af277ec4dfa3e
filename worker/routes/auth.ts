import { Hono } from 'hono';
import type { Context } from 'hono';
import type { SessionInfo } from '../../core/api';
import { resetConfirmSchema, resetRequestSchema, signinSchema, signupSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { clearAuthCookies, readRefreshCookie, setAuthCookies } from '../auth/cookies';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { accessTtlSeconds, signAccessToken } from '../auth/tokens';
import { HttpError } from '../errors';
import { appLink, mailerFor } from '../mail/mailer';
import { authorize, clientAddress } from '../auth/access';
import { consumeAuthToken, issueAuthToken } from '../store/auth-tokens';
import { createSession, rotateSession, revokeSession } from '../store/sessions';
import { forgiveSignin, reserveSignin } from '../store/throttle';
import { createUser, findUserByEmail, findUserById, replacePassword, markEmailVerified, toUser } from '../store/users';
import { readJson } from '../validate';

/** Issues both cookies for a user and answers with the session the app keeps. */
async function startSession(c: Context<AppEnv>, user: { id: string; email: string }, refreshToken?: string) {
  const db = c.get('db');
  const access = await signAccessToken(user, c.env.JWT_SECRET, accessTtlSeconds(c.env.ACCESS_TOKEN_TTL));
  setAuthCookies(c, access, refreshToken ?? (await createSession(db, user.id)));
  const row = await findUserById(db, user.id);
  return { user: row ? toUser(row) : null, accessExpiresAt: access.expMs } satisfies SessionInfo;
}

export const authRoutes = new Hono<AppEnv>()
  .get('/session', authorize('auth.use'), async (c) => {
    const auth = c.get('user');
    const row = auth ? await findUserById(c.get('db'), auth.id) : null;
    return c.json({ user: row ? toUser(row) : null, accessExpiresAt: row ? c.get('accessExp') : null } satisfies SessionInfo);
  })
  .post('/signup', authorize('auth.use'), async (c) => {
    const input = await readJson(c, signupSchema);
    const db = c.get('db');
    const user = await createUser(db, {
      email: input.email,
      full_name: input.full_name,
      password_hash: await hashPassword(input.password),
    });
    const token = await issueAuthToken(db, user.id, 'verify');
    const link = appLink(c.env, `/api/auth/verify?token=${token}`);
    if (link) {
      await mailerFor(c.env, db).send({
        to: user.email,
        subject: 'Verify your Piste account',
        body: `Welcome to Piste, ${user.full_name}.\nConfirm your email address: ${link}`,
      });
    } else console.error('APP_ORIGIN is not set: no verification mail sent');
    return c.json(await startSession(c, user), 201);
  })
  .post('/signin', authorize('auth.use'), async (c) => {
    const input = await readJson(c, signinSchema);
    const db = c.get('db');
    // Counted before the password is checked, so a parallel burst cannot slip past the limits.
    await reserveSignin(c.env.DB, input.email, clientAddress(c));
    const user = await findUserByEmail(db, input.email);
    // Hash even for an unknown email so the answer's timing does not tell whether the account exists.
    const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) throw new HttpError(401, 'Invalid login credentials');
    await forgiveSignin(c.env.DB, input.email, clientAddress(c));
    return c.json(await startSession(c, user));
  })
  .post('/refresh', authorize('auth.use'), async (c) => {
    const token = readRefreshCookie(c);
    const db = c.get('db');
    const rotated = token ? await rotateSession(db, token) : null;
    const user = rotated ? await findUserById(db, rotated.userId) : null;
    // A failed refresh leaves the cookies alone: it may be an old request answering after a sign-in in
    // another tab (or this one), and clearing them then would sign that fresh session out.
    if (!rotated || !user) throw new HttpError(401, 'Session expired, please sign in again');
    return c.json(await startSession(c, user, rotated.token));
  })
  .post('/signout', authorize('auth.use'), async (c) => {
    const token = readRefreshCookie(c);
    if (token) await revokeSession(c.get('db'), token);
    clearAuthCookies(c);
    return c.json({ ok: true });
  })
  .post('/reset', authorize('auth.use'), async (c) => {
    const { email } = await readJson(c, resetRequestSchema);
    const db = c.get('db');
    const user = await findUserByEmail(db, email);
    // The same answer whether or not the account exists.
    if (user) {
      const token = await issueAuthToken(db, user.id, 'reset');
      const link = appLink(c.env, `/auth?reset_token=${token}`);
      if (link) {
        await mailerFor(c.env, db).send({
          to: user.email,
          subject: 'Reset your Piste password',
          body: `Someone asked to reset the password of your Piste account.\nChoose a new password (the link works once, within an hour): ${link}`,
        });
      } else console.error('APP_ORIGIN is not set: no reset mail sent');
    }
    return c.json({ ok: true });
  })
  .post('/reset/confirm', authorize('auth.use'), async (c) => {
    const input = await readJson(c, resetConfirmSchema);
    const db = c.get('db');
    const userId = await consumeAuthToken(db, input.token, 'reset');
    if (!userId) throw new HttpError(400, 'The reset link is invalid or has expired');
    await replacePassword(db, userId, await hashPassword(input.password));
    clearAuthCookies(c);
    return c.json({ ok: true });
  })
  .get('/verify', authorize('auth.use'), async (c) => {
    const token = c.req.query('token') ?? '';
    const db = c.get('db');
    const userId = token ? await consumeAuthToken(db, token, 'verify') : null;
    if (userId) await markEmailVerified(db, userId);
    return c.redirect(userId ? '/auth?verified=1' : '/auth?verified=0');
  });
