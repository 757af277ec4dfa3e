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
 * Cookies the app keeps beside its local storage so the worker can render what this device would show: the
 * current practice (a hint, checked against the coach's own practices), the language chosen here and the
 * screen's width. None is a secret or grants anything; the page writes and reads them.
 */
export const PRACTICE_COOKIE = 'piste_practice';
export const LANGUAGE_COOKIE = 'piste_lang';
/** This device's screen, `wide` or `narrow` (a phone's: the practice's screens condense, the tableau shows one round). */
export const SCREEN_COOKIE = 'piste_screen';
