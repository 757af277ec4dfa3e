import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

describe('a national event in one go (issue 33)', () => {
  it('the wizard draws 256 roster athletes into 37 pools of 6 or 7 at once, and the pools screen shows Pool 37', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Event Coach', email: uniqueEmail('limits'), password: 'limits pw 1' });
    const api = seed(viaBrowser(page.request));
    const { created } = await api.importAthletes(Array.from({ length: 256 }, (_, i) => ({ name: `Fencer ${String(i + 1).padStart(3, '0')}`, club: `Club ${i % 30}` })));
    expect(created).toHaveLength(256);
    const practice = await api.practice('Nationals');
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    await page.goto('/practice-setup');
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Random split/ }).check();
    const count = page.getByLabel('Number of pools');
    // The count goes up to what the 256 athletes fill, not to a fixed 10.
    expect(await count.getAttribute('max')).toBe('128');
    await count.fill('37');
    await expect.poll(() => page.getByTestId('division-preview').textContent()).toBe('37 pools of 6 or 7 fencers · 15 or 21 bouts each.');
    await page.getByRole('button', { name: 'Generate Pools' }).click();
    await expectToast(page, 'Pools generated successfully');

    const pools = await api.poolsOf(practice.id);
    expect(pools).toHaveLength(37);
    expect(pools.flatMap((p) => p.players)).toHaveLength(256);
    // The pools screen offers the 37th pool (in its pool selector, however it lays them out).
    await expect.poll(() => page.getByText('Pool 37', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Pool 38', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
