import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

// Issue 55: the board keeps what the spectator did before the app took the rendered page over, and a board whose
// scripts did not load says so and comes back by itself.
const browser = useBrowser();

/** A coach's shared practice of two pools. */
async function sharedTwoPools() {
  const context = await newContext(browser());
  const coach = await context.newPage();
  await signUp(coach, { name: 'Takeover Coach', email: uniqueEmail('takeover'), password: 'takeover coach pw' });
  const api = seed(viaBrowser(coach.request));
  const practice = await api.practice('Two Pool Night');
  const pools = await api.pools(practice.id, ['Ada Lovelace', 'Bruno Marchetti', 'Chloé Durand', 'Dmitri Volkov', 'Elena Rossi', 'Farid Haddad'], 2);
  const shared = await api.share(practice.id);
  return { pools, boardId: shared.board_id, close: () => context.close() };
}

const rowOf = (page: Page, name: string) => page.getByTestId('pool-row').filter({ hasText: name });
const taken = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.taken === '1', undefined, { timeout: 60_000 });

describe('a board taken over by the app', () => {
  it('a spectator who picks Pool 2 as soon as the board paints still sees Pool 2 once the app has taken over', async () => {
    const board = await sharedTwoPools();
    const second = board.pools.find((p) => p.name === 'Pool 2')!;
    const first = board.pools.find((p) => p.name === 'Pool 1')!;
    const context = await newContext(browser(), { width: 375, height: 667, touch: true });
    const page = await context.newPage();
    // The app's scripts wait until the spectator has picked: the pick lands before the takeover, every time.
    let release!: () => void;
    const picked = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route: Route) => {
      await picked;
      await route.continue();
    });
    // The page paints from its HTML while its scripts wait (so the load event waits too).
    await page.goto(`/live/${board.boardId}`, { waitUntil: 'commit' });
    await rowOf(page, first.players[0]!.name).first().waitFor();
    await page.locator('#pool-select').selectOption({ label: 'Pool 2' });
    release();
    await taken(page);
    // The picker and the grid agree: Pool 2's fencers under "Pool 2".
    await expect.poll(() => page.locator('#pool-select').evaluate((s) => (s instanceof HTMLSelectElement ? s.selectedOptions[0]?.textContent : null))).toBe('Pool 2');
    for (const p of second.players) await rowOf(page, p.name).first().waitFor();
    expect(await rowOf(page, first.players[0]!.name).count()).toBe(0);
    await context.close();
    await board.close();
  });

  it('a board whose scripts are blocked once shows it is not live, then goes live by itself', async () => {
    const board = await sharedTwoPools();
    const context = await newContext(browser());
    const page = await context.newPage();
    let loads = 0;
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && loads++));
    // A blip while the first load fetches the app's scripts; the next load gets them.
    await page.route('**/assets/**/*.js', (route: Route) => (loads <= 1 ? route.abort('connectionreset') : route.continue()));
    await page.goto(`/live/${board.boardId}`);
    await page.getByTestId('live-retry').filter({ hasText: 'not live: loading again…' }).waitFor();
    // It loads again by itself, and goes live.
    await page.getByTestId('live-status').filter({ hasText: 'live' }).waitFor({ timeout: 60_000 });
    expect(loads).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('live-retry').isVisible()).toBe(false);
    await context.close();
    await board.close();
  });
});
