import { describe, expect, it } from 'vitest';
import { expectToast, newContext, pickScores, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

describe('a barrage at the cut (issue 58)', () => {
  it('three fencers tied at the line fence a barrage, scored by the coach and a guest; its winner goes on to the tableau', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Barrage Coach', email: uniqueEmail('barrage'), password: 'barrage coach pw' });
    const api = seed(viaBrowser(coach.request));
    const practice = await api.practice('Barrage evening');
    const [pool] = await api.pools(practice.id, ['Ann', 'Bob', 'Cleo', 'Dan']);
    const id = (name: string) => pool!.players.find((p) => p.name === name)!.id;
    // Ann wins every bout; Bob, Cleo and Dan each win one bout 5–4: tied on every criterion behind her.
    for (const [a, b, s1, s2] of [['ANN', 'BOB', 5, 0], ['ANN', 'CLEO', 5, 0], ['ANN', 'DAN', 5, 0], ['BOB', 'CLEO', 5, 4], ['CLEO', 'DAN', 5, 4], ['DAN', 'BOB', 5, 4]] as const) {
      await api.bout(pool!, id(a), id(b), s1, s2);
    }
    const shared = await api.share(practice.id);
    await coach.evaluate((pid) => localStorage.setItem('current_practice_id', pid), practice.id);
    await coach.goto('/individual-practice');
    await coach.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();

    // The coach keeps the top 2 and has the tie at the line fenced.
    await coach.getByRole('button', { name: 'Format…' }).click();
    const dialog = coach.getByRole('dialog');
    await dialog.getByLabel('Number of fencers who go on').fill('2');
    await dialog.getByRole('radio', { name: 'fence a barrage for the places left' }).check();
    await dialog.getByRole('button', { name: 'Save format' }).click();
    await expectToast(coach, 'Format saved');
    await expect.poll(() => coach.getByTestId('barrage-tied').textContent()).toBe('BOB, CLEO, DAN are tied exactly at the cut’s line. They fence a barrage for 1 place, bouts to 5 touches.');
    expect(await coach.getByTestId('barrage-bout').count()).toBe(3);

    // A guest sees the barrage too, and the pool results mark the tied fencers.
    const guestContext = await newContext(browser());
    const guest = await guestContext.newPage();
    await guest.goto('/guest-join');
    await guest.getByLabel('Room code').fill(shared.room_code);
    await guest.getByLabel('Your name (optional)').fill('Gil');
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await guest.waitForURL('**/individual-practice');
    await guest.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Pool Results' }).click();
    await expect.poll(() => guest.getByTestId('result-row').filter({ hasText: 'barrage at the cut' }).count()).toBe(3);
    await guest.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();
    await expect.poll(() => guest.getByTestId('barrage-bout').count()).toBe(3);

    // The barrage's first bout (a pool of 3 fences 2-3 first: CLEO–DAN), by the guest; the coach sees it at once.
    await guest.getByTestId('barrage-bout').nth(0).getByRole('button', { name: 'Enter result' }).click();
    await pickScores(guest, 5, 1);
    await expect.poll(() => coach.getByTestId('barrage-bout').nth(0).textContent()).toContain('CLEO 5 : 1 DAN');
    // Then BOB–DAN and BOB–CLEO by the coach: Cleo wins both of hers.
    await coach.getByTestId('barrage-bout').nth(1).getByRole('button', { name: 'Enter result' }).click();
    await pickScores(coach, 5, 3);
    await coach.getByTestId('barrage-bout').nth(2).getByRole('button', { name: 'Enter result' }).click();
    await pickScores(coach, 2, 5);

    // Fenced: the tableau is drawn, a final between Ann and Cleo, on both screens.
    for (const page of [coach, guest]) {
      await expect.poll(() => page.getByTestId('barrage').count()).toBe(0);
      await expect.poll(() => page.getByTestId('tableau-round').locator('h2').allTextContents()).toEqual(['Final']);
      await expect.poll(() => page.getByTestId('tableau-round').textContent()).toMatch(/ANN[\s\S]*CLEO/);
    }
    await coach.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Pool Results' }).click();
    await expect.poll(() => coach.getByTestId('result-row').filter({ hasText: 'eliminated after pools' }).allTextContents()).toHaveLength(2);
    await guestContext.close();
    await coachContext.close();
  });
});
