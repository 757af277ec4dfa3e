import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain ESM helper shared with the npm scripts
import { buildSpa, latestMailInLog, migrateLocal, serve, vapidKey, verificationLinkIn, waitForHttp, waitForValue } from '../../scripts/local.mjs';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The verification link the worker printed to its log (the local outbox) for an address, once it is there (a cold worker may take a while). */
const verificationLink = (logFile: string, email: string): Promise<string> =>
  waitForValue(() => verificationLinkIn(latestMailInLog(logFile, email, 'Verify your Piste account')?.body ?? ''), `the verification mail to ${email}`, 30_000, 100);

/**
 * Wakes what a first request would otherwise wait for on a fresh machine: the worker's modules, the SPA's
 * files, the local D1 (a write), and the room object class, so the first test's first page is not the
 * one that pays for it. The sign-up is verified by its mailed link and its password, which signs in.
 */
async function warmUp(baseURL: string, logFile: string) {
  const page = await (await fetch(`${baseURL}/practices`)).text();
  for (const asset of page.match(/\/assets\/[^"]+/g) ?? []) await (await fetch(`${baseURL}${asset}`)).arrayBuffer();
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const email = `warm-up-${Date.now()}@example.com`;
  await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers, body: JSON.stringify({ full_name: 'Warm Up', email, password: 'warm up password' }) });
  const token = new URL(await verificationLink(logFile, email)).searchParams.get('verify_token');
  const verified = await fetch(`${baseURL}/api/auth/verify`, { method: 'POST', headers, body: JSON.stringify({ token, password: 'warm up password' }) });
  const cookie = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const practice = await (await fetch(`${baseURL}/api/practices`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ practice_type: 'individual', name: 'Warm up' }) })).json() as { id: string };
  await fetch(`${baseURL}/api/practices/${practice.id}/room`, { headers: { cookie } });
}

/** Starts the real worker (`wrangler dev`) on a free port with its own fresh local D1 for the browser tests. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'piste-e2e-'));
  const persistTo = join(dir, 'state');
  const logFile = join(dir, 'worker.log');
  buildSpa();
  migrateLocal(persistTo);
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const baseURL = `http://127.0.0.1:${port}`;
  const child = serve({
    port,
    persistTo,
    vars: { JWT_SECRET: 'e2e-secret-0123456789-abcdefghijklmnop', VAPID_PRIVATE_KEY: vapidKey(), TEST_HOOKS: '1', APP_ORIGIN: baseURL },
    stdio: ['ignore', out, out],
  });
  await waitForHttp(`${baseURL}/api/auth/session`, 90_000);
  await warmUp(baseURL, logFile);
  project.provide('baseURL', baseURL);
  project.provide('workerLog', logFile);
  return () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    workerLog: string;
  }
}
