import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cell, newContext, pickScores, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

/** The changes the bout dialog lists, as their texts (time left out: it is the clock's). */
const changes = async (page: Page) =>
  (await page.getByTestId('bout-change').evaluateAll((rows) => rows.map((r) => [...r.children].slice(1).map((c) => c.textContent).join(' '))));

describe('checked results (issue 58)', () => {
  it('the coach checks a pool: the guest sees it final and cannot score it; the coach corrects a bout and its list says who changed it and when', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    const email = uniqueEmail('checker');
    await signUp(coach, { name: 'Check Coach', email, password: 'checker coach pw' });
    const api = seed(viaBrowser(coach.request));
    const practice = await api.practice('Signed sheets');
    await api.pools(practice.id, ['Ann', 'Bob', 'Cleo']);
    const shared = await api.share(practice.id);
    await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await coach.goto('/individual-practice');
    await expect.poll(() => coach.getByTestId('pool-row').count()).toBe(3);

    const guestContext = await newContext(browser());
    const guest = await guestContext.newPage();
    await guest.goto('/guest-join');
    await guest.getByLabel('Room code').fill(shared.room_code);
    await guest.getByLabel('Your name (optional)').fill('Sam');
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await guest.waitForURL('**/individual-practice');
    await expect.poll(() => guest.getByTestId('pool-row').count()).toBe(3);

    // The guest scores Ann–Bob 5–2 while the pool is open.
    await cell(guest, 1, 2).click();
    await pickScores(guest, 5, 2);
    await expect.poll(() => cell(coach, 1, 2).textContent()).toBe('V5');

    // The sheets are signed: the coach marks the pool checked; the guest's screen shows it final at once.
    await coach.getByRole('button', { name: 'Mark pool checked' }).click();
    await expect.poll(() => coach.getByTestId('result-final').textContent()).toMatch(/^✓ Checked at \d/);
    await expect.poll(() => guest.getByTestId('result-final').textContent()).toBe('✓ Checked: final');
    await expect.poll(() => guest.getByRole('button', { name: /against/ }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Mark pool checked' }).count()).toBe(0);

    // The coach opens the bout: its list names the guest; the coach corrects it to 3–5.
    await cell(coach, 1, 2).click();
    const dialog = coach.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Show the changes to this bout' }).click();
    await expect.poll(() => changes(coach)).toEqual(['5–2 Guest Sam']);
    await pickScores(coach, 3, 5);
    await expect.poll(() => cell(guest, 1, 2).textContent()).toBe('D3');
    await cell(coach, 1, 2).click();
    await dialog.getByRole('button', { name: 'Show the changes to this bout' }).click();
    await expect.poll(() => changes(coach)).toEqual(['5–2 Guest Sam', `3–5 Coach (${email}) after the check`]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Unlocked, the pool is the guest's to score again.
    await coach.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => guest.getByTestId('result-final').count()).toBe(0);
    await cell(guest, 1, 3).click();
    await pickScores(guest, 5, 1);
    await expect.poll(() => cell(coach, 1, 3).textContent()).toBe('V5');

    await guestContext.close();
    await coachContext.close();
  });
});
