import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, signUp, uniqueEmail, useBrowser } from '../helpers/browser';

const browser = useBrowser();
const json = { 'content-type': 'application/json' };
const cell = (page: Page, row: number, col: number) => page.getByTestId(`cell-${row}-${col}`);

/** Enters a bout from the grid: the cell, the row fencer's score, the column fencer's score, Save. */
async function enterBout(page: Page, row: number, col: number, left: number, right: number) {
  await cell(page, row, col).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('group').nth(0).getByRole('button', { name: String(left), exact: true }).click();
  await dialog.getByRole('group').nth(1).getByRole('button', { name: String(right), exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A coach with a practice of one pool of four, open on two screens (two browsers, same account). */
async function twoScreens(): Promise<{ a: Page; b: Page; contextA: BrowserContext; contextB: BrowserContext; close: () => Promise<void> }> {
  const email = uniqueEmail('field');
  const password = 'field coach password';
  const contextA = await newContext(browser());
  const a = await contextA.newPage();
  await signUp(a, { name: 'Field Coach', email, password });
  const practice = await (await a.request.post('/api/practices', { headers: json, data: { practice_type: 'individual', name: 'Sports hall' } })).json();
  await a.request.post(`/api/practices/${practice.id}/pools/generate`, { headers: json, data: { method: 'single', entries: ['Ann', 'Bob', 'Cleo', 'Dan'].map((name) => ({ name })) } });
  const contextB = await newContext(browser());
  const b = await contextB.newPage();
  await signIn(b, email, password);
  for (const page of [a, b]) {
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/individual-practice');
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
  }
  return { a, b, contextA, contextB, close: async () => { await contextA.close(); await contextB.close(); } };
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
});
