// The cost of applying a bout message in a real browser (issue 13): Chromium (Debian's, never a download)
// opens the coach's pools screen on a 12-fencer pool; bouts are written from outside the page, and the page's
// own performance measures (app/lib/marks.ts) time each delta from its arrival to the grid's commit.
import { chromium } from 'playwright-core';
import { summarize } from './fanout.mjs';
import { signUpCoach } from './mailbox.mjs';

export async function applyCost(base, mailbox, bouts = 65, warmup = 5) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const json = { 'content-type': 'application/json' };
    const ok = async (res) => {
      if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
      return res.json();
    };
    await page.goto('/auth');
    // Signed up through the mailed link; its cookies go into this browser.
    const cookie = await signUpCoach(base, mailbox, { full_name: 'Bench Browser', email: `browser-${Date.now()}@example.com`, password: 'bench password' });
    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), url: base })));
    const practice = await ok(await page.request.post('/api/practices', { headers: json, data: { practice_type: 'individual', name: 'Twelve' } }));
    const names = Array.from({ length: 12 }, (_, i) => `Fencer ${i + 1}`);
    const { pools } = await ok(await page.request.post(`/api/practices/${practice.id}/pools/generate`, { headers: json, data: { method: 'single', entries: names.map((name) => ({ name })) } }));
    const pool = pools[0];
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/individual-practice');
    await page.getByTestId('cell-1-2').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="live-status"]')?.textContent === 'live');
    const pairs = [];
    for (let i = 0; i < 12; i++) for (let j = i + 1; j < 12; j++) pairs.push([i, j]);
    for (const [k, [i, j]] of pairs.slice(0, bouts).entries()) {
      await ok(await page.request.post(`/api/practices/${pool.practice_id}/pools/${pool.id}/bouts`, { headers: json, data: { player1_id: pool.players[i].id, player2_id: pool.players[j].id, score1: 5, score2: k % 5, version: 0 } }));
      // The page shows it before the next one is written.
      await page.waitForFunction((n) => performance.getEntriesByName('piste:bout-applied').length >= n, k + 1);
    }
    const samples = await page.evaluate(() => performance.getEntriesByName('piste:bout-applied').map((e) => e.duration));
    // The first few run before the page's code is warm (JIT), as in any benchmark.
    return summarize(samples.slice(warmup));
  } finally {
    await browser.close();
  }
}
