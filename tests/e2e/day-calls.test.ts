import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { apiOver, expectAnswer } from '../helpers/api-client';

const browser = useBrowser();

describe('a competition day on its events’ own screens (issue 28)', () => {
  it('shows the pool’s piste on the event’s pools screen; a guest at the piste marks a called semi-final on piste once the coach allows it; the coach referees a call from the day', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Piste Coach', email: uniqueEmail('event-calls'), password: 'competition day pw' });
    const made = seed(viaBrowser(page.request));
    const api = apiOver(viaBrowser(page.request));
    const { practice, pool } = await made.practiceWithPool('Club night', ['Ann', 'Bob', 'Cleo', 'Dan']);
    const day = await expectAnswer(api.days.$post({ json: { name: 'Club day' } }), 201);
    const dayId = day.id;
    await expectAnswer(api.days[':dayId'].pistes.$put({ param: { dayId }, json: { pistes: [{ name: 'Red', final: true }, { name: 'Blue' }, { name: 'Green' }] } }));
    await expectAnswer(api.days[':dayId'].events[':practiceId'].$put({ param: { dayId, practiceId: practice.id } }));
    const placed = await expectAnswer(api.days[':dayId'].placements.$post({ param: { dayId } }));
    const pisteOfPool = placed.pistes.find((p) => p.id === placed.placements[0]!.piste_id)!.name;
    const shared = await made.share(practice.id);

    // The event's own pools screen says where its pool fences.
    await page.goto('/individual-practice');
    await expect.poll(() => page.getByTestId('pool-place').textContent()).toBe(`Piste ${pisteOfPool}Flight A`);

    // A parent helping at the pistes joins by the room code on a phone and opens the tableau.
    const phoneContext = await newContext(browser(), { width: 390, height: 844, touch: true });
    const phone = await phoneContext.newPage();
    await phone.goto('/guest-join');
    await phone.getByLabel('Room code').fill(shared.room_code!);
    await phone.getByLabel('Your name (optional)').fill('Helper');
    await phone.getByRole('button', { name: 'Join Room' }).click();
    await phone.waitForURL('**/individual-practice');

    // The pool is fenced: the semi-finals are called, and the phone's tableau shows each call's piste, without a reload.
    await made.fenceAll(pool);
    await phone.goto('/tableau');
    await expect.poll(() => phone.getByTestId('match-call').count(), { timeout: 15_000 }).toBe(2);
    expect(await phone.getByTestId('match-call').first().textContent()).toMatch(/^Called to piste (Red|Blue|Green)/);
    // The coach has not let guests take the call steps: no button on the phone.
    expect(await phone.getByRole('button', { name: /^Mark the fencers on piste/ }).count()).toBe(0);

    // The coach lets them, from the day's screen; the phone's buttons appear live.
    await page.goto(`/days/${dayId}`);
    const allow = page.getByLabel('Guests of an event may mark its called matches on piste');
    await allow.click();
    await expect.poll(() => allow.isChecked()).toBe(true);
    await expect.poll(() => phone.getByRole('button', { name: /^Mark the fencers on piste/ }).count()).toBe(2);
    const first = phone.getByTestId('match-call').first();
    const piste = (await first.getAttribute('data-piste'))!;
    // The hall's Wi-Fi drops as the helper taps: the step waits on the phone, and goes when the network is back.
    await phoneContext.setOffline(true);
    await first.getByRole('button', { name: `Mark the fencers on piste ${piste}` }).click();
    await expect.poll(() => first.textContent()).toContain('Waiting to sync');
    await phoneContext.setOffline(false);
    await expect.poll(() => phone.locator('[data-testid="match-call"][data-state="on-piste"]').textContent(), { timeout: 30_000 }).toContain(`On piste ${piste}`);
    // The step's own answer, a moment after the room told every screen, takes it out of the queue.
    await expect.poll(() => phone.getByText('Waiting to sync').count()).toBe(0);
    // The coach's day screen shows that call on piste.
    await expect.poll(() => page.locator(`[data-testid="call"][data-piste="${piste}"]`).getByTestId('call-on-piste').count()).toBe(1);

    // The coach opens the referee view of the other semi-final straight from its call.
    const other = page.locator('[data-testid="call"]').filter({ hasNot: page.getByTestId('call-on-piste') });
    const pair = (await other.getByTestId('call-fencers').textContent())!.replace(' v ', ' – ');
    await other.getByRole('button', { name: `Referee ${pair} on the event’s tableau` }).click();
    await page.waitForURL('**/tableau?referee=*');
    await expect.poll(() => page.getByTestId('referee-view').getAttribute('aria-label')).toBe(pair);
    await phoneContext.close();
    await context.close();
  });
});
