import type { Page } from 'playwright-core';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { describe, expect, it } from 'vitest';
import { enterScore, expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

const NAMES = Array.from({ length: 12 }, (_, i) => `F${String(i + 1).padStart(2, '0')}`);


/** Fences pool bouts through the API: the fencer listed first always wins, 5 to the gap between them (at most 4). */
async function fence(page: Page, pool: PoolSnapshot, pairs: [number, number][]) {
  for (const [i, j] of pairs) {
    await seed(viaBrowser(page.request)).bout(pool, pool.players[i]!.id, pool.players[j]!.id, 5, Math.min(4, j - i));
  }
}

const rows = (p: Page, testId: string) => p.getByTestId(testId).evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim())));


describe('competition formats, as a coach runs them', () => {
  it('12 fencers: 2 absent at check-in, one withdraws mid-pool, a cut to the top 8, a 3rd-place bout, final results 1 to 12, live on the board', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Format Coach', email: uniqueEmail('formats'), password: 'formats pw 1' });
    const practice = await seed(viaBrowser(page.request)).practice('Club Competition');
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    // Check-in in the setup wizard: two fencers have not arrived; the sizes show before generating.
    await page.goto('/practice-setup');
    await page.getByLabel('Or type names, one per line').fill(NAMES.join('\n'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Random split/ }).check();
    await page.getByLabel('Number of pools').fill('4');
    await expect.poll(() => page.getByTestId('division-preview').textContent()).toBe('4 pools of 3 fencers · 3 bouts each.');
    await page.getByRole('alert').filter({ hasText: 'fewer than 4 fencers' }).waitFor();
    // Pools of two fence one bout each: said in the singular.
    await page.getByLabel('Number of pools').fill('6');
    await expect.poll(() => page.getByTestId('division-preview').textContent()).toBe('6 pools of 2 fencers · 1 bout each.');
    await page.getByRole('radio', { name: /^Single pool/ }).check();
    const checkIn = page.getByTestId('check-in-list');
    await checkIn.getByRole('button', { name: /^F11/ }).click();
    await checkIn.getByRole('button', { name: /^F12/ }).click();
    expect(await checkIn.getByRole('button', { name: /^F12/ }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('division-preview').textContent()).toBe('10 present, 2 absent. One pool of 10 fencers · 45 bouts.');
    // Pools of two sizes say how many of each (issue 58), the larger first, one pool in the singular.
    await page.getByRole('radio', { name: /^Random split/ }).check();
    await page.getByLabel('Number of pools').fill('3');
    await expect.poll(() => page.getByTestId('division-preview').textContent()).toBe('10 present, 2 absent. 1 pool of 4 and 2 pools of 3 fencers · 6 and 3 bouts each.');
    await page.getByRole('radio', { name: /^Single pool/ }).check();
    await expect.poll(() => page.getByTestId('division-preview').textContent()).toBe('10 present, 2 absent. One pool of 10 fencers · 45 bouts.');
    await page.getByRole('button', { name: 'Generate Pools' }).click();
    await expectToast(page, 'Pools generated successfully');
    await expect.poll(() => page.getByTestId('pool-row').count()).toBe(10);
    await page.getByTestId('check-in').getByRole('button', { name: 'F11 arrived: add to the smallest pool' }).waitFor();

    // The live board, open in the hall.
    const shared = await seed(viaBrowser(page.request)).share(practice.id);
    const boardContext = await newContext(browser());
    const board = await boardContext.newPage();
    await board.goto(`/live/${shared.board_id}`);
    await expect.poll(() => board.getByTestId('pool-row').count()).toBe(10);

    // F10 fences three bouts, then withdraws (injury) from the row menu: their bouts are annulled for everyone.
    const [pool] = await seed(viaBrowser(page.request)).poolsOf(practice.id);
    await fence(page, pool!, [[0, 9], [1, 9], [2, 9]]);
    await expect.poll(() => page.getByTestId('cell-1-10').textContent()).toBe('V5');
    expect(await page.locator('[data-stat="V"]').first().textContent()).toBe('1');
    await page.getByRole('button', { name: 'Status of F10' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Withdrawn \(injury\)/ }).click();
    await expectToast(page, 'F10: Withdrawn');
    await expect.poll(() => page.getByTestId('status-10').textContent()).toBe('Withdrawn: bouts annulled');
    expect(await page.getByTestId('cell-1-10').textContent()).toBe('annulled');
    expect(await page.locator('[data-stat="V"]').first().textContent()).toBe('0');
    await expect.poll(() => board.getByTestId('status-10').textContent()).toBe('Withdrawn: bouts annulled');
    expect(await page.getByTestId('bouts-remaining').textContent()).toBe('36 of 45 to fence');

    // The rest of the pool, among the nine still fencing.
    const rest: [number, number][] = [];
    for (let i = 0; i < 9; i++) for (let j = i + 1; j < 9; j++) rest.push([i, j]);
    await fence(page, pool!, rest);
    await expect.poll(() => page.getByTestId('bouts-remaining').textContent()).toBe('All bouts fenced');

    // The format: the top 8 go on, and 3rd place is fenced.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();
    await page.getByRole('button', { name: 'Format…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Number of fencers who go on').fill('8');
    await dialog.getByRole('radio', { name: '3rd-place bout' }).check();
    await dialog.getByRole('button', { name: 'Save format' }).click();
    await expectToast(page, 'Format saved');
    await expect.poll(() => page.getByTestId('tableau-format').textContent()).toContain('Tableau: Top 8 · 3rd place fenced');
    await expect.poll(() => page.getByTestId('tableau-round').locator('h2').allTextContents()).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    await page.getByTestId('places').getByText('Bout for 3rd place').waitFor();

    // Pool results: F09 is cut, F10 withdrew.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Pool Results' }).click();
    await expect.poll(async () => (await rows(page, 'result-row')).map((r) => [r[0], r[1]])).toEqual([
      ...NAMES.slice(0, 8).map((n, i) => [String(i + 1), `${n}Main Pool`]),
      ['9', 'F09Main Pooleliminated after pools'],
      ['10', 'F10Main PoolWithdrawn'],
    ]);

    // The tableau of 8, the better seed winning every bout, the semi-final losers fencing for 3rd.
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();
    await enterScore(page, 'r1-m0', 15, 3); // F01 v F08
    await enterScore(page, 'r1-m1', 10, 15); // F05 v F04
    await enterScore(page, 'r1-m2', 15, 9); // F03 v F06
    await enterScore(page, 'r1-m3', 11, 15); // F07 v F02
    await enterScore(page, 'r2-m0', 15, 12); // F01 v F04
    await enterScore(page, 'r2-m1', 13, 15); // F03 v F02
    await expect.poll(() => page.getByTestId('match-r3-m1').textContent()).toMatch(/F04.*F03/);
    await enterScore(page, 'r3-m1', 14, 15); // 3rd place: F03 beats F04
    await enterScore(page, 'r3-m0', 15, 10); // the final

    const expected = [
      ['1', 'F01', 'Champion'],
      ['2', 'F02', 'Finalist'],
      ['3', 'F03', 'Bout for 3rd place'],
      ['4', 'F04', 'Bout for 3rd place'],
      ['5', 'F05', 'Quarter-Finalist'],
      ['5', 'F06', 'Quarter-Finalist'],
      ['5', 'F07', 'Quarter-Finalist'],
      ['5', 'F08', 'Quarter-Finalist'],
      ['9', 'F09', 'eliminated after pools'],
      ['10', 'F10', 'Did Not Finish'],
      ['—', 'F11', 'Did Not Start'],
      ['—', 'F12', 'Did Not Start'],
    ];
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Final Results' }).click();
    await expect.poll(() => rows(page, 'standing-row')).toEqual(expected);
    // The board in the hall shows the same, live.
    await board.getByRole('link', { name: 'Final Results' }).click();
    await expect.poll(() => rows(board, 'standing-row')).toEqual(expected);

    await boardContext.close();
    await context.close();
  });
});
