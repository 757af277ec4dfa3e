import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resolveTableau } from '../../core/fencing/tableau';
import { readCsv } from '../../core/interop/csv';
import { apiOver, expectAnswer } from '../helpers/api-client';
import { download, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

/**
 * Fifteen roster fencers, strongest first: the order they will finish in. Two current C's, two D's and two E's
 * (or better) among fifteen make a C1 (1st C, 2nd–4th D, 5th–8th E); Lee Cole's C23 lapsed before the 2027
 * season and counts for nothing.
 */
const FIELD: [name: string, rating: string | null][] = [
  ['Ulla Newcomer', null],
  ['Cora Stone', 'C26'],
  ['Dana Reyes', 'D24'],
  ['Lee Cole', 'C23'],
  ['Erin Park', 'E25'],
  ['Drew Hale', 'D26'],
  ['Evan Brook', 'E27'],
  ['Uma Grey', 'U'],
  ['Carl Vance', 'C25'],
  ['Nia Ford', null],
  ['Omar Diaz', null],
  ['Pia Lund', null],
  ['Quin Shaw', null],
  ['Rui Sato', null],
  ['Sam Otto', null],
];

/** The final results as the coach reads them: place, name, rating before, rating earned. */
const results = (page: Page) =>
  page.getByTestId('standing-row').evaluateAll((rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('td')].map((td) => td.textContent!.trim());
      return [cells[0], cells[1]!.toLowerCase(), cells[3], cells[4]];
    }));

describe('USA Fencing ratings (issue 58)', () => {
  it('a coach sees the classification at check-in, then the ratings the finishers earn on the final results and in the CSV', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Rated Coach', email: uniqueEmail('usaf'), password: 'usaf ratings pw' });
    const fetch = viaBrowser(page.request);
    const api = seed(fetch);
    const client = apiOver(fetch);
    for (const [name, rating] of FIELD) {
      const national_rating = rating === null ? undefined : { system: 'usaf' as const, value: rating === 'U' ? 'U' : `${rating[0]}20${rating.slice(1)}` };
      await expectAnswer(client.athletes.$post({ json: { name, national_rating } }), 201);
    }
    // November 2026: the 2027 season.
    const practice = await api.practice('Fall open', { date: '2026-11-14' });
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    // Check-in: fifteen present make a C1; Carl Vance (C25) absent leaves one current C among fourteen, an E1.
    await page.goto('/practice-setup');
    for (const [name] of FIELD) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    const line = page.getByTestId('check-in-classification');
    const next = page.getByTestId('check-in-next-class');
    await expect.poll(() => line.textContent()).toBe('This event would be classified C1.');
    expect(await next.textContent()).toBe('C2 needs 10 more fencers.');
    const carl = page.getByTestId('check-in-list').getByRole('button', { name: /Carl Vance/ });
    await carl.click();
    await expect.poll(() => line.textContent()).toBe('This event would be classified E1.');
    expect(await next.textContent()).toBe('D1 needs 1 more fencer.');
    await carl.click();
    await expect.poll(() => line.textContent()).toBe('This event would be classified C1.');
    await page.getByRole('button', { name: 'Generate Pools' }).click();
    await page.waitForURL('**/individual-practice');

    // The pool fenced in FIELD's order of strength, then the tableau, the better seed winning each bout.
    const [pool] = await api.poolsOf(practice.id);
    const rank = new Map((await api.athletes()).map((a) => [a.id, FIELD.findIndex(([name]) => name === a.name)]));
    const strength = pool!.players.map((p) => rank.get(p.athlete_id!)!);
    await api.fenceAll(pool!, (i, j) => (strength[i]! < strength[j]! ? [5, 2] : [2, 5]));
    const practiceApi = client.practices[':practiceId'];
    const fenceRound = async (round: number) => {
      const tableau = resolveTableau(await api.poolsOf(practice.id), await api.bracket(practice.id));
      const seedOf = new Map(tableau.seeds.map((s) => [s.id, s.seed]));
      for (const m of tableau.matches.filter((x) => x.round === round && x.player1_id && x.player2_id && !x.winner_id)) {
        const first = seedOf.get(m.player1_id!)! < seedOf.get(m.player2_id!)!;
        // Read again: the match before may have moved this one's version.
        const version = resolveTableau(await api.poolsOf(practice.id), await api.bracket(practice.id)).matches.find((x) => x.round === round && x.position === m.position)!.version;
        await expectAnswer(practiceApi.bracket.scores.$post({
          param: { practiceId: practice.id },
          json: { round, position: m.position, player1_id: m.player1_id!, player2_id: m.player2_id!, player1_score: first ? 15 : 9, player2_score: first ? 9 : 15, version },
        }));
      }
    };

    // The round of 16 fenced: its losers are placed, and the event would be a C1; a 9th place earns nothing.
    await fenceRound(1);
    await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Final Results' }).click();
    const note = page.getByTestId('usaf-classification');
    await expect.poll(() => note.textContent()).toBe('This event would be classified C1.');
    await expect.poll(() => page.getByTestId('standing-row').count()).toBe(7);
    expect((await results(page))[0]).toEqual(['9', 'carl vance', 'C25', '']);

    // The rest of the tableau: 1st earns a C, 2nd to 4th a D, 5th to 8th an E; a better current rating is kept,
    // a letter renewed with the season's year, a lapsed one earned afresh.
    for (const round of [2, 3, 4]) await fenceRound(round);
    await expect.poll(() => note.textContent()).toBe('This event is classified C1.');
    await expect.poll(() => results(page).then((rows) => rows.slice(0, 8))).toEqual([
      ['1', 'ulla newcomer', '—', 'C27'],
      ['2', 'cora stone', 'C26', ''],
      ['3', 'dana reyes', 'D24', 'D27'],
      ['3', 'lee cole', 'C23', 'D27'],
      ['5', 'erin park', 'E25', 'E27'],
      ['5', 'drew hale', 'D26', ''],
      ['5', 'evan brook', 'E27', ''],
      ['5', 'uma grey', 'U', 'E27'],
    ]);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Rank', 'Player', 'Stage', 'Rating before', 'Rating earned']);

    // Exported with them: the CSV has the two columns.
    const file = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    const rows = readCsv(file.text);
    expect(rows[0]).toEqual(['Rank', 'Player', 'Stage', 'Rating before', 'Rating earned']);
    expect(rows.slice(1, 5).map((r) => [r[0], r[3], r[4]])).toEqual([['1', '', 'C27'], ['2', 'C26', ''], ['3', 'D24', 'D27'], ['3', 'C23', 'D27']]);
    await context.close();
  });
});
