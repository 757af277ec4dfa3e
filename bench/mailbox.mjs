// Sign-up mails a verification link and signs nobody in (issue 25): the benchmarks' coaches follow that link,
// read from the local outbox (Miniflare's D1) or from the worker's log (`wrangler dev`).
import { latestMailInLog, waitForValue } from '../scripts/local.mjs';

const VERIFY = 'Verify your Piste account';
const poll = (read) => waitForValue(read, 'the verification mail');

/** The latest mail body to an address, from the outbox table of a D1 database. */
export const dbMailbox = (db) => (to) =>
  poll(async () => (await db.prepare('SELECT body FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').bind(to).first())?.body);

/** The latest verification mail's body to an address, from a worker log (`wrangler dev`'s local outbox). */
export const logMailbox = (file) => (to) => poll(() => latestMailInLog(file, to, VERIFY)?.body);

/** Signs a coach up at `base` and opens the mailed link with the password: answers the cookies it sets, as one header. */
export async function signUpCoach(base, mailbox, user) {
  const res = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  if (res.status !== 202) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const token = /verify_token=([\w-]+)/.exec(await mailbox(user.email))[1];
  const verified = await fetch(`${base}/api/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ token, password: user.password }) });
  const cookie = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error(`verify: ${verified.status}`);
  return cookie;
}
