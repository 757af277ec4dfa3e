import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { bigEvent } from '../helpers/big-event';
import { seriousViolations } from '../helpers/axe';

const browser = useBrowser();

/** Whether the element is wholly inside the window (a jump that left it below the fold does not count). */
const inView = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.left < window.innerWidth;
  });

/** Part of a name as someone would type it: lower case, without its accents. */
const typed = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Types into the screen's "Go to a fencer" field and takes the first match with Enter. */
async function goToFencer(page: Page, text: string) {
  // The pools screen keeps its grid first on a phone: the field opens from a button.
  if (await page.getByTestId('find-fencer-open').isVisible()) await page.getByTestId('find-fencer-open').tap();
  const field = page.getByRole('searchbox', { name: 'Go to a fencer' });
  await field.fill(text);
  await page.getByRole('list', { name: 'Fencers found' }).waitFor();
  await field.press('Enter');
}

describe('a national event of 256 fencers on a 375 px phone (issue 33)', () => {
  it('jumps to a pool, to a fencer in the pools, the ranking and the results, and to a round of the table of 256', { timeout: 600_000 }, async () => {
    const context = await newContext(browser(), { width: 375, height: 667, touch: true });
    const page = await context.newPage();
    await signUp(page, { name: 'National Coach', email: uniqueEmail('national'), password: 'national coach pw' });
    const started = Date.now();
    const { practice, pools } = await bigEvent(viaBrowser(page.request), 256);
    console.info(`bigEvent(256): ${Date.now() - started} ms`);
    expect(pools).toHaveLength(37);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    const violations: Record<string, string[]> = {};
    const audit = async (name: string) => {
      const found = await seriousViolations(page);
      if (found.length) violations[name] = found;
    };

    // The selector goes straight to Pool 37: its grid shows its fencers.
    await page.goto('/individual-practice');
    await page.getByTestId('pool-row').first().waitFor();
    await page.locator('#pool-select').selectOption({ label: 'Pool 37' });
    const last = pools[36]!;
    await expect.poll(() => page.getByTestId('pool-row').locator('th').allTextContents()).toEqual(last.players.map((p) => `${p.position}${p.name}`));
    await audit('pools');

    // A fencer of Pool 12 found by part of their name, typed without accents: their pool opens, their row marked in view.
    const wanted = pools[11]!.players.at(-1)!;
    await goToFencer(page, typed(wanted.name));
    await expect.poll(() => page.locator('#pool-select').inputValue()).toBe(pools[11]!.id);
    const row = page.locator('[data-testid="pool-row"][data-found]');
    await expect.poll(() => row.locator('th').textContent()).toBe(`${wanted.position}${wanted.name}`);
    await expect.poll(() => inView(row.locator('th'))).toBe(true);
    await audit('pools, a fencer found');

    // The ranking of 256: a fencer near its end is found, marked, and scrolled into view, the place beside the name.
    await page.goto('/pool-results');
    await page.getByTestId('result-row').first().waitFor();
    await expect.poll(() => page.getByTestId('result-row').count()).toBe(256);
    const ranked = await page.getByTestId('result-row').nth(230).locator('td').nth(1).locator('span').first().textContent();
    const rank = await page.getByTestId('result-row').nth(230).locator('td').first().textContent();
    await goToFencer(page, typed(ranked!));
    const rankedRow = page.locator('[data-testid="result-row"][data-found]');
    await expect.poll(() => rankedRow.locator('td').nth(1).locator('span').first().textContent()).toBe(ranked);
    await expect.poll(() => inView(rankedRow.locator('td').first())).toBe(true);
    expect(await rankedRow.locator('td').first().textContent()).toBe(rank);
    await audit('pool results, a fencer found');

    // The table of 256 shows one round at a time on a phone: the Final is one choice away, its match in view.
    await page.goto('/tableau');
    await page.getByTestId('tableau-round').first().waitFor();
    expect(await page.getByTestId('tableau-round').count()).toBe(1);
    await page.getByLabel('Go to round').selectOption({ label: 'Final' });
    await expect.poll(() => page.getByTestId('tableau-round').locator('h2').allTextContents()).toEqual(['Final']);
    await expect.poll(() => inView(page.getByTestId('match-r8-m0'))).toBe(true);
    await audit('tableau, the final');
    // A fencer's path: found by name, the tableau opens on their last match, marked: a semi-final's loser's semi-final.
    const saved = await seed(viaBrowser(page.request)).bracket(practice.id);
    const semi = saved.matches.find((m) => m.round === 7 && m.position === 1)!;
    const beaten = pools.flatMap((p) => p.players).find((p) => p.id !== semi.winner_id && (p.id === semi.player1_id || p.id === semi.player2_id))!;
    await goToFencer(page, typed(beaten.name));
    await expect.poll(() => page.getByTestId('tableau-round').locator('h2').allTextContents()).toEqual(['Semi-finals']);
    await expect.poll(() => page.locator('[data-found]').getAttribute('data-testid')).toBe('match-r7-m1');
    await expect.poll(() => inView(page.getByTestId('match-r7-m1'))).toBe(true);
    // The first round draws its 128 matches, not the table's 255.
    await page.getByLabel('Go to round').selectOption({ label: 'Round 1' });
    await expect.poll(() => page.locator('li[data-testid^="match-r"]').count()).toBe(128);
    await audit('tableau, the table of 256');

    // The final results of 256: a fencer far down is found and in view, with their place.
    await page.goto('/final-results');
    await page.getByTestId('standing-row').first().waitFor();
    await expect.poll(() => page.getByTestId('standing-row').count()).toBe(256);
    const placed = await page.getByTestId('standing-row').nth(200).locator('td').nth(1).textContent();
    const place = await page.getByTestId('standing-row').nth(200).locator('td').first().textContent();
    await goToFencer(page, typed(placed!));
    const placedRow = page.locator('[data-testid="standing-row"][data-found]');
    await expect.poll(() => placedRow.locator('td').nth(1).textContent()).toBe(placed);
    await expect.poll(() => inView(placedRow.locator('td').first())).toBe(true);
    expect(await placedRow.locator('td').first().textContent()).toBe(place);
    await audit('final results, a fencer found');

    expect(violations).toEqual({});
    await context.close();
  });
});
