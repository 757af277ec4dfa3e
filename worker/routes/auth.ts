import { Hono } from 'hono';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { SessionInfo } from '../../core/contracts/account';
import { resumeTarget } from '../../core/practice-page';
import { changePasswordSchema, resetConfirmSchema, resetRequestSchema, signinSchema, signupSchema, verifyConfirmSchema, verifyPeekSchema } from '../../core/validation';
import type { AppEnv, Env } from '../env';
import { d1Db } from '../db/client';
import { clearAuthCookies, clearSignedInCookie, readRefreshCookie, readSignedInCookie, setAuthCookies } from '../auth/cookies';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { accessTtlSeconds, signAccessToken } from '../auth/tokens';
import { HttpError } from '../errors';
import { sendAppMail } from '../mail/mailer';
import { authorize } from '../auth/access';
import { clientNetwork, type Network } from '../auth/network';
import { activateAccount, consumeAuthToken, findPendingSignup, issueAuthToken } from '../store/d1/auth-tokens';
import { createSession, liveSessionUser, rotateSession } from '../store/d1/sessions';
import { countAttempt, forgiveSignin, limitAttempt, reserveSignin, type Limit } from '../store/d1/throttle';
import { findUserByEmail, findUserById, rememberSignupAttempt, saveUnverifiedUser, signupAttemptOf, toUser } from '../store/d1/users';
import { endEverySession } from '../auth/end-sessions';
import { coachOf } from '../middleware/session';
import { json } from '../validate';

const HOUR = 60 * 60_000;

/**
 * Sign-up, reset and the mail they send (issue 25), per hour. A network is an IPv4 address or an IPv6 /64, its
 * block the /24 or /48 around it: past a network's or block's limit the answer is 429. Past the per-address
 * limit the answer stays the same and nothing is mailed, so nobody can flood an inbox through Piste, nor learn
 * anything from being refused.
 */
export const MAIL_LIMITS = {
  /** Sign-ups one network may ask for in an hour, and all the networks of one block together. */
  signupPerNetwork: 10,
  signupPerBlock: 50,
  /** Password resets one network may ask for in an hour, and all the networks of one block together. */
  resetPerNetwork: 10,
  resetPerBlock: 50,
  /** Mails one address may receive in an hour: sign-up, sign-up again, sign-in unverified and reset together. */
  perAddress: 3,
  windowMs: HOUR,
} as const;

/** The per-network and per-block limits of one kind of request (`signup:net:…`, `signup:block:…`). */
function networkLimits(kind: 'signup' | 'reset', { net, block }: Network, perNetwork: number, perBlock: number): Limit[] {
  return [
    { key: `${kind}:net:${net}`, windowMs: MAIL_LIMITS.windowMs, max: perNetwork },
    { key: `${kind}:block:${block}`, windowMs: MAIL_LIMITS.windowMs, max: perBlock },
  ];
}

/** Counts a mail to an address; false (send nothing) past its hourly limit. */
async function mayMail(env: Env, email: string) {
  const { over } = await countAttempt(env.DB, [{ key: `mail:email:${email}`, windowMs: MAIL_LIMITS.windowMs, max: MAIL_LIMITS.perAddress }]);
  return over.length === 0;
}

/** How long the work left after an answer waits before it starts, so it never slows the answer itself (bench/reset.mjs). */
const AFTER_ANSWER_MS = 5;

/**
 * Runs the work that would tell whether an account exists (hashing, writing, mailing) after the answer, so
 * its time is the same either way. A failure is logged by name only (no address, no link).
 */
function afterAnswer(c: Context<AppEnv>, work: () => Promise<unknown>) {
  const later = new Promise((resolve) => setTimeout(resolve, AFTER_ANSWER_MS)).then(work);
  c.executionCtx.waitUntil(later.catch((e: unknown) => console.error(`auth mail work failed: ${e instanceof Error ? e.name : 'error'}`)));
}

/**
 * A sign-up, after the answer: a new address (or one whose account is still unverified) gets the account and a
 * verification link that activates this sign-up's own name and password; an address with a verified account
 * gets word that someone tried, and nothing changes. The password is hashed either way, so the work left on the
 * isolate (and the next request it serves) is the same for a known address and a new one.
 */
async function signUpLater(env: Env, input: z.infer<typeof signupSchema>) {
  const db = d1Db(env.DB);
  if (!(await mayMail(env, input.email))) return;
  const signup = { full_name: input.full_name, password_hash: await hashPassword(input.password) };
  const known = await findUserByEmail(db, input.email);
  const user = known?.email_verified_at ? null : await saveUnverifiedUser(db, { email: input.email, ...signup });
  if (!user) {
    await rememberSignupAttempt(db, input.email, signup.password_hash);
    return sendAppMail(env, db, input.email, 'signup-attempt');
  }
  await sendAppMail(env, db, user.email, 'verify', await issueAuthToken(db, user.id, 'verify', signup));
}

/** Mails a fresh verification link, for the password that was just given, to an unverified account signed in to. */
async function verifyAgainLater(env: Env, user: { id: string; email: string; full_name: string; password_hash: string }) {
  const db = d1Db(env.DB);
  if (await mayMail(env, user.email)) await sendAppMail(env, db, user.email, 'verify', await issueAuthToken(db, user.id, 'verify', { full_name: user.full_name, password_hash: user.password_hash }));
}

/** A reset, after the answer: a reset link when the address has an account, nothing otherwise. */
async function resetLater(env: Env, email: string) {
  const db = d1Db(env.DB);
  const user = await findUserByEmail(db, email);
  if (user && (await mayMail(env, email))) await sendAppMail(env, db, user.email, 'reset', await issueAuthToken(db, user.id, 'reset'));
}

/** A new pair of tokens from the refresh cookie (rotated), and the session they open; null when it cannot be renewed. */
async function resumeSession(c: Context<AppEnv>) {
  const token = readRefreshCookie(c);
  const rotated = token ? await rotateSession(c.get('db'), token) : null;
  return rotated ? startSession(c, rotated.userId, rotated.token) : null;
}

/** Issues both cookies for a user, under the account's current session version, and answers with the session the app keeps. */
async function startSession(c: Context<AppEnv>, userId: string, refreshToken?: string) {
  const db = c.get('db');
  const row = await findUserById(db, userId);
  if (!row) return null;
  const access = await signAccessToken({ id: row.id, email: row.email, sv: row.session_version }, c.env.JWT_SECRET, accessTtlSeconds(c.env.ACCESS_TOKEN_TTL));
  setAuthCookies(c, access, refreshToken ?? (await createSession(db, row.id)));
  return { user: toUser(row), accessExpiresAt: access.expMs } satisfies SessionInfo;
}

/** The session answer of a user who was just signed in (their row was read a moment ago). */
async function signedIn(c: Context<AppEnv>, userId: string) {
  const session = await startSession(c, userId);
  if (!session) throw new HttpError(401, 'Session expired, please sign in again');
  return session;
}

const linkInvalid = () => new HttpError(400, 'This link was already used or has expired.');

export const authRoutes = new Hono<AppEnv>()
  .get('/session', authorize('auth.use'), async (c) => {
    const auth = c.get('user');
    const row = auth ? await findUserById(c.get('db'), auth.id) : null;
    if (row) return c.json({ user: toUser(row), accessExpiresAt: c.get('accessExp') } satisfies SessionInfo);
    return c.json({ user: null, accessExpiresAt: null, resumable: readRefreshCookie(c) !== undefined } satisfies SessionInfo);
  })
  // The same answer (202, no session) for a new address and a known one; the account and the mail come after.
  .post('/signup', authorize('auth.use'), json(signupSchema), async (c) => {
    const input = c.req.valid('json');
    await limitAttempt(c.env.DB, networkLimits('signup', clientNetwork(c), MAIL_LIMITS.signupPerNetwork, MAIL_LIMITS.signupPerBlock));
    afterAnswer(c, () => signUpLater(c.env, input));
    return c.json({ ok: true }, 202);
  })
  .post('/signin', authorize('auth.use'), json(signinSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    // Counted before the password is checked, so a parallel burst cannot slip past the limits.
    await reserveSignin(c.env.DB, input.email, clientNetwork(c));
    const user = await findUserByEmail(db, input.email);
    // Hash even for an unknown email so the answer's timing does not tell whether the account exists.
    const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
    if (user && ok && user.email_verified_at !== null) {
      await forgiveSignin(c.env.DB, input.email, clientNetwork(c));
      return c.json(await signedIn(c, user.id));
    }
    // Every other answer costs the same: a second hash, against a sign-up made of a confirmed address (or none).
    const attempted = await verifyPassword(input.password, (await signupAttemptOf(db, input.email)) ?? DUMMY_HASH);
    // The password of a pending sign-up is told the address waits for confirmation (its owner gets a fresh link);
    // so is the password of a sign-up made of a confirmed address, which changed nothing: signing up and then in
    // tells nobody whether an address has an account.
    if ((user && ok) || (attempted && user?.email_verified_at)) {
      if (user && ok) afterAnswer(c, () => verifyAgainLater(c.env, user));
      throw new HttpError(403, 'Your email address is not confirmed yet. We sent you a new link: open it to finish signing up.');
    }
    throw new HttpError(401, 'Invalid login credentials');
  })
  .post('/refresh', authorize('auth.use'), async (c) => {
    // A failed refresh leaves the cookies alone: it may be an old request answering after a sign-in in
    // another tab (or this one), and clearing them then would sign that fresh session out.
    const session = await resumeSession(c);
    if (!session) throw new HttpError(401, 'Session expired, please sign in again');
    return c.json(session);
  })
  // A coach's page loaded after the access token's 15 minutes (issue 33's rendered screens): a fresh token from
  // the refresh cookie, then back to the page, which now comes rendered. One that cannot be resumed forgets that
  // there was a session (the page then gets the plain app, which asks the coach to sign in), so it never loops.
  // Only with this site's own Strict cookie, which no other site's link carries: nothing else rotates anything here.
  .get('/resume', authorize('auth.use'), async (c) => {
    const back = resumeTarget(c.req.query('to'));
    if (readSignedInCookie(c) && !(await resumeSession(c))) clearSignedInCookie(c);
    return c.body(null, 303, { Location: back, 'Cache-Control': 'no-store' });
  })
  // Signing out ends every session of the account, on every device: refresh tokens, access tokens and sockets.
  .post('/signout', authorize('auth.use'), async (c) => {
    const token = readRefreshCookie(c);
    const userId = c.get('user')?.id ?? (token ? await liveSessionUser(c.get('db'), token) : null);
    if (userId) await endEverySession(c, userId);
    clearAuthCookies(c);
    return c.json({ ok: true });
  })
  // The same answer, as fast, whether or not the account exists: the token and the mail come after.
  .post('/reset', authorize('auth.use'), json(resetRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitAttempt(c.env.DB, networkLimits('reset', clientNetwork(c), MAIL_LIMITS.resetPerNetwork, MAIL_LIMITS.resetPerBlock));
    afterAnswer(c, () => resetLater(c.env, email));
    return c.json({ ok: true });
  })
  .post('/reset/confirm', authorize('auth.use'), json(resetConfirmSchema), async (c) => {
    const input = c.req.valid('json');
    const userId = await consumeAuthToken(c.get('db'), input.token, 'reset');
    if (!userId) throw new HttpError(400, 'The reset link is invalid or has expired');
    await endEverySession(c, userId, await hashPassword(input.password));
    clearAuthCookies(c);
    return c.json({ ok: true });
  })
  // The account menu's Change password: the current one first; every other session ends, this browser stays signed in.
  .post('/password', authorize('account.password'), json(changePasswordSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const coach = coachOf(c);
    await reserveSignin(c.env.DB, coach.email, clientNetwork(c));
    const row = await findUserById(db, coach.id);
    if (!row || !(await verifyPassword(input.current_password, row.password_hash))) throw new HttpError(400, 'Your current password is not right.');
    await forgiveSignin(c.env.DB, coach.email, clientNetwork(c));
    await endEverySession(c, coach.id, await hashPassword(input.password));
    return c.json(await signedIn(c, coach.id));
  })
  // The mailed link (of older mails): its page, which says whose account it confirms and asks for the password.
  .get('/verify', authorize('auth.use'), (c) => {
    const token = c.req.query('token') ?? '';
    return c.redirect(/^[\w-]{1,100}$/.test(token) ? `/auth?verify_token=${token}` : '/auth?verified=0', 303);
  })
  // The link's page asks whose account it is before anything changes: the address and the name given at sign-up.
  .post('/verify/peek', authorize('auth.use'), json(verifyPeekSchema), async (c) => {
    const pending = await findPendingSignup(c.get('db'), c.req.valid('json').token);
    if (!pending) throw linkInvalid();
    return c.json({ email: pending.email, full_name: pending.fullName });
  })
  // A link opens only with the password its own sign-up chose: a second sign-up of a pending address mails a
  // link of its own, which the mailbox's owner cannot open with their password, and never changes theirs.
  .post('/verify', authorize('auth.use'), json(verifyConfirmSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const pending = await findPendingSignup(db, input.token);
    if (!pending) throw linkInvalid();
    await reserveSignin(c.env.DB, pending.email, clientNetwork(c));
    if (!(await verifyPassword(input.password, pending.passwordHash))) throw new HttpError(401, 'This is not the password chosen when this link was sent. Enter the password you signed up with.');
    if (!(await activateAccount(db, input.token))) throw linkInvalid();
    await forgiveSignin(c.env.DB, pending.email, clientNetwork(c));
    return c.json(await signedIn(c, pending.userId));
  });
