import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';

// Issue 29: a live board's page comes with the board rendered in it, and the page takes it over.
const browser = useBrowser();

const NAMES = ['Ada Lovelace', 'Bruno Marchetti', 'Chloé Durand', 'Dmitri Volkov'];

/** A coach with a shared practice of one pool of NAMES, its first bout fenced 5–3. */
async function sharedBoard() {
  const context = await newContext(browser());
  const coach = await context.newPage();
  await signUp(coach, { name: 'Board Coach', email: uniqueEmail('board'), password: 'board coach pw' });
  const api = seed(viaBrowser(coach.request));
  const { practice, pool } = await api.practiceWithPool('First Paint Night', NAMES);
  const [a, b] = pool.players;
  await api.bout(pool, a!.id, b!.id, 5, 3);
  const shared = await api.share(practice.id);
  return { api, pool, boardId: shared.board_id, close: () => context.close() };
}

const rowOf = (page: Page, name: string) => page.getByTestId('pool-row').filter({ hasText: name });

describe('a live board that paints from the first answer', () => {
  it('without JavaScript, the page already shows every fencer and the scores, on the board, its TV view and its tabs', async () => {
    const board = await sharedBoard();
    const context = await browser().newContext({ baseURL: (await import('../helpers/browser')).baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/live/${board.boardId}`);
    for (const name of NAMES) await expect.poll(() => rowOf(page, name).count()).toBe(1);
    expect(await page.getByTestId('practice-name').textContent()).toBe('First Paint Night');
    // Ada beat Bruno 5–3: her row says V5 against him, his says D3 against her.
    expect(await page.getByTestId('cell-1-2').textContent()).toBe('V5');
    expect(await page.getByTestId('cell-2-1').textContent()).toBe('D3');

    await page.goto(`/live/${board.boardId}/tv`);
    const tv = await page.getByTestId('tv-grid').textContent();
    // The TV writes names in capitals.
    for (const name of NAMES) expect(tv?.toLowerCase()).toContain(name.toLowerCase());
    expect(tv).toContain('V5');

    // A shared tab: the board's header and tabs come with the page; its content is the page's.
    await page.goto(`/live/${board.boardId}/results`);
    expect(await page.getByTestId('practice-name').textContent()).toBe('First Paint Night');
    await context.close();
    await board.close();
  });

  it('with JavaScript, the page takes the board over without a hydration error or a second read, and stays live', async () => {
    const board = await sharedBoard();
    const context = await newContext(browser(), { width: 375, height: 667, touch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message));
    const boardReads: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/api/board/') && boardReads.push(r.url())));

    await page.goto(`/live/${board.boardId}`);
    // Taken over: the live socket is open and the page reacts (the pool's tab is a link the page handles).
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    expect(await page.getByTestId('cell-1-2').textContent()).toBe('V5');

    // A score saved elsewhere shows up without reloading.
    const [, b, c] = board.pool.players;
    await board.api.bout(board.pool, b!.id, c!.id, 5, 1);
    await expect.poll(() => page.getByTestId('cell-2-3').textContent()).toBe('V5');
    expect(await page.getByTestId('cell-3-2').textContent()).toBe('D1');
    // At 375 px the grid scrolls sideways: it is reachable by keyboard and named (axe: scrollable-region-focusable).
    expect(await page.getByRole('region', { name: 'Pool grid' }).getAttribute('tabindex')).toBe('0');
    expect(await seriousViolations(page)).toEqual([]);

    // A shared tab the worker leaves to the page: filled in, without an error either.
    await page.goto(`/live/${board.boardId}/results`);
    await expect.poll(() => page.getByTestId('result-row').count()).toBe(NAMES.length);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');

    expect(errors).toEqual([]);
    expect(boardReads).toEqual([]);
    await context.close();
    await board.close();
  });

  it("on a board of two pools, Go to a fencer's field comes with the page; its search loads on first use and opens the fencer's pool", async () => {
    const context = await newContext(browser());
    const coach = await context.newPage();
    await signUp(coach, { name: 'Two Pool Coach', email: uniqueEmail('board-find'), password: 'board coach pw' });
    const api = seed(viaBrowser(coach.request));
    const practice = await api.practice('Two Pool Night');
    const pools = await api.pools(practice.id, [...NAMES, 'Élodie Roux', 'Farid Haddad', 'Greta Berg', 'Hugo Peña'], 2);
    const shared = await api.share(practice.id);
    // The search's own chunk (issue 33: not part of the board's first load), as the build named it.
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
    const searchChunk = manifest['app/components/find/found-list.tsx']!.file;

    const page = await (await newContext(browser())).newPage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message));
    const scripts: string[] = [];
    page.on('request', (r) => void scripts.push(new URL(r.url()).pathname));
    await page.goto(`/live/${shared.board_id}`);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    const field = page.getByRole('searchbox', { name: 'Go to a fencer' });
    await field.waitFor();
    expect(scripts).not.toContain(`/${searchChunk}`);

    // A fencer of the pool not shown, typed in lower case without the accent: their pool opens, their row marked.
    const shown = await page.locator('#pool-select').inputValue();
    const other = pools.find((p) => p.id !== shown)!;
    const wanted = other.players.at(-1)!;
    await field.fill(wanted.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    await page.getByRole('list', { name: 'Fencers found' }).waitFor();
    expect(scripts).toContain(`/${searchChunk}`);
    await field.press('Enter');
    await expect.poll(() => page.locator('#pool-select').inputValue()).toBe(other.id);
    await expect.poll(() => page.locator('[data-testid="pool-row"][data-found]').locator('th').textContent()).toBe(`${wanted.position}${wanted.name}`);
    expect(errors).toEqual([]);
    await page.context().close();
    await context.close();
  });

  it('a link that shows no board says so from the page alone (the limiter is asked once per visit, not twice); a right one whose practice does not share waits, and comes back by itself', async () => {
    const board = await sharedBoard();
    const practiceId = (await board.api.practices())[0]!.id;
    await board.api.share(practiceId, false);
    const page = await (await newContext(browser())).newPage();
    const boardReads: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/api/board/') && boardReads.push(r.url())));
    await page.goto(`/live/${'x'.repeat(22)}/results`);
    await page.getByRole('heading', { name: 'Live board unavailable' }).waitFor();
    expect(await page.getByText('This live board link is not valid').count()).toBeGreaterThan(0);
    // The TV on the wall reloaded while the coach is not sharing: it waits, showing nothing of the practice.
    await page.goto(`/live/${board.boardId}`);
    await page.getByRole('heading', { name: 'Live board paused' }).waitFor();
    expect(await page.getByTestId('board-paused').textContent()).toContain('The coach is not sharing this practice right now.');
    expect(await page.getByText('Ada').count()).toBe(0);
    expect(boardReads).toEqual([]);
    // Shared again: the board comes back without anyone at it.
    await board.api.share(practiceId, true);
    await expect.poll(() => page.getByTestId('practice-name').textContent()).toBe('First Paint Night');
    await expect.poll(() => page.getByTestId('cell-1-2').textContent()).toBe('V5');
    expect(boardReads).toHaveLength(1);
    await page.context().close();
    await board.close();
  });
});
