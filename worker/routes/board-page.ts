import { Hono, type Context } from 'hono';
import { BOARD_DATA_ID, BOARD_TABS, type EmbeddedBoard } from '../../core/board-page';
import { BOARD_ID_PATTERN } from '../../core/room-code';
import { boardLanguage, renderBoard } from '../../app/ssr/board';
import type { AppEnv } from '../env';
import { lookupClient } from '../auth/access';
import { HttpError } from '../errors';
import { getDb } from '../db/client';
import { getRoom } from '../room/room';
import { findSharedPractice, toGuestPractice } from '../store/practices';

/**
 * A live board's pages (issue 29): /live/{board id}, its tabs and its TV view answer the app's index.html
 * with the board already rendered in it, from its room's snapshot, so a phone on a slow network paints the
 * pools before the app's code arrives; the page then takes over from the snapshot embedded beside it. A
 * board id the lookup finds nothing for (unknown, not shared, a room code) gets the plain app told so, which
 * says the board is unavailable without asking the API again; the limiter's refusal or a room that stumbled
 * gets the plain app, which asks the API and says why. The lookup is the API's (/api/board): under the same limiter.
 */
export const boardPageRoutes = new Hono<AppEnv>()
  .get('/live/:boardId', (c) => boardPage(c, c.req.param('boardId')))
  .get('/live/:boardId/:tab', (c) => boardPage(c, c.req.param('boardId'), c.req.param('tab')));

/**
 * `npm run bench` measures the same board rendered by the page (the app as it was before issue 29) beside the
 * worker's: with this header, only where the test hooks are on (never in wrangler.toml), the page gets the plain app.
 */
const CLIENT_RENDERED = 'x-piste-render';
const clientRendered = (c: Context<AppEnv>) => c.env.TEST_HOOKS === '1' && c.req.header(CLIENT_RENDERED) === 'client';

/** The built app's index.html, fresh (no conditional headers: a 304 has no page to fill in). */
const indexHtml = (c: Context<AppEnv>) => c.env.ASSETS!.fetch(new Request(new URL('/', c.req.url)));

async function boardPage(c: Context<AppEnv>, boardId: string, tab?: string) {
  const app = () => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not found', 404));
  if (!c.env.ASSETS || clientRendered(c) || !BOARD_ID_PATTERN.test(boardId) || (tab !== undefined && !(BOARD_TABS as readonly string[]).includes(tab))) return app();
  let page: string;
  try {
    const practice = await findSharedPractice(getDb(c.env.DB), 'board_id', boardId, await lookupClient(c));
    const lang = boardLanguage(c.req.query('lang'), c.req.header('accept-language'));
    // No shared board there: the plain app, told so (it says "unavailable" without a second lookup).
    if (!practice) page = fillIn(await indexHtml(c).then((r) => r.text()), '', { boardId, lang, board: null });
    else {
      const held = await getRoom(c.env, practice.id).snapshot(practice.id);
      if (!held) return app();
      const data = { boardId, lang, board: { practice: toGuestPractice(practice), pools: held.pools, bracket: held.bracket, mark: held.mark } };
      const [index, markup] = await Promise.all([indexHtml(c).then((r) => r.text()), renderBoard(c.req.path, data)]);
      page = await firstPaintFirst(c, fillIn(index, markup, data));
    }
  } catch (e) {
    // The limiter's refusal or a check it asks for, a room that stumbled: the app asks again and says so.
    if (!(e instanceof HttpError)) console.error('board page', e);
    return app();
  }
  // Compressed by the runtime (workerd, and Cloudflare in front of it) when the browser takes it.
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  return c.html(page, 200, { 'Cache-Control': 'no-store', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
}

/** The app's stylesheets by address, read once per isolate (their names change with their content). */
const styles = new Map<string, Promise<string | null>>();

/**
 * The page reordered for a first paint from the HTML alone: the stylesheet inline (CSP: 'unsafe-inline' styles
 * are allowed), the app's scripts after the board (they take it over; nothing of the first paint waits for
 * them, nor for the service worker's registration).
 */
async function firstPaintFirst(c: Context<AppEnv>, page: string): Promise<string> {
  const scripts: string[] = [];
  let out = page.replace(/\s*<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g, (tag) => (scripts.push(tag.trim()), ''));
  for (const [tag, href] of [...out.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)]) {
    if (!styles.has(href!)) styles.set(href!, c.env.ASSETS!.fetch(new Request(new URL(href!, c.req.url))).then((r) => (r.ok ? r.text() : null)).catch(() => null));
    const css = await styles.get(href!);
    if (css && !css.includes('</')) out = out.replace(tag, () => `<style>${css}</style>`);
  }
  return out.replace('</body>', () => `${scripts.join('')}</body>`);
}

/** index.html with the board's markup in its root and the snapshot beside it (`<` escaped: it cannot close the script). */
function fillIn(index: string, markup: string, data: EmbeddedBoard): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const script = `<script type="application/json" id="${BOARD_DATA_ID}" data-lang="${data.lang}">${json}</script>`;
  // The page's language is the one it is rendered in (index.html says English): screen readers read it so.
  return index
    .replace(/<html lang="[^"]*"/, () => `<html lang="${data.lang}"`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${markup}</div>${script}`);
}
