import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

/** Issue 32: the same name by one rule on the roster screen: the add form's warning and the import preview's possible match. */
describe('the same name on the roster screen', () => {
  it('warns of a name already in the roster, and previews a name spelled differently as new, possibly the athlete', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Names Coach', email: uniqueEmail('names'), password: 'names password 1' });
    const api = seed(viaBrowser(page.request));
    for (const name of ['Ana Peña', 'Matthias Strauß']) await api.athlete({ name });
    await page.goto('/athletes');
    await expect.poll(() => page.getByTestId('athlete-item').count()).toBe(2);

    await page.getByLabel('Athlete name').fill('MATTHIAS STRAUSS');
    await expect.poll(() => page.getByTestId('athlete-name-twin').textContent()).toBe('Matthias Strauß is already in your roster (same name).');
    await page.getByLabel('Athlete name').fill('ana pena');
    await expect.poll(() => page.getByTestId('athlete-name-twin').textContent()).toBe('Possibly Ana Peña, already in your roster (spelled differently).');
    await page.getByLabel('Athlete name').fill('Ben Okafor');
    await expect.poll(() => page.getByTestId('athlete-name-twin').count()).toBe(0);

    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'names.csv', mimeType: 'text/csv', buffer: Buffer.from('Name\nAna Pena\nMATTHIAS STRAUSS\nBen Okafor\n', 'utf8') });
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toBe('2 new · 1 already listed · 0 with errors');
    const rows = page.getByTestId('import-row');
    expect(await rows.evaluateAll((trs) => trs.map((r) => r.getAttribute('data-status')))).toEqual(['new', 'existing', 'new']);
    expect(await page.getByTestId('import-possible').allTextContents()).toEqual(['possibly Ana Peña in your roster (spelled differently): imported as new']);
    await context.close();
  });
});
