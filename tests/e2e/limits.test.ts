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
    await expect.poll(() => page.getByTestId('division-preview').textContent()).toBe('34 pools of 7 and 3 pools of 6 fencers · 21 and 15 bouts each.');
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

  it('manual assignment into a practice with 10 pools offers Pool 11 and Pool 12, and the pools are named so', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Manual Coach', email: uniqueEmail('manual'), password: 'manual pw 1' });
    const api = seed(viaBrowser(page.request));
    const practice = await api.practice('Second draw');
    await api.pools(practice.id, Array.from({ length: 20 }, (_, i) => ({ name: `First ${i + 1}` })), 10);
    await page.evaluate((id) => { localStorage.setItem('current_practice_id', id); }, practice.id);

    await page.goto('/practice-setup');
    await page.getByLabel('Or type names, one per line').fill('ANN\nBOB\nCLEO\nDORA');
    await page.getByRole('button', { name: 'Assign pools manually' }).click();
    await page.waitForURL('**/manual-pool-assignment');
    const ann = page.getByLabel('Pool for ANN');
    // The choices carry the names the server will give: after Pool 10 comes Pool 11, not Pool 1.
    await expect.poll(() => ann.locator('option').allTextContents()).toEqual(['Unassigned', 'Pool 11', 'Pool 12']);
    // A pool offered and left empty is refused by name: the server would draw the others without it, renumbered.
    for (const name of ['ANN', 'BOB', 'CLEO', 'DORA']) await page.getByLabel(`Pool for ${name}`).selectOption({ label: 'Pool 12' });
    await page.getByRole('button', { name: 'Create Pools' }).click();
    await expectToast(page, 'Pool 11 has no fencer yet: give it one, or choose fewer pools.');
    expect(await api.poolsOf(practice.id)).toHaveLength(10);
    for (const [name, pool] of [['ANN', 'Pool 11'], ['BOB', 'Pool 12'], ['CLEO', 'Pool 11'], ['DORA', 'Pool 12']]) {
      await page.getByLabel(`Pool for ${name}`).selectOption({ label: pool });
    }
    await page.getByRole('button', { name: 'Create Pools' }).click();
    await expectToast(page, 'Pools created successfully');
    const pools = await api.poolsOf(practice.id);
    expect(pools.map((p) => p.name).slice(10)).toEqual(['Pool 11', 'Pool 12']);
    expect(pools.find((p) => p.name === 'Pool 11')!.players.map((pl) => pl.name).sort()).toEqual(['ANN', 'CLEO']);
    await context.close();
  });
});
