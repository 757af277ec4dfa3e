import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, pickScores, sidewaysOverflow, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { refereeScene } from '../helpers/referee-scene';
import { seriousViolations } from '../helpers/axe';

const browser = useBrowser();

const score = (page: Page, side: 'left' | 'right') => page.getByTestId(`referee-score-${side}`).textContent();
const tap = (page: Page, side: 'left' | 'right', times = 1) =>
  (async () => {
    for (let i = 0; i < times; i++) await page.getByTestId(`referee-touch-${side}`).click();
  })();

describe('referee mode (issue 18)', () => {
  it('a guest’s 375 px phone referees a bout to 5 while the coach’s grid and the live board follow every touch; a reload mid-bout continues it; the saved result fills the grid', async () => {
    const { coach, board: openBoard, phone: openPhone } = await refereeScene(browser(), 'Referee');

    // Who referees: each bout names the fencer sitting out (suggested); the coach's choice replaces the suggestion.
    const duty = coach.getByTestId('bout-order-duty').first();
    expect(await duty.textContent()).toMatch(/^Referee: .+ \(suggested\)$/);
    await duty.getByRole('button').click();
    const choice = coach.getByRole('combobox', { name: 'Who referees this bout' });
    await choice.selectOption({ index: 1 });
    await expect.poll(() => duty.textContent()).toMatch(/^Referee: [^(]+$/);

    const board = await openBoard();
    // The board shows the coach's choice too.
    await expect.poll(() => board.getByTestId('bout-order-duty').first().textContent()).toBe(await duty.textContent());

    // The referee: a guest on a phone.
    const phone = await openPhone();
    const phoneContext = phone.context();
    await expect.poll(() => score(phone, 'left')).toBe('0');
    const left = (await phone.getByTestId('referee-name-left').textContent())!;
    const right = (await phone.getByTestId('referee-name-right').textContent())!;
    expect(phone.url()).toContain('referee=pool.');
    // Épée: the double touch is there; the view fits the phone.
    expect(await phone.getByTestId('referee-double').count()).toBe(1);
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);

    // Play!, then touches; a wrong one undone.
    await phone.getByTestId('referee-clock').click();
    await tap(phone, 'left', 2);
    await tap(phone, 'right');
    await tap(phone, 'right');
    await phone.getByTestId('referee-undo').click();
    await tap(phone, 'left');
    await expect.poll(() => Promise.all([score(phone, 'left'), score(phone, 'right')])).toEqual(['3', '1']);
    // axe finds nothing serious on the referee's view, nor on the board showing the bout on the piste.
    expect(await seriousViolations(phone)).toEqual([]);

    // The coach's grid shows the bout in progress with its running score, both ways; the board shows it on the piste.
    const positionOf = async (name: string) => Number((await coach.getByTestId('pool-row').filter({ hasText: name }).locator('th span').first().textContent())!.trim());
    const [l, r] = [await positionOf(left), await positionOf(right)];
    await expect.poll(() => coach.getByTestId(`cell-${l}-${r}`).textContent()).toBe('3–1');
    expect(await coach.getByTestId(`cell-${r}-${l}`).textContent()).toBe('1–3');
    expect(await coach.locator(`td[data-live]`).count()).toBe(2);
    await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe('3–1');
    expect(await board.getByTestId('on-piste-bout').textContent()).toContain(left);
    expect(await seriousViolations(board)).toEqual([]);

    // The phone reloads mid-bout: the same bout opens where it was, and goes on.
    await phone.reload();
    await phone.getByTestId('referee-view').waitFor();
    await expect.poll(() => Promise.all([score(phone, 'left'), score(phone, 'right')])).toEqual(['3', '1']);
    await tap(phone, 'right');
    await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe('3–2');

    // The phone loses the network: its touch waits in the write queue, the view says it is not sent yet,
    // the board still shows what the room has; back online, the touch goes by itself and the board follows.
    await phoneContext.setOffline(true);
    await tap(phone, 'left');
    await expect.poll(() => Promise.all([score(phone, 'left'), score(phone, 'right')])).toEqual(['4', '2']);
    await phone.getByTestId('referee-unsent').waitFor();
    expect(await board.getByTestId('on-piste-score').textContent()).toBe('3–2');
    await phoneContext.setOffline(false);
    await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe('4–2');
    await phone.getByTestId('referee-unsent').waitFor({ state: 'detached' });
    await tap(phone, 'left');

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

    // The next bout, on the phone, gets its result typed in the coach's grid: the phone says so at once, not at its next touch.
    await phone.getByTestId('referee-now').click();
    await phone.getByTestId('referee-view').waitFor();
    await tap(phone, 'left');
    const [nl, nr] = [await positionOf((await phone.getByTestId('referee-name-left').textContent())!), await positionOf((await phone.getByTestId('referee-name-right').textContent())!)];
    await expect.poll(() => coach.getByTestId(`cell-${nl}-${nr}`).textContent()).toBe('1–0');
    await coach.getByTestId(`cell-${nl}-${nr}`).click();
    await pickScores(coach, 5, 3);
    const notice = phone.getByTestId('referee-view').getByRole('alert');
    await expect.poll(() => notice.textContent()).toBe('This bout is no longer on the pisteIts result was entered on another screen.');
    await phone.getByRole('button', { name: '← Back' }).click();
    await phone.getByTestId('referee-view').waitFor({ state: 'detached' });
    await expect.poll(() => board.getByTestId(`cell-${nl}-${nr}`).textContent()).toBe('V5');

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
    // A black card: in a pool the coach marks the fencer excluded (o.74.3), whose row then reads so.
    const excluded = (await coach.getByTestId('referee-name-left').textContent())!;
    await coach.getByRole('button', { name: `Black card to ${excluded}` }).click();
    await coach.getByTestId('referee-result').getByText(`${excluded} is excluded (black card)`).waitFor();
    await coach.getByTestId('referee-exclude').click();
    await coach.getByTestId('referee-view').waitFor({ state: 'detached' });
    await expect.poll(() => coach.locator('[data-testid="pool-row"][data-status="excluded"]').textContent()).toContain(excluded);
    await expect.poll(() => board.getByTestId('on-piste').count()).toBe(0);

    for (const p of [coach, board, phone]) await p.context().close();
  });

  it('a tableau match at foil: three periods, P-cards and no double; refereed to 15 and saved into the bracket', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Foil Coach', email: uniqueEmail('foil'), password: 'foil coach pw' });
    const api = seed(viaBrowser(page.request));
    const practice = await api.practice('Foil night', { weapon: 'foil' });
    const [pool] = await api.pools(practice.id, ['Ann', 'Bob', 'Cleo']);
    const [x, y, z] = pool!.players.map((p) => p.id) as [string, string, string];
    for (const [p, q, s1, s2] of [[x, y, 5, 1], [y, z, 5, 2], [x, z, 5, 3]] as const) await api.bout(pool!, p, q, s1, s2);
    await page.goto('/practices');
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/tableau');
    await page.getByTestId('match-referee').click();
    await page.getByTestId('referee-view').waitFor();
    expect(await page.getByTestId('referee-clock').textContent()).toContain('Period 1');
    expect(await page.getByTestId('referee-double').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'P-card' }).count()).toBe(1);
    const winner = (await page.getByTestId('referee-name-left').textContent())!;
    await tap(page, 'left', 15);
    await page.getByTestId('referee-result').waitFor();
    await page.getByTestId('referee-save').click();
    await page.getByTestId('referee-view').waitFor({ state: 'detached' });
    // The match shows 15–0 and the winner moves on to the final.
    const scored = page.locator('[data-testid^="match-"]').filter({ hasText: '15' });
    await expect.poll(() => scored.count()).toBe(1);
    expect(await scored.first().textContent()).toContain(winner);
    await context.close();
  });
});
