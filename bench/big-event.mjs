// Issue 33: a national event built the way a coach would build it, through the worker's HTTP API only: a roster
// imported, pools of 6–7 drawn (in draws of at most 10 pools and 200 fencers, what the setup took before issue 33;
// still accepted once the limits grow), every pool bout entered, then every tableau match scored to the final.
// Requests run in parallel where the API allows it: pools side by side (one pool's bouts in turn), a tableau
// round's matches side by side (the two matches that feed one later match never at once). Each step that the
// app cannot do is recorded as "cannot be built" with the worker's answer, never thrown at the whole run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { root } from '../scripts/local.mjs';
import { signUpCoach } from './mailbox.mjs';

const PARALLEL = Number(process.env.BENCH_SEED_PARALLEL ?? 6);
const DRAW_POOLS = 10;
const DRAW_FENCERS = 200;
const IMPORT_CHUNK = 500;
const POOL_MAX = 7;

/** Runs `fn` on every item, at most `limit` at once. */
async function eachLimit(items, limit, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** The app's own tableau rule (core/fencing/tableau.ts, bundled for Node): the tableau a coach's screen shows. */
async function tableauRules() {
  const dir = mkdtempSync(join(tmpdir(), 'piste-rules-'));
  try {
    const file = join(dir, 'tableau.mjs');
    const out = await build({ entryPoints: [join(root, 'core/fencing/tableau.ts')], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent' });
    writeFileSync(file, out.outputFiles[0].text);
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

class ApiError extends Error {
  constructor(method, path, status, text) {
    super(`${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}: ${status} ${text.slice(0, 200)}`);
    this.status = status;
    this.body = text;
  }
}

/** A coach's JSON client over `base` (cookies from the mailed sign-up link). */
async function coachClient(base, mailbox) {
  const user = { full_name: 'Bench National', email: `national-${Date.now()}@example.com`, password: 'bench password' };
  const cookie = await signUpCoach(base, mailbox, user);
  // `saves`, when given, gets each write's time at this client and the room's own time on it (its Server-Timing).
  const call = async (method, path, body, saves) => {
    const t0 = performance.now();
    const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', cookie, origin: base }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new ApiError(method, path, res.status, text);
    saves?.push({ ms: performance.now() - t0, room: Number(/room;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN) });
    return JSON.parse(text);
  };
  /** A fresh session (its Set-Cookie lines): a page opened a quarter of an hour later is signed in still. */
  const signIn = async () => {
    const res = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: user.email, password: user.password }) });
    if (!res.ok) throw new ApiError('POST', '/api/auth/signin', res.status, await res.text());
    return res.headers.getSetCookie();
  };
  return { call, signIn };
}

/** Pool sizes for `n` fencers: as few pools as keep every pool at most POOL_MAX, sizes within one of each other. */
function poolSizes(n) {
  const count = Math.ceil(n / POOL_MAX);
  return Array.from({ length: count }, (_, i) => Math.floor(n / count) + (i < n % count ? 1 : 0));
}

/** The draws that place those pools: at most DRAW_POOLS pools and DRAW_FENCERS fencers each. */
function draws(sizes) {
  const out = [];
  for (const size of sizes) {
    const last = out.at(-1);
    if (last && last.length < DRAW_POOLS && last.reduce((a, b) => a + b, 0) + size <= DRAW_FENCERS) last.push(size);
    else out.push([size]);
  }
  return out;
}

/** The i-th and j-th fencers' bout (i < j): a spread of winners and scores, the same on every run. */
const boutScore = (i, j) => ((i * 7 + j * 3) % 3 === 0 ? [(i + j) % 5, 5] : [5, (i * j) % 5]);

/** One event of `n` fencers from the roster: its practice, each step's seconds, or where it stopped. */
async function buildEvent(call, rules, roster, n) {
  const t0 = performance.now();
  const secs = (since) => Number(((performance.now() - since) / 1000).toFixed(1));
  const event = { fencers: n, practiceId: null, pools: 0, bouts: 0, matches: 0, seconds: {}, built: [], cannotBuild: null, saves: { bout: [], freeze: [], tableau: [] } };
  const step = async (name, fn) => {
    const since = performance.now();
    try {
      await fn();
      event.seconds[name] = secs(since);
      event.built.push(name);
      return true;
    } catch (error) {
      event.cannotBuild = { step: name, error: error.message };
      console.log(`[bench] big-event: ${n} fencers: ${name} cannot be built: ${error.message}`);
      return false;
    }
  };
  const practice = await call('POST', '/api/practices', { practice_type: 'individual', name: `National ${n}` });
  event.practiceId = practice.id;
  const at = `/api/practices/${practice.id}`;
  const pools = [];
  const drawn = await step('draw', async () => {
    let next = 0;
    for (const sizes of draws(poolSizes(n))) {
      const count = sizes.reduce((a, b) => a + b, 0);
      const entries = roster.slice(next, next + count).map((a) => ({ athlete_id: a.id }));
      next += count;
      const body = sizes.length === 1 ? { method: 'single', entries } : { method: 'random', pool_count: sizes.length, entries };
      await call('POST', `${at}/pools/generate`, body);
    }
    // A draw answers every pool of the practice: the list is read once the draws are done.
    pools.push(...(await call('GET', `${at}/pools`)));
    event.pools = pools.length;
    const placed = pools.reduce((a, p) => a + p.players.length, 0);
    if (placed !== n) throw new Error(`${placed} fencers placed in ${pools.length} pools, not ${n}`);
  });
  const fenced = drawn && (await step('pool bouts', () =>
    eachLimit(pools, PARALLEL, async (pool) => {
      const ps = pool.players;
      for (let i = 0; i < ps.length; i++) {
        for (let j = i + 1; j < ps.length; j++) {
          const [score1, score2] = boutScore(i, j);
          await call('POST', `${at}/pools/${pool.id}/bouts`, { player1_id: ps[i].id, player2_id: ps[j].id, score1, score2, version: 0 }, event.saves.bout);
          event.bouts++;
        }
      }
    })));
  if (fenced) await step('tableau', () => scoreTableau(call, rules, at, event));
  event.seconds.total = secs(t0);
  // The first tableau score freezes the draw (done once, reading every pool): apart from the other scores.
  event.saves = { bout: saveFigures(event.saves.bout), freeze: saveFigures(event.saves.freeze), tableau: saveFigures(event.saves.tableau) };
  return event;
}

/** A kind of save's median and p95 at the client, and the room's median, p95 and longest (its busy stretch on one write). */
function saveFigures(saves) {
  const at = (xs, p) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1)) : null;
  };
  const room = saves.map((s) => s.room).filter((r) => !Number.isNaN(r));
  return { n: saves.length, p50: at(saves.map((s) => s.ms), 50), p95: at(saves.map((s) => s.ms), 95), roomP50: at(room, 50), roomP95: at(room, 95), roomMax: room.length ? Math.max(...room) : null };
}

/** Scores every tableau match to the final, round by round; each on the version the tableau showed. */
async function scoreTableau(call, rules, at, event) {
  const tableau = async () => {
    const [pools, saved] = await Promise.all([call('GET', `${at}/pools`), call('GET', `${at}/bracket`)]);
    return rules.resolveTableau(pools, saved);
  };
  const score = async (m, attempt = 0, saves = event.saves.tableau) => {
    const p1wins = (m.round + m.position) % 4 !== 3;
    const body = { round: m.round, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: p1wins ? 15 : 9 + (m.position % 5), player2_score: p1wins ? 8 + (m.position % 6) : 15, version: m.version ?? 0 };
    try {
      await call('POST', `${at}/bracket/scores`, body, saves);
      event.matches++;
    } catch (error) {
      // Another write moved this match on meanwhile: score it again on the tableau as it now stands.
      if (error.status !== 409 || attempt >= 3) throw error;
      const fresh = (await tableau()).matches.find((x) => x.round === m.round && x.position === m.position);
      if (fresh && !fresh.winner_id) await score(fresh, attempt + 1, saves);
    }
  };
  for (let guard = 0; guard < 64; guard++) {
    const t = await tableau();
    if (t.matches.length === 0) throw new Error(`no tableau drawn (${t.remaining} pool bouts remaining)`);
    const open = t.matches.filter((m) => m.player1_id && m.player2_id && !m.winner_id);
    if (open.length === 0) return;
    // The first score freezes the drawn tableau (one write, then the rest against the frozen one).
    if (!t.frozen) {
      await score(open[0], 0, event.saves.freeze);
      continue;
    }
    const round = Math.min(...open.map((m) => m.round));
    const now = open.filter((m) => m.round === round);
    for (const parity of [0, 1]) await eachLimit(now.filter((m) => m.position % 2 === parity), PARALLEL, score);
  }
  throw new Error('the tableau did not reach its final within 64 passes');
}

/**
 * A coach with a roster of the largest size, and one practice per size built on it. Answers how to sign the
 * coach in and, per size, its practice id, what was built and each step's seconds.
 */
export async function buildEvents(base, mailbox, sizes) {
  const started = performance.now();
  const { call, signIn } = await coachClient(base, mailbox);
  const rules = await tableauRules();
  const largest = Math.max(...sizes);
  const rows = Array.from({ length: largest }, (_, i) => ({ name: `Fencer ${String(i + 1).padStart(3, '0')} Bench`, club: `Club ${(i % 40) + 1}` }));
  const importStarted = performance.now();
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) await call('POST', '/api/athletes/import', { athletes: rows.slice(i, i + IMPORT_CHUNK) });
  const roster = (await call('GET', '/api/athletes')).filter((a) => a.name.startsWith('Fencer ')).sort((a, b) => a.name.localeCompare(b.name));
  const importSeconds = Number(((performance.now() - importStarted) / 1000).toFixed(1));
  const events = {};
  for (const n of sizes) {
    events[n] = await buildEvent(call, rules, roster, n);
    const e = events[n];
    console.log(`[bench] big-event: ${n} fencers built (${e.built.join(', ') || 'nothing'}): ${e.pools} pools, ${e.bouts} bouts, ${e.matches} tableau matches in ${e.seconds.total} s`);
  }
  return { signIn, importSeconds, roster: roster.length, events, seconds: Number(((performance.now() - started) / 1000).toFixed(1)), parallel: PARALLEL };
}
