import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';

const browser = useBrowser();
const json = { 'content-type': 'application/json' };

/** How far the page scrolls sideways: a phone screen must never need it (grids scroll inside themselves). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('on a 375 px phone', () => {
  it('the pools, results, tableau, relay and live screens fit without sideways page scroll', async () => {
    const context = await newContext(browser(), { width: 375, height: 812, touch: true });
    const page = await context.newPage();
    await signUp(page, { name: 'Phone Coach', email: uniqueEmail('phone'), password: 'phone coach pw' });

    // An individual practice with a fenced pool of eight, so the tableau has three rounds.
    const practice = await (await page.request.post('/api/practices', { headers: json, data: { practice_type: 'individual', name: 'Phone night' } })).json();
    const names = ['Moreau', 'Yamada', 'Okafor', 'Lindqvist', 'Castillo', 'Nakamura', 'Petrov', 'Dubois'];
    const { pools } = await (await page.request.post(`/api/practices/${practice.id}/pools/generate`, { headers: json, data: { method: 'single', entries: names.map((name) => ({ name })) } })).json();
    const pool = pools[0];
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const data = { player1_id: pool.players[i].id, player2_id: pool.players[j].id, score1: 5, score2: (j - i) % 5, version: 0 };
        expect((await page.request.post(`/api/pools/${pool.id}/bouts`, { headers: json, data })).status()).toBe(200);
      }
    }
    await page.request.post(`/api/practices/${practice.id}/sharing`, { headers: json, data: { enabled: true } });
    const shared = await (await page.request.get(`/api/practices/${practice.id}`)).json();
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    for (const [path, ready] of [
      ['/individual-practice', 'pool-row'],
      ['/pool-results', 'result-row'],
      ['/tableau', 'match-r1-m0'],
      ['/final-results', 'practice-name'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(ready).first().waitFor();
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
    }

    // A team practice's relay sheet.
    const team = await (await page.request.post('/api/practices', { headers: json, data: { practice_type: 'team', name: 'Phone relay' } })).json();
    await page.request.post(`/api/practices/${team.id}/teams`, { headers: json, data: { method: 'random', teams: 2, entries: ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ name })) } });
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), team.id);
    await page.goto('/teams');
    await page.getByRole('button', { name: 'Save Results' }).waitFor();
    expect(await sidewaysOverflow(page), '/teams').toBeLessThanOrEqual(0);

    // The live board, on a parent's phone.
    const board = await context.newPage();
    for (const path of [`/live/${shared.board_id}`, `/live/${shared.board_id}/results`, `/live/${shared.board_id}/tableau`]) {
      await board.goto(path);
      await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');
      expect(await sidewaysOverflow(board), path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
