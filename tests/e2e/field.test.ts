import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cell, enterBout, expectToast, newContext, pickScores, pickTouch, signIn, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

type Screens = { a: Page; b: Page; contextA: BrowserContext; contextB: BrowserContext; close: () => Promise<void> };

/** One pool of four, no bout fenced yet. */
async function onePool(page: Page) {
  const { practice } = await seed(viaBrowser(page.request)).practiceWithPool('Sports hall', ['Ann', 'Bob', 'Cleo', 'Dan']);
  return practice.id;
}

/** One pool of F1–F4 fully fenced (F1 first, F4 last): a tableau of two semi-finals and a final. */
async function fencedPool(page: Page) {
  const api = seed(viaBrowser(page.request));
  const { practice, pool } = await api.practiceWithPool('DE in the hall', ['F1', 'F2', 'F3', 'F4']);
  await api.fenceAll(pool);
  return practice.id;
}

/** A team practice with two teams of three. */
async function twoTeams(page: Page) {
  const api = seed(viaBrowser(page.request));
  const practice = await api.practice('Relays in the hall', { type: 'team' });
  await api.teams(practice.id, ['Ada', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay']);
  return practice.id;
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

/**
 * Waits until every score this screen entered is on the server: nothing shown pending, no waiting badge.
 * A result shows at once, before its write is answered (on a cold first run, a second or more later).
 */
async function storedEverything(page: Page) {
  await expect.poll(() => page.locator('[data-pending]').count()).toBe(0);
  await expect.poll(() => page.getByTestId('outbox-badge').count()).toBe(0);
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
    // The other screen's result is shown at once, pending: it must be on the server before this one returns,
    // or this screen's write arrives first and the conflict is the other screen's.
    await storedEverything(b);
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

  it('a result saved on another screen while this one\'s score dialog was open is a conflict, never overwritten', async () => {
    const { a, b, close } = await twoScreens();
    // Both open the same bout; the other screen saves first, and this one's grid behind its dialog shows it.
    await cell(a, 1, 3).click();
    await enterBout(b, 1, 3, 5, 2);
    await storedEverything(b);
    await expect.poll(() => cell(a, 1, 3).textContent()).toBe('V5');
    const picker = a.getByRole('dialog');
    await picker.getByRole('group').nth(0).getByRole('button', { name: '4', exact: true }).click();
    await picker.getByRole('group').nth(1).getByRole('button', { name: '5', exact: true }).click();
    await picker.getByRole('button', { name: 'Save' }).click();

    const dialog = a.getByRole('dialog', { name: 'A score changed while yours was on its way' });
    await expect.poll(() => dialog.getByTestId('conflict-mine').textContent()).toBe('ANN 4 – 5 CLEO');
    expect(await dialog.getByTestId('conflict-theirs').textContent()).toBe('ANN 5 – 2 CLEO');
    // Nothing was overwritten meanwhile: both screens show the result that was saved first.
    for (const page of [a, b]) await expect.poll(() => cell(page, 1, 3).textContent()).toBe('V5');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    for (const page of [a, b]) await expect.poll(() => cell(page, 1, 3).textContent()).toBe('D4');
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
    await storedEverything(b);

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
    await storedEverything(b);

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

/** An answer the browser gives in the server's place: a status, its code and its headers. */
type Stumble = { status: number; code: string; error: string; headers?: Record<string, string> };
const BUSY: Stumble = { status: 503, code: 'server_busy', error: 'The server is busy for a moment. Try again in a few seconds.', headers: { 'retry-after': '1' } };
const FAULT: Stumble = { status: 500, code: 'something_went_wrong_on_our', error: 'Something went wrong on our side. Please try again.' };
const LIMITED: Stumble = { status: 429, code: 'too_many_attempts_try_again', error: 'Too many attempts, try again in 1 seconds', headers: { 'retry-after': '1' } };

/** Answers the page's bout saves with these stumbles, in order, then lets them through; returns the idempotency keys it saw. */
async function stumbleOnBouts(page: Page, answers: Stumble[]) {
  const keys: string[] = [];
  await page.route('**/api/practices/*/pools/*/bouts', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const next = answers.shift();
    if (!next) return route.continue();
    await route.fulfill({ status: next.status, headers: next.headers ?? {}, contentType: 'application/json', body: JSON.stringify({ error: next.error, code: next.code }) });
  });
  return keys;
}

/** How many writes this device keeps in its outbox (IndexedDB `piste-outbox`). */
const savedWrites = () =>
  new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('piste-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('entries', 'readonly').objectStore('entries').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    };
  });

describe('when the server stumbles, no score is lost', () => {
  it('a bout answered 503, then 500, then 429 shows at once, is sent again by itself, stored once and reaches another screen', async () => {
    const { a, b, close } = await twoScreens();
    const keys = await stumbleOnBouts(a, [BUSY, FAULT, LIMITED]);
    await enterBout(a, 1, 2, 5, 2);
    // Shown at once, marked pending, with why it waits.
    expect(await cell(a, 1, 2).textContent()).toBe('V5');
    expect(await cell(a, 1, 2).locator('xpath=..').getAttribute('data-pending')).toBe('true');
    await expect.poll(() => a.getByTestId('outbox-reason').textContent()).toBe('the server is busy: trying again');
    await expect.poll(() => a.getByTestId('outbox-reason').textContent(), { timeout: 20_000 }).toBe('too many requests: trying again shortly');
    expect(await a.getByTestId('outbox-badge').textContent()).toBe('1 score waiting to sync');

    // Through on the fourth try, with no one doing anything: the second screen gets it live.
    await expect.poll(() => cell(b, 1, 2).textContent(), { timeout: 30_000 }).toBe('V5');
    expect(await cell(b, 2, 1).textContent()).toBe('D2');
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    expect(await a.locator('[data-pending]').count()).toBe(0);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    // Stored exactly once.
    const practiceId = await a.evaluate(() => localStorage.getItem('current_practice_id'));
    const [pool] = await seed(viaBrowser(a.request)).poolsOf(practiceId!);
    expect(pool!.bouts).toHaveLength(1);
    expect(pool!.bouts[0]!.version).toBe(1);
    await close();
  });

  it('a write still waiting for a busy server survives a reload and is sent after it, with the same key', async () => {
    const { a, b, close } = await twoScreens();
    // The browser answers for the server across the reload too: once before it, once after it.
    const keys = await stumbleOnBouts(a, [BUSY, BUSY]);
    await enterBout(a, 2, 3, 4, 5);
    await expect.poll(() => a.getByTestId('outbox-reason').textContent()).toBe('the server is busy: trying again');
    await a.reload();
    await expect.poll(() => cell(a, 2, 3).textContent()).toBe('D4');
    await expect.poll(() => cell(b, 2, 3).textContent(), { timeout: 20_000 }).toBe('D4');
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    // One write, kept on the device through the reload: three tries, one idempotency key.
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    await close();
  });

  it('one bout the server keeps failing never holds back another bout', async () => {
    const { a, b, close } = await twoScreens();
    const pools = await seed(viaBrowser(a.request)).poolsOf((await a.evaluate(() => localStorage.getItem('current_practice_id')))!);
    const ann = pools[0]!.players[0]!.id;
    let failing = true;
    await a.route('**/api/practices/*/pools/*/bouts', async (route) => {
      const body = route.request().postDataJSON() as { player1_id?: string; player2_id?: string } | null;
      const annsBout = route.request().method() === 'POST' && (body?.player1_id === ann || body?.player2_id === ann);
      if (!failing || !annsBout) return route.continue();
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: FAULT.error, code: FAULT.code }) });
    });
    await enterBout(a, 1, 2, 5, 1);
    await enterBout(a, 3, 4, 2, 5);
    // Cleo – Dan goes through while Ann – Bob keeps failing.
    await expect.poll(() => cell(b, 3, 4).textContent()).toBe('D2');
    expect(await cell(b, 1, 2).textContent()).toBe('-');
    // The other screen can hear Cleo – Dan a moment before this one has the answer that takes it out of its queue.
    await expect.poll(() => a.getByTestId('outbox-badge').textContent()).toBe('1 score waiting to sync');
    failing = false;
    await a.getByTestId('outbox-waiting').click();
    // The list opens (its dialog's code loads on first use, issue 29) with "Try now"; a queue that woke meanwhile
    // may already have sent the score, which is as good: either way it reaches the other screen below.
    const tryNow = a.getByRole('dialog', { name: 'Scores not yet on the server' }).getByRole('button', { name: 'Try now' });
    await expect.poll(async () => (await a.getByTestId('outbox-badge').count()) === 0 || (await tryNow.isVisible())).toBe(true);
    if (await tryNow.isVisible()) await tryNow.click({ timeout: 5_000 }).catch(() => undefined);
    await expect.poll(() => cell(b, 1, 2).textContent()).toBe('V5');
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    await close();
  });

  it('a bout whose request hangs holds back its own line only: another bout reaches the other screen while it is still unanswered', async () => {
    const { a, b, close } = await twoScreens();
    const pools = await seed(viaBrowser(a.request)).poolsOf((await a.evaluate(() => localStorage.getItem('current_practice_id')))!);
    const ann = pools[0]!.players[0]!.id;
    // Ann's bout gets no answer at all until the test lets it go; the page's own timeout has not cut it yet.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let hanging = 0;
    let cut = 0;
    a.on('requestfailed', (request) => {
      if (request.url().includes('/bouts') && (request.postDataJSON() as { player1_id?: string } | null)?.player1_id === ann) cut++;
    });
    await a.route('**/api/practices/*/pools/*/bouts', async (route) => {
      const body = route.request().postDataJSON() as { player1_id?: string; player2_id?: string } | null;
      if (body?.player1_id !== ann && body?.player2_id !== ann) return route.continue();
      hanging++;
      await held;
      await route.continue().catch(() => undefined);
    });
    await enterBout(a, 1, 2, 5, 1);
    await expect.poll(() => hanging).toBe(1);
    await enterBout(a, 3, 4, 2, 5);
    // Cleo – Dan is stored and shown elsewhere while Ann – Bob's first request is still on its way.
    await expect.poll(() => cell(b, 3, 4).textContent()).toBe('D2');
    expect(cut).toBe(0);
    expect(await cell(b, 1, 2).textContent()).toBe('-');
    release();
    await expect.poll(() => cell(b, 1, 2).textContent()).toBe('V5');
    await close();
  });

  it('a refused bout stays in sight with the reason, to copy or to discard; it is never silently dropped', async () => {
    const { a, b, contextA, close } = await twoScreens();
    await contextA.grantPermissions(['clipboard-read', 'clipboard-write']);
    await stumbleOnBouts(a, [{ status: 400, code: 'both_fencers_belong_pool', error: 'Both fencers must belong to this pool' }]);
    await enterBout(a, 1, 3, 5, 4);
    await expectToast(a, 'Both fencers must belong to this pool');
    await expect.poll(() => a.getByTestId('outbox-refused').textContent()).toBe('1 score not saved');
    // Not on the sheet: the grid shows what the server holds, the header what was refused.
    await expect.poll(() => cell(a, 1, 3).textContent()).toBe('-');
    expect(await a.getByTestId('outbox-badge').count()).toBe(0);

    // Still there after a reload.
    await a.reload();
    await expect.poll(() => a.getByTestId('outbox-refused').textContent()).toBe('1 score not saved');
    await a.getByTestId('outbox-refused').click();
    const dialog = a.getByRole('dialog', { name: 'Scores not yet on the server' });
    const row = dialog.getByTestId('outbox-refused-entry');
    expect(await row.getByTestId('refused-result').textContent()).toMatch(/^ANN 5 – 4 CLEO$/i);
    expect(await row.getByTestId('refused-reason').textContent()).toBe('Both fencers must belong to this pool');

    // In the coach's language.
    await a.goto('/individual-practice?lang=fr');
    await a.getByTestId('outbox-refused').click();
    const fr = a.getByRole('dialog').getByTestId('outbox-refused-entry');
    expect(await fr.getByTestId('refused-reason').textContent()).toBe('Les deux tireurs doivent appartenir à cette poule');
    await a.goto('/individual-practice?lang=en');
    await a.getByTestId('outbox-refused').click();

    await row.getByRole('button', { name: 'Copy result' }).click();
    await row.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await a.evaluate(() => navigator.clipboard.readText())).toMatch(/^ANN 5 – 4 CLEO$/i);
    await row.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => a.getByTestId('outbox-refused').count()).toBe(0);
    // Gone from the device too, so no later visit brings it back.
    await expect.poll(() => a.evaluate(savedWrites)).toBe(0);
    await a.reload();
    await expect.poll(() => a.getByTestId('live-status').textContent()).toBe('live');
    expect(await a.getByTestId('outbox-refused').count()).toBe(0);
    expect(await cell(b, 1, 3).textContent()).toBe('-');
    await close();
  });

  it('a board whose first load and then whose catch-up after a reconnect fail says it may be behind, then converges by itself', async () => {
    const { a, close } = await twoScreens();
    const practiceId = await a.evaluate(() => localStorage.getItem('current_practice_id'));
    const shared = await seed(viaBrowser(a.request)).share(practiceId!);
    const boardContext = await newContext(browser());
    const board = await boardContext.newPage();
    // The board's socket goes through the test, which can cut it and hold the reconnect back.
    const sockets: WebSocketRoute[] = [];
    let hold = false;
    await board.routeWebSocket(/\/api\/live/, (ws) => {
      sockets.push(ws);
      if (!hold) ws.connectToServer();
    });
    // Its very first load is answered 503 too: the board waits and tries again rather than saying it is gone.
    // (The page as the worker renders it comes with its board, issue 29: this board is the page's own render,
    // which the test hooks give on asking, so that its first load goes through the API.)
    await board.setExtraHTTPHeaders({ 'x-piste-render': 'client' });
    let failures = 1;
    await board.route(`**/api/board/${shared.board_id}`, async (route) => {
      if (failures === 0) return route.continue();
      failures--;
      await route.fulfill({ status: 503, headers: BUSY.headers, contentType: 'application/json', body: JSON.stringify({ error: BUSY.error, code: BUSY.code }) });
    });
    await board.goto(`/live/${shared.board_id}`);
    await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');
    expect(failures).toBe(0);
    await expect.poll(() => cell(board, 1, 2).textContent()).toBe('-');

    // Cut, and kept from reconnecting while the coach saves a bout: the board misses its message.
    hold = true;
    failures = 2;
    await sockets.at(-1)!.close();
    await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('reconnecting…');
    await enterBout(a, 1, 2, 5, 3);
    await expect.poll(() => a.getByTestId('outbox-badge').count()).toBe(0);
    hold = false;
    for (const ws of sockets.slice(1)) await ws.close();

    // Back: its catch-up fails twice, and the board says it may be behind until it has caught up.
    await board.getByTestId('live-behind').waitFor({ timeout: 20_000 });
    expect(await board.getByTestId('live-behind').textContent()).toBe('may be behind: catching up…');
    await expect.poll(() => cell(board, 1, 2).textContent(), { timeout: 30_000 }).toBe('V5');
    expect(failures).toBe(0);
    await expect.poll(() => board.getByTestId('live-behind').count()).toBe(0);
    // Caught up through its reads; its socket, let through again, is live once it has reconnected.
    await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');
    await boardContext.close();
    await close();
  });
});
