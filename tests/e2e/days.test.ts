import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} Fencer ${i + 1}`);

/** An event of the day: a practice whose fencers are drawn into three pools of 6–7. */
async function eventWithPools(page: Page, name: string, fencers: number) {
  const api = seed(viaBrowser(page.request));
  const practice = await api.practice(name);
  const pools = await api.pools(practice.id, names(name, fencers), 3);
  expect(pools.map((p) => p.players.length).sort()).toEqual(fencers === 20 ? [6, 7, 7] : [6, 6, 7]);
  return { practice, pools };
}

const chip = (page: Page, event: string, pool: string) => page.locator(`[data-testid="pool-chip"][data-event="${event}"][data-pool="${pool}"]`);

describe('a competition day (issue 28)', () => {
  it('groups two events on 4 pistes in two flights, moves a pool by hand, and shows it all live on the hall board', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Day Coach', email: uniqueEmail('day'), password: 'competition day pw' });
    const epee = await eventWithPools(page, 'U13 Epee', 20);
    const foil = await eventWithPools(page, 'U15 Foil', 19);

    // The day, from the main navigation.
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Competition days' }).click();
    await page.waitForURL('**/days');
    await page.getByRole('button', { name: 'New day' }).click();
    const dialog = page.getByRole('dialog', { name: 'New competition day' });
    expect(await dialog.getByLabel('Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByLabel('Day name').fill('Club Open');
    await dialog.getByLabel('Venue (optional)').fill('Sports hall');
    await dialog.getByRole('button', { name: 'Create day' }).click();
    await page.waitForURL(/\/days\/[^/]+$/);
    await expect.poll(() => page.getByTestId('day-name').textContent()).toBe('Club Open');
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');

    // Pistes 1–4.
    await page.getByLabel('Number of pistes').fill('4');
    await page.getByRole('button', { name: 'Fill 1–N' }).click();
    await expect.poll(() => page.getByTestId('piste-row').count()).toBe(4);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Pistes saved');

    // Two events, each with its three pools.
    for (const event of ['U13 Epee', 'U15 Foil']) {
      await page.getByLabel('Practice to add').selectOption({ label: event });
      await page.getByRole('button', { name: 'Add event' }).click();
      await page.getByTestId('day-event').filter({ hasText: event }).waitFor();
    }
    await expect.poll(() => page.getByTestId('day-pool').count()).toBe(6);

    // Six pools on four pistes: flight A fills the pistes, flight B takes the rest.
    await page.getByRole('button', { name: 'Place the pools' }).click();
    const grid = page.getByTestId('placement-grid');
    await expect.poll(() => grid.getByRole('rowheader').allTextContents()).toEqual(['Flight A', 'Flight B']);
    await expect.poll(() => page.getByTestId('pool-chip').count()).toBe(6);
    await expect.poll(() => page.getByTestId('now-on-piste').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Now: /)]));

    // Move a pool to another piste with its select: it stays there (pinned).
    const moved = foil.pools[2]!;
    const select = page.getByLabel(`Piste of U15 Foil ${moved.name}`);
    const from = await select.locator('option:checked').textContent();
    const to = from === 'Piste 1' ? 'Piste 2' : 'Piste 1';
    expect(await chip(page, 'U15 Foil', moved.name).getByTestId('pinned').count()).toBe(0);
    await select.selectOption({ label: to });
    await chip(page, 'U15 Foil', moved.name).getByTestId('pinned').waitFor();
    await expect.poll(() => page.getByLabel(`Piste of U15 Foil ${moved.name}`).locator('option:checked').textContent()).toBe(to);

    // The hall board, shared: anyone with the link, no account.
    // The box follows the server: it is ticked once the day says it shares.
    await page.getByLabel('Share the hall board').click();
    const link = page.getByTestId('hall-url');
    await link.waitFor();
    const hallPath = new URL((await link.textContent())!).pathname;
    expect(hallPath).toMatch(/^\/hall\/[^/]+$/);

    const hallContext = await newContext(browser());
    const hall = await hallContext.newPage();
    await hall.goto(hallPath);
    await expect.poll(() => hall.getByTestId('hall-day-name').textContent()).toBe('Club Open');
    await expect.poll(() => hall.getByTestId('hall-pool').count()).toBe(6);
    await expect.poll(() => hall.getByTestId('hall-piste').count()).toBe(4);
    const movedRow = hall.getByTestId('hall-event').filter({ hasText: 'U15 Foil' }).locator(`[data-pool="${moved.name}"]`);
    await expect.poll(() => movedRow.textContent()).toContain(to);

    // A bout of a flight A pool is scored: the hall board shows the progress live, without a reload.
    const scored = await flightAPool(page, epee.pools);
    const row = hall.getByTestId('hall-event').filter({ hasText: 'U13 Epee' }).locator(`[data-pool="${scored.name}"]`).getByTestId('hall-pool-progress');
    const bouts = (scored.players.length * (scored.players.length - 1)) / 2;
    await expect.poll(() => row.textContent()).toBe(`0/${bouts} · waiting`);
    await seed(viaBrowser(page.request)).bout(scored, scored.players[0]!.id, scored.players[1]!.id, 5, 3);
    await expect.poll(() => row.textContent()).toBe(`1/${bouts} · fencing now`);
    await expect.poll(() => hall.getByTestId('hall-now').filter({ hasText: `U13 Epee · ${scored.name}` }).textContent()).toContain(`1/${bouts}`);
    await expect.poll(() => chip(page, 'U13 Epee', scored.name).getByTestId('chip-progress').textContent()).toBe(`1/${bouts}`);

    // A piste whose pool is fencing cannot go: the day says why (409), in the coach's language.
    const fencingOn = (await page.getByLabel(`Piste of U13 Epee ${scored.name}`).locator('option:checked').textContent())!.replace('Piste ', '');
    await page.getByRole('button', { name: `Remove piste ${fencingOn}` }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('pistes-error').textContent()).toBe(`A pool is fencing on piste ${fencingOn}. Remove the piste once its pool is done.`);

    // The hall board speaks the visitor's language: pistes and flights in French.
    const frenchContext = await newContext(browser(), { locale: 'fr-FR' });
    const french = await frenchContext.newPage();
    await french.goto(hallPath);
    await french.getByRole('heading', { name: 'Sur les pistes' }).waitFor();
    await expect.poll(() => french.getByTestId('hall-pool').first().textContent()).toMatch(/Piste \d, Série [AB]/);
    await frenchContext.close();

    // Sharing off: the hall board says so at once.
    await page.getByLabel('Share the hall board').click();
    await hall.getByRole('heading', { name: 'Hall board unavailable' }).waitFor();
    await hall.reload();
    await hall.getByRole('heading', { name: 'Hall board unavailable' }).waitFor();
    expect(await hall.getByTestId('hall-unavailable').textContent()).toBe('This hall board link is not valid, or the day is not shared right now.');
    await Promise.all([context.close(), hallContext.close()]);
  });
});

/** One of these pools that the grid placed in flight A (it fences first). */
async function flightAPool(page: Page, pools: PoolSnapshot[]): Promise<PoolSnapshot> {
  const firstRow = page.getByTestId('flight-row').first();
  for (const pool of pools) {
    if ((await firstRow.locator(`[data-testid="pool-chip"][data-event="U13 Epee"][data-pool="${pool.name}"]`).count()) > 0) return pool;
  }
  throw new Error('no U13 Epee pool in flight A');
}
