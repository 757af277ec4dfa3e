// `npm run bench`: live fan-out latency (Piste vs a plain ws broadcast), API throughput, bundle size.
// Everything runs on this machine against loopback only; every loop is bounded.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { buildSpa, migrateLocal, root, serve, waitForHttp } from '../scripts/local.mjs';
import { allSeen, openClients, startBaseline, summarize } from './fanout.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 100);
const SPECTATORS = Number(process.env.BENCH_SPECTATORS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARMUP = 5;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Times `rounds` bout writes until every client holds the new snapshot. */
async function timeFanout(clients, write) {
  const samples = [];
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const t0 = performance.now();
    const version = await write(i);
    const tAll = await allSeen(clients, version, 30_000);
    if (i >= WARMUP) samples.push(tAll - t0);
  }
  return summarize(samples);
}

async function piste(base) {
  const jar = [];
  const call = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', cookie: jar.join('; ') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) jar.push(c.split(';')[0]);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call('POST', '/api/auth/signup', { full_name: 'Bench Coach', email: `bench-${Date.now()}@example.com`, password: 'bench password' });
  const practice = await call('POST', '/api/practices', { practice_type: 'individual', name: 'Bench' });
  const names = ['ANN', 'BOB', 'CLEO', 'DAN', 'EVE', 'FINN'];
  const { pools } = await call('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'single', entries: names.map((name) => ({ name })) });
  const pool = pools[0];
  const versionOf = (m) => (m.type === 'pool' ? m.pool.version : null);
  let bytes = 0;
  let boutVersion = 0;
  const writeBout = async (i) => {
    const snap = await call('POST', `/api/pools/${pool.id}/bouts`, { player1_id: pool.players[0].id, player2_id: pool.players[1].id, score1: i % 6, score2: 5 - (i % 6), version: boutVersion });
    boutVersion = snap.bouts[0].version;
    bytes = JSON.stringify({ type: 'pool', practiceId: practice.id, pool: snap }).length;
    return snap.version;
  };
  const clients = await openClients(SOCKETS, `${base.replace('http', 'ws')}/api/live?practice=${practice.id}`, { cookie: jar.join('; '), origin: base }, versionOf);
  const fanout = await timeFanout(clients, writeBout);
  for (const c of clients) c.ws.close();

  // A room full of spectators: no account, connected by the board link while the practice shares.
  const shared = await call('POST', `/api/practices/${practice.id}/sharing`, { enabled: true });
  const spectators = [];
  for (let i = 0; i < SPECTATORS; i += 100) {
    spectators.push(...(await openClients(Math.min(100, SPECTATORS - i), `${base.replace('http', 'ws')}/api/live?board=${shared.board_id}`, { origin: base }, versionOf)));
  }
  const crowd = await timeFanout(spectators, writeBout);
  for (const c of spectators) c.ws.close();
  // API throughput: sequential reads of a practice's pools.
  const reads = 300;
  const r0 = performance.now();
  for (let i = 0; i < reads; i++) await call('GET', `/api/practices/${practice.id}/pools`);
  const readsPerSecond = (reads / (performance.now() - r0)) * 1000;
  return { fanout, crowd, bytes, readsPerSecond };
}

async function baseline(bytes, sockets) {
  const server = await startBaseline(Math.max(0, bytes - 60));
  const clients = [];
  for (let i = 0; i < sockets; i += 100) {
    clients.push(...(await openClients(Math.min(100, sockets - i), `ws://127.0.0.1:${server.port}`, {}, (m) => m.pool?.version ?? null)));
  }
  const result = await timeFanout(clients, async (i) => {
    const res = await fetch(`http://127.0.0.1:${server.port}/bout`, { method: 'POST', body: JSON.stringify({ i }) });
    return (await res.json()).version;
  });
  for (const c of clients) c.ws.close();
  await server.close();
  return result;
}

function bundleSize() {
  const dir = join(root, 'dist/assets');
  let raw = 0;
  let gz = 0;
  for (const f of readdirSync(dir)) {
    if (!/\.(js|css)$/.test(f)) continue;
    raw += statSync(join(dir, f)).size;
    gz += gzipSync(readFileSync(join(dir, f))).length;
  }
  return { raw, gz };
}

const dir = mkdtempSync(join(tmpdir(), 'piste-bench-'));
buildSpa();
migrateLocal(join(dir, 'state'));
const port = await freePort();
const worker = serve({ port, persistTo: join(dir, 'state'), vars: { JWT_SECRET: 'bench-secret-0123456789-abcdefghijkl', ADDRESS_SOCKET_LIMIT: '5000' }, stdio: 'ignore' });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/auth/session`, 90_000);
  const p = await piste(base);
  const b = await baseline(p.bytes, SOCKETS);
  const bc = await baseline(p.bytes, SPECTATORS);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  const bundle = bundleSize();
  const report = (title, mine, theirs) => {
    console.log(`\n${title}, ${mine.n} bouts (snapshot ${p.bytes} bytes), local wrangler dev:`);
    console.log(`  Piste (API → D1 → room object → sockets): p50 ${fmt(mine.p50)}  p99 ${fmt(mine.p99)}`);
    console.log(`  plain ws broadcast server (baseline):     p50 ${fmt(theirs.p50)}  p99 ${fmt(theirs.p99)}`);
    console.log(`  ratio Piste / baseline:                   p50 ${(mine.p50 / theirs.p50).toFixed(2)}x  p99 ${(mine.p99 / theirs.p99).toFixed(2)}x`);
  };
  report(`Live fan-out to ${SOCKETS} coach sockets`, p.fanout, b);
  report(`Live fan-out to ${SPECTATORS} spectator sockets in one room`, p.crowd, bc);
  console.log(`API reads (GET a practice's pools, sequential): ${p.readsPerSecond.toFixed(0)} req/s`);
  console.log(`SPA bundle (js + css): ${(bundle.raw / 1024).toFixed(0)} KiB raw, ${(bundle.gz / 1024).toFixed(0)} KiB gzip`);
} finally {
  try {
    process.kill(-worker.pid, 'SIGTERM');
  } catch {
    worker.kill('SIGTERM');
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
