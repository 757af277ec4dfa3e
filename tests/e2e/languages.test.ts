import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser, verificationLink } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

describe('the app in the coach’s language (issue 17)', () => {
  it('speaks French to a browser set to fr-FR: sign up, a practice, its Poules, a bout, a ratio with a comma and a French date', async () => {
    const context = await newContext(browser(), { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/auth');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await page.getByLabel('Nom complet').fill('Entraîneuse Lyon');
    const email = uniqueEmail('lyon');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mot de passe').fill('mot de passe lyon 1');
    await page.getByRole('button', { name: 'S’inscrire' }).click();
    // Sign-up mails a link (issue 25): the screen says so in French, and the link signs the coach in.
    await page.getByRole('heading', { name: 'Consultez vos e-mails' }).waitFor();
    await page.goto(await verificationLink(email));
    // The link's page, in French too: whose account it confirms, then the password chosen at sign-up.
    await page.getByText(`Ce lien confirme le compte Piste de Entraîneuse Lyon (${email}).`, { exact: false }).waitFor();
    await page.getByTestId('confirm-account').getByLabel('Mot de passe').fill('mot de passe lyon 1');
    await page.getByRole('button', { name: 'Confirmer et se connecter' }).click();
    await page.waitForURL('**/practices');
    await page.getByRole('heading', { name: 'Entraînements' }).waitFor();

    // The form's own check speaks French too (the server's message, by its code).
    await page.getByRole('button', { name: 'Créer un premier entraînement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel entraînement' });
    await dialog.getByRole('button', { name: /Individuel/ }).click();
    await dialog.getByLabel('Nom de l’entraînement').fill('Mardi soir');
    // The weapon (issue 18), in French, beside the practice's type afterwards.
    await dialog.getByRole('radio', { name: 'Fleuret' }).check();
    await dialog.getByRole('button', { name: 'Créer l’entraînement' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Entraînement créé' }).first().waitFor();
    expect(await page.getByTestId('practice-weapon').inputValue()).toBe('foil');
    expect(await page.getByTestId('practice-weapon').locator('option:checked').textContent()).toBe('Fleuret');
    await page.getByRole('link', { name: 'Poules', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Bienvenue dans les poules !' }).waitFor();

    // A pool of three, drawn on the server; then a bout entered on the grid, in French.
    const practices = await seed(viaBrowser(page.request)).practices();
    await seed(viaBrowser(page.request)).pools(practices[0]!.id, ['Anne', 'Bruno', 'Chloé']);
    await page.reload();
    await page.getByRole('heading', { name: 'Ordre des matchs' }).waitFor();
    expect(await page.getByTestId('bout-order-item').first().textContent()).toContain('En piste');
    await page.getByTestId('cell-1-2').click();
    await page.getByRole('dialog').getByRole('group', { name: 'Score de ANNE' }).getByRole('button', { name: '5', exact: true }).click();
    await page.getByRole('dialog').getByRole('group', { name: 'Score de BRUNO' }).getByRole('button', { name: '3', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByTestId('cell-1-2').textContent()).toBe('V5');
    const ratios = () => page.getByTestId('pool-row').locator('[data-stat="Ratio"]').allTextContents();
    await expect.poll(ratios).toEqual(['1,00', '0,00', '0,00']);
    // The live connection's state too.
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('en direct');
    expect(await page.getByTestId('pool-grid').locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['TD', 'TR', 'Ind.']));

    // The practice's date as a French coach reads it, on the coach's own calendar day.
    await page.getByTestId('practice-back-link').click();
    await page.getByTestId('practice-item').first().waitFor();
    expect(await page.getByTestId('practice-item').first().textContent()).toContain(format(new Date(), 'PPP', { locale: fr }));
    await context.close();
  });

  it('shows the live board in German with ?lang=de, and keeps that choice on this screen', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Board Coach', email: uniqueEmail('board-de'), password: 'board de password 1' });
    const api = seed(viaBrowser(coach.request));
    const { practice, pool } = await api.practiceWithPool('Berlin', ['Anna', 'Ben']);
    const [a, b] = pool.players;
    await api.bout(pool, a!.id, b!.id, 5, 2);
    const shared = await api.share(practice.id);

    // An English browser, told German by the link.
    const screenContext = await newContext(browser());
    const board = await screenContext.newPage();
    await board.goto(`/live/${shared.board_id}?lang=de`);
    await board.getByRole('link', { name: 'Runden', exact: true }).waitFor();
    expect(await board.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await board.getByTestId('language-picker').inputValue()).toBe('de');
    await board.getByRole('heading', { name: 'Gefechtsfolge' }).waitFor();
    await expect.poll(() => board.getByTestId('pool-row').locator('[data-stat="Ratio"]').allTextContents()).toEqual(['1,00', '0,00']);
    expect(await board.getByTestId('bouts-remaining').textContent()).toBe('Alle Gefechte gefochten');

    // Remembered on this device: the next visit without ?lang= is German too; the picker switches it back.
    await board.goto(`/live/${shared.board_id}`);
    await board.getByRole('link', { name: 'Runden', exact: true }).waitFor();
    // The page came rendered by the worker: the picker answers once the app has taken the page over (it is live then).
    await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');
    await board.getByTestId('language-picker').selectOption('en');
    await board.getByRole('link', { name: 'Pools', exact: true }).waitFor();
    await expect.poll(() => board.getByTestId('pool-row').locator('[data-stat="Ratio"]').allTextContents()).toEqual(['1.00', '0.00']);
    await screenContext.close();
    await coachContext.close();
  });
});
