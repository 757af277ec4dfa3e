import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cell, expectToast, useBrowser, newContext, pickScores, signUp, uniqueEmail } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();


async function joinAsGuest(page: Page, code: string, name: string) {
  await page.goto('/guest-join');
  await page.getByLabel('Room code').fill(code);
  await page.getByLabel('Your name (optional)').fill(name);
  await page.getByRole('button', { name: 'Join Room' }).click();
}

/** A coach, in a browser of their own, with a practice they share, and a guest's page in another; `close` ends both. */
async function sharedPracticeAndGuest(coachName: string, tag: string, practiceName: string) {
  const coachContext = await newContext(browser());
  const coach = await coachContext.newPage();
  await signUp(coach, { name: coachName, email: uniqueEmail(tag), password: `${tag} coach pw` });
  const practice = await seed(viaBrowser(coach.request)).practice(practiceName);
  await seed(viaBrowser(coach.request)).share(practice.id);
  const guestContext = await newContext(browser());
  const close = async () => {
    await guestContext.close();
    await coachContext.close();
  };
  return { practice, guest: await guestContext.newPage(), close };
}

describe('guests and spectators', () => {
  it('a guest joins by code, scores a shared pool live, and is sent away when the coach stops sharing; a spectator watches', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Host Coach', email: uniqueEmail('host'), password: 'host coach pw' });
    const api = seed(viaBrowser(coach.request));
    const practice = await api.practice('Open Night');
    await api.pools(practice.id, ['Ann', 'Bob', 'Cleo', 'Dan'], 2);
    await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await coach.goto('/individual-practice');
    await expect.poll(() => coach.getByTestId('pool-row').count()).toBe(2);

    // Before sharing, the code opens nothing.
    const guestContext = await newContext(browser());
    const guest = await guestContext.newPage();
    await joinAsGuest(guest, practice.room_code, 'Sam');
    await expectToast(guest, 'Invalid room code or room is not accessible');

    await coach.getByRole('switch', { name: 'Guest access' }).click();
    await expect.poll(() => coach.getByRole('switch', { name: 'Guest access' }).getAttribute('aria-checked')).toBe('true');

    // The guest: format check, then a real join with a name.
    await guest.goto('/guest-join');
    await guest.getByLabel('Room code').fill('12a4');
    expect(await guest.getByLabel('Room code').inputValue()).toBe('124');
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await expectToast(guest, 'Please enter a 6-digit room code');
    await joinAsGuest(guest, practice.room_code, 'Sam');
    await expectToast(guest, 'Joined room successfully!');
    await guest.waitForURL('**/individual-practice');
    await expect.poll(() => guest.getByTestId('guest-pool-count').textContent()).toBe('You have access to 2 pools');
    expect(await guest.getByTestId('guest-chip').textContent()).toBe('Guest · Sam');
    expect(await guest.getByRole('button', { name: 'New Pool' }).count()).toBe(0);
    expect(await guest.getByPlaceholder('Add an athlete to this pool').count()).toBe(0);
    expect(await guest.getByTestId('room-code').count()).toBe(0);
    expect(await guest.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await guest.getByRole('navigation', { name: 'Practice' }).getByRole('link').allTextContents()).toEqual(['Pools', 'Pool Results', 'Tableau', 'Final Results']);
    expect((await guest.locator('#pool-select option').allTextContents()).sort()).toEqual(['Pool 1', 'Pool 2']);
    // Coach-only screens are not for guests.
    await guest.goto('/athletes');
    await guest.waitForURL('**/individual-practice');
    // The session survives a reload (the stored token is validated).
    await guest.reload();
    await expect.poll(() => guest.getByTestId('guest-pool-count').textContent()).toBe('You have access to 2 pools');

    // A spectator on the live board, by the board link the coach's header shows: no account, no name.
    const boardHref = await coach.getByTestId('board-link').getByRole('link', { name: 'Live board' }).getAttribute('href');
    expect(boardHref).toMatch(/^\/live\/[\w-]{22}$/);
    expect(boardHref).not.toContain(practice.room_code);
    const spectatorContext = await newContext(browser());
    const spectator = await spectatorContext.newPage();
    // The room code opens no board.
    await spectator.goto(`/live/${practice.room_code}`);
    await spectator.getByRole('heading', { name: 'Live board unavailable' }).waitFor();
    await spectator.goto(boardHref!);
    await expect.poll(() => spectator.getByTestId('practice-name').textContent()).toBe('Open Night');
    await expect.poll(() => spectator.getByTestId('live-status').textContent()).toBe('live');
    await expect.poll(() => spectator.getByTestId('pool-row').count()).toBe(2);
    expect(await spectator.getByRole('button', { name: /against/ }).count()).toBe(0);

    // The guest enters a bout; the coach and the spectator see it without reloading.
    await guest.locator('#pool-select').selectOption({ label: 'Pool 1' });
    await coach.locator('#pool-select').selectOption({ label: 'Pool 1' });
    await cell(guest, 1, 2).click();
    const dialog = guest.getByRole('dialog');
    await dialog.getByRole('group').nth(0).getByRole('button', { name: '5', exact: true }).click();
    await dialog.getByRole('group').nth(1).getByRole('button', { name: '2', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => cell(guest, 1, 2).textContent()).toBe('V5');
    await expect.poll(() => cell(coach, 1, 2).textContent()).toBe('V5');
    expect(await cell(coach, 2, 1).textContent()).toBe('D2');
    await spectator.locator('#pool-select').selectOption({ label: 'Pool 1' });
    await expect.poll(() => cell(spectator, 1, 2).textContent()).toBe('V5');
    await spectator.getByRole('link', { name: 'Pool Results' }).click();
    await expect.poll(() => spectator.getByTestId('result-row').count()).toBe(4);

    // The coach turns sharing off: the guest is told and sent back; the board pauses, showing nothing of the practice.
    await coach.getByRole('switch', { name: 'Guest access' }).click();
    await expectToast(guest, 'The coach turned off guest access.');

    await guest.waitForURL('**/guest-join');
    expect(await guest.evaluate(() => localStorage.getItem('guest_session_token'))).toBeNull();
    await spectator.getByRole('heading', { name: 'Live board paused' }).waitFor();
    expect(await spectator.getByTestId('board-paused').textContent()).toContain('The coach turned off guest access.');
    expect(await spectator.getByTestId('result-row').count()).toBe(0);
    // Sharing back on: the board comes back by itself, with what was scored meanwhile.
    await cell(coach, 2, 1).click();
    await pickScores(coach, 5, 4);
    await expect.poll(() => cell(coach, 2, 1).textContent()).toBe('V5');
    await coach.getByRole('switch', { name: 'Guest access' }).click();
    await expect.poll(() => spectator.getByTestId('board-paused').count()).toBe(0);
    await expect.poll(() => spectator.getByTestId('result-row').count()).toBe(4);
    await spectator.getByRole('link', { name: 'Pools' }).click();
    await spectator.locator('#pool-select').selectOption({ label: 'Pool 1' });
    await expect.poll(() => cell(spectator, 2, 1).textContent()).toBe('V5');
    await guest.goto('/individual-practice');
    await guest.waitForURL('**/auth');

    await spectatorContext.close();
    await guestContext.close();
    await coachContext.close();
  });

  it('a guest can leave, and the code page only links to joining', async () => {
    const { practice, guest, close } = await sharedPracticeAndGuest('Leave Coach', 'leave', 'Short visit');
    await guest.goto(`/guest-join/${practice.room_code}`);
    await guest.getByRole('link', { name: 'Go to guest join' }).click();
    await guest.waitForURL(/\/guest-join$/);
    await joinAsGuest(guest, practice.room_code, '');
    await guest.waitForURL('**/individual-practice');
    await expect.poll(() => guest.getByTestId('guest-pool-count').textContent()).toBe('You have access to 0 pools');
    // No name given: the chip says "Guest" alone, in the viewer's language (nothing English is stored for them).
    expect(await guest.getByTestId('guest-chip').textContent()).toBe('Guest');
    await guest.getByTestId('language-picker').selectOption('fr');
    await expect.poll(() => guest.getByTestId('guest-chip').textContent()).toBe('Invité');
    await guest.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => guest.getByTestId('guest-chip').textContent()).toBe('Guest');
    await guest.goto('/practices');
    expect(await guest.getByTestId('practice-item').textContent()).toContain('Short visit');
    expect(await guest.getByRole('button', { name: 'New Practice' }).count()).toBe(0);
    await guest.getByRole('link', { name: 'Short visit' }).click();
    await guest.getByRole('region', { name: 'Guest Access' }).getByRole('button', { name: 'Leave' }).click();
    await expectToast(guest, 'You have left the guest pools');
    await guest.waitForURL('**/guest-join');
    // One toast: leaving closes the guest's own socket too, which is no news of access ending.
    await guest.getByRole('button', { name: 'Join Room' }).waitFor();
    expect(await guest.getByTestId('toast').allTextContents()).toEqual([expect.stringMatching(/^Left room/)]);
    expect(await guest.evaluate(() => localStorage.getItem('guest_session_token'))).toBeNull();
    await close();
  });

  it('joins from the sign-in page’s guest mode, whose form loads when it is first opened', async () => {
    const { practice, guest, close } = await sharedPracticeAndGuest('Door Coach', 'door', 'Side door');
    await guest.goto('/auth');
    await guest.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await guest.getByLabel('Room code').count()).toBe(0);
    await guest.getByRole('button', { name: 'Join with a room code' }).click();
    await guest.getByRole('heading', { name: 'Join as a guest' }).waitFor();
    await guest.getByLabel('Room code').fill(practice.room_code);
    await guest.getByLabel('Your name (optional)').fill('Kim');
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await guest.waitForURL('**/individual-practice');
    await expect.poll(() => guest.getByTestId('guest-chip').textContent()).toBe('Guest · Kim');
    await close();
  });
});

describe('the coach’s view of the room', () => {
  it('shows the guests with their join time and the board count, removes a guest at once, and copies the board link', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Room Coach', email: uniqueEmail('room'), password: 'room coach pw' });
    const practice = await seed(viaBrowser(coach.request)).practice('Busy hall');
    await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await coach.goto('/individual-practice');
    await coach.getByRole('switch', { name: 'Guest access' }).click();
    await expect.poll(() => coach.getByTestId('room-summary').textContent()).toBe('0 guests · 0 watching');

    const guestContext = await newContext(browser());
    const guest = await guestContext.newPage();
    await joinAsGuest(guest, practice.room_code, 'Robin');
    await guest.waitForURL('**/individual-practice');
    const boardContext = await newContext(browser());
    const board = await boardContext.newPage();
    const href = await coach.getByTestId('board-link').getByRole('link', { name: 'Live board' }).getAttribute('href');
    await board.goto(href!);
    await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');
    await expect.poll(() => coach.getByTestId('room-summary').textContent()).toBe('1 guest · 1 watching');

    await coach.getByRole('button', { name: 'Copy live board link' }).click();
    await expectToast(coach, 'Live board link copied: it lets people watch, never score');
    expect(await coach.evaluate(() => navigator.clipboard.readText())).toBe(new URL(href!, coach.url()).href);

    await coach.getByTestId('room-summary').click();
    const dialog = coach.getByRole('dialog', { name: 'In the room' });
    await expect.poll(() => dialog.getByTestId('room-guest').textContent()).toMatch(/^Robin joined \d{1,2}:\d{2} (AM|PM)Remove$/);
    await dialog.getByRole('button', { name: 'Remove Robin' }).click();
    await expectToast(guest, 'The coach removed you from the room.');
    await guest.waitForURL('**/guest-join');
    await expect.poll(() => dialog.getByText('No guests right now.').count()).toBe(1);
    await coach.keyboard.press('Escape');

    // Reloaded with no network, the coach's screen cannot know who is in the room: it says no count, not a false 0.
    await expect.poll(() => coach.getByTestId('room-summary').textContent()).toBe('0 guests · 1 watching');
    await coach.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await coachContext.setOffline(true);
    await coach.reload();
    await coach.getByTestId('offline-notice').waitFor();
    await expect.poll(() => coach.getByTestId('room-summary').textContent()).toBe('In the room');
    await coachContext.setOffline(false);
    await expect.poll(() => coach.getByTestId('room-summary').textContent()).toBe('0 guests · 1 watching');

    await boardContext.close();
    await guestContext.close();
    await coachContext.close();
  });
});
