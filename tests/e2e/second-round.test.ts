import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enterScore, expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { seriousViolations } from '../helpers/axe';

const browser = useBrowser();

const names = (p: Page, table: string) => p.getByTestId(table).getByTestId('result-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]!.querySelector('span')!.textContent));

describe('a second round of pools (issue 28), as a coach runs it', () => {
  it('round 1 fenced, the coach composes round 2 on the Pools screen; the live board shows it at once; the tableau follows round 2', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Rounds Coach', email: uniqueEmail('rounds'), password: 'rounds pw 1' });
    const api = seed(viaBrowser(page.request));
    // Round 1 (not the point here): one pool of six fenced through the API, F1 first and F6 last.
    const { practice, pool } = await api.practiceWithPool('Two rounds', ['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    await api.fenceAll(pool, (i, j) => [5, Math.min(4, j - i)]);
    const shared = await api.share(practice.id);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/individual-practice');

    const boardContext = await newContext(browser());
    const board = await boardContext.newPage();
    await board.goto(`/live/${shared.board_id}`);
    await expect.poll(() => board.getByTestId('pool-row').count()).toBe(6);

    // The coach asks for the best four in one pool: the preview names who goes through and who is out.
    const panel = page.getByRole('region', { name: 'Second round of pools' });
    await panel.getByRole('radio', { name: 'The best N' }).check();
    await panel.getByLabel('How many go on (N or P)').fill('4');
    await panel.getByLabel('Pools', { exact: true }).selectOption({ label: 'Number of pools' });
    // Issue 33: four fencers fill one pool of 3 or more, so the count stops at 1, as the server would.
    const count = panel.getByLabel('Number of pools');
    expect(await count.getAttribute('max')).toBe('1');
    await count.fill('2');
    await expect.poll(() => count.inputValue()).toBe('1');
    await count.fill('1');
    const preview = panel.getByTestId('second-round-preview');
    await expect.poll(() => preview.locator('p').allTextContents()).toEqual(['4 go through: F1, F2, F3, F4', 'Pools of 4', '2 eliminated after round 1: F5, F6']);
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Compose the second round' }).click();
    await expectToast(page, 'The second round of pools is composed');

    // Both screens show the rounds, round 2 current, with its four fencers.
    for (const p of [page, board]) {
      await expect.poll(() => p.locator('#pool-select optgroup').evaluateAll((groups) => groups.map((g) => (g as HTMLOptGroupElement).label))).toEqual(['Round 2', 'Round 1']);
      await expect.poll(() => p.getByTestId('pool-row').count()).toBe(4);
    }
    expect(await page.locator('#pool-select option:checked').textContent()).toBe('Round 2 · Pool 1');

    // Round 2 is fenced so its ranking reverses round 1's: the higher seed number wins every bout.
    const second = (await api.poolsOf(practice.id)).find((p) => p.round === 2)!;
    const bySeed = [...second.players].sort((a, b) => a.seed! - b.seed!);
    for (let i = 0; i < bySeed.length; i++) {
      for (let j = i + 1; j < bySeed.length; j++) await api.bout(second, bySeed[j]!.id, bySeed[i]!.id, 5, Math.min(4, j - i));
    }
    await expect.poll(async () => (await board.locator('[data-stat="V"]').allTextContents()).sort()).toEqual(['0', '1', '2', '3']);

    // The results: round 2 on top, F5 and F6 after it; the tableau seeds from round 2: F4 meets F1, F2 meets F3.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Pool Results' }).click();
    await expect.poll(() => names(page, 'pool-results')).toEqual(['F4', 'F3', 'F2', 'F1', 'F5', 'F6']);
    expect(await names(page, 'pool-results-round-1')).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();
    await expect.poll(() => page.getByTestId('match-r1-m0').textContent()).toMatch(/1\s*F4.*4\s*F1/);
    expect(await page.getByTestId('match-r1-m1').textContent()).toMatch(/3\s*F2.*2\s*F3/);

    // Fenced to the final: those round 1 left out are placed after everyone who fenced round 2.
    await enterScore(page, 'r1-m0', 15, 10);
    await enterScore(page, 'r1-m1', 15, 12);
    await enterScore(page, 'r2-m0', 15, 11);
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Final Results' }).click();
    const standings = () => page.getByTestId('standing-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    await expect.poll(standings).toEqual([
      ['1', 'F4', 'Champion'],
      ['2', 'F2', 'Finalist'],
      ['3', 'F3', 'Semi-Finalist'],
      ['3', 'F1', 'Semi-Finalist'],
      ['5', 'F5', 'eliminated after round 1'],
      ['6', 'F6', 'eliminated after round 1'],
    ]);
    await boardContext.close();
    await context.close();
  });
});
