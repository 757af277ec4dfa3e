// Issue 28: planning a competition day at scale, the rules alone (no I/O): 300 fencers of four events in 48
// pools (12 of 7, 36 of 6), 16 pistes, 30 referees with clubs. One plan = the pools placed on the pistes in
// flights and a neutral referee for each pool, one pool of a flight each, duty spread (core/fencing/day-plan.ts),
// the day's estimated schedule (schedule.ts), and the first tableau round of each event (64 fencers, 32
// matches) called to the free pistes with its referees (pistes.ts). The TypeScript rules are bundled with
// esbuild (wrangler's own) into a temporary module, then timed in this process: `BENCH_ONLY=planning`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { root } from '../scripts/local.mjs';
import { summarize } from './fanout.mjs';

const ENTRY = `
export { placeDay, refereeDay } from './core/fencing/day-plan';
export { assignMatchReferees } from './core/fencing/referee-assignment';
export { estimateSchedule } from './core/fencing/schedule';
export { callMatches, flightName } from './core/fencing/pistes';
`;

async function loadRules() {
  const dir = mkdtempSync(join(tmpdir(), 'piste-planning-'));
  const out = join(dir, 'rules.mjs');
  await build({ stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' }, bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'error' });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The day: four events of 75 fencers (3 pools of 7, 9 of 6 each), 16 pistes, 30 referees from 10 clubs. */
function theDay() {
  const clubs = Array.from({ length: 10 }, (_, i) => `Club ${i + 1}`);
  const events = Array.from({ length: 4 }, (_, e) => ({
    practiceId: `event-${e}`,
    pools: Array.from({ length: 12 }, (_, p) => {
      const fencers = p < 3 ? 7 : 6;
      const athletes = Array.from({ length: fencers }, (_, f) => `e${e}-p${p}-f${f}`);
      return { id: `e${e}-pool${p}`, name: `Pool ${p + 1}`, fencers, bouts: (fencers * (fencers - 1)) / 2, done: 0, athletes };
    }),
  }));
  const pistes = Array.from({ length: 16 }, (_, i) => ({ id: `piste-${i + 1}`, name: String(i + 1), final: i === 0, position: i }));
  const referees = Array.from({ length: 30 }, (_, i) => ({ id: `ref-${i}`, name: `Referee ${i + 1}`, club: clubs[i % clubs.length] }));
  const clubOf = new Map(events.flatMap((e, ei) => e.pools.flatMap((p, pi) => p.athletes.map((a, f) => [a, clubs[(pi * 7 + f + ei) % clubs.length]]))));
  return { events, pistes, referees, clubOf };
}

function plan(rules, { events, pistes, referees, clubOf }) {
  const pools = events.flatMap((e) => e.pools);
  const byId = new Map(pools.map((p) => [p.id, p]));
  const placed = rules.refereeDay(rules.placeDay(events, pistes, []), byId, { referees, clubs: clubOf });
  const poolDuties = new Map();
  for (const p of placed) if (p.referee_id) poolDuties.set(p.referee_id, (poolDuties.get(p.referee_id) ?? 0) + 1);
  const flightOf = new Map(placed.map((p) => [p.pool_id, p]));
  const schedule = rules.estimateSchedule({
    start: Date.UTC(2026, 11, 5, 8),
    now: Date.UTC(2026, 11, 5, 8),
    pistes: pistes.map((p) => p.id),
    events: events.map((e) => ({
      id: e.practiceId,
      weapon: 'epee',
      pools: e.pools.map((p) => ({ id: p.id, piste: flightOf.get(p.id)?.piste_id ?? null, flight: rules.flightName(flightOf.get(p.id)?.flight ?? 0), fencers: p.fencers, done: p.done })),
      tableau: { size: 64 },
    })),
  });
  // Each event's round of 64 ready at once: the day calls what its pistes take, event after event.
  const free = new Set(pistes.map((p) => p.id));
  const busy = new Set();
  let duties = poolDuties;
  let called = 0;
  for (const e of events) {
    const matches = Array.from({ length: 32 }, (_, m) => ({ id: `${e.practiceId}-m${m}`, round: 1, position: m, fencers: [`${e.practiceId}-f${m}`, `${e.practiceId}-f${63 - m}`], done: false, state: 'waiting', pisteId: null }));
    const { calls } = rules.callMatches({ matches, busy, pistes, free });
    for (const c of calls) free.delete(c.pisteId);
    const refs = rules.assignMatchReferees({ referees, matches: calls.map((c) => ({ id: c.matchId, fencers: [{ club: 'Club 1' }, { club: 'Club 2' }] })), duties });
    duties = refs.duties;
    called += calls.length;
  }
  if (placed.length !== 48 || placed.some((p) => !p.referee_id) || !schedule.end || called !== 16) throw new Error(`unexpected plan: ${placed.length} placed, ${called} called`);
  return placed;
}

/** Times `rounds` plans of the day (after a warm-up); answers the summary in ms and the flights it made. */
export async function planningTime(rounds = 200) {
  const rules = await loadRules();
  const day = theDay();
  for (let i = 0; i < 20; i++) plan(rules, day);
  const samples = [];
  let flights = 0;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const placed = plan(rules, day);
    samples.push(performance.now() - t0);
    flights = Math.max(...placed.map((p) => p.flight)) + 1;
  }
  return { ...summarize(samples), flights };
}
