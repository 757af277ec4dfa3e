import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enterScore, expectToast, useBrowser, newContext, signIn, signUp, uniqueEmail } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

/** Six fencers in one pool, fully fenced so that F1 ranks first and F6 last. */
async function fencedPractice(page: Page) {
  const api = seed(viaBrowser(page.request));
  const { practice, pool } = await api.practiceWithPool('DE Night', ['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
  await api.fenceAll(pool, (i, j) => [5, j - i]);
  await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
  return practice;
}

const match = (page: Page, id: string) => page.getByTestId(`match-${id}`);


describe('the tableau and final results, live', () => {
  it('draws 8 with two byes advanced, is fenced to the final, and a second screen follows every score', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const coach = { name: 'DE Coach', email: uniqueEmail('de'), password: 'tableau pw 1' };
    await signUp(page, coach);
    await page.goto('/tableau');
    await fencedPractice(page);
    await page.goto('/tableau');

    const watcherContext = await newContext(browser());
    const watcher = await watcherContext.newPage();
    await signIn(watcher, coach.email, coach.password);
    await watcher.goto('/practices');
    await watcher.getByRole('button', { name: 'Open DE Night' }).click();
    await watcher.goto('/tableau');

    for (const p of [page, watcher]) {
      await expect.poll(() => p.getByTestId('tableau-round').locator('h2').allTextContents()).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    }
    // Seeds 1 and 2 have byes and already stand in the semi-finals.
    expect(await match(page, 'r1-m0').textContent()).toContain('Bye');
    expect(await match(page, 'r1-m3').textContent()).toContain('Bye');
    expect(await match(page, 'r1-m0').getByRole('button').count()).toBe(0);
    expect(await match(page, 'r2-m0').textContent()).toMatch(/^1F1.*TBD/);
    expect(await match(page, 'r2-m1').textContent()).toMatch(/TBD.*2F2/);
    expect(await match(page, 'r3-m0').textContent()).toMatch(/TBD.*TBD/);

    // Equal scores decide nothing in a tableau: the dialog says so (in a pool they count as a victory for both).
    await match(page, 'r1-m1').getByRole('button', { name: 'Enter Score' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('group').nth(0).getByRole('button', { name: '9', exact: true }).click();
    await picker.getByRole('group').nth(1).getByRole('button', { name: '9', exact: true }).click();
    expect(await picker.getByText('At equal scores nobody goes through, unless one fencer won on priority:').count()).toBe(1);
    expect(await picker.getByText(/victory for both/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    await enterScore(page, 'r1-m1', 10, 15); // F4 beats F5
    await expect.poll(() => match(watcher, 'r2-m0').textContent()).toMatch(/F1.*F4/);
    await enterScore(page, 'r1-m2', 15, 8); // F3 beats F6
    await expect.poll(() => match(watcher, 'r2-m1').textContent()).toMatch(/F3.*F2/);
    await enterScore(page, 'r2-m0', 15, 12); // F1 beats F4
    await enterScore(page, 'r2-m1', 15, 13); // F3 beats F2
    await expect.poll(() => match(watcher, 'r3-m0').textContent()).toMatch(/F1.*F3/);
    await enterScore(page, 'r3-m0', 15, 14); // F1 champion
    await expect.poll(() => match(watcher, 'r3-m0').textContent()).toMatch(/F1\s*15.*F3\s*14/);

    const standings = async (p: Page) =>
      p.getByTestId('standing-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    await watcher.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Final Results' }).click();
    await expect.poll(() => standings(watcher)).toEqual([
      ['1', 'F1', 'Champion'],
      ['2', 'F3', 'Finalist'],
      ['3', 'F2', 'Semi-Finalist'],
      ['3', 'F4', 'Semi-Finalist'],
      ['5', 'F5', 'Quarter-Finalist'],
      ['5', 'F6', 'Quarter-Finalist'],
    ]);

    // Correcting a quarter-final clears what its old winner had reached, on the other screen too.
    await match(page, 'r1-m1').getByRole('button', { name: 'Edit score' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('group').nth(0).getByRole('button', { name: '15', exact: true }).click();
    await dialog.getByRole('group').nth(1).getByRole('button', { name: '11', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Bracket updated');
    await expect.poll(() => standings(watcher)).toEqual([
      ['3', 'F2', 'Semi-Finalist'],
      ['5', 'F4', 'Quarter-Finalist'],
      ['5', 'F6', 'Quarter-Finalist'],
    ]);
    await expect.poll(() => match(page, 'r3-m0').textContent()).toMatch(/TBD.*F3/);
    await watcherContext.close();
    await context.close();
  });

  it('shows the empty states before the pools are fenced', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Empty Coach', email: uniqueEmail('empty'), password: 'empty pw 12' });
    const practice = await seed(viaBrowser(page.request)).practice('Not yet');
    await seed(viaBrowser(page.request)).pools(practice.id, ['a', 'b']);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/tableau');
    await page.getByRole('heading', { name: 'No bracket yet' }).waitFor();
    await page.getByText('Complete pool matches to generate the elimination bracket.').waitFor();
    await page.getByText('1 pool bout still to fence.').waitFor();
    await page.goto('/final-results');
    await page.getByText('No bracket results available yet. Complete matches in the Olympic Tableau to see final rankings.').waitFor();
    await context.close();
  });
});
