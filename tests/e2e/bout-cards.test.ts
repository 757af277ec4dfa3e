import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { seriousViolations } from '../helpers/axe';

const browser = useBrowser();

describe('cards everywhere (issue 29)', () => {
  it('a referee’s yellow card shows on the coach’s grid and the live board at once, and stays with the saved result', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Cards Coach', email: uniqueEmail('cards'), password: 'cards coach pw' });
    const created = await seed(viaBrowser(coach.request)).practice('Cards night', { weapon: 'epee' });
    await seed(viaBrowser(coach.request)).pools(created.id, ['Ann', 'Bob', 'Cleo']);
    const practice = await seed(viaBrowser(coach.request)).share(created.id);
    await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await coach.goto('/individual-practice');
    await expect.poll(() => coach.getByTestId('pool-row').count()).toBe(3);

    const board = await (await newContext(browser())).newPage();
    await board.goto(`/live/${practice.board_id}`);
    await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');

    // The referee: a guest's phone.
    const phone = await (await newContext(browser(), { width: 375, height: 812, touch: true })).newPage();
    await phone.goto('/guest-join');
    await phone.getByLabel('Room code').fill(practice.room_code);
    await phone.getByLabel('Your name (optional)').fill('Rita');
    await phone.getByRole('button', { name: 'Join Room' }).click();
    await expectToast(phone, 'Joined room successfully!');
    await phone.getByTestId('referee-now').click();
    await phone.getByTestId('referee-view').waitFor();
    const left = (await phone.getByTestId('referee-name-left').textContent())!;

    // A yellow card to the left fencer.
    await phone.getByRole('button', { name: `Yellow card to ${left}` }).click();
    await phone.getByTestId('referee-cards-left').locator('span').first().waitFor();

    // The coach's grid: the left fencer's cell against the right shows the card beside the running score, named for screen readers.
    const positionOf = async (name: string) => Number((await coach.getByTestId('pool-row').filter({ hasText: name }).locator('th span').first().textContent())!.trim());
    const right = (await phone.getByTestId('referee-name-right').textContent())!;
    const [l, r] = [await positionOf(left), await positionOf(right)];
    const cell = coach.getByTestId(`cell-${l}-${r}`);
    await cell.locator('[data-card="yellow"]').waitFor();
    expect(await cell.getAttribute('aria-label')).toContain('0–0, Yellow card, on the piste now');
    expect(await coach.getByTestId(`cell-${r}-${l}`).locator('[data-card]').count()).toBe(0);

    // The live board: "on piste now" shows it beside the score.
    await board.getByTestId('on-piste-bout').getByRole('img', { name: 'Yellow card' }).waitFor();
    expect(await board.getByTestId('on-piste-bout').getByRole('img').count()).toBe(1);
    expect(await seriousViolations(board)).toEqual([]);

    // Five touches to the left, and the result saved from the phone.
    await phone.getByTestId('referee-clock').click();
    for (let i = 0; i < 5; i++) await phone.getByTestId('referee-touch-left').click();
    await phone.getByTestId('referee-result').waitFor();
    await phone.getByTestId('referee-save').click();
    await phone.getByTestId('referee-view').waitFor({ state: 'detached' });
    await expect.poll(() => cell.textContent()).toBe('V5');
    await expect.poll(() => board.getByTestId('on-piste').count()).toBe(0);

    // The saved result keeps the card: the grid cell's details show it beside the fencer who got it.
    await cell.click();
    const dialog = coach.getByRole('dialog');
    await dialog.getByRole('group', { name: `${left} score` }).getByRole('img', { name: 'Yellow card' }).waitFor();
    expect(await dialog.getByRole('group', { name: `${right} score` }).getByRole('img').count()).toBe(0);
    expect(await seriousViolations(coach)).toEqual([]);
  });
});
