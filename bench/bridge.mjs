// The venue bridge (issue 57): a scoring machine on loopback UDP (tests/helpers/cyrano-machine.ts) → the real
// bridge (bridge/bridge.ts) → the worker → a spectator's socket on the event's live board. Two figures:
// - a touch: from the machine's INFO sent until the spectator's socket holds that moment of the bout (each INFO
//   a moment of its own: its clock, and the score, tell it apart), one after the other;
// - an outage: the bridge's uplink fails for BENCH_BRIDGE_OUTAGE_S seconds while the machine sends a touch a
//   second and, at its end, the bout's end; then the time from the network's return until the server has every
//   frame and until the machine hears the end's ACK (and the same from the bridge's first try after the return).
// The bridge and the machine are TypeScript: built for Node here, as `npm run bridge` builds the bridge.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'vite';
import WebSocket from 'ws';
import { root } from '../scripts/local.mjs';
import { summarize } from './fanout.mjs';

/** Bridge and SimulatedMachine as plain Node modules, built into `out`. */
async function buildVenue(out) {
  await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: out,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { input: { bridge: 'bridge/bridge.ts', machine: 'tests/helpers/cyrano-machine.ts' }, output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
    ssr: { target: 'node', noExternal: true },
  });
  const load = (name) => import(pathToFileURL(join(out, `${name}.mjs`)).href);
  return { Bridge: (await load('bridge')).Bridge, SimulatedMachine: (await load('machine')).SimulatedMachine };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 2 ms until it holds; answers when (performance.now()). */
async function when(check, what, withinMs = 30_000) {
  const end = performance.now() + withinMs;
  while (!check()) {
    if (performance.now() > end) throw new Error(`bridge bench: waited ${withinMs} ms for ${what}`);
    await sleep(2);
  }
  return performance.now();
}

/** `m:ss` of a number of seconds left. */
const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** A moment of the bout as the board's socket tells it: score and clock. */
const momentOf = (state) => `${state.left}:${state.right}:${state.remainingMs}`;

/**
 * The venue's uplink as the bridge's fetch: `cut` fails every request as a dead network does; the reports each
 * answered delivery carried are kept in order, and when the first delivery went
 * out after `firstTryAt` was cleared.
 */
function uplink() {
  const net = { cut: false, failed: 0, delivered: [], firstTryAt: null };
  const send = async (input, init) => {
    if (net.cut) {
      net.failed++;
      throw new TypeError('fetch failed: the venue’s internet is down');
    }
    const delivery = String(input).endsWith('/api/bridge/reports');
    if (delivery) net.firstTryAt ??= performance.now();
    const res = await fetch(input, init);
    if (delivery && res.ok) net.delivered.push(...JSON.parse(init.body).reports);
    return res;
  };
  return { net, send };
}

/**
 * A coach's day at `base` (`call`: run.mjs's JSON client): one épée event of one pool of two, placed on a piste
 * of two, shared; the day's bridge key; a machine at that piste, confirmed by the coach; the bridge started.
 */
async function venue(base, call, { Bridge, SimulatedMachine }, dataDir, send) {
  const api = async (...a) => (await call(...a)).body;
  await call.signUp({ full_name: 'Bench Venue', email: `bridge-${Date.now()}-${Math.random()}@example.com`, password: 'bench password' });
  const created = await api('POST', '/api/practices', { practice_type: 'individual', name: 'Bridge bench', weapon: 'epee' });
  await api('POST', `/api/practices/${created.id}/pools/generate`, { method: 'single', entries: ['A', 'B'].map((name) => ({ name })) });
  const practice = await api('POST', `/api/practices/${created.id}/sharing`, { enabled: true });
  const day = await api('POST', '/api/days', { name: 'Bridge bench day', date: '2026-12-05' });
  await api('PUT', `/api/days/${day.id}/pistes`, { pistes: [{ name: '1', final: true }, { name: '2' }] });
  await api('PUT', `/api/days/${day.id}/events/${practice.id}`);
  const placed = await api('POST', `/api/days/${day.id}/placements`);
  const pisteId = placed.placements[0].piste_id;
  const { key } = await api('POST', `/api/days/${day.id}/bridge/key`);
  const code = (await api('GET', `/api/days/${day.id}/bridge`)).pistes.find((p) => p.piste_id === pisteId).code;
  let bridgePort = 0;
  const machine = await new SimulatedMachine(code, () => bridgePort).start();
  await api('PUT', `/api/days/${day.id}/bridge/pistes/${pisteId}`, { machine: `127.0.0.1:${machine.port}` });
  const bridge = new Bridge({ server: base, key, dataDir, port: 0, machinePort: machine.port, address: '127.0.0.1', fetch: send });
  bridgePort = await bridge.start();
  const bout = machine.fencing(await machine.hears('DISP', 1, 15_000));
  return { practice, machine, bridge, bout };
}

/** A spectator's socket on the event's live board: when it first held each moment of the bout on the piste. */
async function spectator(base, boardId) {
  const seen = new Map();
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live?board=${boardId}`, { headers: { origin: base } });
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (m.type !== 'referee') return;
    const moment = momentOf(m.bout.state);
    if (!seen.has(moment)) seen.set(moment, performance.now());
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { seen, close: () => ws.close() };
}

/**
 * Issue 57's figures at `base`: `touches` INFOs timed to the spectator (after `warmup`), then an outage of
 * `outageSeconds` with a touch a second and the end sent in it.
 */
export async function bridgeVenue(base, call, { touches = 200, warmup = 5, outageSeconds = 60 } = {}) {
  const started = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'piste-bridge-bench-'));
  const modules = await buildVenue(join(work, 'build'));
  const { net, send } = uplink();
  const { practice, machine, bridge, bout } = await venue(base, call, modules, join(work, 'data'), send);
  const board = await spectator(base, practice.board_id);
  try {
    // A touch: each INFO one second less on the clock (and the score moving on every 170), waited for on the board.
    const samples = [];
    for (let i = 1; i <= touches + warmup; i++) {
      const moment = { left: Math.floor(i / 170), right: 0, clock: clock(179 - (i % 170)) };
      const key = momentOf({ ...moment, remainingMs: (179 - (i % 170)) * 1000 });
      const t0 = performance.now();
      await bout.send(moment);
      await when(() => board.seen.has(key), `touch ${i} on the spectator's socket`, 10_000);
      if (i > warmup) samples.push(board.seen.get(key) - t0);
    }
    const touch = summarize(samples);
    await when(() => bridge.journal.size === 0, 'the touches all delivered');

    // The outage: the uplink fails, the bout goes on at the piste (a touch a second), its end sent last.
    const before = net.delivered.length;
    net.cut = true;
    const cutAt = performance.now();
    const during = [];
    for (let s = 1; s < outageSeconds; s++) {
      const moment = { left: Math.min(4, 1 + Math.floor(s / 15)), right: Math.min(2, Math.floor(s / 25)), clock: clock(Math.max(1, 120 - s)) };
      during.push(moment);
      await bout.send(moment);
      await sleep(Math.max(0, cutAt + s * 1000 - performance.now()));
    }
    await bout.send({ left: 5, right: 2, state: 'E', clock: clock(60) });
    during.push({ left: 5, right: 2, state: 'E' });
    await when(() => bridge.journal.size === during.length, 'the outage’s frames kept by the bridge', 5_000);
    await sleep(Math.max(0, cutAt + outageSeconds * 1000 - performance.now()));
    const kept = bridge.journal.size;
    const failedTries = net.failed;
    net.firstTryAt = null;
    net.cut = false;
    const returned = performance.now();
    const [acked, delivered] = await Promise.all([
      machine.hears('ACK', 1, 60_000).then((ack) => machine.heardAt[machine.heard.indexOf(ack)]),
      when(() => bridge.journal.size === 0, 'the outage’s frames delivered', 60_000),
    ]);
    const sent = net.delivered.slice(before);
    const inOrder = sent.every((r, i) => i === 0 || r.seq === sent[i - 1].seq + 1);
    const outage = {
      seconds: outageSeconds,
      framesKept: kept,
      framesDelivered: sent.length,
      nothingLost: sent.length === during.length && inOrder,
      failedTries,
      returnToDeliveredMs: delivered - returned,
      returnToAckMs: acked - returned,
      firstTryToDeliveredMs: delivered - net.firstTryAt,
      firstTryToAckMs: acked - net.firstTryAt,
      naks: machine.heard.filter((f) => f.command === 'NAK').length,
    };
    return { date: new Date().toISOString(), touches, touch, outage, seconds: Math.round((performance.now() - started) / 1000) };
  } finally {
    board.close();
    await bridge.stop();
    machine.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The table's rows of issue 57's figures. */
export function issue57Rows(r) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  const o = r.outage;
  return [
    { figure: `issue 57: machine INFO → spectator's board socket, via the bridge, p50 (${r.touch.n} touches)`, value: ms(r.touch.p50), goal: '≤ 100 ms', met: r.touch.p50 <= 100 ? 'yes' : 'NO' },
    { figure: 'issue 57: machine INFO → spectator’s board socket, via the bridge, p99', value: ms(r.touch.p99), goal: '≤ 100 ms', met: r.touch.p99 <= 100 ? 'yes' : 'NO' },
    { figure: `issue 57: ${o.seconds} s outage: frames kept / delivered in order after it`, value: `${o.framesKept} / ${o.framesDelivered}`, goal: 'all, in order', met: o.nothingLost ? 'yes' : 'NO' },
    { figure: 'issue 57: network back → every frame delivered / the end ACKed', value: `${ms(o.returnToDeliveredMs)} / ${ms(o.returnToAckMs)}`, goal: '≤ 11 s (retry wait ≤ 10 s)', met: o.returnToAckMs <= 11_000 ? 'yes' : 'NO' },
    { figure: 'issue 57: the bridge’s first delivery after it → every frame delivered / the end ACKed', value: `${ms(o.firstTryToDeliveredMs)} / ${ms(o.firstTryToAckMs)}`, goal: '', met: '' },
  ];
}
