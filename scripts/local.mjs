// Helpers shared by `npm start`, `npm run dev`, the browser tests and the benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = (name) => `${root}node_modules/.bin/${name}`;
export const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_UPDATE_NOTIFIER: '1', CI: 'true' };

export function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...quietEnv, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
}

/** A new VAPID key for Web Push (issue 28): a P-256 private key, PKCS#8 in base64url (VAPID_PRIVATE_KEY). */
export const vapidKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64url');

/** Writes a random JWT_SECRET and a VAPID key into .dev.vars unless they are there. */
export function ensureDevVars() {
  const file = `${root}.dev.vars`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const add = (name, value) => {
    if (new RegExp(`^${name}=.+`, 'm').test(text)) return;
    text = `${text}${text && !text.endsWith('\n') ? '\n' : ''}${name}=${value}\n`;
    writeFileSync(file, text);
    console.log(`Generated ${name} in .dev.vars`);
  };
  add('JWT_SECRET', randomBytes(48).toString('base64url'));
  add('VAPID_PRIVATE_KEY', vapidKey());
}

/** Applies migrations/ to the local D1 (optionally in another state folder). */
export function migrateLocal(persistTo) {
  run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', ...(persistTo ? ['--persist-to', persistTo] : [])]);
}

/** Always a production build, even when called from a test runner that sets NODE_ENV=test. */
export function buildSpa() {
  run(bin('vite'), ['build', '--mode', 'production', '--logLevel', 'warn'], { NODE_ENV: 'production' });
}

/**
 * The human check on a machine with no internet: Turnstile's documented always-pass test keys, answered by
 * the worker's stand-in (TURNSTILE_STANDIN=1), so nothing leaves the machine.
 */
export const LOCAL_TURNSTILE = {
  TURNSTILE_STANDIN: '1',
  TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
};

/**
 * Starts `wrangler dev` (a local run: mail goes to the outbox, links point at this port); resolves once it
 * answers on the port.
 */
export function serve({ port, persistTo, vars = {}, stdio = 'inherit', extraArgs = [] }) {
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...extraArgs];
  if (persistTo) args.push('--persist-to', persistTo);
  // Pushes go to the local stand-in (worker/day/push.ts), like mail to the outbox: nothing leaves the machine.
  const local = { MAIL_OUTBOX: '1', PUSH_STANDIN: '1', APP_ORIGIN: `http://localhost:${port}`, ...LOCAL_TURNSTILE, ...vars };
  for (const [k, v] of Object.entries(local)) args.push('--var', `${k}:${v}`);
  // The worker built as `wrangler deploy` builds it (issue 33): React's server renderer in its production build,
  // which `wrangler dev` otherwise swaps for the development one (several times slower on a coach's page).
  const child = spawn(bin('wrangler'), args, { cwd: root, env: { ...quietEnv, NODE_ENV: 'production' }, stdio, detached: process.platform !== 'win32' });
  return child;
}

/** The mails a local worker printed to its log (the outbox: `[outbox] to=… subject="…"`, body, `[/outbox]`), oldest first. */
export function mailsInLog(file) {
  const blocks = readFileSync(file, 'utf8').matchAll(/\[outbox\] to=(\S+) subject="([^"]*)"\n([\s\S]*?)\n\[\/outbox\]/g);
  return [...blocks].map(([, to, subject, body]) => ({ to, subject, body }));
}

/** The latest mail with this subject to an address in a worker's log, or undefined. */
export const latestMailInLog = (file, to, subject) => mailsInLog(file).filter((m) => m.to === to && m.subject === subject).at(-1);

/** The pushes a local worker's stand-in printed to its log (`[push] endpoint=… salt=… dh=… body=…`), oldest first. */
export function pushesInLog(file) {
  return [...readFileSync(file, 'utf8').matchAll(/\[push\] endpoint=(\S+) salt=([\w-]+) dh=([\w-]+) body=([\w-]+)/g)].map(([, endpoint, salt, dh, body]) => ({ endpoint, salt, dh, body }));
}

/** The verification link a mail carries (a full URL, to the page that asks for the sign-up's password), or undefined. */
export const verificationLinkIn = (body) => /http\S+\/auth\?verify_token=[\w-]+/.exec(body)?.[0];

/** Waits until `read()` gives a value (a mail reaching the outbox), looking every `everyMs`; throws after `timeoutMs`. */
export async function waitForValue(read, what, timeoutMs = 10_000, everyMs = 25) {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`${what} did not arrive within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
