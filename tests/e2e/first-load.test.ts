import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseURL, cell, newContext, pickScores, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

// Issue 33: a coach's screen at the first round trip: its code asked for all at once, its practice read once.
const browser = useBrowser();

const NAMES = ['Ines Premier', 'Jules Premier', 'Kira Premier'];

/**
 * A signed-up coach with an individual practice of one pool, and a second browser context holding the same
 * session and that practice as its current one, but nothing else (no service worker, no cache): the first
 * visit of a device that signed in before.
 */
async function coachOnAFreshDevice() {
  const first = await newContext(browser());
  const page = await first.newPage();
  await signUp(page, { name: 'First Load Coach', email: uniqueEmail('first-load'), password: 'first load pw' });
  const api = seed(viaBrowser(page.request));
  const { practice, pool } = await api.practiceWithPool('First Load Night', NAMES);
  const fresh = await newContext(browser());
  await fresh.addCookies(await first.cookies());
  await fresh.addInitScript((id) => localStorage.getItem('current_practice_id') ?? localStorage.setItem('current_practice_id', id), practice.id);
  return { api, practice, pool, fresh, close: async () => (await fresh.close(), await first.close()) };
}

/** The chunks a route's modules load statically, less the entry's own (index.html's): from Vite's build manifest. */
function chunksOf(modules: string[]): string[] {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const collect = (key: string, files: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) collect(dep, files);
  };
  const entry = new Set<string>();
  collect('index.html', entry);
  const route = new Set<string>();
  for (const m of modules) collect(m, route);
  return [...route].filter((f) => !entry.has(f));
}

describe('the first screen at the first round trip', () => {
  it('a full load of the pools comes rendered with its data: no read of the session, the list or the practice, and it stays live', async () => {
    const { api, practice, pool, fresh, close } = await coachOnAFreshDevice();
    const page = await fresh.newPage();
    const reads: string[] = [];
    const others: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'GET' && path.startsWith(`/api/practices/${practice.id}/`)) reads.push(path.slice(`/api/practices/${practice.id}/`.length));
      else if (path === '/api/auth/session' || path === '/api/practices') others.push(path);
    });
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => void errors.push(e.message));
    // The first row as the HTML brought it, kept to see whether the app took it over or drew the page again.
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => ((window as unknown as { served?: Element | null }).served = document.querySelector('[data-testid="pool-row"]'))));
    await page.goto('/individual-practice');
    await expect.poll(() => page.getByTestId('pool-row').count()).toBe(3);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    // Taken over: no longer inert, and a score entered here is saved and shown.
    await expect.poll(() => page.locator('#root[inert]').count()).toBe(0);
    const [a, b] = pool.players;
    await cell(page, 1, 3).click();
    await pickScores(page, 5, 4);
    await expect.poll(() => cell(page, 1, 3).textContent()).toBe('V5');
    // A score from another client shows without a reload: the socket is live, and its hello read nothing again.
    await api.bout(pool, a!.id, b!.id, 5, 1);
    await expect.poll(() => cell(page, 1, 2).textContent()).toBe('V5');
    expect(await cell(page, 2, 1).textContent()).toBe('D1');
    expect(await cell(page, 3, 1).textContent()).toBe('D4');
    // The page brought the session, the practice list and the snapshot: nothing of them is read again.
    expect(reads).toEqual([]);
    expect(others).toEqual([]);
    // It was taken over as it came (hydrated): the row the HTML brought is the one on screen, and React found nothing to paint again.
    expect(await page.evaluate(() => (window as unknown as { served?: Element | null }).served?.isConnected)).toBe(true);
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
    // A return visit, the service worker in control, comes rendered from the network too (app/sw/page-handler.js).
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.reload();
    expect(await page.locator('#practice-data').count()).toBe(1);
    await expect.poll(() => cell(page, 1, 3).textContent()).toBe('V5');
    expect(others).toEqual([]);
    await close();
  });

  it('a return after the access token\'s 15 minutes comes rendered too: with no script, and with the service worker in control', async () => {
    const { api, pool, fresh, close } = await coachOnAFreshDevice();
    const [a, b] = pool.players;
    await api.bout(pool, a!.id, b!.id, 5, 3);
    // The access cookie is gone (it lives 15 minutes); the session's refresh cookie is still there.
    const later = (await fresh.cookies()).filter((c) => c.name !== 'piste_access');
    expect(later.map((c) => c.name)).toEqual(expect.arrayContaining(['piste_refresh', 'piste_signed_in']));
    const noScript = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await noScript.addCookies(later);
    const bare = await noScript.newPage();
    await bare.goto('/individual-practice');
    expect(new URL(bare.url()).pathname).toBe('/individual-practice');
    expect(await bare.getByTestId('pool-row').count()).toBe(3);
    expect(await cell(bare, 1, 2).textContent()).toBe('V5');
    await noScript.close();

    const page = await fresh.newPage();
    await page.goto('/individual-practice');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await fresh.clearCookies({ name: 'piste_access' });
    const reads: string[] = [];
    page.on('request', (r) => void (['/api/auth/session', '/api/auth/refresh', '/api/practices'].includes(new URL(r.url()).pathname) && reads.push(new URL(r.url()).pathname)));
    await page.reload();
    expect(await page.locator('#practice-data').count()).toBe(1);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    expect(await cell(page, 1, 2).textContent()).toBe('V5');
    expect(reads).toEqual([]);
    expect((await fresh.cookies()).map((c) => c.name)).toContain('piste_access');
    await close();
  });

  it('the rows of every coach screen are in the page itself, before any script runs', async () => {
    const { api, pool, fresh, close } = await coachOnAFreshDevice();
    const [a, b] = pool.players;
    await api.bout(pool, a!.id, b!.id, 5, 2);
    const noScript = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await noScript.addCookies(await fresh.cookies());
    const page = await noScript.newPage();
    await page.goto('/individual-practice');
    expect(await page.getByTestId('pool-row').count()).toBe(3);
    expect(await cell(page, 1, 2).textContent()).toBe('V5');
    await page.goto('/pool-results');
    expect(await page.getByTestId('result-row').allTextContents()).toEqual([expect.stringContaining(NAMES[0]!.toUpperCase()), expect.anything(), expect.anything()]);
    await page.goto('/tableau');
    expect(await page.getByTestId('practice-name').textContent()).toBe('First Load Night');
    await noScript.close();
    await close();
  });

  it('a screen the app renders itself asks for every chunk of its route before any of them has answered (400 ms round trips)', async () => {
    const { fresh, close } = await coachOnAFreshDevice();
    const page = await fresh.newPage();
    // The app rendering the screen itself, as it does when the worker does not (an access cookie that expired meanwhile).
    await page.setExtraHTTPHeaders({ 'x-piste-render': 'client' });
    const cdp = await fresh.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
    const sent = new Map<string, { file: string; at: number }>();
    const answered = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e) => {
      const path = new URL(e.request.url).pathname;
      if (path.startsWith('/assets/') || path.startsWith('/api/')) sent.set(e.requestId, { file: path.slice(1), at: e.timestamp });
    });
    cdp.on('Network.responseReceived', (e) => void answered.set(e.requestId, e.timestamp));
    await page.goto('/individual-practice');
    await expect.poll(() => page.getByTestId('pool-row').count()).toBe(3);

    const route = chunksOf(['app/keepers.tsx', 'app/features/account/account-shell.tsx', 'app/components/layout/practice-layout.tsx', 'app/features/pools/pools-screen.tsx']);
    const requests = [...sent].filter(([, r]) => route.includes(r.file));
    // Each chunk once, none missing.
    expect(requests.map(([, r]) => r.file).sort()).toEqual([...route].sort());
    const lastAsked = Math.max(...requests.map(([, r]) => r.at));
    const firstAnswer = Math.min(...requests.map(([id]) => answered.get(id) ?? Infinity));
    // No chunk waited for another one to arrive (a layout's code before its screen's): all went out together.
    expect(lastAsked).toBeLessThan(firstAnswer);
    // And the practice's read went out before the screen's code had all arrived plus one round trip (it does not wait for a render).
    const snapshot = [...sent.values()].find((r) => r.file.endsWith('/snapshot'))!;
    const lastAnswer = Math.max(...requests.map(([id]) => answered.get(id)!));
    expect(snapshot.at).toBeLessThan(lastAnswer + 0.4);
    // The session and the practice list went out before the screen's code had all arrived: they wait for no screen to mount.
    for (const read of ['api/auth/session', 'api/practices']) expect([...sent.values()].find((r) => r.file === read)!.at, read).toBeLessThan(lastAnswer);
    await close();
  });
});
