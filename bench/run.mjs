// `npm run bench`: Piste's live fan-out and API under load, measured under Miniflare directly and under
// `wrangler dev`, beside the peer a coach might pick instead (Node + ws + SQLite doing the same work); the
// JavaScript each entry route loads before its first paint. Prints one table of every figure with its goal,
// and writes bench/results.json. Everything runs on this machine against loopback only; every loop is bounded.
//
// Issue 26's figures: Piste under Miniflare and the peer interleaved (Piste, peer, Piste, peer, …; BENCH_REPEAT
// times, default 3), each figure's three values per side and the median of the paired ratios against its goal;
// and the "far database" run, every D1 call delayed by BENCH_D1_DELAY_MS (default 50) against the normal run,
// interleaved the same way. `BENCH_ONLY=ratio` or `BENCH_ONLY=far` runs only that part and adds it to
// bench/results.json under `issue26`, leaving the rest of the file as it was; a full run keeps the figures the
// file held before (the previous issue's) under `previous`, and the table shows them beside the new ones.
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSpa, migrateLocal, root, serve, waitForHttp } from '../scripts/local.mjs';
import { applyCost } from './browser.mjs';
import { ENTRY_BEFORE_LANGUAGES, entrySizes } from './bundle.mjs';
import { allSeen, openClients, summarize } from './fanout.mjs';
import { historyVisibility } from './far-d1.mjs';
import { dbMailbox, logMailbox, signUpCoach } from './mailbox.mjs';
import { startMiniflare } from './miniflare.mjs';
import { startFloor } from './floor.mjs';
import { startPeer } from './peer.mjs';
import { seasonScale } from './season.mjs';
import { planningTime } from './planning.mjs';
import { callReach } from './calls.mjs';
import { refereeTouch } from './referee.mjs';
import { bridgeVenue, issue57Rows } from './bridge.mjs';
import { resetTiming } from './reset.mjs';
import { boardFirstPaint } from './first-paint.mjs';
import { buildEvents } from './big-event.mjs';
import { measurePages } from './big-event-pages.mjs';
import { issue33Rows, mergeIssue33 } from './big-event-table.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 100);
const SPECTATORS = Number(process.env.BENCH_SPECTATORS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const WRITERS = 10;
const WARMUP = 5;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const D1_DELAY_MS = Number(process.env.BENCH_D1_DELAY_MS ?? 50);
const ONLY = process.env.BENCH_ONLY;
// Issue 33: the label this run's big-event figures are kept under (`before`, `after`), its sizes and runs.
const LABEL = process.env.BENCH_LABEL ?? 'latest';
const BIG_SIZES = (process.env.BENCH_BIG_SIZES ?? '16,256,512').split(',').map(Number);
const BIG_RUNS = Number(process.env.BENCH_BIG_RUNS ?? 3);
const SECRET = 'bench-secret-0123456789-abcdefghijkl';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** A bout delta's version, as every client (Piste's and the peer's) receives it. */
const versionOf = (m) => (m.type === 'bout' ? m.delta.pool_version : null);

/** Times `rounds` bout writes until every client holds the new version. */
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

/** `WRITERS` loops at once for LOAD_SECONDS, each calling `step(i)`: requests per second and latency. */
async function underLoad(step) {
  const samples = [];
  const until = performance.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await step(w);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { perSecond: samples.length / LOAD_SECONDS, ...summarize(samples) };
}

/** A JSON client with a cookie jar; `signUp(user)` signs a coach up through the link mailed to `mailbox`. */
function apiClient(base, mailbox) {
  const jar = [];
  const call = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', cookie: jar.join('; ') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) jar.push(c.split(';')[0]);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return { body: await res.json(), cookie: () => jar.join('; '), headers: res.headers };
  };
  call.signUp = async (user) => {
    jar.push(await signUpCoach(base, mailbox, user));
    return { cookie: () => jar.join('; ') };
  };
  return call;
}

/**
 * The same work for Piste and for the peer: a bout's fan-out to SOCKETS coach sockets, then to SPECTATORS
 * (connected 100 at a time), then WRITERS writers and WRITERS readers under load, one pool each. `post(pool,
 * body)` writes a bout and answers its delta; `read(pool)` reads a pool back.
 */
async function scenario({ pools, coachSocket, crowdSocket, post, read, parts = {} }) {
  const versions = new Map();
  let last = null;
  /** One bout of pool `p`, written over the version this writer last saw. */
  const writeBout = async (p, i) => {
    const pool = pools[p];
    last = await post(pool, { player1_id: pool.players[0].id, player2_id: pool.players[1].id, score1: i % 6, score2: 5 - (i % 6), version: versions.get(pool.id) ?? 0 });
    versions.set(pool.id, last.bout.version);
    return last.pool_version;
  };
  const fanoutTo = async (clients) => {
    const result = await timeFanout(clients, (i) => writeBout(0, i));
    for (const c of clients) c.ws.close();
    return result;
  };
  const fanout = await fanoutTo(await openClients(SOCKETS, coachSocket.url, coachSocket.headers, versionOf));
  // The far-database run times the coach sockets' fan-out alone.
  if (parts.fanoutOnly) return { fanout, lastDelta: last };
  const crowdAt = await crowdSocket();
  // The coach watches from the venue's network, as at a tournament: its crowd opens four times as fast (socket-door).
  const venue = await openClients(1, coachSocket.url, coachSocket.headers, versionOf);
  const spectators = [];
  for (let i = 0; i < SPECTATORS; i += 100) spectators.push(...(await openClients(Math.min(100, SPECTATORS - i), crowdAt.url, crowdAt.headers, versionOf)));
  const crowd = await fanoutTo(spectators);
  for (const c of venue) c.ws.close();
  let n = 0;
  const writes = await underLoad((w) => writeBout(w, n++));
  const reads = await underLoad((w) => read(pools[w]));
  return { fanout, crowd, writes, reads, lastDelta: last };
}

/**
 * Piste at `base`: a coach with a practice of WRITERS pools, watched by the coach's sockets and then the board.
 * `fanoutOnly`: the coach's sockets alone; `history`: then the time until a saved bout shows in an athlete's history.
 */
async function piste(base, mailbox, { fanoutOnly = false, history = false } = {}) {
  const call = apiClient(base, mailbox);
  const api = async (...a) => (await call(...a)).body;
  const { cookie } = await call.signUp({ full_name: 'Bench Coach', email: `bench-${Date.now()}-${Math.random()}@example.com`, password: 'bench password' });
  const practice = await api('POST', '/api/practices', { practice_type: 'individual', name: 'Bench' });
  const names = Array.from({ length: 6 * WRITERS }, (_, i) => `F${i}`);
  const { pools } = await api('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'random', pool_count: WRITERS, entries: names.map((name) => ({ name })) });
  const ws = base.replace('http', 'ws');
  const { lastDelta, ...result } = await scenario({
    pools,
    coachSocket: { url: `${ws}/api/live?practice=${practice.id}`, headers: { cookie: cookie(), origin: base } },
    // A room full of spectators: no account, connected by the board link while the practice shares.
    crowdSocket: async () => {
      const shared = await api('POST', `/api/practices/${practice.id}/sharing`, { enabled: true });
      return { url: `${ws}/api/live?board=${shared.board_id}`, headers: { origin: base } };
    },
    post: (pool, body) => api('POST', `/api/practices/${pool.practice_id}/pools/${pool.id}/bouts`, body),
    read: (pool) => api('GET', `/api/practices/${pool.practice_id}/pools/${pool.id}`),
    parts: { fanoutOnly },
  });
  if (history) result.history = await historyVisibility(api);
  return { ...result, bytes: JSON.stringify({ type: 'bout', practiceId: practice.id, delta: lastDelta }).length };
}

/**
 * A server with the peer's plain API (POST /pools/:id/bouts, GET /pools/:id, every socket at `wsPath`)
 * doing the same work; closed after.
 */
async function plainServer(server, wsPath = '') {
  const ws = `${server.base.replace('http', 'ws')}${wsPath}`;
  try {
    const { lastDelta: _, ...result } = await scenario({
      pools: await server.createPools(WRITERS, 6),
      coachSocket: { url: ws, headers: {} },
      crowdSocket: async () => ({ url: ws, headers: {} }),
      post: async (pool, body) => (await fetch(`${server.base}/pools/${pool.id}/bouts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json(),
      read: async (pool) => (await fetch(`${server.base}/pools/${pool.id}`)).json(),
    });
    return result;
  } finally {
    await server.close();
  }
}

/** The peer (Node + ws + SQLite) doing the same work. */
const peer = async () => plainServer(await startPeer());

/** The platform's floor under Miniflare (bench/floor.mjs: a bare worker and room doing the peer's work) doing the same work. */
const floor = async () => plainServer(await startFloor(await freePort()), '/ws');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const seconds = (since) => Math.round((performance.now() - since) / 1000);

/** A fresh Piste under Miniflare (fresh D1 and room), from the bundle made once. */
let bundled = false;
async function startPiste(extraVars = {}) {
  const mf = await startMiniflare({ outdir: join(dir, 'bundle'), port: await freePort(), vars: { ...vars, ...extraVars }, bundle: !bundled });
  bundled = true;
  return mf;
}

/**
 * Issue 55: `count` spectators behind one address (a venue's Wi-Fi: no coach socket from it) open a practice's
 * board at once, with the rooms' default limits: how many are let in live, and a bout's p50 / p99 to all of them.
 */
async function crowdBehindOneAddress(base, call, count) {
  const api = async (...a) => (await call(...a)).body;
  await call.signUp({ full_name: 'Bench Venue', email: `venue-${Date.now()}-${Math.random()}@example.com`, password: 'bench password' });
  const practice = await api('POST', '/api/practices', { practice_type: 'individual', name: 'Venue' });
  const { pools } = await api('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'single', entries: ['A', 'B', 'C', 'D'].map((name) => ({ name })) });
  const shared = await api('POST', `/api/practices/${practice.id}/sharing`, { enabled: true });
  const started = performance.now();
  const phones = await openClients(count, `${base.replace('http', 'ws')}/api/live?board=${shared.board_id}`, { origin: base, 'cf-connecting-ip': '203.0.113.7' }, versionOf);
  const opened = performance.now() - started;
  // Live: still open once the room has answered every socket (a refused one is told why and closed).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const live = phones.filter((p) => p.ws.readyState === 1).length;
  const pool = pools[0];
  let version = 0;
  const samples = await timeFanout(phones.filter((p) => p.ws.readyState === 1), async (i) => {
    const saved = await api('POST', `/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: pool.players[0].id, player2_id: pool.players[1].id, score1: i % 6, score2: 5 - (i % 6), version });
    version = saved.bout.version;
    return saved.pool_version;
  });
  for (const p of phones) p.ws.close();
  // A reload storm: every board reads the board again at once.
  const stormStarted = performance.now();
  const reads = await Promise.all(
    Array.from({ length: 1000 }, async () => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/board/${shared.board_id}`, { headers: { 'cf-connecting-ip': '203.0.113.7' } });
      await res.arrayBuffer();
      return { ok: res.ok, ms: performance.now() - t0, source: res.headers.get('x-piste-board-read') };
    }),
  );
  // How many of them the room answered (the first read of a version), the edge, or another board's read in flight.
  const sources = Object.fromEntries(['room', 'edge', 'joined'].map((k) => [k, reads.filter((r) => r.source === k).length]));
  const storm = { boards: reads.length, ok: reads.filter((r) => r.ok).length, roomReads: sources.room, sources, totalMs: Math.round(performance.now() - stormStarted), ...summarize(reads.map((r) => r.ms)) };
  return { spectators: count, live, openedMs: Math.round(opened), boutToAll: samples, reloadStorm: storm };
}

/**
 * Issue 55: a bout reaching `count` spectators of a practice's board, with the room holding them all itself
 * (`direct`) or sending every board to relays of `perRelay` (RELAY_AFTER=0): p50 / p99 until every board holds
 * it, and the score's answer (the writer's time per score: the room sends the change before it answers). The
 * boards come from networks of 50 each, so no network's rate holds them back.
 */
async function relayRun(count, { direct = false, perRelay = 0 } = {}) {
  const venue = await startPiste(direct ? { RELAY_AFTER: '100000' } : { RELAY_AFTER: '0', RELAY_SOCKETS: String(perRelay) });
  try {
    const call = apiClient(venue.base, dbMailbox(venue.db));
    const api = async (...a) => (await call(...a)).body;
    await call.signUp({ full_name: 'Bench Final', email: `final-${Date.now()}-${Math.random()}@example.com`, password: 'bench password' });
    const practice = await api('POST', '/api/practices', { practice_type: 'individual', name: 'Final' });
    const { pools } = await api('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'single', entries: ['A', 'B', 'C', 'D'].map((name) => ({ name })) });
    const shared = await api('POST', `/api/practices/${practice.id}/sharing`, { enabled: true });
    const url = `${venue.base.replace('http', 'ws')}/api/live?board=${shared.board_id}`;
    const boards = [];
    for (let i = 0; i < count; i += 50) {
      const network = `198.${18 + Math.floor(i / 12_500)}.${Math.floor(i / 50) % 250}.${1 + ((i / 50) % 200)}`;
      boards.push(...(await openClients(Math.min(50, count - i), url, { origin: venue.base, 'cf-connecting-ip': network }, versionOf)));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const live = boards.filter((b) => b.ws.readyState === 1);
    const pool = pools[0];
    let version = 0;
    // The room's own time on each score's answer (its Server-Timing): the write and the fan-out it sends before answering.
    const roomTimes = [];
    const score = async (i) => {
      const { body: saved, headers } = await call('POST', `/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: pool.players[0].id, player2_id: pool.players[1].id, score1: i % 6, score2: 5 - (i % 6), version });
      roomTimes.push(Number(/room;dur=([\d.]+)/.exec(headers.get('server-timing') ?? '')?.[1] ?? NaN));
      version = saved.bout.version;
      return saved.pool_version;
    };
    const reach = await timeFanout(live, score);
    // The writer's time per score: the score's answer while the boards' sockets are paused on this side (the
    // room still sends every message; this process just does not read them yet), so the answer is not queued
    // behind this process reading thousands of messages. Then every board must still get the last one.
    for (const b of live) b.ws.pause();
    const answers = [];
    let last = 0;
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const t0 = performance.now();
      last = await score(1000 + i);
      if (i >= WARMUP) answers.push(performance.now() - t0);
    }
    for (const b of live) b.ws.resume();
    await allSeen(live, last, 60_000);
    return { spectators: count, live: live.length, relays: direct ? 0 : Math.ceil(count / perRelay), reach, scoreAnswer: summarize(answers), writer: summarize(roomTimes.slice(WARMUP).filter((t) => !Number.isNaN(t))) };
  } finally {
    await venue.close();
  }
}

/** Issue 55's figures, in one run: the crowd behind one address, 1,000 direct and through 1, 2, 4 relays, and 4,000 over 4 relays. */
async function crowdSeries() {
  const venue = await startPiste({ ADDRESS_SOCKET_LIMIT: '', BLOCK_SOCKET_LIMIT: '' });
  let oneAddress;
  try {
    oneAddress = await crowdBehindOneAddress(venue.base, apiClient(venue.base, dbMailbox(venue.db)), 500);
  } finally {
    await venue.close();
  }
  const runs = {
    direct1000: await relayRun(1000, { direct: true }),
    relays1: await relayRun(1000, { perRelay: 1000 }),
    relays2: await relayRun(1000, { perRelay: 500 }),
    relays4: await relayRun(1000, { perRelay: 250 }),
    relays4x4000: await relayRun(4000, { perRelay: 1000 }),
  };
  return { date: new Date().toISOString(), oneAddress, ...runs };
}

/** The table's rows of issue 55's figures. */
function issue55Rows(r) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  const rows = [];
  const row = (figure, value, goal = '', met = '') => rows.push({ figure, value, goal, met });
  const one = r.oneAddress;
  row(`issue 55: ${one.spectators} boards behind one address, live`, `${one.live}`, `${one.spectators}`, one.live === one.spectators ? 'yes' : 'NO');
  row('issue 55: bout → those boards p50 / p99', `${ms(one.boutToAll.p50)} / ${ms(one.boutToAll.p99)}`);
  row(`issue 55: reload storm of ${one.reloadStorm.boards} boards, room reads`, `${one.reloadStorm.roomReads}`, '1 per version', one.reloadStorm.roomReads <= 1 ? 'yes' : 'NO');
  for (const [name, run] of Object.entries(r).filter(([k]) => k.startsWith('direct') || k.startsWith('relays'))) {
    row(`issue 55: bout → ${run.spectators} boards, ${run.relays ? `${run.relays} relays` : 'direct'}, p50 / p99 (${run.live} live)`, `${ms(run.reach.p50)} / ${ms(run.reach.p99)}`);
    row(`issue 55: the writer's time per score (room's Server-Timing), ${name}, p50 / p99`, `${ms(run.writer.p50)} / ${ms(run.writer.p99)}`);
    row(`issue 55: the score's answer at the client, ${name}, p50 / p99`, `${ms(run.scoreAnswer.p50)} / ${ms(run.scoreAnswer.p99)}`);
  }
  const ratio = r.relays1.reach.p99 / r.direct1000.reach.p99;
  row('issue 55: p99 through relays / direct, 1,000 boards', `${ratio.toFixed(2)}x`, '≤ 1.25x', ratio <= 1.25 ? 'yes' : 'NO');
  return rows;
}

/**
 * Issue 59's rows: each event's pool bout and tableau match saves under `wrangler dev`, at the client (median,
 * p95) and in the room (its Server-Timing: median, p95, and the longest, the room's busiest stretch on one write).
 */
function issue59Rows(run) {
  const rows = [];
  const f = (x) => (x === null || x === undefined ? '—' : `${x} ms`);
  for (const e of run?.seeding?.events ?? []) {
    for (const [kind, goal] of [['bout', 25], ['tableau', 25]]) {
      const s = e.saves?.[kind];
      if (!s || s.n === 0) continue;
      const name = kind === 'bout' ? 'pool bout' : 'tableau match';
      rows.push({ figure: `issue 59: ${e.fencers} fencers, ${name} save p50 / p95 (${s.n})`, value: `${f(s.p50)} / ${f(s.p95)}`, goal: `≤ ${goal} / 60 ms`, met: s.p50 <= goal && s.p95 <= 60 ? 'yes' : 'NO' });
      rows.push({ figure: `issue 59: ${e.fencers} fencers, ${name}: the room's time p50 / p95 / longest`, value: `${f(s.roomP50)} / ${f(s.roomP95)} / ${f(s.roomMax)}`, goal: 'longest ≤ 50 ms', met: s.roomMax !== null && s.roomMax <= 50 ? 'yes' : 'NO' });
    }
    const freeze = e.saves?.freeze;
    if (freeze?.n) rows.push({ figure: `issue 59: ${e.fencers} fencers, the first tableau score (it freezes the draw): at the client / in the room`, value: `${f(freeze.p50)} / ${f(freeze.roomMax)}`, goal: 'room ≤ 50 ms', met: freeze.roomMax !== null && freeze.roomMax <= 50 ? 'yes' : 'NO' });
  }
  // The coach's screens on a coach's machine (loopback): a full load (rows shown, cold and warm) and a tab switch.
  for (const p of run?.pages ?? []) {
    if (p.cannotBuild) continue;
    if (p.profile === 'loopback') {
      const worst = Math.max(p.cold.median ?? Infinity, p.warm.median ?? Infinity);
      rows.push({ figure: `issue 59: ${p.fencers} fencers, ${p.page}: page load, rows shown cold / warm`, value: `${f(p.cold.median)} / ${f(p.warm.median)} (${p.cold.rows ?? 0} rows)`, goal: '≤ 400 ms', met: worst <= 400 ? 'yes' : 'NO' });
    }
    if (p.switch) rows.push({ figure: `issue 59: ${p.fencers} fencers, a tab switch to ${p.page} (median of ${p.switch.ms.length})`, value: f(p.switch.median), goal: '≤ 100 ms', met: p.switch.median !== null && p.switch.median <= 100 ? 'yes' : 'NO' });
  }
  return rows;
}

/** Issue 26's six figures of Piste against the peer: `max` a ceiling on Piste / peer, `min` a floor. */
const RATIO_FIGURES = [
  { name: `bout → ${SOCKETS} sockets p50`, unit: 'ms', of: (r) => r.fanout.p50, goal: 2, kind: 'max' },
  { name: `bout → ${SOCKETS} sockets p99`, unit: 'ms', of: (r) => r.fanout.p99, goal: 2, kind: 'max' },
  { name: `bout → ${SPECTATORS} spectators p50`, unit: 'ms', of: (r) => r.crowd.p50, goal: 2, kind: 'max' },
  { name: `bout → ${SPECTATORS} spectators p99`, unit: 'ms', of: (r) => r.crowd.p99, goal: 2, kind: 'max' },
  { name: `writes/s, ${WRITERS} clients`, unit: 'req/s', of: (r) => r.writes.perSecond, goal: 0.5, kind: 'min' },
  { name: `reads/s, ${WRITERS} clients`, unit: 'req/s', of: (r) => r.reads.perSecond, goal: 0.5, kind: 'min' },
];

/** Piste (a fresh Miniflare each time) and the peer (a fresh one each time), interleaved, REPEAT times each. */
async function ratioSeries() {
  const started = performance.now();
  const runs = { piste: [], floor: [], peer: [] };
  for (let i = 0; i < REPEAT; i++) {
    const mf = await startPiste();
    try {
      runs.piste.push(await piste(mf.base, dbMailbox(mf.db)));
    } finally {
      await mf.close();
    }
    console.log(`[bench] ratio: Piste run ${i + 1}/${REPEAT} done (${seconds(started)} s)`);
    runs.floor.push(await floor());
    console.log(`[bench] ratio: floor run ${i + 1}/${REPEAT} done (${seconds(started)} s)`);
    runs.peer.push(await peer());
    console.log(`[bench] ratio: peer run ${i + 1}/${REPEAT} done (${seconds(started)} s)`);
  }
  const figures = RATIO_FIGURES.map(({ name, unit, of, goal, kind }) => {
    const p = runs.piste.map(of);
    const f = runs.floor.map(of);
    const q = runs.peer.map(of);
    const ratios = p.map((v, i) => v / q[i]);
    const medianRatio = median(ratios);
    // What the platform allows: the floor against the peer, and Piste against the floor.
    const floorRatio = median(f.map((v, i) => v / q[i]));
    const overFloor = median(p.map((v, i) => v / f[i]));
    return { figure: name, unit, piste: p, floor: f, peer: q, ratios, medianRatio, floorRatio, overFloor, goal: `${kind === 'max' ? '≤' : '≥'} ${goal}x the peer`, met: kind === 'max' ? medianRatio <= goal : medianRatio >= goal };
  });
  return { repeat: REPEAT, order: 'Piste, floor, peer, Piste, floor, peer, … (a fresh server each run)', settings: { SOCKETS, SPECTATORS, ROUNDS, LOAD_SECONDS, WRITERS }, figures, runs, seconds: seconds(started) };
}

/**
 * The far database against the normal one, interleaved (normal, far, normal, far, …), REPEAT times each: the
 * bout's fan-out to SOCKETS coach sockets, then the time until a saved bout shows in its athlete's history.
 */
async function farSeries() {
  const started = performance.now();
  const runs = { normal: [], far: [] };
  for (let i = 0; i < REPEAT; i++) {
    for (const [side, extra] of [['normal', {}], ['far', { BENCH_D1_DELAY_MS: String(D1_DELAY_MS) }]]) {
      const mf = await startPiste(extra);
      try {
        const { bytes: _, ...r } = await piste(mf.base, dbMailbox(mf.db), { fanoutOnly: true, history: true });
        runs[side].push(r);
      } finally {
        await mf.close();
      }
      console.log(`[bench] far: ${side} run ${i + 1}/${REPEAT} done (${seconds(started)} s)`);
    }
  }
  const p50s = (side) => runs[side].map((r) => r.fanout.p50);
  const gaps = p50s('far').map((v, i) => v - p50s('normal')[i]);
  const medianGap = median(gaps);
  const history = (side) => {
    const rs = runs[side];
    const maxAfterAnswer = Math.max(...rs.map((r) => r.history.afterAnswer.max));
    return {
      p50AfterAnswer: rs.map((r) => r.history.afterAnswer.p50),
      maxAfterAnswer,
      p50AfterSend: rs.map((r) => r.history.afterSend.p50),
      maxAfterSend: Math.max(...rs.map((r) => r.history.afterSend.max)),
      missed: rs.reduce((n, r) => n + r.history.missed, 0),
      goal: '≤ 2000 ms (every sample, after the save is answered)',
      met: maxAfterAnswer <= 2000 && rs.every((r) => r.history.missed === 0),
    };
  };
  return {
    delayMs: D1_DELAY_MS,
    repeat: REPEAT,
    order: 'normal, far, normal, far, … (a fresh Miniflare each run)',
    fanoutP50: { normal: p50s('normal'), far: p50s('far'), gaps, medianGap, goal: '≤ 10 ms above the normal run', met: medianGap <= 10 },
    fanoutP99: { normal: runs.normal.map((r) => r.fanout.p99), far: runs.far.map((r) => r.fanout.p99) },
    history: { normal: history('normal'), far: history('far') },
    runs,
    seconds: seconds(started),
  };
}

const list = (xs, unit) => `${xs.map((v) => v.toFixed(unit === 'ms' ? 1 : 0)).join(' / ')} ${unit}`;
const yesNo = (met) => (met ? 'yes' : 'NO');

/** The table's rows for issue 26's figures. */
function issue26Rows(ratio, far) {
  const rows = [];
  if (ratio) {
    for (const f of ratio.figures) {
      rows.push({
        figure: `issue 26, Miniflare vs peer, ${ratio.repeat} interleaved runs: ${f.figure}`,
        value: `Piste ${list(f.piste, f.unit)}; peer ${list(f.peer, f.unit)}; median ratio ${f.medianRatio.toFixed(2)}x${f.floor ? `; floor ${list(f.floor, f.unit)} (${f.floorRatio.toFixed(2)}x the peer; Piste ${f.overFloor.toFixed(2)}x the floor)` : ''}`,
        goal: f.goal,
        met: yesNo(f.met),
      });
    }
  }
  if (far) {
    const { fanoutP50: g, history: h } = far;
    rows.push({
      figure: `issue 26, far database (+${far.delayMs} ms a D1 call), ${far.repeat} interleaved runs: bout → ${SOCKETS} sockets p50`,
      value: `normal ${list(g.normal, 'ms')}; far ${list(g.far, 'ms')}; median gap ${g.medianGap >= 0 ? '+' : '−'}${Math.abs(g.medianGap).toFixed(1)} ms`,
      goal: g.goal,
      met: yesNo(g.met),
    });
    for (const side of ['normal', 'far']) {
      const s = h[side];
      rows.push({
        figure: `issue 26, ${side} database: athlete history shows a saved bout (after its answer)`,
        value: `p50 ${list(s.p50AfterAnswer, 'ms')}; max ${s.maxAfterAnswer.toFixed(0)} ms${s.missed ? `; ${s.missed} never shown` : ''} (from sending: max ${s.maxAfterSend.toFixed(0)} ms)`,
        goal: '≤ 2 s',
        met: yesNo(s.met),
      });
    }
  }
  return rows;
}

/** Prints rows as a table; `previous` (figure → value) adds the column of the run before. */
function printTable(rows, previous) {
  const cols = previous ? ['figure', 'value', 'previous', 'goal'] : ['figure', 'value', 'goal'];
  const cells = rows.map((r) => ({ ...r, previous: previous?.get(r.figure) ?? '' }));
  const head = { figure: 'figure', value: 'measured', previous: 'previous run', goal: 'goal' };
  const w = Object.fromEntries(cols.map((c) => [c, Math.max(head[c].length, ...cells.map((r) => r[c].length))]));
  console.log(`\n${cols.map((c) => head[c].padEnd(w[c])).join('  ')}  met`);
  for (const r of cells) console.log(`${cols.map((c) => r[c].padEnd(w[c])).join('  ')}  ${r.met}`);
}

const resultsFile = join(root, 'bench/results.json');
const before = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : null;

const dir = mkdtempSync(join(tmpdir(), 'piste-bench-'));
// The bench's sockets all come from 127.0.0.1: the per-address and per-block caps on spectators are lifted.
const vars = { JWT_SECRET: SECRET, ADDRESS_SOCKET_LIMIT: '5000', BLOCK_SOCKET_LIMIT: '5000' };
const benchStarted = performance.now();

// `BENCH_ONLY=ratio` / `BENCH_ONLY=far npm run bench`: issue 26's interleaved figures alone, under Miniflare,
// added to bench/results.json under `issue26` (everything else in the file is left as it was).
if (ONLY === 'ratio' || ONLY === 'far') {
  // Miniflare serves no pages, but `wrangler deploy --dry-run` wants the assets directory to exist.
  if (!existsSync(join(root, 'dist'))) buildSpa();
  const part = ONLY === 'ratio' ? await ratioSeries() : await farSeries();
  rmSync(dir, { recursive: true, force: true });
  const issue26 = { ...before?.issue26, date: new Date().toISOString(), [ONLY]: part };
  issue26.table = issue26Rows(issue26.ratio, issue26.far);
  writeFileSync(resultsFile, `${JSON.stringify({ ...before, issue26 }, null, 2)}\n`);
  printTable(issue26Rows(ONLY === 'ratio' ? part : null, ONLY === 'far' ? part : null));
  console.log(`\n(${ONLY}: ${part.seconds} s; also in bench/results.json under issue26.${ONLY})`);
  process.exit(0);
}

// `BENCH_ONLY=planning npm run bench`: issue 28's day planned by the rules alone (no worker), printed only.
if (ONLY === 'planning') {
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(await planningTime(), null, 2));
  process.exit(0);
}

/** Issue 29's rows: the live board's first paint on a slow phone, server- against client-rendered. */
const firstPaintRows = (r) => [
  { figure: `live board: first pool cell painted, server-rendered (${r.profile.downKbit} kbit/s, ${r.profile.latencyMs} ms, CPU ${r.profile.cpuSlowdown}x) median`, value: `${r.serverRendered.median} ms`, goal: '≤ 1500 ms', met: r.serverRendered.median <= 1500 ? 'yes' : 'NO' },
  { figure: 'live board: first pool cell painted, client-rendered (same profile) median', value: `${r.clientRendered.median} ms`, goal: '', met: '' },
  { figure: 'live board: client-rendered / server-rendered', value: `${r.speedup.toFixed(2)}x`, goal: '≥ 2x', met: r.speedup >= 2 ? 'yes' : 'NO' },
];

/** `wrangler dev` as `npm start` runs it (pages and assets served), with the test hooks the first-paint figure asks for. */
async function wranglerDev(dir) {
  migrateLocal(join(dir, 'state'));
  const port = await freePort();
  // The worker's log: where sign-up's verification mail is printed (the local outbox).
  const workerLog = join(dir, 'worker.log');
  const worker = serve({ port, persistTo: join(dir, 'state'), vars: { ...vars, TEST_HOOKS: '1' }, stdio: ['ignore', openSync(workerLog, 'a'), openSync(workerLog, 'a')] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`, 90_000);
  const stop = () => {
    try {
      process.kill(-worker.pid, 'SIGTERM');
    } catch {
      worker.kill('SIGTERM');
    }
  };
  return { base, mailbox: logMailbox(workerLog), stop };
}

// `BENCH_ONLY=first-paint npm run bench`: issue 29's live board first paint alone, under `wrangler dev`, added to
// bench/results.json under `issue29` (everything else in the file is left as it was).
if (ONLY === 'first-paint') {
  buildSpa();
  const dev = await wranglerDev(dir);
  let firstPaint;
  try {
    firstPaint = await boardFirstPaint(dev.base, dev.mailbox);
  } finally {
    dev.stop();
  }
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(resultsFile, `${JSON.stringify({ ...before, issue29: { date: new Date().toISOString(), firstPaint } }, null, 2)}\n`);
  printTable(firstPaintRows(firstPaint));
  console.log(JSON.stringify(firstPaint, null, 2));
  process.exit(0);
}

/**
 * Issue 33: events of BIG_SIZES fencers built through the API, then each coach screen's full page loads in
 * Chromium (bench/big-event-pages.mjs), BIG_RUNS times in each profile. A fresh `wrangler dev` of its own.
 */
async function bigEvent() {
  const started = performance.now();
  const state = mkdtempSync(join(tmpdir(), 'piste-big-'));
  const dev = await wranglerDev(state);
  const log = (m) => console.log(`[bench] big-event: ${m} (${seconds(started)} s)`);
  try {
    const seeded = await buildEvents(dev.base, dev.mailbox, BIG_SIZES);
    log(`seeded in ${seeded.seconds} s`);
    // BENCH_BIG_PAGES=0: the saves alone (issue 59's figures), without the pages in Chromium.
    const pages = process.env.BENCH_BIG_PAGES === '0' ? [] : await measurePages(dev.base, seeded, BIG_RUNS, log);
    const seeding = { seconds: seeded.seconds, importSeconds: seeded.importSeconds, parallel: seeded.parallel, events: Object.values(seeded.events).map(({ practiceId: _, ...e }) => e) };
    return { date: new Date().toISOString(), machine: `${(await import('node:os')).cpus().length} cores`, runs: BIG_RUNS, seeding, pages, seconds: seconds(started) };
  } finally {
    dev.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

// `BENCH_ONLY=big-event BENCH_LABEL=before npm run bench`: issue 33's big events alone, added to bench/results.json
// under `issue33.labels.<label>` (other labels and everything else in the file are left as they were).
if (ONLY === 'big-event') {
  buildSpa();
  const run = await bigEvent();
  rmSync(dir, { recursive: true, force: true });
  const issue33 = mergeIssue33(before?.issue33, LABEL, run);
  writeFileSync(resultsFile, `${JSON.stringify({ ...before, issue33 }, null, 2)}\n`);
  printTable([...issue33.table, ...issue59Rows(run)]);
  console.log(`\n(big-event: ${run.seconds} s, of which seeding ${run.seeding.seconds} s; under issue33.labels.${LABEL} in bench/results.json)`);
  process.exit(0);
}

// `BENCH_ONLY=bridge BENCH_LABEL=… npm run bench`: issue 57's venue bridge alone (a simulated scoring machine →
// the real bridge → Miniflare → a spectator's socket; then an outage), added to bench/results.json under
// `issue57.<label>` (other labels and everything else in the file are left as they were).
if (ONLY === 'bridge') {
  // Miniflare serves no pages, but `wrangler deploy --dry-run` wants the assets directory to exist.
  if (!existsSync(join(root, 'dist'))) buildSpa();
  const mf = await startPiste();
  let run;
  try {
    run = await bridgeVenue(mf.base, apiClient(mf.base, dbMailbox(mf.db)), {
      touches: Number(process.env.BENCH_BRIDGE_TOUCHES ?? 200),
      outageSeconds: Number(process.env.BENCH_BRIDGE_OUTAGE_S ?? 60),
    });
  } finally {
    await mf.close();
  }
  rmSync(dir, { recursive: true, force: true });
  const issue57 = { ...before?.issue57, [LABEL]: run };
  writeFileSync(resultsFile, `${JSON.stringify({ ...before, issue57 }, null, 2)}\n`);
  printTable(issue57Rows(run));
  console.log(`\n(bridge: ${run.seconds} s; under issue57.${LABEL} in bench/results.json)`);
  process.exit(0);
}

buildSpa();
const results = { date: new Date().toISOString(), machine: `${(await import('node:os')).cpus().length} cores`, settings: { SOCKETS, SPECTATORS, ROUNDS, LOAD_SECONDS, WRITERS } };

// Under Miniflare directly: our code without the dev server's proxy.
const mf = await startPiste();
// `BENCH_ONLY=referee npm run bench`: the referee's touch to another screen alone, under Miniflare.
if (process.env.BENCH_ONLY === 'referee') {
  try {
    console.log(JSON.stringify(await refereeTouch(mf.base, apiClient(mf.base, dbMailbox(mf.db)), ROUNDS), null, 2));
  } finally {
    await mf.close();
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
// `BENCH_ONLY=calls npm run bench`: issue 28's call reaching 1,000 hall board sockets alone, under Miniflare.
if (process.env.BENCH_ONLY === 'calls') {
  try {
    console.log(JSON.stringify(await callReach(mf.base, apiClient(mf.base, dbMailbox(mf.db)), SPECTATORS), null, 2));
  } finally {
    await mf.close();
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
// `BENCH_ONLY=crowd npm run bench`: issue 55's figures alone (bench/results.json under `issue55`), under Miniflare.
if (process.env.BENCH_ONLY === 'crowd') {
  try {
    const issue55 = await crowdSeries();
    const before = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
    writeFileSync(resultsFile, `${JSON.stringify({ ...before, issue55 }, null, 2)}\n`);
    printTable(issue55Rows(issue55));
  } finally {
    await mf.close();
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
// `BENCH_ONLY=reset npm run bench`: a reset's answer time for an existing and an unknown address alone, under Miniflare.
if (process.env.BENCH_ONLY === 'reset') {
  try {
    console.log(JSON.stringify(await resetTiming(mf.base, mf.db, ROUNDS), null, 2));
  } finally {
    await mf.close();
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
try {
  results.reset = await resetTiming(mf.base, mf.db, ROUNDS);
  results.refereeMiniflare = await refereeTouch(mf.base, apiClient(mf.base, dbMailbox(mf.db)), ROUNDS);
  results.season = await seasonScale(mf.base, mf.db, dbMailbox(mf.db));
  results.calls = await callReach(mf.base, apiClient(mf.base, dbMailbox(mf.db)), SPECTATORS);
} finally {
  await mf.close();
}
// `BENCH_ONLY=season npm run bench`: the season-scale figures alone (results.json is left as it was).
if (process.env.BENCH_ONLY === 'season') {
  console.log(JSON.stringify(results.season, null, 2));
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

// Issue 26: Piste under Miniflare and the peer, interleaved; the single-run Miniflare and peer figures below are
// the first of those runs. Then the far database against the normal one.
results.issue26 = { ratio: await ratioSeries() };
results.miniflare = results.issue26.ratio.runs.piste[0];
results.peer = results.issue26.ratio.runs.peer[0];
results.issue26.far = await farSeries();

// Under `wrangler dev`, as `npm start` runs it.
const dev = await wranglerDev(dir);
try {
  const { base, mailbox } = dev;
  results.wranglerDev = await piste(base, mailbox);
  results.refereeWranglerDev = await refereeTouch(base, apiClient(base, mailbox), ROUNDS);
  // The SPA is served here (not under bare Miniflare): the cost of applying a bout in Chromium.
  results.applyBout = await applyCost(base, mailbox);
  // Issue 29: the live board's first paint on a slow phone, server- and client-rendered.
  results.firstPaint = await boardFirstPaint(base, mailbox);
} finally {
  dev.stop();
}
results.bundle = entrySizes(join(root, 'dist'));
// Issue 33: the big events, kept beside the runs of other labels the file holds.
results.issue33 = mergeIssue33(before?.issue33, LABEL, await bigEvent());
rmSync(dir, { recursive: true, force: true });

// One table: every figure, its goal, and whether it is met.
const ms = (v) => `${v.toFixed(1)} ms`;
const rows = [];
const row = (figure, value, goal = '', met = '') => rows.push({ figure, value, goal, met });
const ratio = (a, b) => a / b;
for (const [name, r] of [['Miniflare', results.miniflare], ['wrangler dev', results.wranglerDev]]) {
  const p = results.peer;
  const fan = ratio(r.fanout.p99, p.fanout.p99);
  const crowd = ratio(r.crowd.p99, p.crowd.p99);
  row(`${name}: bout → ${SOCKETS} coach sockets p50 / p99`, `${ms(r.fanout.p50)} / ${ms(r.fanout.p99)}`);
  row(`${name}: p99 ratio Piste / peer, ${SOCKETS} sockets`, `${fan.toFixed(2)}x`, name === 'Miniflare' ? '≤ 2x' : '', name === 'Miniflare' ? (fan <= 2 ? 'yes' : 'NO') : '');
  row(`${name}: bout → ${SPECTATORS} spectators p50 / p99`, `${ms(r.crowd.p50)} / ${ms(r.crowd.p99)}`);
  row(`${name}: p99 ratio Piste / peer, ${SPECTATORS} spectators`, `${crowd.toFixed(2)}x`, name === 'Miniflare' ? '≤ 2x' : '', name === 'Miniflare' ? (crowd <= 2 ? 'yes' : 'NO') : '');
  row(`${name}: ${WRITERS} writers on ${WRITERS} pools, ${LOAD_SECONDS} s`, `${r.writes.perSecond.toFixed(0)} req/s, p50 ${ms(r.writes.p50)}, p99 ${ms(r.writes.p99)}`);
  row(`${name}: ${WRITERS} readers, ${LOAD_SECONDS} s`, `${r.reads.perSecond.toFixed(0)} req/s, p50 ${ms(r.reads.p50)}, p99 ${ms(r.reads.p99)}`);
}
const p = results.peer;
row(`peer (Node + ws + SQLite): ${SOCKETS} sockets p50 / p99`, `${ms(p.fanout.p50)} / ${ms(p.fanout.p99)}`);
row(`peer: ${SPECTATORS} sockets p50 / p99`, `${ms(p.crowd.p50)} / ${ms(p.crowd.p99)}`);
row(`peer: ${WRITERS} writers / readers`, `${p.writes.perSecond.toFixed(0)} / ${p.reads.perSecond.toFixed(0)} req/s`);
const apply = results.applyBout;
row('applying a bout to a 12-fencer grid in Chromium, p50 / p99', `${ms(apply.p50)} / ${ms(apply.p99)}`, '< 4 ms (p50)', apply.p50 < 4 ? 'yes' : 'NO');
const bytes = results.miniflare.bytes;
row('live message of a bout', `${bytes} bytes`, '≈ 300 bytes', bytes <= 340 ? 'yes' : 'NO');
for (const [name, r] of [['Miniflare', results.refereeMiniflare], ['wrangler dev', results.refereeWranglerDev]]) {
  row(`referee's touch → coach screen and live board (${name}) p50 / p99`, `${ms(r.p50)} / ${ms(r.p99)}`, '< 100 ms', r.p99 < 100 ? 'yes' : 'NO');
}
const reset = results.reset;
row('password reset answer, existing / unknown address (Miniflare) p50', `${ms(reset.existing.p50)} / ${ms(reset.unknown.p50)}`, 'no gap that tells', Math.abs(reset.medianGapMs) < 2 ? 'yes' : 'NO');
results.planning = await planningTime();
const planning = results.planning;
row('planning a day: 300 fencers, 48 pools, 16 pistes, 30 referees (rules alone) p50 / p99', `${ms(planning.p50)} / ${ms(planning.p99)}`, '< 50 ms', planning.p99 < 50 ? 'yes' : 'NO');
row(`a call reaching ${results.calls.sockets} hall board sockets (Miniflare) p50 / p99`, `${ms(results.calls.p50)} / ${ms(results.calls.p99)}`);
const season = results.season;
row(`athlete page data, ${season.athletes} athletes, ${season.bouts} bouts, ${season.practices} practices (Miniflare) p50 / p99`, `${ms(season.history.p50)} / ${ms(season.history.p99)}`, '< 200 ms', season.history.p99 < 200 ? 'yes' : 'NO');
row('roster columns (ratings of every athlete), same season, p50 / p99', `${ms(season.summaries.p50)} / ${ms(season.summaries.p99)}`);
for (const [route, { kib, goal }] of Object.entries(results.bundle)) {
  row(`JS before first paint: ${route}`, `${kib.toFixed(1)} KiB gzip`, `≤ ${goal} KB`, kib * 1.024 <= goal ? 'yes' : 'NO');
  // Routes born after the languages (the hall board, issue 28) have no growth to report.
  if (!(route in ENTRY_BEFORE_LANGUAGES)) continue;
  const grown = kib - ENTRY_BEFORE_LANGUAGES[route];
  row(`  growth from the languages (issue 17)`, `${grown.toFixed(1)} KiB`, '≤ 5 KB', grown * 1.024 <= 5 ? 'yes' : 'NO');
}

rows.push(...firstPaintRows(results.firstPaint));

results.issue26.table = issue26Rows(results.issue26.ratio, results.issue26.far);
rows.push(...results.issue26.table);
rows.push(...issue33Rows(results.issue33));
rows.push(...issue59Rows(results.issue33.labels[LABEL]));
results.issue55 = await crowdSeries();
rows.push(...issue55Rows(results.issue55));
results.table = rows;
results.seconds = seconds(benchStarted);
// The figures the file held before this run (the previous issue's), kept once and shown beside the new ones.
const { previous: kept, issue26: _, issue29: _29, issue33: _33, issue55: _55, ...lastRun } = before ?? {};
results.previous = kept ?? (before ? lastRun : undefined);
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
printTable(rows, results.previous?.table ? new Map(results.previous.table.map((r) => [r.figure, r.value])) : undefined);
console.log(`\n(${results.seconds} s; also in bench/results.json)`);
process.exit(0);
