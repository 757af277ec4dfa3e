import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';

const browser = useBrowser();
const json = { 'content-type': 'application/json' };

const score = (page: Page, side: 'left' | 'right') => page.getByTestId(`referee-score-${side}`).textContent();
const tap = (page: Page, side: 'left' | 'right', times = 1) =>
  (async () => {
    for (let i = 0; i < times; i++) await page.getByTestId(`referee-touch-${side}`).click();
  })();

describe('referee mode (issue 18)', () => {
  it('a guest’s 375 px phone referees a bout to 5 while the coach’s grid and the live board follow every touch; a reload mid-bout continues it; the saved result fills the grid', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Referee Coach', email: uniqueEmail('ref'), password: 'referee coach pw' });
    const created = await (await coach.request.post('/api/practices', { headers: json, data: { practice_type: 'individual', name: 'Ref night', weapon: 'epee' } })).json();
    await coach.request.post(`/api/practices/${created.id}/pools/generate`, { headers: json, data: { method: 'single', entries: ['Ann', 'Bob', 'Cleo'].map((name) => ({ name })) } });
    const practice = await (await coach.request.post(`/api/practices/${created.id}/sharing`, { headers: json, data: { enabled: true } })).json();
    await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await coach.goto('/individual-practice');
    await expect.poll(() => coach.getByTestId('pool-row').count()).toBe(3);

    const boardContext = await newContext(browser());
    const board = await boardContext.newPage();
    await board.goto(`/live/${practice.board_id}`);
    await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');

    // The referee: a guest on a phone.
    const phoneContext = await newContext(browser(), { width: 375, height: 812, touch: true });
    const phone = await phoneContext.newPage();
    await phone.goto('/guest-join');
    await phone.getByLabel('Room code').fill(practice.room_code);
    await phone.getByLabel('Your name (optional)').fill('Rita');
    await phone.getByRole('button', { name: 'Join Room' }).click();
    await expectToast(phone, 'Joined room successfully!');
    await phone.getByTestId('referee-now').click();
    await phone.getByTestId('referee-view').waitFor();
    await expect.poll(() => score(phone, 'left')).toBe('0');
    const left = (await phone.getByTestId('referee-name-left').textContent())!;
    const right = (await phone.getByTestId('referee-name-right').textContent())!;
    expect(phone.url()).toContain('referee=pool.');
    // Épée: the double touch is there; the view fits the phone.
    expect(await phone.getByTestId('referee-double').count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Play!, then touches; a wrong one undone.
    await phone.getByTestId('referee-clock').click();
    await tap(phone, 'left', 2);
    await tap(phone, 'right');
    await tap(phone, 'right');
    await phone.getByTestId('referee-undo').click();
    await tap(phone, 'left');
    await expect.poll(() => Promise.all([score(phone, 'left'), score(phone, 'right')])).toEqual(['3', '1']);

    // The coach's grid shows the bout in progress with its running score, both ways; the board shows it on the piste.
    const positionOf = async (name: string) => Number((await coach.getByTestId('pool-row').filter({ hasText: name }).locator('th span').first().textContent())!.trim());
    const [l, r] = [await positionOf(left), await positionOf(right)];
    await expect.poll(() => coach.getByTestId(`cell-${l}-${r}`).textContent()).toBe('3–1');
    expect(await coach.getByTestId(`cell-${r}-${l}`).textContent()).toBe('1–3');
    expect(await coach.locator(`td[data-live]`).count()).toBe(2);
    await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe('3–1');
    expect(await board.getByTestId('on-piste-bout').textContent()).toContain(left);

    // The phone reloads mid-bout: the same bout opens where it was, and goes on.
    await phone.reload();
    await phone.getByTestId('referee-view').waitFor();
    await expect.poll(() => Promise.all([score(phone, 'left'), score(phone, 'right')])).toEqual(['3', '1']);
    await tap(phone, 'right');
    await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe('3–2');
    await tap(phone, 'left', 2);

    // At 5 the bout is over: the result is proposed, saved, and the grid, stats and the board follow.
    await phone.getByTestId('referee-result').waitFor();
    expect(await phone.getByTestId('referee-result').textContent()).toContain(`${left} wins`);
    await phone.getByTestId('referee-save').click();
    await phone.getByTestId('referee-view').waitFor({ state: 'detached' });
    expect(phone.url()).not.toContain('referee=');
    await expect.poll(() => coach.getByTestId(`cell-${l}-${r}`).textContent()).toBe('V5');
    expect(await coach.getByTestId(`cell-${r}-${l}`).textContent()).toBe('D2');
    expect(await coach.locator('td[data-live]').count()).toBe(0);
    await expect.poll(() => board.getByTestId('on-piste').count()).toBe(0);
    await expect.poll(() => board.getByTestId(`cell-${l}-${r}`).textContent()).toBe('V5');

    // A second referee view on the next bout is refused while the first holds it.
    await phone.getByTestId('referee-now').click();
    await phone.getByTestId('referee-view').waitFor();
    await coach.getByTestId('referee-now').click();
    await coach.getByTestId('referee-view').getByText('Rita is refereeing this bout. Ask them to hand it over.').waitFor();
    await coach.getByRole('button', { name: '← Back' }).click();
    // Handed over, the coach takes it.
    await phone.getByRole('button', { name: 'Hand over' }).click();
    await phone.getByTestId('referee-view').waitFor({ state: 'detached' });
    await coach.getByTestId('referee-now').click();
    await expect.poll(() => coach.getByTestId('referee-score-left').textContent()).toBe('0');

    for (const c of [coachContext, boardContext, phoneContext]) await c.close();
  });
});
