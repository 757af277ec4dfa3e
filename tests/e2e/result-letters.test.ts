import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { holdPrint } from '../helpers/pdf';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();
const root = new URL('../..', import.meta.url).pathname;
/** The pools screen's print button as the language names it. */
const printLabel = (language: string): string => JSON.parse(readFileSync(`${root}app/i18n/locales/${language}.json`, 'utf8'))['pools-screen'].print;

describe('one convention for the result letters (issue 32)', () => {
  it('in German and in Italian, the grid’s heads, a fenced cell, the help text and the printed sheet read the same letters', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Letters Coach', email: uniqueEmail('letters'), password: 'letters password 1' });
    const api = seed(viaBrowser(page.request));
    const { practice, pool } = await api.practiceWithPool('Letters Night', ['Anna', 'Ben', 'Carl']);
    const at = (position: number) => pool.players.find((p) => p.position === position)!;
    // Fencer 1 beats fencer 2, 5–3.
    await api.bout(pool, at(1).id, at(2).id, 5, 3);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    for (const language of ['de', 'it']) {
      await page.goto(`/individual-practice?lang=${language}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.getByTestId('pool-grid').waitFor();
      await expect.poll(() => page.getByTestId('cell-1-2').textContent()).not.toBe('-');

      // The heads: Athletes, 1, 2, 3, then the victory and defeat letters.
      const heads = await page.getByTestId('pool-grid').locator('thead th').allTextContents();
      const [v, d] = [heads[4]!, heads[5]!];
      // FIE's letters in every language (app/i18n/fencing-terms.ts says why): no German S/N, no Italian S.
      expect([v, d]).toEqual(['V', 'D']);
      expect(await page.getByTestId('cell-1-2').textContent()).toBe(`${v}5`);
      expect(await page.getByTestId('cell-2-1').textContent()).toBe(`${d}3`);
      const help = await page.getByTestId('pool-help-letters').textContent();
      expect(help).toContain(`${v}3`);
      expect(help).toContain(`${d}2`);

      await holdPrint(page);
      await page.getByRole('button', { name: printLabel(language) }).click();
      const sheet = page.getByTestId('print-pool-sheet');
      await expect.poll(() => sheet.count()).toBe(1);
      const sheetHeads = await sheet.locator('table.print-grid thead th').allTextContents();
      expect(sheetHeads).toContain(v);
      const cells = await sheet.locator('table.print-grid tbody td').allTextContents();
      expect(cells).toEqual(expect.arrayContaining([`${v}5`, `${d}3`]));
      expect(await sheet.locator('.print-bouts .score').allTextContents()).toContain(`${v}5 / ${d}3`);
    }
    await context.close();
  });
});
