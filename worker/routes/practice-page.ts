import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { SessionInfo } from '../../core/contracts/account';
import type { Practice } from '../../core/contracts/practices';
import type { PracticeSnapshot } from '../../core/contracts/snapshot';
import { LANGUAGE_COOKIE, PRACTICE_COOKIE, SCREEN_COOKIE, PRACTICE_DATA_ID, RENDERED_PRACTICE_SCREENS, resumeFor, type EmbeddedPractice } from '../../core/practice-page';
import { pageLanguage } from '../../app/ssr/render';
import { renderPractice } from '../../app/ssr/practice';
import type { AppEnv } from '../env';
import { readAccessCookie, readSignedInCookie } from '../auth/cookies';
import { clientRendered, fillPage, pageAnswer, pageTemplate } from './page-html';

/** Asks the worker's own API, in this isolate, as the page's visitor (their cookies and address): the same rules, the same answers. */
export type OwnApi = (c: Context<AppEnv>, path: string) => Promise<Response>;

/**
 * A coach's practice screens on a full page load (issue 33): the pools grid, the pool results, the tableau and
 * the final results answer the app's index.html with the screen already rendered, from the coach's session,
 * practice list and current practice's snapshot, each read through the API itself (its authorisation, its
 * room), so a phone paints the rows before the app's code arrives and the page makes none of those reads.
 * The current practice is the one this device shows (the app's cookie, checked against the coach's own list),
 * else the newest, as the app picks it. A coach whose access token has expired (it lives 15 minutes) goes by
 * `/api/auth/resume` for a fresh one and comes back rendered. Anyone else (no session, a guest, no practice
 * yet), and any read that fails, gets the plain app, which reads for itself and says why.
 */
export function practicePageRoutes(ownApi: OwnApi) {
  const routes = new Hono<AppEnv>();
  for (const path of RENDERED_PRACTICE_SCREENS) routes.get(path, (c) => practicePage(c, ownApi));
  return routes;
}

const read = async <T,>(answer: Promise<Response>): Promise<T | null> => {
  const r = await answer;
  return r.ok ? ((await r.json()) as T) : null;
};

/** How long the page's reads may take before the visitor gets the plain app, which reads for itself. */
const READS_LIMIT_MS = 3000;

/** `work`, or a refusal once READS_LIMIT_MS have passed; the timer ends with it either way. */
function within<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, refuse) => (timer = setTimeout(() => refuse(new Error('the page\'s reads took too long')), READS_LIMIT_MS)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether to render for a screen wider than a phone: what this device's cookie says, else what its browser says of itself. */
function wideScreen(c: Context<AppEnv>): boolean {
  const kept = getCookie(c, SCREEN_COOKIE);
  if (kept === 'wide' || kept === 'narrow') return kept === 'wide';
  return c.req.header('sec-ch-ua-mobile') !== '?1' && !/\bMobi/.test(c.req.header('user-agent') ?? '');
}

async function practicePage(c: Context<AppEnv>, ownApi: OwnApi) {
  if (!c.env.ASSETS) return c.text('Not found', 404);
  const app = () => c.env.ASSETS!.fetch(c.req.raw);
  if (clientRendered(c)) return app();
  if (!readAccessCookie(c)) {
    // No access token, but a session this browser may resume: fetch a fresh token first, then come back here.
    if (!readSignedInCookie(c)) return app();
    return c.body(null, 303, { Location: resumeFor(c.req.path + new URL(c.req.url).search), 'Cache-Control': 'no-store' });
  }
  try {
    const wanted = getCookie(c, PRACTICE_COOKIE);
    const wantedId = wanted && /^[\w-]{1,64}$/.test(wanted) ? wanted : null;
    const snapshotOf = (id: string) => read<PracticeSnapshot>(ownApi(c, `/api/practices/${id}/snapshot`));
    // The device's practice is read beside the session and the list; the list then says whether it is the coach's.
    const [session, practices, guessed] = await within(Promise.all([
      read<SessionInfo>(ownApi(c, '/api/auth/session')),
      read<Practice[]>(ownApi(c, '/api/practices')),
      wantedId ? snapshotOf(wantedId) : null,
    ]));
    if (!session?.user || !practices?.length) return app();
    const practice = practices.find((p) => p.id === wantedId) ?? practices[0]!;
    const snapshot = practice.id === wantedId ? guessed : await within(snapshotOf(practice.id));
    if (!snapshot) return app();
    const lang = pageLanguage(c.req.query('lang'), c.req.header('accept-language'), getCookie(c, LANGUAGE_COOKIE));
    const data: EmbeddedPractice = { lang, session, practices, practiceId: practice.id, snapshot, wide: wideScreen(c) };
    const [frame, markup] = await Promise.all([pageTemplate(c), renderPractice({ pathname: c.req.path, search: new URL(c.req.url).search }, data, c.req.header('accept-language'))]);
    // A coach's page: never kept by a shared cache, and never served for another cookie.
    return pageAnswer(c, fillPage(frame, markup, PRACTICE_DATA_ID, lang, data, true), { Vary: 'Cookie' });
  } catch (e) {
    console.error('practice page', e);
    return app();
  }
}
