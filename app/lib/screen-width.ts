import { SCREEN_COOKIE } from '../../core/practice-page';
import { writeCookie } from './storage';

/** Tailwind's `sm` breakpoint: below it the screen is a phone's, and the practice's screens condense. */
export const WIDE = '(min-width: 640px)';

/**
 * The width a page the worker rendered was rendered for (issue 33): the worker's render and the page's
 * hydration both start from it (components/layout/use-wide-screen), then the page follows its own screen.
 * Wide unless told otherwise.
 */
let rendered = true;
export const renderedWide = (wide: boolean) => void (rendered = wide);
export const wideAsRendered = () => rendered;

/** Keeps this screen's width in a cookie, so the worker renders a page for it (core/practice-page SCREEN_COOKIE). */
export function keepScreenCookie() {
  const query = matchMedia(WIDE);
  const keep = () => writeCookie(SCREEN_COOKIE, query.matches ? 'wide' : 'narrow');
  keep();
  query.addEventListener('change', keep);
}
