import { describe, expect, it } from 'vitest';
import { expectToast, useBrowser, newContext, signUp, uniqueEmail } from '../helpers/browser';
import { ffeFencer, ffeTeamFile } from '../helpers/federation-files';

const browser = useBrowser();

describe('team files (issue 30)', () => {
  it('brings a federation team file\'s teams into a team practice and its fencers into the roster', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'File Coach', email: uniqueEmail('teamfile'), password: 'team file pw' });
    await page.getByRole('button', { name: 'Create First Practice' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Team/ }).click();
    await page.getByLabel('Practice name').fill('Sabre teams');
    await page.getByRole('button', { name: 'Create Practice' }).click();
    await page.waitForURL('**/team-practice');
    await page.goto('/team-practice-setup');

    // A team of 2 is refused, naming the team, and nothing is made.
    const odd = ffeTeamFile(1, 2);
    await page.getByLabel(/^Teams from a file/).setInputFiles({ name: 'odd.xml', mimeType: 'application/xml', buffer: Buffer.from(odd) });
    await expectToast(page, 'SALLE GÉRÔME 1 has 2 fencers: a team has 3 or 4');

    // One fencer in two teams (or two namesakes) is refused before the roster changes.
    const twice = '<CompetitionParEquipes><Equipes><Equipe ID="1" Nom="A"><Tireur ID="1" Nom="ROSSI" Prenom="Anna"/><Tireur ID="2" Nom="B" Prenom="Ben"/><Tireur ID="3" Nom="C" Prenom="Cy"/></Equipe>'
      + '<Equipe ID="2" Nom="B"><Tireur ID="4" Nom="Rossi" Prenom="Anna"/><Tireur ID="5" Nom="D" Prenom="Di"/><Tireur ID="6" Nom="E" Prenom="Ed"/></Equipe></Equipes></CompetitionParEquipes>';
    await page.getByLabel(/^Teams from a file/).setInputFiles({ name: 'twice.xml', mimeType: 'application/xml', buffer: Buffer.from(twice) });
    await expectToast(page, 'Anna ROSSI is in this file twice: one person per name');

    await page.getByLabel(/^Teams from a file/).setInputFiles({ name: 'equipes.xml', mimeType: 'application/xml', buffer: Buffer.from(ffeTeamFile(3, 4)) });
    await expectToast(page, '3 teams from the file, 12 fencers');
    await page.waitForURL('**/team-pool-setup');
    const teamCards = page.getByTestId('team-list').locator('li');
    await expect.poll(() => teamCards.count()).toBe(3);
    // Each team holds the file's four, in its order (Piste names are upper-cased in teams as in pools).
    const second = (await teamCards.nth(1).textContent())!.toUpperCase();
    for (const i of [4, 5, 6, 7]) expect(second).toContain(`${ffeFencer(i).prenom} ${ffeFencer(i).nom}`.toUpperCase());

    await page.goto('/athletes');
    await expect.poll(() => page.getByText(`${ffeFencer(11).prenom} ${ffeFencer(11).nom}`).count()).toBeGreaterThan(0);
    await context.close();
  });
});
