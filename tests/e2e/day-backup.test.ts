import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DaySnapshot } from '../../core/contracts/days';
import { apiOver, expectAnswer } from '../helpers/api-client';
import { download, expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

async function coach(label: string) {
  const context = await newContext(browser());
  const page = await context.newPage();
  await signUp(page, { name: `${label} Coach`, email: uniqueEmail(label), password: `${label} password 1` });
  return { context, page };
}

/** A day made through the API: one event on two pistes, its pool moved by hand to piste 2, a roster referee and a typed one. */
async function dayOf(page: Page) {
  const made = seed(viaBrowser(page.request));
  const api = apiOver(viaBrowser(page.request));
  const rita = await made.athlete({ name: 'Rita Ricci', club: 'Lions' });
  const { practice } = await made.practiceWithPool('Open Epee', ['ADA', 'BEA', 'CAI', 'DAN']);
  const day = await expectAnswer(api.days.$post({ json: { name: 'Club Open', date: '2026-12-05', venue: 'Sports hall' } }), 201);
  const param = { dayId: day.id };
  await expectAnswer(api.days[':dayId'].pistes.$put({ param, json: { pistes: [{ name: 'Final', final: true }, { name: '2' }] } }));
  await expectAnswer(api.days[':dayId'].events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } }));
  await expectAnswer(api.days[':dayId'].referees.$put({ param, json: { referees: [{ name: 'Rita', athlete_id: rita.id }, { name: 'Tom Typed', club: 'Tigers' }] } }));
  const placed: DaySnapshot = await expectAnswer(api.days[':dayId'].placements.$post({ param }));
  const two = placed.pistes.find((p) => p.name === '2')!;
  await expectAnswer(api.days[':dayId'].placements[':poolId'].$put({ param: { dayId: day.id, poolId: placed.placements[0]!.pool_id }, json: { piste_id: two.id } }));
}

describe('a competition day in the account backup (issue 28)', () => {
  it('comes back in another account through the restore screen, which counts it: pistes, the pool where the coach put it, the referees', async () => {
    const { context, page } = await coach('daybackup');
    await dayOf(page);
    await page.getByRole('button', { name: 'My Account' }).click();
    const backup = await download(page, page.getByRole('menuitem', { name: 'Back up my data' }));

    const other = await coach('dayrestore');
    await other.page.getByRole('button', { name: 'My Account' }).click();
    await other.page.getByRole('menuitem', { name: 'Restore a backup…' }).click();
    await other.page.getByLabel('Backup file').setInputFiles({ name: backup.name, mimeType: 'application/json', buffer: Buffer.from(backup.text) });
    await expect.poll(() => other.page.getByTestId('backup-summary').textContent()).toBe(`${backup.name}: 1 athlete, 1 practice and 1 competition day.`);
    await other.page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expectToast(other.page, 'Added 1 athlete, 1 practice, 1 pool, 0 bouts and 1 competition day.');

    await other.page.getByRole('button', { name: 'My Account' }).click();
    await other.page.getByRole('menuitem', { name: 'Competition days' }).click();
    await other.page.getByTestId('day-item').filter({ hasText: 'Club Open' }).getByRole('link').click();
    await expect.poll(() => other.page.getByTestId('day-name').textContent()).toBe('Club Open');
    const columns = other.page.getByTestId('piste-column');
    await expect.poll(() => columns.locator('span.block.font-semibold').allTextContents()).toEqual(['Piste Final', 'Piste 2']);
    // The final piste is still the final piste.
    expect([await columns.nth(0).textContent(), await columns.nth(1).textContent()].map((t) => t!.includes('final piste'))).toEqual([true, false]);
    const chip = other.page.locator('[data-testid="pool-chip"][data-event="Open Epee"]');
    await chip.getByTestId('pinned').waitFor();
    await expect.poll(() => other.page.getByLabel('Piste of Open Epee Main Pool').locator('option:checked').textContent()).toBe('Piste 2');
    await expect.poll(() => other.page.getByTestId('referee-name').allTextContents()).toEqual(['Rita Ricci', 'Tom Typed']);
    expect(await other.page.getByTestId('referee-roster-mark').count()).toBe(1);
    await Promise.all([context.close(), other.context.close()]);
  });
});
