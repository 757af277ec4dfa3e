import { Hono, type Context } from 'hono';
import { BOARD_DATA_ID, BOARD_TABS, type EmbeddedBoard } from '../../core/board-page';
import { BOARD_ID_PATTERN } from '../../core/room-code';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../core/practice-page';
import { renderBoard } from '../../app/ssr/board';
import { pageLanguage } from '../../app/ssr/render';
import type { AppEnv } from '../env';
import { lookupClient } from '../auth/access';
import { HttpError } from '../errors';
import { d1Db } from '../db/client';
import { boardSnapshot } from '../room/board-reads';
import { findBoard, toGuestPractice } from '../store/d1/practices';
import { clientRendered, fillPage, indexHtml, pageAnswer, pageTemplate } from './page-html';

/**
 * A live board's pages (issue 29): /live/{board id}, its tabs and its TV view answer the app's index.html
 * with the board already rendered in it, from its room's snapshot, so a phone on a slow network paints the
 * pools before the app's code arrives; the page then takes over from the snapshot embedded beside it. A
 * board id the lookup finds nothing for (unknown, a room code) gets the plain app told so, which says the
 * board is unavailable without asking the API again, and a right one whose practice does not share right now
 * gets it told that, which waits for sharing to come back; the limiter's refusal or a room that stumbled
 * gets the plain app, which asks the API and says why. The lookup is the API's (/api/board): under the same limiter.
 */
export const boardPageRoutes = new Hono<AppEnv>()
  .get('/live/:boardId', (c) => boardPage(c, c.req.param('boardId')))
  .get('/live/:boardId/:tab', (c) => boardPage(c, c.req.param('boardId'), c.req.param('tab')));

async function boardPage(c: Context<AppEnv>, boardId: string, tab?: string) {
  const app = () => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not found', 404));
  if (!c.env.ASSETS || clientRendered(c) || !BOARD_ID_PATTERN.test(boardId) || (tab !== undefined && !(BOARD_TABS as readonly string[]).includes(tab))) return app();
  let page: string;
  try {
    const found = await findBoard(d1Db(c.env.DB), boardId, await lookupClient(c));
    const lang = pageLanguage(c.req.query('lang'), c.req.header('accept-language'), getCookie(c, LANGUAGE_COOKIE));
    // No board there, or one whose practice does not share right now: the plain app, told so (it says
    // "unavailable", or waits for sharing to come back, without a second lookup).
    if (!found?.shared) page = fillIn(await indexHtml(c).then((r) => r.text()), '', { boardId, lang, board: null, ...(found ? { paused: true as const } : {}) });
    else {
      const { practice } = found;
      const { held } = await boardSnapshot(c.env, practice.id, (p) => c.executionCtx.waitUntil(p));
      if (!held) return app();
      const data = { boardId, lang, board: { practice: toGuestPractice(practice), pools: held.pools, bracket: held.bracket, mark: held.mark } };
      const [frame, markup] = await Promise.all([pageTemplate(c), renderBoard(c.req.path, data, c.req.header('accept-language'))]);
      page = fillIn(frame, markup, data);
    }
  } catch (e) {
    // The limiter's refusal or a check it asks for, a room that stumbled: the app asks again and says so.
    if (!(e instanceof HttpError)) console.error('board page', e);
    return app();
  }
  return pageAnswer(c, page);
}

/**
 * index.html with the board's markup in its root, the snapshot beside it, and the board's watch (public/board-watch.js),
 * which says the board is not live and loads it again when the app's scripts fail to load.
 */
function fillIn(index: string, markup: string, data: EmbeddedBoard): string {
  const page = fillPage(index, markup, BOARD_DATA_ID, data.lang, data);
  // Right after the embedded data (its JSON never holds `</`), before the app's scripts, which it watches.
  const after = page.indexOf('</script>', page.indexOf(`id="${BOARD_DATA_ID}"`)) + '</script>'.length;
  return `${page.slice(0, after)}${BOARD_WATCH}${page.slice(after)}`;
}

/** The board's watch: a classic script, run before the app's module scripts load (or fail to). */
const BOARD_WATCH = '<script src="/board-watch.js"></script>';
