import { describe, expect, it } from 'vitest';
import type { Day } from '../../core/contracts/days';
import { newContext, readPushes, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { decryptPush, type Subscriber } from '../helpers/push';
import { BY_SHEET_ORDER, seed, viaBrowser } from '../helpers/seed';
import { apiOver, expectAnswer } from '../helpers/api-client';

const browser = useBrowser();

describe("a fencer's own page (issue 28)", () => {
  it('a parent finds their fencer on the hall board, follows them on a phone, watches the pool live and gets the call as a push', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Hall Coach', email: uniqueEmail('fencer'), password: 'fencer page pw' });
    const made = seed(viaBrowser(coach.request));
    const api = apiOver(viaBrowser(coach.request));
    const ann = await made.athlete({ name: 'Ann Archer', club: 'Lions' });
    const { practice, pool } = await made.practiceWithPool('U13 Epee', [{ athlete_id: ann.id }, 'Bob Baker', 'Cleo Cole', 'Dan Dunn']);
    const day: Day = await expectAnswer(api.days.$post({ json: { name: 'Club open' } }), 201);
    const dayApi = api.days[':dayId'];
    await expectAnswer(dayApi.pistes.$put({ param: { dayId: day.id }, json: { pistes: [{ name: '1', final: true }, { name: '2' }] } }));
    await expectAnswer(dayApi.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } }));
    await expectAnswer(dayApi.placements.$post({ param: { dayId: day.id } }));
    await expectAnswer(dayApi.$patch({ param: { dayId: day.id }, json: { board_shared: true } }));

    // A parent's phone opens the hall board and finds Ann by typing part of her name.
    const phoneContext = await newContext(browser(), { width: 390, height: 844, touch: true });
    const phone = await phoneContext.newPage();
    await phone.goto(`/hall/${day.board_id}`);
    await phone.getByLabel('Fencer’s name').fill('arch');
    const found = phone.getByTestId('hall-finder-fencer');
    await expect.poll(() => found.allTextContents()).toEqual(['ANN ARCHER · U13 Epee']);
    await found.click();
    await phone.waitForURL(`**/hall/${day.board_id}/fencer/${practice.id}/${pool.players[0]!.id}`);
    await expect.poll(() => phone.getByTestId('fencer-name').textContent()).toBe('ANN ARCHER');
    // The bout order of four starts with 1-4: Ann fences Dan first, on the pool's piste.
    await expect.poll(() => phone.getByTestId('fencer-next').textContent()).toBe('Next bout: against DAN DUNN You fence now, or next');
    expect(await phone.getByTestId('fencer-pool-piste').textContent()).toMatch(/^Piste [12] · Flight A/);

    // Following on this phone: the local stand-in plays the push service (PUSH_STANDIN).
    await phone.getByRole('button', { name: 'Notify me when called' }).click();
    await phone.getByText('This phone gets a notification when the fencer is called.').waitFor();
    const subscriber = await phone.evaluate(() => Object.values(JSON.parse(localStorage.getItem('piste.push-standin') ?? '{}'))[0] as Subscriber);
    expect(subscriber.endpoint).toMatch(/^https:\/\/push\.standin\.invalid\//);

    // The coach's first result reaches the phone's page, then the rest of the pool.
    const [annId, , , danId] = pool.players.map((p) => p.id);
    await made.bout(pool, annId!, danId!, 5, 3);
    await expect.poll(() => phone.getByTestId('fencer-bout').first().textContent()).toBe('DAN DUNNwon 5–3');
    await expect.poll(() => phone.getByTestId('fencer-next').textContent()).toBe('Next bout: against CLEO COLE 1 bout of the pool before yours');
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) if (!(i === 0 && j === 3)) await made.bout(pool, pool.players[i]!.id, pool.players[j]!.id, ...BY_SHEET_ORDER(i, j));
    }
    await expect.poll(() => phone.getByTestId('fencer-next').textContent()).toBe('Your pool bouts are done.');

    // Ann won every bout: seed 1 against Dan in the semi-final, called to piste 2 (piste 1 is the final's, and
    // the other semi takes it while nothing else is free). The page says so, and the phone gets the push.
    await expect.poll(() => phone.getByTestId('fencer-call').textContent(), { timeout: 30_000 }).toMatch(/^Called to piste 2Semi-finals · against DAN DUNN/);
    expect(await phone.getByTestId('fencer-seed').textContent()).toBe('Seed 1');
    const [push] = await readPushes(subscriber.endpoint);
    expect(await decryptPush(subscriber, push!)).toEqual({
      title: 'Called to piste 2',
      body: 'ANN ARCHER – DAN DUNN · U13 Epee',
      url: expect.stringMatching(new RegExp(`/hall/${day.board_id}/fencer/${practice.id}/${annId}$`)),
      tag: `${practice.id}:r1-m0`,
    });

    // Stopping: the hall forgets this phone.
    await phone.getByRole('button', { name: 'Stop notifications' }).click();
    await phone.getByRole('button', { name: 'Notify me when called' }).waitFor();
    await phoneContext.close();
    await coachContext.close();
  });
});
