// Issue 26's "far database" run: the same worker under Miniflare with BENCH_D1_DELAY_MS set, so every D1 call
// waits that long first (worker/db/slow-d1.ts, which exists only when the variable is set). Here: how long
// after a bout of a pool entry linked to a roster athlete is saved until the athlete's history
// (`GET /api/athletes/{id}/history`, what the athlete page reads) shows it.
import { performance } from 'node:perf_hooks';
import { summarize } from './fanout.mjs';

const SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES ?? 20);
/** A bout not shown after this long is reported as this long (and the goal as missed). */
const GIVE_UP_MS = 10_000;

/**
 * `api(method, path, body)` answers the JSON body as the signed-in coach. A roster athlete, a practice with one
 * pool of six whose first entry is that athlete, then SAMPLES bouts of theirs (against each opponent in turn):
 * for each, the time from the save's answer (and from its sending) to the first history answer that shows it,
 * asked again and again, one request at a time.
 */
export async function historyVisibility(api) {
  const athlete = await api('POST', '/api/athletes', { name: 'History Fencer' });
  const practice = await api('POST', '/api/practices', { practice_type: 'individual', name: 'History' });
  const entries = [{ athlete_id: athlete.id }, ...Array.from({ length: 5 }, (_, i) => ({ name: `Opponent ${i + 1}` }))];
  const { pools } = await api('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'single', entries });
  const pool = pools[0];
  const me = pool.players.find((p) => p.athlete_id === athlete.id);
  const others = pool.players.filter((p) => p !== me);
  const versions = new Map();
  const afterAnswer = [];
  const afterSend = [];
  let missed = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const them = others[i % others.length];
    const t0 = performance.now();
    const delta = await api('POST', `/api/practices/${pool.practice_id}/pools/${pool.id}/bouts`, { player1_id: me.id, player2_id: them.id, score1: 5, score2: i % 5, version: versions.get(them.id) ?? 0 });
    const saved = performance.now();
    versions.set(them.id, delta.bout.version);
    const shown = (h) => h.bouts.some((b) => b.practice_id === practice.id && b.kind === 'pool' && b.seq === delta.bout.updated_at);
    let seen = null;
    while (seen === null && performance.now() - saved < GIVE_UP_MS) {
      const history = await api('GET', `/api/athletes/${athlete.id}/history`);
      if (shown(history)) seen = performance.now();
    }
    if (seen === null) {
      missed++;
      seen = saved + GIVE_UP_MS;
    }
    afterAnswer.push(seen - saved);
    afterSend.push(seen - t0);
  }
  const max = (xs) => Math.max(...xs);
  return { afterAnswer: { ...summarize(afterAnswer), max: max(afterAnswer) }, afterSend: { ...summarize(afterSend), max: max(afterSend) }, missed };
}
