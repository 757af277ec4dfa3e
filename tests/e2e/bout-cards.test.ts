import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';
import { refereeScene } from '../helpers/referee-scene';
import { seriousViolations } from '../helpers/axe';

const browser = useBrowser();

describe('cards everywhere (issue 29)', () => {
  it('a referee’s yellow card shows on the coach’s grid and the live board at once, and stays with the saved result', async () => {
    const { coach, board: openBoard, phone: openPhone } = await refereeScene(browser(), 'Cards');
    const board = await openBoard();
    // The referee: a guest's phone.
    const phone = await openPhone();
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
