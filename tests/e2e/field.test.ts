import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newContext, pickScores, pickTouch, signIn, signUp, uniqueEmail, useBrowser } from '../helpers/browser';

const browser = useBrowser();
const json = { 'content-type': 'application/json' };
const cell = (page: Page, row: number, col: number) => page.getByTestId(`cell-${row}-${col}`);

/** Enters a bout from the grid: the cell, the row fencer's score, the column fencer's score, Save. */
async function enterBout(page: Page, row: number, col: number, left: number, right: number) {
  await cell(page, row, col).click();
  await pickScores(page, left, right);
}

type Screens = { a: Page; b: Page; contextA: BrowserContext; contextB: BrowserContext; close: () => Promise<void> };

/** One pool of four, no bout fenced yet. */
async function onePool(page: Page) {
  const practice = await (await page.request.post('/api/practices', { headers: json, data: { practice_type: 'individual', name: 'Sports hall' } })).json();
  await page.request.post(`/api/practices/${practice.id}/pools/generate`, { headers: json, data: { method: 'single', entries: ['Ann', 'Bob', 'Cleo', 'Dan'].map((name) => ({ name })) } });
  return practice.id as string;
}

/** One pool of F1–F4 fully fenced (F1 first, F4 last): a tableau of two semi-finals and a final. */
async function fencedPool(page: Page) {
  const practice = await (await page.request.post('/api/practices', { headers: json, data: { practice_type: 'individual', name: 'DE in the hall' } })).json();
  const gen = await page.request.post(`/api/practices/${practice.id}/pools/generate`, { headers: json, data: { method: 'single', entries: ['F1', 'F2', 'F3', 'F4'].map((name) => ({ name })) } });
  const pool = (await gen.json()).pools[0];
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      await page.request.post(`/api/pools/${pool.id}/bouts`, { headers: json, data: { player1_id: pool.players[i].id, player2_id: pool.players[j].id, score1: 5, score2: j - i, version: 0 } });
    }
  }
  return practice.id as string;
}

/** A team practice with two teams of three. */
async function twoTeams(page: Page) {
  const practice = await (await page.request.post('/api/practices', { headers: json, data: { practice_type: 'team', name: 'Relays in the hall' } })).json();
  await page.request.post(`/api/practices/${practice.id}/teams`, { headers: json, data: { method: 'random', entries: ['Ada', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay'].map((name) => ({ name })), teams: 2 } });
  return practice.id as string;
}

/** A coach with a practice (made by `setup`), open at `route` on two screens (two browsers, same account). */
async function twoScreens(setup: (page: Page) => Promise<string> = onePool, route = '/individual-practice'): Promise<Screens> {
  const email = uniqueEmail('field');
  const password = 'field coach password';
  const contextA = await newContext(browser());
  const a = await contextA.newPage();
  await signUp(a, { name: 'Field Coach', email, password });
  const practiceId = await setup(a);
  const contextB = await newContext(browser());
  const b = await contextB.newPage();
  await signIn(b, email, password);
  for (const page of [a, b]) {
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practiceId);
    await page.goto(route);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
  }
  return { a, b, contextA, contextB, close: async () => { await contextA.close(); await contextB.close(); } };
}

const match = (page: Page, id: string) => page.getByTestId(`match-${id}`);

async function enterTableauScore(page: Page, id: string, s1: number, s2: number) {
  await match(page, id).getByRole('button', { name: /Enter Score|Edit score/ }).click();
  await pickScores(page, s1, s2);
}

describe('at the piste, on flaky Wi-Fi', () => {
  it('scores entered offline wait as pending, then reach another screen when the network returns', async () => {
    const { a, b, contextA, close } = await twoScreens();
    await contextA.setOffline(true);
    await expect.poll(() => a.getByTestId('live-status').textContent()).toBe('offline');
    await enterBout(a, 1, 2, 5, 2);
    await enterBout(a, 1, 3, 5, 4);
    await enterBout(a, 2, 3, 3, 5);
    for (const [r, c, text] of [[1, 2, 'V5'], [1, 3, 'V5'], [2, 3, 'D3']] as const) {
      await expect.poll(() => cell(a, r, c).textContent()).toBe(text);
      expect(await cell(a, r, c).locator('xpath=..').getAttribute('data-pending')).toBe('true');
    }
    expect(await a.getByTestId('outbox-badge').textContent()).toBe('3 scores waiting to sync');
    expect(await cell(b, 1, 2).textContent()).toBe('-');

    await contextA.setOffline(false);
    const back = Date.now();
    for (const [r, c, text] of [[1, 2, 'V5'], [1, 3, 'V5'], [2, 3, 'D3'], [3, 2, 'V5']] as const) {
      await expect.poll(() => cell(b, r, c).textContent()).toBe(text);
    }
    console.log(`three queued bouts reached the second screen ${Date.now() - back} ms after the network returned`);
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    expect(await a.locator('[data-pending]').count()).toBe(0);
    await close();
  });

  it('a reload with no network opens the practice from its last saved state, with the scores still waiting', async () => {
    const { a, b, contextA, close } = await twoScreens();
    await enterBout(a, 1, 2, 5, 3);
    await expect.poll(() => cell(b, 1, 2).textContent()).toBe('V5');
    // The service worker has the app; the practice's state is saved on this device.
    await a.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await contextA.setOffline(true);
    await enterBout(a, 3, 4, 1, 5);
    await a.reload();
    await a.getByTestId('offline-notice').waitFor();
    expect(await a.getByTestId('offline-notice').textContent()).toBe('offline, showing the last saved state');
    await expect.poll(() => a.getByTestId('practice-name').textContent()).toBe('Sports hall');
    await expect.poll(() => cell(a, 1, 2).textContent()).toBe('V5');
    // The score entered offline survived the reload, still waiting.
    await expect.poll(() => cell(a, 3, 4).textContent()).toBe('D1');
    expect(await a.getByTestId('outbox-badge').textContent()).toBe('1 score waiting to sync');

    await contextA.setOffline(false);
    await expect.poll(() => cell(b, 3, 4).textContent()).toBe('D1');
    await expect.poll(() => a.getByTestId('offline-notice').count()).toBe(0);
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    await close();
  });

  it('two screens change the same bout, one of them offline: both results are shown and the person decides', async () => {
    const { a, b, contextA, close } = await twoScreens();
    await contextA.setOffline(true);
    await enterBout(a, 1, 2, 5, 1);
    await enterBout(b, 1, 2, 2, 5);
    await expect.poll(() => cell(b, 1, 2).textContent()).toBe('D2');
    await contextA.setOffline(false);

    const dialog = a.getByRole('dialog', { name: 'A score changed while yours was on its way' });
    await expect.poll(() => dialog.getByTestId('conflict-mine').textContent()).toBe('ANN 5 – 1 BOB');
    expect(await dialog.getByTestId('conflict-theirs').textContent()).toBe('ANN 2 – 5 BOB');
    // Until the decision, the sheet shows what the server holds.
    await expect.poll(() => cell(a, 1, 2).textContent()).toBe('D2');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    for (const page of [a, b]) await expect.poll(() => cell(page, 1, 2).textContent()).toBe('V5');
    expect(await dialog.count()).toBe(0);
    await close();
  });

  it('a write sent twice with one idempotency key applies once', async () => {
    const { a, close } = await twoScreens();
    const result = await a.evaluate(async () => {
      const practiceId = localStorage.getItem('current_practice_id')!;
      const pools = (await (await fetch(`/api/practices/${practiceId}/pools`)).json()) as { id: string; players: { id: string }[] }[];
      const [p1, p2] = pools[0]!.players;
      const send = () =>
        fetch(`/api/pools/${pools[0]!.id}/bouts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'replayed-from-the-browser' },
          body: JSON.stringify({ player1_id: p1!.id, player2_id: p2!.id, score1: 5, score2: 0, version: 0 }),
        }).then((r) => r.status);
      const statuses = [await send(), await send()];
      const after = (await (await fetch(`/api/pools/${pools[0]!.id}`)).json()) as { bouts: { version: number }[] };
      return { statuses, bouts: after.bouts.length, version: after.bouts[0]!.version };
    });
    expect(result).toEqual({ statuses: [200, 200], bouts: 1, version: 1 });
    await close();
  });

  it('tableau scores wait offline too; a different match never conflicts, the same match is shown side by side', async () => {
    const { a, b, contextA, close } = await twoScreens(fencedPool, '/tableau');
    await contextA.setOffline(true);
    await expect.poll(() => a.getByTestId('live-status').textContent()).toBe('offline');
    await enterTableauScore(a, 'r1-m0', 15, 9);
    // Shown at once, pending, with the winner already in the final.
    await expect.poll(() => match(a, 'r1-m0').getAttribute('data-pending')).toBe('true');
    expect(await match(a, 'r1-m0').textContent()).toContain('Waiting to sync');
    expect(await match(a, 'r2-m0').textContent()).toMatch(/^1F1/);
    expect(await a.getByTestId('outbox-badge').textContent()).toBe('1 score waiting to sync');

    // Meanwhile the other screen scores the other semi-final (no conflict) and the same one (a conflict).
    await enterTableauScore(b, 'r1-m1', 15, 3);
    await enterTableauScore(b, 'r1-m0', 4, 15);
    await expect.poll(() => match(b, 'r2-m0').textContent()).toMatch(/^4F4.*3F3/);

    await contextA.setOffline(false);
    const dialog = a.getByRole('dialog', { name: 'A score changed while yours was on its way' });
    await expect.poll(() => dialog.getByTestId('conflict-mine').textContent()).toBe('F1 15 – 9 F4');
    expect(await dialog.getByTestId('conflict-theirs').textContent()).toBe('F1 4 – 15 F4');
    expect(await dialog.getByTestId('conflict').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    for (const page of [a, b]) {
      await expect.poll(() => match(page, 'r1-m0').textContent()).toMatch(/^1F115.*4F49(Edit score)?$/);
      await expect.poll(() => match(page, 'r2-m0').textContent()).toMatch(/^1F1.*3F3/);
    }
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    await close();
  });

  it('relay touches wait offline, stack on one row, and a conflicting relay is decided by the person', async () => {
    const { a, b, contextA, close } = await twoScreens(twoTeams, '/teams');
    await contextA.setOffline(true);
    await expect.poll(() => a.getByTestId('live-status').textContent()).toBe('offline');
    await pickTouch(a, 1, 'a', 5);
    await pickTouch(a, 1, 'b', 3);
    await pickTouch(a, 2, 'a', 4);
    expect(await a.getByTestId('touch-1-a').locator('xpath=..').getAttribute('data-pending')).toBe('true');
    expect(await a.getByTestId('total-1-a').textContent()).toBe('5');
    expect(await a.getByTestId('outbox-badge').textContent()).toBe('3 scores waiting to sync');
    await a.getByRole('button', { name: 'Save Results' }).click();
    await expectToast(a, '3 relays will sync when the network returns');
    await pickTouch(b, 2, 'a', 6);
    await expect.poll(() => b.getByTestId('touch-2-a').textContent()).toBe('6');

    await contextA.setOffline(false);
    await expect.poll(() => b.getByTestId('touch-1-b').textContent()).toBe('3');
    expect(await b.getByTestId('touch-1-a').textContent()).toBe('5');
    const dialog = a.getByRole('dialog', { name: 'A score changed while yours was on its way' });
    await expect.poll(() => dialog.getByTestId('conflict-mine').textContent()).toMatch(/^Relay 2: \S+ 4 – - \S+$/);
    expect(await dialog.getByTestId('conflict-theirs').textContent()).toMatch(/^Relay 2: \S+ 6 – - \S+$/);
    await dialog.getByRole('button', { name: 'Take theirs' }).click();
    await expect.poll(() => a.getByTestId('touch-2-a').textContent()).toBe('6');
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    await a.getByRole('button', { name: 'Save Results' }).click();
    await expectToast(a, 'Results saved');
    await close();
  });
});
