import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { seriousViolations } from '../helpers/axe';

const browser = useBrowser();

// Twelve athletes: five of FRA (more than the four pools), two of ITA, two of GER, one each of HUN, USA, JPN.
const ROSTER: [string, string][] = [
  ['Fra Albert', 'FRA'], ['Fra Blanche', 'FRA'], ['Fra Claude', 'FRA'], ['Fra Denise', 'FRA'], ['Fra Etienne', 'FRA'],
  ['Ita Aldo', 'ITA'], ['Ita Bruna', 'ITA'], ['Ger Anna', 'GER'], ['Ger Bernd', 'GER'], ['Hun Adam', 'HUN'], ['Usa Amy', 'USA'], ['Jpn Aiko', 'JPN'],
];

/** The names in the pool shown on the Pools screen. */
const shownNames = (page: Page) => page.getByTestId('pool-row').allTextContents();

describe('separation by nation (issue 58)', () => {
  it('a coach keeps nations apart: the pools part them, and the preview and the draw name the one no draw can keep', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Nations Coach', email: uniqueEmail('separation'), password: 'nations apart pw 1' });
    const api = seed(viaBrowser(page.request));
    for (const [name, nation] of ROSTER) {
      const athlete = { name, nation };
      await api.athlete(athlete);
    }
    const practice = await api.practice('Nations night');
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/practice-setup');
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Seeded \(serpentine\)/ }).check();
    await page.getByLabel('Number of pools').fill('4');

    // Clubs are kept apart by default; the coach ticks nations and puts them first.
    const separation = page.getByTestId('separation');
    expect(await separation.getByRole('checkbox', { name: 'Same club' }).isChecked()).toBe(true);
    await separation.getByRole('checkbox', { name: 'Same nation' }).check();
    await separation.getByRole('button', { name: 'Move “Same nation” to the top' }).click();
    await expect.poll(() => separation.locator('li').allTextContents()).toEqual([expect.stringContaining('Same nation'), expect.stringContaining('Same club'), expect.stringContaining('Same region')]);
    expect(await seriousViolations(page), 'wizard with the separation levels').toEqual([]);

    // Five of FRA for four pools: the preview says so before the draw; ITA and GER (two each) fit.
    await expect.poll(() => page.getByTestId('separation-preview').textContent()).toBe('5 fencers from FRA for 4 pools: up to 2 will share a pool.');
    await page.getByRole('button', { name: 'Generate Pools' }).click();
    // After the draw, the pool that holds two of FRA is named.
    await page.getByTestId('toast').filter({ hasText: /^Not kept apart/ }).first().waitFor();
    const told = await page.getByTestId('toast').filter({ hasText: /^Not kept apart/ }).first().textContent();
    const named = /(Pool \d): 2 fencers from FRA/.exec(told ?? '');
    expect(named, told ?? '').not.toBeNull();
    expect(told).not.toMatch(/ITA|GER/);
    await expectToast(page, 'Pools generated successfully');
    await page.waitForURL('**/individual-practice');

    // On the Pools screen: FRA spread 2-1-1-1, ITA and GER never twice in a pool; the named pool is the one with two.
    const pools = page.getByLabel('Pool', { exact: true });
    await expect.poll(() => pools.locator('option').count()).toBe(4);
    const options = await pools.locator('option').evaluateAll((o) => o.map((x) => [(x as HTMLOptionElement).value, x.textContent ?? '']));
    const fra: Record<string, number> = {};
    for (const [id, name] of options) {
      await pools.selectOption(id!);
      await expect.poll(() => page.getByTestId('pool-row').count()).toBe(3);
      const names = await shownNames(page);
      fra[name!] = names.filter((n) => n.includes('FRA ')).length;
      for (const nation of ['ITA', 'GER']) expect(names.filter((n) => n.includes(`${nation} `)).length, `${name}: ${names.join(', ')}`).toBeLessThanOrEqual(1);
    }
    expect(Object.values(fra).sort()).toEqual([1, 1, 1, 2]);
    const namedPool = Object.keys(fra).find((k) => k.trim() === named![1] || k.startsWith(`${named![1]} `));
    expect(namedPool && fra[namedPool]).toBe(2);
    await context.close();
  });
});
