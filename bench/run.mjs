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
  const clients = await openClients(SOCKETS, `${base.replace('http', 'ws')}/api/live?practice=${practice.id}`, { cookie: jar.join('; '), origin: base }, (m) =>
    m.type === 'pool' ? m.pool.version : null,
  );
  const samples = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const t0 = performance.now();
    const snap = await call('POST', `/api/pools/${pool.id}/bouts`, { player1_id: pool.players[0].id, player2_id: pool.players[1].id, score1: i % 6, score2: 5 - (i % 6) });
    const tAll = await allSeen(clients, snap.version);
    bytes = JSON.stringify({ type: 'pool', practiceId: practice.id, pool: snap }).length;
    if (i >= WARMUP) samples.push(tAll - t0);
  }
  // API throughput: sequential reads of a practice's pools.
  const reads = 300;
  const r0 = performance.now();
  for (let i = 0; i < reads; i++) await call('GET', `/api/practices/${practice.id}/pools`);
  const readsPerSecond = (reads / (performance.now() - r0)) * 1000;
  for (const c of clients) c.ws.close();
  return { fanout: summarize(samples), bytes, readsPerSecond };
}

async function baseline(bytes) {
  const server = await startBaseline(Math.max(0, bytes - 60));
  const clients = await openClients(SOCKETS, `ws://127.0.0.1:${server.port}`, {}, (m) => m.pool?.version ?? null);
  const samples = [];
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}/bout`, { method: 'POST', body: JSON.stringify({ i }) });
    const { version } = await res.json();
    const tAll = await allSeen(clients, version);
    if (i >= WARMUP) samples.push(tAll - t0);
  }
  for (const c of clients) c.ws.close();
  await server.close();
  return summarize(samples);
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
const worker = serve({ port, persistTo: join(dir, 'state'), vars: { JWT_SECRET: 'bench-secret-0123456789-abcdefghijkl' }, stdio: 'ignore' });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/auth/session`, 90_000);
  const p = await piste(base);
  const b = await baseline(p.bytes);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  const bundle = bundleSize();
  console.log(`\nLive fan-out to ${SOCKETS} sockets, ${p.fanout.n} bouts (snapshot ${p.bytes} bytes), local wrangler dev:`);
  console.log(`  Piste (API → D1 → room object → sockets): p50 ${fmt(p.fanout.p50)}  p99 ${fmt(p.fanout.p99)}`);
  console.log(`  plain ws broadcast server (baseline):     p50 ${fmt(b.p50)}  p99 ${fmt(b.p99)}`);
  console.log(`  ratio Piste / baseline:                   p50 ${(p.fanout.p50 / b.p50).toFixed(2)}x  p99 ${(p.fanout.p99 / b.p99).toFixed(2)}x`);
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
