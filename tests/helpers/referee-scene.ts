import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail } from './browser';
import { seed, viaBrowser } from './seed';

/**
 * The scene of a refereed pool bout: a coach signed up with a shared three-fencer épée practice open on the
 * pools grid; `board()` opens its live board (live), `phone()` joins a guest "Rita" on a 375 px touch phone
 * and starts refereeing the first bout.
 */
export async function refereeScene(browser: Browser, label: string) {
  const coach = await (await newContext(browser)).newPage();
  await signUp(coach, { name: `${label} Coach`, email: uniqueEmail(label.toLowerCase()), password: `${label} coach pw` });
  const created = await seed(viaBrowser(coach.request)).practice(`${label} night`, { weapon: 'epee' });
  await seed(viaBrowser(coach.request)).pools(created.id, ['Ann', 'Bob', 'Cleo']);
  const practice = await seed(viaBrowser(coach.request)).share(created.id);
  await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
  await coach.goto('/individual-practice');
  await expect.poll(() => coach.getByTestId('pool-row').count()).toBe(3);

  const board = async (): Promise<Page> => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`/live/${practice.board_id}`);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    return page;
  };
  const phone = async (): Promise<Page> => {
    const page = await (await newContext(browser, { width: 375, height: 812, touch: true })).newPage();
    await page.goto('/guest-join');
    await page.getByLabel('Room code').fill(practice.room_code);
    await page.getByLabel('Your name (optional)').fill('Rita');
    await page.getByRole('button', { name: 'Join Room' }).click();
    await expectToast(page, 'Joined room successfully!');
    await page.getByTestId('referee-now').click();
    await page.getByTestId('referee-view').waitFor();
    return page;
  };
  return { coach, practice, board, phone };
}
