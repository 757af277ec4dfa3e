// Issue 29: how soon a parent's phone on mobile data sees the pools of a live board. Chromium (Debian's, never a
// download) under a slow mobile profile (CDP: 400 kbit/s down and up, 400 ms round trip, CPU 4× slower) opens
// /live/{board id} in a fresh context (no cache, no service worker) and times, from the navigation's start,
// the first frame in which the pool grid's first score cell is on screen (an init script watches the document
// for it and takes the next animation frame). Two ways, interleaved in the same run:
// - server-rendered: the worker's answer already holds the board (worker/routes/board-page.ts);
// - client-rendered: the same page as the app served it before, index.html alone, then the app's code, then
//   its snapshot request. The worker answers it so when asked by the `x-piste-render: client` header, which it
//   honours only with the test hooks on (TEST_HOOKS=1, set here and by the browser tests, never deployed).
import { chromium } from 'playwright-core';
import { signUpCoach } from './mailbox.mjs';

const PROFILE = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const CELL = '[data-testid="cell-1-2"]';

/** Runs in the page before anything else: the time of the first frame that shows the cell. */
const WATCH = `(() => {
  const seen = () => requestAnimationFrame(() => requestAnimationFrame(() => (window.__cellPainted = performance.now())));
  const check = () => document.querySelector('${CELL}') && (observer.disconnect(), seen(), true);
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** A coach's shared practice of two pools of seven, a few bouts fenced: its board id. */
async function sharedBoard(base, mailbox) {
  const cookie = await signUpCoach(base, mailbox, { full_name: 'Bench Board', email: `first-paint-${Date.now()}@example.com`, password: 'bench password' });
  const call = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', cookie, origin: base }, body: body && JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const practice = await call('POST', '/api/practices', { practice_type: 'individual', name: 'Saturday club night' });
  const names = ['Ada Lovelace', 'Bruno Marchetti', 'Chloé Durand', 'Dmitri Volkov', 'Eva Lindqvist', 'Farid Haddad', 'Grace Okafor', 'Hugo Moreau', 'Ines Carvalho', 'Jonas Weber', 'Kenji Sato', 'Lena Novak', 'Mateo Rossi', 'Nora Berg'];
  const { pools } = await call('POST', `/api/practices/${practice.id}/pools/generate`, { method: 'random', pool_count: 2, entries: names.map((name) => ({ name })) });
  for (const pool of pools) {
    const [a, b, c] = pool.players;
    await call('POST', `/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: a.id, player2_id: b.id, score1: 5, score2: 3, version: 0 });
    await call('POST', `/api/practices/${practice.id}/pools/${pool.id}/bouts`, { player1_id: b.id, player2_id: c.id, score1: 2, score2: 5, version: 0 });
  }
  return (await call('POST', `/api/practices/${practice.id}/sharing`, { enabled: true })).board_id;
}

async function openOnce(browser, base, boardId, clientRendered) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    if (clientRendered) await page.setExtraHTTPHeaders({ 'x-piste-render': 'client' });
    await page.addInitScript(WATCH);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', PROFILE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`/live/${boardId}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__cellPainted !== undefined, null, { timeout: 120_000, polling: 100 });
    return await page.evaluate(() => window.__cellPainted);
  } finally {
    await context.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Server-rendered and client-rendered, `runs` times each, interleaved: each's times and median (ms). */
export async function boardFirstPaint(base, mailbox, runs = 5) {
  const boardId = await sharedBoard(base, mailbox);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-quic'],
  });
  try {
    // One of each first, not counted: the worker's and the room's code warm, as on a board already in use.
    await openOnce(browser, base, boardId, false);
    await openOnce(browser, base, boardId, true);
    const server = [];
    const client = [];
    for (let i = 0; i < runs; i++) {
      server.push(await openOnce(browser, base, boardId, false));
      client.push(await openOnce(browser, base, boardId, true));
    }
    const round = (xs) => xs.map((x) => Math.round(x));
    return {
      profile: { downKbit: 400, upKbit: 400, latencyMs: 400, cpuSlowdown: CPU_SLOWDOWN, viewport: '375×667' },
      serverRendered: { ms: round(server), median: Math.round(median(server)) },
      clientRendered: { ms: round(client), median: Math.round(median(client)) },
      speedup: Number((median(client) / median(server)).toFixed(2)),
    };
  } finally {
    await browser.close();
  }
}
