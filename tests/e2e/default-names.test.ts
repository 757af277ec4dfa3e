import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

describe('what the app creates, in the coach’s language (issue 29)', () => {
  it('a coach on an English browser switches to French: the date field says a French date, the first pool is “Poule principale”, the teams “Équipe n”, the toasts “Succès”', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Coach Lyon', email: uniqueEmail('names-fr'), password: 'noms en français 1' });
    // The account menu's language picker.
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByTestId('language-picker').selectOption('fr');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // A practice: the date field, which Chromium draws in the browser's language, says its date in French beside it.
    await page.getByRole('button', { name: 'Créer un premier entraînement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel entraînement' });
    await dialog.getByRole('button', { name: /^Individuel/ }).click();
    await dialog.getByLabel('Nom de l’entraînement').fill('Mardi soir');
    const date = dialog.locator('#practice-date');
    expect(await date.getAttribute('lang')).toBe('fr');
    expect(await dialog.getByTestId('date-shown').textContent()).toBe(format(new Date(), 'PPP', { locale: fr }));
    await date.fill('2026-11-22');
    await expect.poll(() => dialog.getByTestId('date-shown').textContent()).toBe('22 novembre 2026');
    // A screen reader reads the French date with the field.
    expect(await date.getAttribute('aria-describedby')).toBe('practice-date-shown');
    await dialog.getByRole('button', { name: 'Créer l’entraînement' }).click();
    await page.waitForURL('**/individual-practice');

    // Its pools, drawn through the wizard in French: one pool named in French, and the toast's title in French.
    await page.getByRole('link', { name: 'Composer les poules à partir des tireurs' }).click();
    await page.getByLabel('Ou saisissez des noms, un par ligne').fill(['Anne', 'Bruno', 'Chloé', 'Denis'].join('\n'));
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Créer les poules' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Poules créées' }).first();
    await toast.waitFor();
    expect(await toast.locator('p').first().textContent()).toBe('Succès');
    await page.waitForURL('**/individual-practice');
    await expect.poll(() => page.getByTestId('pool-row').count()).toBe(4);
    expect(await page.getByLabel('Poule', { exact: true }).locator('option:checked').textContent()).toBe('Poule principale');
    const api = seed(viaBrowser(page.request));
    const [individual] = await api.practices();
    expect((await api.poolsOf(individual!.id)).map((p) => p.name)).toEqual(['Poule principale']);

    // A team practice: its teams go into pools as “Équipe n”, named so where they are stored.
    await page.goto('/practices');
    await page.getByRole('button', { name: 'Nouvel entraînement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Équipes/ }).click();
    await page.getByRole('dialog').getByLabel('Nom de l’entraînement').fill('Relais du jeudi');
    await page.getByRole('dialog').getByRole('button', { name: 'Créer l’entraînement' }).click();
    await page.waitForURL('**/team-practice');
    await page.getByRole('link', { name: 'Composer les poules à partir des équipes' }).click();
    await expectToast(page, 'Veuillez d’abord créer des équipes');
    await page.waitForURL('**/team-practice-setup');
    await page.getByLabel('Ou saisissez des noms, un par ligne').fill(['Ada', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay', 'Gil'].join('\n'));
    await page.getByRole('button', { name: 'Répartir en équipes' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Au hasard/ }).click();
    await expectToast(page, 'Équipes tirées au sort');
    await page.waitForURL('**/team-pool-setup');
    await page.getByRole('button', { name: 'Créer les poules' }).click();
    await page.waitForURL('**/team-practice');
    await expect.poll(() => page.getByTestId('pool-row').allTextContents()).toEqual([expect.stringContaining('Équipe 1'), expect.stringContaining('Équipe 2')]);
    const team = (await api.practices()).find((p) => p.practice_type === 'team')!;
    expect((await api.poolsOf(team.id)).map((p) => [p.name, p.players.map((x) => x.name)])).toEqual([['Poule principale', ['Équipe 1', 'Équipe 2']]]);
    await context.close();
  });
});
