import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain ESM helper shared with the npm scripts
import { buildSpa, migrateLocal, serve, waitForHttp } from '../../scripts/local.mjs';

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
    vars: { JWT_SECRET: 'e2e-secret-0123456789-abcdefghijklmnop', TEST_HOOKS: '1', APP_ORIGIN: baseURL },
    stdio: ['ignore', out, out],
  });
  await waitForHttp(`${baseURL}/api/auth/session`, 90_000);
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
