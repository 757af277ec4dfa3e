import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, pickTouch, useBrowser, newContext, signIn, signUp, uniqueEmail } from '../helpers/browser';

const browser = useBrowser();

const NAMES = ['Ada', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay', 'Gil'];

async function typeNames(page: Page) {
  await page.getByLabel('Or type names, one per line').fill(NAMES.join('\n'));
}

describe('team practices', () => {
  it('builds teams, refuses bad manual splits, and runs a live relay sheet', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const coach = { name: 'Team Coach', email: uniqueEmail('team'), password: 'relay sheet pw' };
    await signUp(page, coach);
    await page.getByRole('button', { name: 'Create First Practice' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Team/ }).click();
    await page.getByLabel('Practice name').fill('Relay Night');
    await page.getByRole('button', { name: 'Create Practice' }).click();
    await page.waitForURL('**/team-practice');

    // Pools from teams need teams first.
    await page.getByRole('link', { name: 'Set up pools from teams' }).click();
    await expectToast(page, 'Please create teams first');
    await page.waitForURL('**/team-practice-setup');

    // Random: 7 typed names make two teams, of 4 and 3.
    await typeNames(page);
    await page.getByRole('button', { name: 'Distribute into teams' }).click();
    await page.getByRole('dialog').getByText('7 athletes into 2 teams.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: /^Random/ }).click();
    await expectToast(page, 'Teams distributed randomly');
    await page.waitForURL('**/team-pool-setup');
    const teamCards = page.getByTestId('team-list').locator('li');
    await expect.poll(() => teamCards.count()).toBe(2);
    const sizes = await teamCards.locator('p.text-sm').evaluateAll((ps) => ps.map((p) => p.textContent!.split(', ').length));
    expect(sizes).toEqual([4, 3]);

    // Manual: incomplete is refused, a full team leaves the other selectors.
    await page.goto('/team-practice-setup');
    await typeNames(page);
    await page.getByRole('button', { name: 'Distribute into teams' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Manual/ }).click();
    await page.waitForURL('**/manual-team-assignment');
    await page.getByRole('button', { name: 'Save Teams' }).click();
    await expectToast(page, 'Please assign all athletes to teams');
    for (const name of NAMES.slice(0, 4)) await page.getByLabel(`Team for ${name}`).selectOption('1');
    const optionsFor = (name: string) => page.getByLabel(`Team for ${name}`).locator('option').allTextContents();
    expect(await optionsFor('Eli')).toEqual(['Unassigned', 'Team 2']);
    expect(await optionsFor('Ada')).toEqual(['Unassigned', 'Team 1', 'Team 2']);
    for (const name of NAMES.slice(4, 6)) await page.getByLabel(`Team for ${name}`).selectOption('2');
    await page.getByRole('button', { name: 'Save Teams' }).click();
    await expectToast(page, 'Please assign all athletes to teams');
    await page.getByLabel('Team for Gil').selectOption('2');
    await page.getByRole('button', { name: 'Save Teams' }).click();
    await expectToast(page, 'Teams created and saved successfully');
    await page.waitForURL('**/team-pool-setup');

    // A single match with 6 athletes split 4 + 2 has an invalid team size.
    await page.goto('/team-practice-setup');
    await page.getByLabel('Or type names, one per line').fill(NAMES.slice(0, 6).join('\n'));
    await page.getByRole('link', { name: 'Set up a single match' }).click();
    await page.waitForURL('**/single-match');
    for (const name of NAMES.slice(0, 4)) await page.getByLabel(`Team for ${name}`).selectOption('1');
    for (const name of NAMES.slice(4, 6)) await page.getByLabel(`Team for ${name}`).selectOption('2');
    await page.getByRole('button', { name: 'Save Teams' }).click();
    await expectToast(page, 'Each team must have 3 or 4 members');
    await page.getByLabel('Team for Dee').selectOption('2');
    await page.getByRole('button', { name: 'Save Teams' }).click();
    await expectToast(page, 'Teams created and saved successfully');
    await page.waitForURL('**/teams');

    // The relay sheet: Team 1 is Ada, Ben, Cal (1–3); Team 2 is Dee, Eli, Fay (4–6).
    const rows = page.getByTestId('relay-row');
    await expect.poll(() => rows.count()).toBe(9);
    await page.getByText('Team A (Left): Fencers 4, 5, 6 | Team B (Right): Fencers 1, 2, 3').waitFor();
    const firstRow = await rows.first().locator('td').allTextContents();
    expect([firstRow[0], firstRow[1], firstRow[7], firstRow[8]]).toEqual(['6', 'Fay', 'Cal', '3']);

    const watcherContext = await newContext(browser());
    const watcher = await watcherContext.newPage();
    await signIn(watcher, coach.email, coach.password);
    await watcher.goto('/practices');
    await watcher.getByRole('button', { name: 'Open Relay Night' }).click();
    await watcher.goto('/teams');
    await expect.poll(() => watcher.getByTestId('relay-row').count()).toBe(9);

    await pickTouch(page, 1, 'a', 5);
    await pickTouch(page, 1, 'b', 3);
    await pickTouch(page, 2, 'a', 4);
    await pickTouch(page, 2, 'b', 7);
    await expect.poll(() => page.getByTestId('total-2-a').textContent()).toBe('9');
    expect(await page.getByTestId('total-2-b').textContent()).toBe('10');
    expect(await page.getByTestId('total-9-b').textContent()).toBe('10');
    expect(await page.getByTestId('touch-1-a').evaluate((el) => el.parentElement!.className)).toContain('bg-green-100');
    expect(await page.getByTestId('touch-1-b').evaluate((el) => el.parentElement!.className)).toContain('bg-red-100');
    expect(await page.getByTestId('touch-2-b').evaluate((el) => el.parentElement!.className)).toContain('bg-green-100');

    // The other screen sees the touches arrive without a reload.
    await expect.poll(() => watcher.getByTestId('touch-2-b').textContent()).toBe('7');
    expect(await watcher.getByTestId('total-2-a').textContent()).toBe('9');

    await page.getByRole('button', { name: 'Save Results' }).click();
    await expectToast(page, 'Results saved');
    await page.reload();
    await expect.poll(() => page.getByTestId('touch-1-a').textContent()).toBe('5');
    await watcherContext.close();
    await context.close();
  });
});
