import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser, type Entry } from '../helpers/seed';

const browser = useBrowser();

/** A practice of one pool of these entries, every bout fenced through the API (the earlier entry wins 5 to its gap). */
async function practice(page: Page, name: string, date: string, entries: Entry[]) {
  const api = seed(viaBrowser(page.request));
  const p = await api.practice(name, { date });
  const [pool] = await api.pools(p.id, entries);
  await api.fenceAll(pool!, (i, j) => [5, j - i]);
  return p;
}

describe("a fencer's progress across practices", () => {
  it('links a typed name to the roster athlete, then the athlete page shows the record, the head-to-head and the charts; the roster sorts by rating', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'History Coach', email: uniqueEmail('history'), password: 'history coach pw' });
    const athletes = [];
    for (const name of ['Anna Rossi', 'Ben Okafor', 'Cleo Diaz', 'Dora Kiss']) {
      athletes.push(await seed(viaBrowser(page.request)).athlete({ name, club: 'Club Nord' }));
    }
    const [anna] = athletes;
    // Tuesday: the four from the roster, Anna first (she wins all three). Thursday: Anna typed by name, last (she loses all three).
    await practice(page, 'Tuesday', '2026-11-17', athletes.map((a) => ({ athlete_id: a.id })));
    const thursday = await practice(page, 'Thursday', '2026-11-19', [...athletes.slice(1).map((a) => ({ athlete_id: a.id })), { name: 'Anna Rossi' }]);

    // On Thursday's pools, the row menu links ANNA ROSSI to the roster athlete of the same name.
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), thursday.id);
    await page.goto('/individual-practice');
    await page.getByRole('button', { name: 'Status of ANNA ROSSI' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('roster-link').textContent()).toContain('Not linked');
    expect(await dialog.getByLabel('Link to roster athlete…').inputValue()).toBe(anna!.id);
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expectToast(page, 'ANNA ROSSI is linked to Anna Rossi');

    // Her page: 6 bouts (3 won on Tuesday, 3 lost on Thursday), a head-to-head row against Ben, the charts.
    await page.goto(`/athletes/${anna!.id}`);
    const record = page.getByTestId('athlete-record');
    await expect.poll(() => record.locator('[data-stat="Bouts"]').textContent()).toBe('6');
    expect(await record.locator('[data-stat="V"]').textContent()).toBe('3');
    expect(await record.locator('[data-stat="D"]').textContent()).toBe('3');
    expect(await record.locator('[data-stat="Win %"]').textContent()).toBe('50%');
    const benRow = page.getByTestId('h2h-row').filter({ hasText: 'Ben Okafor' });
    // Named from the roster, which may answer after the history: wait for the row.
    await expect.poll(() => benRow.locator('td').allTextContents()).toEqual(['Ben Okafor', '2', '1', '1', '8', '6']);
    expect(await page.getByTestId('h2h-row').count()).toBe(3);
    await page.getByTestId('indicator-chart').locator('canvas').waitFor();
    await page.getByTestId('rating-chart').locator('canvas').waitFor();
    // The numbers behind the indicator chart, for screen readers: 15−6 on Tuesday, 6−15 on Thursday.
    const indicatorTable = await page.getByTestId('indicator-chart').locator('table tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    expect(indicatorTable).toEqual([['Tuesday', '9'], ['Thursday', '-9']]);
    // And behind the rating chart: the practice of each bout after which it is her rating.
    const ratingPractices = await page.getByTestId('rating-chart').locator('table tbody tr td:nth-child(2)').allTextContents();
    expect(ratingPractices).toEqual(['Tuesday', 'Tuesday', 'Tuesday', 'Thursday', 'Thursday', 'Thursday']);
    expect(await page.getByTestId('last-bout').count()).toBe(6);

    // A date range applies to all of it: Thursday only.
    expect(thursday.date).toBe('2026-11-19');
    await page.getByLabel('From').fill('2026-11-18');
    await expect.poll(() => record.locator('[data-stat="Bouts"]').textContent()).toBe('3');
    expect(await record.locator('[data-stat="Win %"]').textContent()).toBe('0%');
    expect(await page.getByTestId('h2h-row').filter({ hasText: 'Ben Okafor' }).locator('td').allTextContents()).toEqual(['Ben Okafor', '1', '0', '1', '3', '5']);

    // The roster: columns and a sort by rating that stays after a reload.
    await page.goto('/athletes');
    await page.getByRole('button', { name: /^Rating/ }).click();
    await expect.poll(() => page.getByTestId('athlete-item').locator('a').allTextContents()).toHaveLength(4);
    const byRating = await page.getByTestId('athlete-item').evaluateAll((rows) => rows.map((r) => Number(r.querySelector('[data-stat="rating"]')!.textContent)));
    expect([...byRating].sort((a, b) => b - a)).toEqual(byRating);
    // The athletes' records arrive beside the roster (held back here): until then a count is unknown, never 0.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/athletes/summaries', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect.poll(() => page.getByRole('columnheader', { name: /Rating/ }).getAttribute('aria-sort')).toBe('descending');
    const benItem = page.getByTestId('athlete-item').filter({ hasText: 'Ben Okafor' });
    await expect.poll(() => benItem.locator('[data-stat="bouts"]').textContent()).toBe('—');
    release();
    await expect.poll(() => benItem.locator('[data-stat="bouts"]').textContent()).toBe('6');
    await context.close();
  });
});
