// Issue 25: does a password reset's answer time tell whether an account exists? The reset answers right after
// its input and its network limits are checked; the lookup, the token and the mail run after the answer
// (waitUntil). Timed: the answer to POST /api/auth/reset for an address with an account and for one without,
// alternated (which goes first alternates too), each from a network of its own (the limit counts per network),
// spaced so the work one answer leaves running is done before the next request starts.
import { performance } from 'node:perf_hooks';
import { summarize } from './fanout.mjs';

/** Mails one address may receive in an hour (MAIL_LIMITS.perAddress): every timed reset of an account mails. */
const MAILS_PER_ADDRESS = 3;
const PAUSE_MS = 50;

/** Median and p99 answer times of `rounds` resets of existing accounts and of unknown addresses, at `base` (Miniflare's D1 `db`). */
export async function resetTiming(base, db, rounds = 60, warmup = 10) {
  const stamp = Date.now();
  const accounts = Array.from({ length: Math.ceil((rounds + warmup) / MAILS_PER_ADDRESS) }, (_, i) => `reset-bench-${stamp}-${i}@example.com`);
  const insert = 'INSERT INTO users (id, email, full_name, password_hash, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?)';
  await db.batch(accounts.map((email, i) => db.prepare(insert).bind(`reset-bench-${stamp}-${i}`, email, 'Bench Coach', 'pbkdf2-sha256$100000$AAAA$AAAA', stamp, stamp)));
  let n = 0;
  const reset = async (email) => {
    n++;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/auth/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.${(n >> 8) & 255}.${n & 255}.25` },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`reset: ${res.status}`);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    return ms;
  };
  const existing = [];
  const unknown = [];
  for (let i = 0; i < rounds + warmup; i++) {
    const known = accounts[Math.floor(i / MAILS_PER_ADDRESS)];
    const nobody = `nobody-${stamp}-${i}@example.com`;
    let e, u;
    if (i % 2) {
      e = await reset(known);
      u = await reset(nobody);
    } else {
      u = await reset(nobody);
      e = await reset(known);
    }
    if (i >= warmup) {
      existing.push(e);
      unknown.push(u);
    }
  }
  const { mailed } = await db.prepare('SELECT COUNT(*) AS mailed FROM outbox WHERE to_email LIKE ?').bind(`reset-bench-${stamp}-%`).first();
  const e = summarize(existing);
  const u = summarize(unknown);
  return { existing: e, unknown: u, medianGapMs: e.p50 - u.p50, resetMailsSent: mailed };
}
