// `npm run soak:crash` (or `npm run test:e2e:soak -- --crash`, or SOAK_CRASH=1): what a coach's outbox lives
// through when the server dies under load (issue 34). Starts its own `wrangler dev` on a free port with its
// own local D1 and room storage, sets up 4 practices of 2 pools each, watched by 100 spectator sockets on the
// live boards, and writes 120 bouts the way the app's outbox does (one idempotency key and the version it was
// made against per write, sent again with the same key on a network error, a timeout, 408, 429 or 5xx, with
// backoff and jitter) from 8 writers at once. Once 40% of them are acknowledged it kills the whole server
// (SIGKILL to its process group), stays down a few seconds and starts it again on the same state and port;
// the writers and the sockets carry on (the sockets reconnect and reload the board, as the app does). At the
// end it reads every pool back and counts acknowledged, lost and applied-twice writes, replays answered from
// the idempotency key, and the sockets whose view equals what is stored. Exit status 1 unless nothing was
// lost, nothing applied twice, every write was acknowledged and every socket converged.
//
// SOAK_CRASHES (default 1) kills, SOAK_DOWN_MS (default 6000) time down per kill, SOAK_SOCKETS (default 100)
// spectators, SOAK_PORT (default: a free port), SOAK_KEEP=1 keeps the temporary folder (state and log).
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { logMailbox, signUpCoach } from '../bench/mailbox.mjs';
import { buildSpa, ensureDevVars, migrateLocal, root, serve } from './local.mjs';

const CRASHES = Math.max(1, Number(process.env.SOAK_CRASHES) || 1);
const DOWN_MS = Number(process.env.SOAK_DOWN_MS ?? 6_000);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 100);
const PRACTICES = 4;
const POOLS_PER_PRACTICE = 2;
const FENCERS_PER_POOL = 6;
/** Writes per pool: 15 → 8 pools × 15 = 120 writes (every 4th one saves an earlier bout again, over version + 1). */
const WRITES_PER_POOL = 15;
/** One attempt's time limit, and how long the writes may take in all (generous: 2 cores, a cold worker after a restart). */
const ATTEMPT_MS = 20_000;
const WRITES_DEADLINE_MS = 300_000;
const READY_MS = 180_000;
const CONVERGE_MS = 60_000;
/** The outbox's backoff: from 200 ms, doubling, capped at 3 s, with jitter. */
const BACKOFF_START_MS = 200;
const BACKOFF_CAP_MS = 3_000;
/** Spectators per client address (the room takes 20 per network; 100 per /24 block). */
const SOCKETS_PER_ADDRESS = 5;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const at = () => Date.now() - t0;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Waits until `check()` is true, looking every `everyMs`; throws after `timeoutMs`. */
async function until(check, what, timeoutMs, everyMs = 100) {
  const start = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not within ${seconds(timeoutMs)}`);
    await sleep(everyMs);
  }
}

/** What a failed fetch was: its status, or the network error's code ('timeout' for our own limit). */
function failureName(e) {
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return e?.cause?.code ?? e?.cause?.name ?? e?.code ?? e?.name ?? 'error';
}

const transient = (outcome) => !/^\d+$/.test(outcome) || ['408', '429'].includes(outcome) || outcome.startsWith('5');

/** The outbox's wait before sending again: exponential from 200 ms capped at 3 s, half of it jittered; Retry-After honoured. */
function backoff(attempt, retryAfter) {
  const cap = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** attempt);
  const delay = cap / 2 + (Math.random() * cap) / 2;
  const asked = Number(retryAfter);
  return Number.isFinite(asked) && asked > 0 ? Math.max(delay, asked * 1000) : delay;
}

/** The app's reconnect delay (app/lib/live.ts): a jittered 1–5 s, the upper bound doubling per failed attempt up to 10 s. */
const reconnectDelayMs = (attempt) => 1_000 + Math.random() * (Math.min(10_000, 5_000 * 2 ** attempt) - 1_000);

/** A list with runs of equal items folded: ['a', 'b', 'b'] → ['a', 'b ×2']. */
function runs(items) {
  const out = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last?.item === item) last.n++;
    else out.push({ item, n: 1 });
  }
  return out.map(({ item, n }) => (n > 1 ? `${item} ×${n}` : item));
}

/** The answers `wrangler dev` logged (`[wrangler:info] POST /api/… 200 OK (9ms)`), counted by method and status. */
function serverAnswers(log) {
  const counts = {};
  for (const [, method, status] of log.matchAll(/^\[wrangler:info\] (\w+) \/\S* (\d{3}) /gm)) counts[`${method} ${status}`] = (counts[`${method} ${status}`] ?? 0) + 1;
  return counts;
}

/** A bout's canonical name, whichever fencer comes first. */
const pairKey = (a, b) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** A pool as compared between a socket's view and the store: its version and every bout's result by fencer. */
function canonicalPool(pool) {
  const bouts = pool.bouts
    .map((b) => `${b.player1_id}=${b.score1}/${b.player2_id}=${b.score2}/${b.priority_id ?? ''}/v${b.version}`)
    .sort()
    .join(',');
  return `v${pool.version}|${bouts}`;
}

export async function crashSoak() {
  const dir = mkdtempSync(join(tmpdir(), 'piste-crash-soak-'));
  const persistTo = join(dir, 'state');
  const logFile = join(dir, 'worker.log');
  const port = Number(process.env.SOAK_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let server = null;
  let phase = 'up';
  const sockets = [];

  // The whole process group (wrangler, workerd, esbuild): `serve` starts it detached. Gone already is fine.
  const killServer = (signal) => {
    if (!server) return;
    try {
      process.kill(-server.pid, signal);
    } catch {
      // no such group any more
    }
  };
  const cleanUp = () => {
    for (const s of sockets) s.stop();
    killServer('SIGKILL');
    if (process.env.SOAK_KEEP === '1') console.log(`soak: kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  function startServer() {
    const out = openSync(logFile, 'a');
    const child = serve({ port, persistTo, stdio: ['ignore', out, out] });
    closeSync(out);
    child.exited = new Promise((resolve) => child.once('exit', resolve));
    return child;
  }
  const logSize = () => (existsSync(logFile) ? statSync(logFile).size : 0);
  /** Ready: /api/health answers 200 (D1 answers). */
  const ready = () =>
    until(
      async () => {
        try {
          return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).status === 200;
        } catch {
          return false;
        }
      },
      `${base}/api/health answering 200`,
      READY_MS,
      200,
    );

  try {
    ensureDevVars();
    if (!existsSync(join(root, 'dist', 'index.html'))) buildSpa();
    migrateLocal(persistTo);
    server = startServer();
    await ready();
    console.log(`soak: server up on ${base} after ${seconds(at())}`);

    // ---- Setup: 4 coaches (each from its own address), a practice each with 2 pools of 6, sharing on. ----
    const mailbox = logMailbox(logFile);
    const practices = [];
    for (let k = 0; k < PRACTICES; k++) {
      const ip = `10.34.${k + 1}.1`;
      const email = `crash-soak-${k}-${Date.now()}@example.com`;
      const cookie = await signUpCoach(base, mailbox, { full_name: `Soak Coach ${k + 1}`, email, password: 'crash soak password' });
      const headers = { 'content-type': 'application/json', cookie, 'cf-connecting-ip': ip };
      const api = async (method, path, body) => {
        const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const practice = await api('POST', '/api/practices', { practice_type: 'individual', name: `Crash soak ${k + 1}` });
      const names = Array.from({ length: POOLS_PER_PRACTICE * FENCERS_PER_POOL }, (_, i) => ({ name: `Fencer ${k + 1}-${i + 1}` }));
      const { pools } = await api('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'random', pool_count: POOLS_PER_PRACTICE, entries: names });
      const shared = await api('POST', `/api/practices/${practice.id}/sharing`, { enabled: true });
      practices.push({ index: k, id: practice.id, boardId: shared.board_id, api, headers, pools });
    }

    // ---- 100 spectators on the boards, 5 per address, each address its own; each reloads the board on every hello. ----
    const stats = { opened: 0, refused: 0, reloads: 0, reloadFailures: 0, gaps: 0 };
    for (let i = 0; i < SOCKETS; i++) {
      const practice = practices[i % PRACTICES];
      const group = Math.floor(i / PRACTICES / SOCKETS_PER_ADDRESS);
      sockets.push(spectator(i, practice, `10.34.${practice.index + 101}.${group + 1}`));
    }
    await until(() => sockets.every((s) => s.loaded), `${SOCKETS} sockets live with their board loaded`, 120_000, 100);
    console.log(`soak: ${SOCKETS} spectator sockets live after ${seconds(at())}`);

    function spectator(n, practice, ip) {
      const url = `${base.replace('http', 'ws')}/api/live?board=${practice.boardId}`;
      const s = { n, practice, ip, ws: null, attempt: 0, stopped: false, loaded: false, pools: new Map(), hellos: 0, closes: 0, reloading: null, again: false };
      const applyPool = (pool) => {
        const held = s.pools.get(pool.id);
        if (!held || held.version <= pool.version) s.pools.set(pool.id, pool);
      };
      // Reload the board until it answers (the app retries a failed snapshot until it succeeds); one at a time, again if asked meanwhile.
      const reload = () => {
        if (s.reloading) {
          s.again = true;
          return;
        }
        s.reloading = (async () => {
          do {
            s.again = false;
            for (let attempt = 0; ; attempt++) {
              try {
                const res = await fetch(`${base}/api/board/${practice.boardId}`, { headers: { 'cf-connecting-ip': ip }, signal: AbortSignal.timeout(ATTEMPT_MS) });
                if (res.ok) {
                  const snapshot = await res.json();
                  for (const pool of snapshot.pools) applyPool(pool);
                  stats.reloads++;
                  s.loaded = true;
                  break;
                }
                await res.body?.cancel();
              } catch {
                // transient: try again
              }
              stats.reloadFailures++;
              if (s.stopped) return;
              await sleep(backoff(attempt));
            }
          } while (s.again && !s.stopped);
        })().finally(() => (s.reloading = null));
      };
      const onMessage = (data) => {
        let msg;
        try {
          msg = JSON.parse(String(data));
        } catch {
          return;
        }
        if (msg.type === 'hello') {
          s.attempt = 0;
          s.hellos++;
          stats.opened++;
          reload();
        } else if (msg.type === 'refused') {
          stats.refused++;
        } else if (msg.type === 'bout') {
          // app/state/pools.ts applyBoutDelta: unknown pool or a gap → reload; older → ignored.
          const d = msg.delta;
          const pool = s.pools.get(d.pool_id);
          if (!pool) return reload();
          if (pool.version >= d.pool_version) return;
          if (pool.version < d.pool_version - 1) {
            stats.gaps++;
            return reload();
          }
          const bouts = pool.bouts.filter((b) => pairKey(b.player1_id, b.player2_id) !== pairKey(d.player1_id, d.player2_id));
          if (d.bout) bouts.push({ player1_id: d.player1_id, player2_id: d.player2_id, ...d.bout });
          s.pools.set(pool.id, { ...pool, version: d.pool_version, bouts });
        } else if (msg.type === 'pool') {
          applyPool(msg.pool);
        } else if (msg.type === 'pools') {
          for (const pool of msg.pools) applyPool(pool);
        }
      };
      const open = () => {
        if (s.stopped) return;
        const ws = new WebSocket(url, { headers: { 'cf-connecting-ip': ip }, handshakeTimeout: ATTEMPT_MS });
        s.ws = ws;
        ws.on('message', onMessage);
        ws.on('error', () => {});
        ws.on('close', () => {
          s.closes++;
          if (s.stopped) return;
          setTimeout(open, reconnectDelayMs(s.attempt++));
        });
      };
      s.stop = () => {
        s.stopped = true;
        s.ws?.terminate();
      };
      open();
      return s;
    }

    // ---- The writes, made up front as the outbox makes them: a key and the version each is made against. ----
    const writes = [];
    const chains = [];
    for (const practice of practices) {
      for (const pool of practice.pools) {
        const ids = pool.players.map((p) => p.id);
        const pairs = [];
        for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) pairs.push([ids[i], ids[j]]);
        const planned = new Map();
        const chain = [];
        let fresh = 0;
        for (let w = 0; w < WRITES_PER_POOL; w++) {
          // Every 4th write saves again the bout written three writes before (a correction), over the version the first left.
          const [a, b] = w % 4 === 3 ? pairs[fresh - 3] : pairs[fresh++];
          const key = pairKey(a, b);
          const version = planned.get(key) ?? 0;
          planned.set(key, version + 1);
          const body = version === 0 ? { player1_id: a, player2_id: b, score1: 5, score2: w % 5, version } : { player1_id: a, player2_id: b, score1: w % 5, score2: 5, version };
          const write = { id: writes.length, practice, pool, bout: key, body, key: `soak-${crypto.randomUUID()}`, attempts: [], result: null };
          writes.push(write);
          chain.push(write);
        }
        chains.push(chain);
      }
    }

    // ---- Kills: the first once 40% of the writes are acknowledged, any others spread over the rest. ----
    const thresholds = Array.from({ length: CRASHES }, (_, i) => Math.ceil(writes.length * (0.4 + (0.5 * i) / CRASHES)));
    const crashes = [];
    let acknowledged = 0;
    let crashing = null;
    const crashDone = [];
    async function crash() {
      const c = { n: crashes.length + 1, killAt: at(), ackedAtKill: acknowledged, inFlightAtKill: writes.filter((w) => w.inFlight).length, logAtKill: logSize() };
      crashes.push(c);
      phase = 'down';
      const dying = server;
      killServer('SIGKILL');
      await Promise.race([dying.exited, sleep(30_000)]);
      await until(async () => !(await portOpen(port)), `port ${port} closed`, 30_000, 50);
      c.portClosedMs = at() - c.killAt;
      console.log(`soak: kill ${c.n} at ${seconds(c.killAt)} with ${c.ackedAtKill} of ${writes.length} acknowledged and ${c.inFlightAtKill} in flight; port closed after ${c.portClosedMs} ms`);
      await sleep(DOWN_MS);
      c.restartMs = at() - c.killAt;
      c.logAtRestart = logSize();
      phase = 'starting';
      server = startServer();
      await ready();
      phase = 'up';
      c.readyMs = at() - c.killAt;
      console.log(`soak: restarted ${seconds(c.restartMs)} after the kill, ready (health 200) after ${seconds(c.readyMs)}`);
    }
    const onAck = () => {
      acknowledged++;
      const last = crashes.at(-1);
      if (last && last.firstAckMs === undefined && last.restartMs !== undefined) last.firstAckMs = at() - last.killAt;
      if (!crashing && crashes.length < CRASHES && acknowledged >= thresholds[crashes.length]) {
        crashing = crash().finally(() => (crashing = null));
        crashDone.push(crashing);
      }
    };

    async function send(write) {
      const url = `${base}/api/practices/${write.pool.practice_id}/pools/${write.pool.id}/bouts`;
      const headers = { ...write.practice.headers, 'idempotency-key': write.key };
      const deadline = Date.now() + WRITES_DEADLINE_MS;
      for (let attempt = 0; ; attempt++) {
        const sentAt = Date.now();
        const sent = { at: at(), phase };
        let outcome;
        let retryAfter = null;
        let answer = null;
        write.inFlight = true;
        try {
          const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(write.body), signal: AbortSignal.timeout(ATTEMPT_MS) });
          outcome = String(res.status);
          retryAfter = res.headers.get('retry-after');
          const text = await res.text();
          try {
            answer = JSON.parse(text);
          } catch {
            answer = text.slice(0, 200);
          }
        } catch (e) {
          outcome = failureName(e);
        }
        write.inFlight = false;
        write.attempts.push({ ...sent, answeredAt: at(), answeredPhase: phase, outcome, retryAfter, body: outcome.startsWith('2') ? undefined : answer });
        if (outcome.startsWith('2')) {
          // The answer is the bout as stored: written by this attempt, or earlier (a replay answered from the key) when it is older than this send.
          write.result = { status: 'acknowledged', delta: answer, replay: typeof answer?.bout?.updated_at === 'number' && answer.bout.updated_at < sentAt, ackAt: at() };
          onAck();
          return;
        }
        if (!transient(outcome)) {
          write.result = { status: 'refused', outcome, body: answer };
          return;
        }
        if (Date.now() > deadline) {
          write.result = { status: 'unanswered', outcome };
          return;
        }
        await sleep(backoff(attempt, retryAfter));
      }
    }

    const writesStart = at();
    await Promise.all(
      chains.map(async (chain) => {
        for (const write of chain) await send(write);
      }),
    );
    while (crashing) await crashing;
    await Promise.all(crashDone);
    const writesMs = at() - writesStart;
    console.log(`soak: writes done after ${seconds(writesMs)}`);

    // ---- Read everything back (coach API) and count. ----
    const stored = new Map();
    for (const practice of practices) {
      let pools;
      for (let attempt = 0; ; attempt++) {
        try {
          pools = await practice.api('GET', `/api/practices/${practice.id}/pools`);
          break;
        } catch (e) {
          if (attempt > 20) throw e;
          await sleep(backoff(attempt));
        }
      }
      stored.set(practice.id, pools);
    }
    const storedBout = (write) => stored.get(write.practice.id).find((p) => p.id === write.pool.id).bouts.find((b) => pairKey(b.player1_id, b.player2_id) === write.bout);
    const acked = writes.filter((w) => w.result?.status === 'acknowledged');
    const byBout = new Map();
    for (const w of writes) byBout.set(`${w.pool.id}/${w.bout}`, [...(byBout.get(`${w.pool.id}/${w.bout}`) ?? []), w]);
    let lost = 0;
    let appliedTwice = 0;
    const problems = [];
    for (const [name, list] of byBout) {
      const ackedHere = list.filter((w) => w.result?.status === 'acknowledged');
      const bout = storedBout(list[0]);
      const version = bout?.version ?? 0;
      if (version > ackedHere.length) {
        appliedTwice++;
        problems.push({ bout: name, problem: 'applied twice', storedVersion: version, acknowledgedWrites: ackedHere.length });
      }
      const last = ackedHere.at(-1);
      if (last) {
        const b = last.body;
        const scoreOf = (id) => (bout ? (bout.player1_id === id ? bout.score1 : bout.player2_id === id ? bout.score2 : null) : null);
        const kept = bout && scoreOf(b.player1_id) === b.score1 && scoreOf(b.player2_id) === b.score2 && version >= ackedHere.length;
        if (!kept) {
          lost++;
          problems.push({ bout: name, problem: 'lost', expected: b, stored: bout ?? null, acknowledgedWrites: ackedHere.length });
        }
      }
    }
    const refused = writes.filter((w) => w.result?.status === 'refused');
    const unanswered = writes.filter((w) => w.result?.status !== 'acknowledged' && w.result?.status !== 'refused');
    const resentAcked = acked.filter((w) => w.attempts.length > 1).length;
    const replays = acked.filter((w) => w.result.replay).length;

    // Sockets: wait (on their state) until each one's view equals the store, or the time runs out.
    const truth = new Map([...stored].map(([id, pools]) => [id, new Map(pools.map((p) => [p.id, canonicalPool(p)]))]));
    const converged = (s) => [...truth.get(s.practice.id)].every(([poolId, want]) => s.pools.has(poolId) && canonicalPool(s.pools.get(poolId)) === want);
    const convergeStart = at();
    await until(() => sockets.every(converged), 'every socket converged', CONVERGE_MS, 100).catch(() => {});
    const convergedCount = sockets.filter(converged).length;
    const convergeMs = at() - convergeStart;
    for (const s of sockets) s.stop();

    // What every attempt got: overall, and in each crash window (from the kill to the first acknowledgement after the restart).
    const tally = (attempts) => attempts.reduce((acc, a) => ((acc[a.outcome] = (acc[a.outcome] ?? 0) + 1), acc), {});
    const attempts = writes.flatMap((w) => w.attempts.map((a) => ({ ...a, write: w.id })));
    for (const c of crashes) {
      const end = c.firstAckMs === undefined ? Infinity : c.killAt + c.firstAckMs;
      const inWindow = attempts.filter((a) => a.answeredAt >= c.killAt && a.answeredAt <= end);
      const when = (a) => (a.phase === 'up' && a.answeredPhase !== 'up' ? 'in flight at the kill' : a.answeredPhase === 'starting' ? 'restarted, not ready' : a.answeredPhase);
      c.window = tally(inWindow.map((a) => ({ outcome: `${a.outcome} (${when(a)})` })));
      // What the server logged from this kill to the next (or the end): its answers by method and status, any 5xx line.
      const next = crashes[crashes.indexOf(c) + 1];
      const log = readFileSync(logFile).subarray(c.logAtKill, next?.logAtKill).toString('utf8');
      c.serverAnswers = serverAnswers(log);
      c.serverLog5xx = log.split('\n').filter((l) => /^\[wrangler:info\] \w+ \S+ 5\d\d /.test(l)).slice(0, 20);
      // Offline, wrangler fails to fetch the Request.cf object at each start (README): harmless, left out.
      c.serverLogErrors = log.split('\n').filter((l) => /error|exception|publish failed/i.test(l) && !/workers\.cloudflare\.com|Request\.cf/.test(l)).slice(0, 20);
    }
    for (const c of crashes) {
      delete c.logAtKill;
      delete c.logAtRestart;
    }
    const nonOk = attempts.filter((a) => !a.outcome.startsWith('2'));
    const serverLog = readFileSync(logFile, 'utf8');
    const report = {
      writes: writes.length,
      acknowledged: acked.length,
      lost,
      appliedTwice,
      replays,
      resentAndAcknowledged: resentAcked,
      refused: refused.map((w) => ({ write: w.id, outcome: w.result.outcome, attempts: w.attempts.map((a) => a.outcome), body: w.result.body })),
      unanswered: unanswered.map((w) => ({ write: w.id, attempts: w.attempts.map((a) => a.outcome) })),
      attempts: attempts.length,
      outcomes: tally(attempts),
      // Every non-2xx HTTP answer, by status and by what the server was doing when it came (up, down, starting).
      httpNon2xx: tally(nonOk.filter((a) => /^\d+$/.test(a.outcome)).map((a) => ({ outcome: `${a.outcome} while ${a.answeredPhase}${a.retryAfter ? `, Retry-After ${a.retryAfter}` : ''}` }))),
      // Each write sent more than once: what each attempt got, in order (×n: n in a row), and whether its 2xx was a replay.
      resent: writes
        .filter((w) => w.attempts.length > 1)
        .map((w) => `#${w.id} (v${w.body.version}): ${runs(w.attempts.map((a) => a.outcome)).join(', ')}${w.result?.replay ? ' (replay)' : ''}`),
      sockets: { total: SOCKETS, converged: convergedCount, waitedMs: convergeMs, ...stats, reconnects: sockets.reduce((n, s) => n + Math.max(0, s.hellos - 1), 0) },
      crashRestarts: crashes.length,
      crashes,
      downMs: crashes.map((c) => c.readyMs),
      writesMs,
      serverAnswers: serverAnswers(serverLog),
      publishFailuresInLog: (serverLog.match(/publish failed/g) ?? []).length,
      problems,
      settings: { port, CRASHES, DOWN_MS, SOCKETS, PRACTICES, POOLS_PER_PRACTICE, FENCERS_PER_POOL, WRITES_PER_POOL, ATTEMPT_MS, BACKOFF_START_MS, BACKOFF_CAP_MS },
    };
    const ok = lost === 0 && appliedTwice === 0 && convergedCount === SOCKETS && refused.length === 0 && unanswered.length === 0 && crashes.length === CRASHES;
    console.log(JSON.stringify(report, null, 2));
    console.log(
      `soak --crash: ${writes.length} writes, ${acked.length} acknowledged, ${lost} lost, ${appliedTwice} applied twice, ${replays} replays (${resentAcked} resent), ` +
        `${refused.length} refused, ${unanswered.length} unanswered, ${convergedCount}/${SOCKETS} sockets converged, ${crashes.length} crash-restart(s), ` +
        `down ${crashes.map((c) => seconds(c.readyMs)).join(', ')}: ${ok ? 'passed' : 'FAILED'}`,
    );
    if (!ok) {
      console.log('soak: the last lines of the server log:');
      console.log(serverLog.split('\n').slice(-40).join('\n'));
    }
    return ok ? 0 : 1;
  } catch (e) {
    console.error(`soak --crash: failed: ${e?.stack ?? e}`);
    if (existsSync(logFile)) console.error(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    cleanUp();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await crashSoak());
