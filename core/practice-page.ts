import type { SessionInfo } from './contracts/account';
import type { Practice } from './contracts/practices';
import type { PracticeSnapshot } from './contracts/snapshot';

/**
 * A coach's practice screen as the worker answers a full page load (issue 33): index.html with the screen
 * already rendered in its root, and beside it, in a JSON script with this id (not executed: the CSP allows it),
 * what it was rendered from. The page takes it as its first data (no session, list or snapshot read) and
 * hydrates what it got, so a phone paints the rows before the app's code arrives.
 */
export const PRACTICE_DATA_ID = 'practice-data';

/** What that script holds: the language of the render, the coach's session and practices, the practice shown and its snapshot. */
export interface EmbeddedPractice {
  lang: string;
  session: SessionInfo;
  practices: Practice[];
  practiceId: string;
  snapshot: PracticeSnapshot;
  /** Whether it was rendered for a screen wider than a phone (the page hydrates as that, then follows its own). */
  wide: boolean;
}

/** The practice screens the worker renders (app/router.tsx's routes under the practice layout the coach sees first). */
export const RENDERED_PRACTICE_SCREENS = ['/individual-practice', '/team-practice', '/pool-results', '/tableau', '/final-results'] as const;

/**
 * Every page the worker renders, as the service worker tells them apart (app/sw/page-handler.js, filled in by the
 * build): the practice screens and the live board's pages. They come from the network first.
 */
export const RENDERED_PAGES = new RegExp(`^/(${RENDERED_PRACTICE_SCREENS.map((path) => path.slice(1)).join('|')}|live/.+)$`);

/** Where a page load goes for a fresh access token when this browser still holds a session (the worker's `/api/auth/resume`). */
export const RESUME_PATH = '/api/auth/resume';

/** Where a resumed session lands when the page it was asked for is none of the rendered screens. */
const RESUME_FALLBACK = '/practices';

/**
 * The page a resume goes back to: one of the rendered screens with its query (printable ASCII, as a browser
 * sends it, at most 512 characters in all), else the practice list. Never another site, nor any other path of
 * this one: the resume is a link anyone may send, so it must not take a browser anywhere it names.
 */
export function resumeTarget(to: string | undefined): string {
  if (!to || to.length > 512) return RESUME_FALLBACK;
  const q = to.indexOf('?');
  const path = q < 0 ? to : to.slice(0, q);
  const query = q < 0 ? '' : to.slice(q);
  if (!(RENDERED_PRACTICE_SCREENS as readonly string[]).includes(path) || !/^(\?[\x21-\x7e]*)?$/.test(query)) return RESUME_FALLBACK;
  return path + query;
}

/** The resume's address for a page (path and query) that found no access token. */
export const resumeFor = (page: string) => `${RESUME_PATH}?to=${encodeURIComponent(page)}`;

/**
 * Cookies the app keeps beside its local storage so the worker can render what this device would show: the
 * current practice (a hint, checked against the coach's own practices), the language chosen here and the
 * screen's width. None is a secret or grants anything; the page writes and reads them.
 */
export const PRACTICE_COOKIE = 'piste_practice';
export const LANGUAGE_COOKIE = 'piste_lang';
/** This device's screen, `wide` or `narrow` (a phone's: the practice's screens condense, the tableau shows one round). */
export const SCREEN_COOKIE = 'piste_screen';
