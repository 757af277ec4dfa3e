// Issue 33: how soon a coach's screen shows its rows on a full page load of a big event, and what the load
// downloads. Chromium (Debian's, never a download) opens, as the coach, the pools grid, the pool results, the
// tableau and the final results, on loopback and under a slow mobile profile (CDP: 400 kbit/s down and up, 400 ms
// round trip, CPU 4× slower, a 375 px phone). Each run is a fresh context (cold: no HTTP cache, no service
// worker), then the same context again once the app's service worker is active and controls the page (warm).
// The time is taken in the page: from the navigation's start to the frame after the first row is in the DOM
// (an init script's MutationObserver, then two animation frames). The bytes are Chromium's own count
// (CDP Network.loadingFinished encodedDataLength, plus the live socket's frames) from the navigation until the
// page is quiet (its live connection open, no request for 500 ms), split by kind; answers served by the
// service worker or the HTTP cache are counted apart ("local"), as they never cross the network.
import { chromium } from 'playwright-core';

export const PAGES = [
  { page: 'pools grid', path: '/individual-practice', first: '[data-testid="pool-grid"] [data-testid^="cell-"]', rows: '[data-testid="pool-row"]' },
  { page: 'pool results', path: '/pool-results', first: '[data-testid="result-row"]', rows: '[data-testid="result-row"]' },
  { page: 'tableau', path: '/tableau', first: 'li[data-testid^="match-"]', rows: 'li[data-testid^="match-"]' },
  { page: 'final results', path: '/final-results', first: '[data-testid="standing-row"]', rows: '[data-testid="standing-row"]' },
];

export const PROFILES = {
  loopback: { viewport: { width: 1280, height: 800 }, mobile: false },
  'slow mobile': {
    viewport: { width: 375, height: 667 },
    mobile: true,
    network: { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 },
    cpu: 4,
  },
};

const ROW_TIMEOUT = Number(process.env.BENCH_BIG_TIMEOUT_MS ?? 60_000);
const UNTHROTTLED = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** Runs in the page before anything else: the time of the frame after the first row appears. */
function watch(selector) {
  const painted = () => requestAnimationFrame(() => requestAnimationFrame(() => (window.__rowsPainted = performance.now())));
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    painted();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Chromium's byte count of one load, by kind. */
function meter(cdp) {
  const requests = new Map();
  let bytes;
  const kindOf = ({ type, local }) => (local ? 'local' : type === 'Document' ? 'html' : type === 'Script' ? 'js' : type === 'Stylesheet' ? 'css' : type === 'Fetch' || type === 'XHR' ? 'api' : 'other');
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { type: e.type, local: e.response.fromServiceWorker || e.response.fromDiskCache || e.response.fromPrefetchCache }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (bytes && r) bytes[kindOf(r)] += e.encodedDataLength;
  });
  cdp.on('Network.webSocketFrameReceived', (e) => {
    if (bytes) bytes.ws += e.response.payloadData.length;
  });
  return {
    reset: () => (bytes = { html: 0, js: 0, css: 0, api: 0, ws: 0, other: 0, local: 0 }),
    read: () => ({ ...bytes, total: bytes.html + bytes.js + bytes.css + bytes.api + bytes.ws + bytes.other }),
  };
}

/** One full load of `path`: ms until rows show, rows drawn and bytes once quiet (null: no rows in time). */
async function loadOnce(page, bytes, { path, rows }, settle) {
  bytes.reset();
  await page.goto(path, { waitUntil: 'commit' });
  try {
    await page.waitForFunction(() => window.__rowsPainted !== undefined, null, { timeout: ROW_TIMEOUT, polling: 100 });
  } catch {
    // What the screen showed instead, and the page's errors: why no row came.
    const shown = await page.evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 300)).catch(() => '');
    return { noRows: true, shown, errors: page.__errors.splice(0) };
  }
  const ms = await page.evaluate(() => window.__rowsPainted);
  // Where the time went: the document's first and last byte (the worker's render, or the service worker's fetch of it).
  const timing = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; const fcp = performance.getEntriesByName('first-contentful-paint')[0]; return n ? { firstByte: Math.round(n.responseStart), lastByte: Math.round(n.responseEnd), firstPaint: fcp ? Math.round(fcp.startTime) : null } : null; });
  if (settle) {
    // Quiet: the live connection says live (where the screen shows it), then no request for 500 ms.
    await page.waitForFunction(() => { const s = document.querySelector('[data-testid="live-status"]'); return !s || s.textContent === 'live'; }, null, { timeout: 30_000, polling: 100 }).catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  }
  const [drawn, controlled] = await page.evaluate((sel) => [document.querySelectorAll(sel).length, Boolean(navigator.serviceWorker?.controller)], rows);
  return { ms: Math.round(ms), rows: drawn, controlled, timing, bytes: settle ? bytes.read() : null };
}

/** A cold load, then (the service worker active) a warm one, in one fresh context. */
async function coldThenWarm(browser, base, session, profile, target) {
  const p = PROFILES[profile];
  const context = await browser.newContext({ baseURL: base, viewport: p.viewport, isMobile: p.mobile, hasTouch: p.mobile, storageState: session });
  try {
    const page = await context.newPage();
    // BENCH_BIG_RENDER=client: the app renders the screen itself, as before the worker rendered it (test hooks only).
    if (process.env.BENCH_BIG_RENDER === 'client') await page.setExtraHTTPHeaders({ 'x-piste-render': 'client' });
    page.__errors = [];
    page.on('pageerror', (e) => page.__errors.push(e.message.slice(0, 300)));
    await page.addInitScript(watch, target.first);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytes = meter(cdp);
    const throttle = async (on) => {
      if (!p.network) return;
      await cdp.send('Network.emulateNetworkConditions', on ? p.network : UNTHROTTLED);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? p.cpu : 1 });
    };
    await throttle(true);
    // Bytes are counted on loopback (the same bytes cross a slow network), where waiting for quiet is cheap.
    const settle = !p.network;
    const cold = await loadOnce(page, bytes, target, settle);
    if (cold.noRows) return { cold, warm: null };
    // The service worker precaches the app at full speed (not part of any figure), then controls the next load.
    await throttle(false);
    const ready = await page.evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 60_000))]));
    await throttle(true);
    const warm = ready ? await loadOnce(page, bytes, target, settle) : null;
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * Tab switches on a coach's machine (loopback, the service worker active): from the pools grid, a click on each
 * practice tab in turn and back to the pools, each timed in the page from the click to the frame after the
 * tab's first row is in the DOM. Answers, per tab, each switch's time (null: no rows in time).
 */
async function switchTabs(browser, base, session, runs) {
  const p = PROFILES.loopback;
  const context = await browser.newContext({ baseURL: base, viewport: p.viewport, storageState: session });
  const out = Object.fromEntries(PAGES.map((t) => [t.page, []]));
  try {
    const page = await context.newPage();
    await page.goto(PAGES[0].path);
    await page.waitForSelector(PAGES[0].first, { timeout: ROW_TIMEOUT });
    await page.evaluate(() => navigator.serviceWorker.ready);
    // A coach reads the page a moment before a click: the page is quiet (its idle work done) first.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    for (let i = 0; i < runs; i++) {
      for (const target of [...PAGES.slice(1), PAGES[0]]) {
        const ms = await page.evaluate(({ path, first }) => new Promise((resolve) => {
          const link = document.querySelector(`nav a[href="${path}"]`);
          if (!link) return resolve(null);
          const timer = setTimeout(() => resolve(null), 30_000);
          const t0 = performance.now();
          const seen = () => requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(timer); resolve(performance.now() - t0); }));
          const observer = new MutationObserver(() => {
            if (!document.querySelector(first)) return;
            observer.disconnect();
            seen();
          });
          observer.observe(document, { childList: true, subtree: true });
          link.click();
        }), target);
        out[target.page].push(ms === null ? null : Math.round(ms));
        // Rows stay after the first: let the page finish the tab before the next click.
        await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
      }
    }
  } finally {
    await context.close();
  }
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

/** Median of one navigation timing over the loads that have it (null: none has). */
function timingMedian(loads, key) {
  const known = loads.map((l) => l.timing?.[key]).filter((v) => typeof v === 'number');
  return known.length ? median(known) : null;
}

/** Median of each byte kind over the loads that counted bytes. */
function medianBytes(loads) {
  const counted = loads.filter((l) => l.bytes);
  if (counted.length === 0) return null;
  return Object.fromEntries(Object.keys(counted[0].bytes).map((k) => [k, median(counted.map((l) => l.bytes[k]))]));
}

/** Sums a set of loads: each time, the median, rows drawn, bytes, whether a service worker controlled them. */
function figure(loads, runs) {
  const done = loads.filter((l) => l && !l.noRows);
  const missed = loads.find((l) => l?.noRows);
  const why = missed ? { shown: missed.shown, errors: missed.errors } : {};
  if (done.length === 0) return { ms: [], median: null, failed: `no rows within ${ROW_TIMEOUT} ms`, ...why };
  return {
    ms: done.map((l) => l.ms),
    median: median(done.map((l) => l.ms)),
    firstByte: timingMedian(done, 'firstByte'),
    lastByte: timingMedian(done, 'lastByte'),
    firstPaint: timingMedian(done, 'firstPaint'),
    rows: median(done.map((l) => l.rows)),
    bytes: medianBytes(done),
    serviceWorker: done.every((l) => l.controlled),
    ...(done.length < runs ? { failed: `${runs - done.length} of ${runs} runs showed no rows within ${ROW_TIMEOUT} ms`, ...why } : {}),
  };
}

/**
 * Every page of every built event, `runs` times in each profile, cold then warm. `events` is big-event.mjs's
 * answer; a page of an event whose build stopped before it is "cannot be built".
 */
export async function measurePages(base, seeded, runs, log) {
  // Each context signs the coach in afresh (an access token lasts 15 minutes; a refresh token serves once).
  const { hostname } = new URL(base);
  const session = async (practiceId, profile) => ({
    cookies: (await seeded.signIn()).map((line) => {
      const [pair, ...attrs] = line.split(';').map((x) => x.trim());
      const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      return { name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), domain: hostname, path, httpOnly: true, sameSite: 'Lax' };
    }).concat(
      // The device's current practice as the app keeps it for the worker's render (issue 33), once it has opened it.
      { name: 'piste_practice', value: practiceId, domain: hostname, path: '/', httpOnly: false, sameSite: 'Lax' },
      // And its screen, as the app keeps it (a phone's layout on the slow mobile profile).
      { name: 'piste_screen', value: PROFILES[profile].mobile ? 'narrow' : 'wide', domain: hostname, path: '/', httpOnly: false, sameSite: 'Lax' },
    ),
    origins: [{ origin: base, localStorage: [{ name: 'current_practice_id', value: practiceId }] }],
  });
  const needs = { 'pools grid': 'draw', 'pool results': 'pool bouts', tableau: 'pool bouts', 'final results': 'tableau' };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-quic'],
  });
  const out = [];
  try {
    for (const [size, event] of Object.entries(seeded.events)) {
      for (const target of PAGES) {
        if (!event.built.includes(needs[target.page])) {
          out.push({ fencers: Number(size), page: target.page, cannotBuild: event.cannotBuild });
          continue;
        }
        // One load per event not counted: the worker's code and this practice's room warm, as on an event in use.
        if (target === PAGES[0]) await coldThenWarm(browser, base, await session(event.practiceId, 'loopback'), 'loopback', target);
        for (const profile of Object.keys(PROFILES)) {
          const loads = [];
          for (let i = 0; i < runs; i++) {
            const r = await coldThenWarm(browser, base, await session(event.practiceId, profile), profile, target);
            loads.push(r);
            if (r.cold.noRows) break;
          }
          const entry = { fencers: Number(size), page: target.page, profile, cold: figure(loads.map((l) => l.cold), runs), warm: figure(loads.map((l) => l.warm), runs) };
          out.push(entry);
          log(`${size} fencers, ${target.page}, ${profile}: cold ${entry.cold.median ?? '—'} ms / warm ${entry.warm.median ?? '—'} ms (document ${entry.warm?.firstByte ?? '—'}–${entry.warm?.lastByte ?? '—'} ms, first paint ${entry.warm?.firstPaint ?? '—'} ms), ${entry.cold.rows ?? 0} rows`);
        }
      }
      // Tab switches once every page of the event can be built.
      if (event.built.includes('tableau')) {
        const switches = await switchTabs(browser, base, await session(event.practiceId, 'loopback'), Math.max(runs, 3));
        for (const [page, ms] of Object.entries(switches)) {
          const done = ms.filter((x) => x !== null);
          const entry = { fencers: Number(size), page, profile: 'loopback switch', switch: { ms, median: done.length ? median(done) : null, ...(done.length < ms.length ? { failed: `${ms.length - done.length} of ${ms.length} switches showed no rows within 30 s` } : {}) } };
          out.push(entry);
          log(`${size} fencers, switch to ${page}: ${entry.switch.median ?? '—'} ms (${ms.join(', ')})`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}
