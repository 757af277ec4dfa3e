import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, useBrowser, newContext, signUp, uniqueEmail } from '../helpers/browser';

const browser = useBrowser();

async function createPractice(page: Page, type: 'Individual' | 'Team', name: string) {
  await page.goto('/practices');
  await page.getByRole('button', { name: /^(New Practice|Create First Practice)$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Practice' });
  await dialog.getByRole('button', { name: new RegExp(`^${type}`) }).click();
  const create = dialog.getByRole('button', { name: 'Create Practice' });
  expect(await create.isDisabled()).toBe(true);
  await dialog.getByLabel('Practice name').fill(name);
  await create.click();
  await expectToast(page, 'Practice created successfully');
  await page.waitForURL(type === 'Team' ? '**/team-practice' : '**/individual-practice');
  await expect.poll(() => page.getByTestId('practice-name').textContent()).toBe(name);
}

describe('the coach’s workspace', () => {
  it('creates, switches, remembers and deletes practices', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Ws Coach', email: uniqueEmail('ws'), password: 'workspace pw' });

    await page.getByRole('button', { name: 'Create First Practice' }).waitFor();
    await createPractice(page, 'Individual', 'Tuesday Pools');
    expect(await page.getByText('Individual', { exact: true }).count()).toBeGreaterThan(0);
    const tabs = page.getByRole('navigation', { name: 'Practice' }).getByRole('link');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Athletes', 'Pools', 'Pool Results', 'Tableau', 'Final Results', 'Teams']);
    expect(await tabs.nth(1).getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('practice-back-link').textContent()).toContain('Tuesday Pools');

    await createPractice(page, 'Team', 'Relay Night');
    expect(await page.getByText('Team', { exact: true }).count()).toBeGreaterThan(0);

    // Switch back to the first practice from the list; it stays current after a reload.
    await page.goto('/practices');
    const items = page.getByTestId('practice-item');
    await expect.poll(() => items.count()).toBe(2);
    await page.getByRole('button', { name: 'Open Tuesday Pools' }).click();
    await page.waitForURL('**/individual-practice');
    await page.reload();
    await expect.poll(() => page.getByTestId('practice-name').textContent()).toBe('Tuesday Pools');

    // The list view is remembered too.
    await page.goto('/practices');
    await page.getByRole('button', { name: 'List' }).click();
    await page.reload();
    expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');

    // Deleting the current practice hands over to the remaining one.
    await page.getByRole('button', { name: 'Delete Tuesday Pools' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Practice deleted successfully');
    await expect.poll(() => items.count()).toBe(1);
    await page.goto('/pool-results');
    await expect.poll(() => page.getByTestId('practice-name').textContent()).toBe('Relay Night');
    await context.close();
  });

  it('copies the room code and regenerates it', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Code Coach', email: uniqueEmail('code'), password: 'room code pw' });
    await createPractice(page, 'Individual', 'Code Practice');
    const code = (await page.getByTestId('room-code').textContent())!;
    expect(code).toMatch(/^\d{6}$/);
    await page.getByRole('button', { name: 'Copy room code' }).click();
    await expectToast(page, 'Room code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await page.getByRole('button', { name: 'Regenerate room code' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => page.getByTestId('room-code').textContent()).not.toBe(code);
    expect(await page.getByTestId('room-code').textContent()).toMatch(/^\d{6}$/);
    await context.close();
  });

  it('keeps a roster with notes', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Roster Coach', email: uniqueEmail('roster'), password: 'roster pw 1' });
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'My Athletes' }).click();
    await page.waitForURL('**/athletes');

    await page.getByRole('button', { name: 'Add Athlete' }).click();
    await expectToast(page, 'Athlete name is required');
    for (const name of ['Zoe Martin', 'Adam Blake', 'Mia Chen']) {
      await page.getByLabel('Athlete name').fill(name);
      await page.getByRole('button', { name: 'Add Athlete' }).click();
      await expectToast(page, 'Athlete added successfully');
      await expect.poll(() => page.getByTestId('athlete-item').filter({ hasText: name }).count()).toBe(1);
    }
    const names = () => page.getByTestId('athlete-item').locator('a').allTextContents();
    await expect.poll(names).toEqual(['Adam Blake', 'Mia Chen', 'Zoe Martin']);

    await page.getByRole('button', { name: 'Edit Zoe Martin' }).click();
    await page.getByLabel('New name').fill('Bea Martin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Athlete updated successfully');
    await expect.poll(names).toEqual(['Adam Blake', 'Bea Martin', 'Mia Chen']);

    await page.getByRole('button', { name: 'Delete Mia Chen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(names).toEqual(['Adam Blake', 'Bea Martin', 'Mia Chen']);
    await page.getByRole('button', { name: 'Delete Mia Chen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Athlete deleted successfully');
    await expect.poll(names).toEqual(['Adam Blake', 'Bea Martin']);

    await page.getByRole('link', { name: 'Adam Blake' }).click();
    await page.getByRole('heading', { name: 'Adam Blake' }).waitFor();
    const notes = page.getByTestId('note-item');
    for (const note of ['Work on parry four', 'Great footwork today']) {
      await page.getByLabel('Add a note').fill(note);
      await page.getByRole('button', { name: 'Add Note' }).click();
      await expectToast(page, 'Note added');
    }
    await expect.poll(() => notes.locator('p.whitespace-pre-wrap').allTextContents()).toEqual(['Great footwork today', 'Work on parry four']);
    expect(await notes.first().locator('p').first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);

    await notes.nth(1).getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Edit note').fill('Parry four is much better');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Note updated');
    await notes.first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Note deleted successfully');
    await expect.poll(() => notes.locator('p.whitespace-pre-wrap').allTextContents()).toEqual(['Parry four is much better']);

    // A reload shows what the server kept.
    await page.reload();
    await expect.poll(() => notes.locator('p.whitespace-pre-wrap').allTextContents()).toEqual(['Parry four is much better']);

    // A slow first load never hides a note added meanwhile: the notes' answer is read from the server at
    // once but held back until the new note is saved, so it arrives stale.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/athletes/*/notes', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const stale = await route.fetch();
      await held;
      await route.fulfill({ response: stale });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Adam Blake' }).waitFor();
    await page.getByText('Loading notes...').waitFor();
    await page.getByLabel('Add a note').fill('Added while loading');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expectToast(page, 'Note added');
    release();
    await expect.poll(() => notes.locator('p.whitespace-pre-wrap').allTextContents()).toEqual(['Added while loading', 'Parry four is much better']);
    await page.unroute('**/api/athletes/*/notes');

    // An athlete that does not exist (or is someone else's) sends the coach back to the roster.
    await page.goto('/athletes/not-a-real-id');
    await expectToast(page, 'Failed to load athlete data');
    await page.waitForURL('**/athletes');
    await context.close();
  });

  it('sends feedback, with the validation messages first', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Fb Coach', email: uniqueEmail('fb'), password: 'feedback pw' });
    await page.getByRole('button', { name: 'Share Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Feedback' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Please select a feedback type.');
    await dialog.getByLabel('Suggest a feature').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Please enter your feedback message.');
    await dialog.getByLabel('Message').fill('A bout timer on the pool screen, please.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, "Thank you for your feedback! We'll review it soon.");
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
