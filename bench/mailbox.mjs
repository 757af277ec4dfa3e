// Sign-up mails a verification link and signs nobody in (issue 25): the benchmarks' coaches follow that link,
// read from the local outbox (Miniflare's D1) or from the worker's log (`wrangler dev`).
import { readFileSync } from 'node:fs';

async function poll(read) {
  for (let i = 0; i < 400; i++) {
    const found = await read();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no verification mail arrived');
}

/** The latest mail body to an address, from the outbox table of a D1 database. */
export const dbMailbox = (db) => (to) =>
  poll(async () => (await db.prepare('SELECT body FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').bind(to).first())?.body);

/** The latest mail body to an address, from a worker log holding `[outbox] to=… subject=…` blocks. */
export const logMailbox = (file) => (to) =>
  poll(() => {
    const blocks = [...readFileSync(file, 'utf8').matchAll(/\[outbox\] to=(\S+) subject="[^"]*"\n([\s\S]*?)\n\[\/outbox\]/g)];
    return blocks.reverse().find((m) => m[1] === to)?.[2];
  });

/** Signs a coach up at `base` and opens the mailed link: answers the cookies it sets, as one header. */
export async function signUpCoach(base, mailbox, user) {
  const res = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  if (res.status !== 202) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const link = /\/api\/auth\/verify\?token=[\w-]+/.exec(await mailbox(user.email))[0];
  const verified = await fetch(base + link, { redirect: 'manual' });
  const cookie = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error(`verify: ${verified.status}`);
  return cookie;
}
