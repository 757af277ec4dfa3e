// Referee mode (issue 18): how long a touch takes from the referee's phone to another screen. A coach's
// phone refs a pool bout; each step (a touch, a clock tap) is a PUT to the API, which the practice's room
// keeps and sends on; a coach's second screen and the live board listen. Timed from sending the step until
// both screens hold it.
import { performance } from 'node:perf_hooks';
import { allSeen, openClients, summarize } from './fanout.mjs';

const PERIOD_MS = 180_000;

/** A step's number, as the screens receive it: each step leaves one more millisecond off the clock. */
const stepOf = (m) => (m.type === 'referee' ? PERIOD_MS - m.bout.state.remainingMs : null);

export async function refereeTouch(base, call, rounds = 60, warmup = 5) {
  const api = async (...a) => (await call(...a)).body;
  const { cookie } = await call.signUp({ full_name: 'Bench Referee', email: `ref-${Date.now()}-${Math.random()}@example.com`, password: 'bench password' });
  const created = await api('POST', '/api/practices', { practice_type: 'individual', name: 'Referee bench' });
  const { pools } = await api('POST', `/api/practices/${created.id}/pools/generate`, { method: 'single', entries: ['A', 'B'].map((name) => ({ name })) });
  const practice = await api('POST', `/api/practices/${created.id}/sharing`, { enabled: true });
  const [a, b] = pools[0].players;
  const target = { kind: 'pool', pool_id: pools[0].id, a: a.id, b: b.id };
  const view = 'bench-referee-view';
  const claim = await api('POST', `/api/practices/${practice.id}/referee/claim`, { target, view });
  const { format: _format, ...state } = claim.refereeing.state;
  const ws = base.replace('http', 'ws');
  const screens = [
    ...(await openClients(1, `${ws}/api/live?practice=${practice.id}`, { cookie: cookie(), origin: base }, stepOf)),
    ...(await openClients(1, `${ws}/api/live?board=${practice.board_id}`, { origin: base }, stepOf)),
  ];
  const samples = [];
  for (let i = 1; i <= rounds + warmup; i++) {
    const t0 = performance.now();
    await call('PUT', `/api/practices/${practice.id}/referee`, { target, view, seq: i, sent_at: Date.now(), state: { ...state, remainingMs: PERIOD_MS - i }, past: [] });
    const seen = await allSeen(screens, i, 10_000);
    if (i > warmup) samples.push(seen - t0);
  }
  for (const s of screens) s.ws.close();
  return summarize(samples);
}
