// Issue 28: a call reaching the hall. A day with one piste and one event whose pool of two has its one bout
// left; 1,000 hall board sockets (`/api/live?hall=`) and the coach's day screen listen. Each round scores the
// bout (the pool is done, its tableau's final is ready, the piste is free: the day calls it) and times from
// sending the score until every hall socket holds the call; then clears the bout (the call goes) and waits a
// second so the next word to the day is not held back by its coalescing gap.
import { performance } from 'node:perf_hooks';
import { allSeen, openClients, summarize } from './fanout.mjs';

/** A day message's version when it carries a call (the screens keep the newest version). */
const callOf = (m) => (m.type === 'day' && m.day.calls.length > 0 ? m.day.version : null);
const noCallOf = (m) => (m.type === 'day' && m.day.calls.length === 0 ? m.day.version : null);

export async function callReach(base, call, spectators = 1000, rounds = 20, warmup = 3) {
  const api = async (...a) => (await call(...a)).body;
  const { cookie } = await call.signUp({ full_name: 'Bench Day', email: `day-${Date.now()}-${Math.random()}@example.com`, password: 'bench password' });
  const practice = await api('POST', '/api/practices', { practice_type: 'individual', name: 'Calls bench' });
  const { pools } = await api('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'single', entries: ['A', 'B'].map((name) => ({ name })) });
  const [a, b] = pools[0].players;
  const day = await api('POST', '/api/days', { name: 'Bench day' });
  await api('PUT', `/api/days/${day.id}/pistes`, { pistes: [{ name: '1', final: true }] });
  await api('PUT', `/api/days/${day.id}/events/${practice.id}`);
  await api('POST', `/api/days/${day.id}/placements`);
  await api('PATCH', `/api/days/${day.id}`, { board_shared: true });
  const ws = base.replace('http', 'ws');
  const coach = await openClients(1, `${ws}/api/live?day=${day.id}`, { cookie: cookie(), origin: base }, callOf);
  const cleared = await openClients(1, `${ws}/api/live?day=${day.id}`, { cookie: cookie(), origin: base }, noCallOf);
  const hall = [];
  for (let opened = 0; opened < spectators; opened += 100) hall.push(...(await openClients(Math.min(100, spectators - opened), `${ws}/api/live?hall=${day.board_id}`, { origin: base }, callOf)));
  /** The first version the coach's screen sees matching `of` after `since`. */
  const next = (client, since) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const poll = () => {
        const hit = [...client.seen].find(([, t]) => t >= since);
        if (hit) return resolve(hit[0]);
        if (performance.now() - started > 15_000) return reject(new Error('the day never answered'));
        setTimeout(poll, 2);
      };
      poll();
    });
  const samples = [];
  for (let i = 0; i < rounds + warmup; i++) {
    const t0 = performance.now();
    await api('POST', `/api/practices/${practice.id}/pools/${pools[0].id}/bouts`, { player1_id: a.id, player2_id: b.id, score1: 5, score2: i % 5, version: 0 });
    const version = await next(coach[0], t0);
    const seen = await allSeen(hall, version, 30_000);
    if (i >= warmup) samples.push(seen - t0);
    const t1 = performance.now();
    const current = (await api('GET', `/api/practices/${practice.id}/pools/${pools[0].id}`)).bouts[0];
    await call('DELETE', `/api/practices/${practice.id}/pools/${pools[0].id}/bouts`, { player1_id: current.player1_id, player2_id: current.player2_id, version: current.version });
    await next(cleared[0], t1);
    await new Promise((r) => setTimeout(r, 1_100));
  }
  for (const c of [...coach, ...cleared, ...hall]) c.ws.close();
  return { ...summarize(samples), sockets: hall.length };
}
