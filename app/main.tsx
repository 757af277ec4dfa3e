import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BOARD_DATA_ID, CLIENT_ONLY } from '../core/board-page';
import { LANGUAGE_COOKIE, PRACTICE_DATA_ID } from '../core/practice-page';
import { mirrorStorage, writeCookie } from './lib/storage';
import { keepScreenCookie } from './lib/screen-width';
import { locale, ready } from './i18n';
import { AppRoutes, coachListScreen, isPracticeScreen, loadRoute } from './router';
import './styles.css';

// First, their modules asked for ahead of the screens' (issue 33): a practice screen's snapshot, and on every screen
// but the boards (which run under the keepers) the session and, on a coach's screens, the practice list; each goes
// out as soon as its own small module is here, not once the keepers have mounted and the session has answered.
const path = location.pathname;
const bootReads = () => {
  if (isPracticeScreen(path)) void import('./state/first-snapshot').then((m) => m.fetchFirstSnapshot());
  if (!/^\/(live|hall)\//.test(path)) {
    void import('./state/session').then((m) => m.bootSession());
    if (coachListScreen(path)) void import('./state/practices').then((m) => m.fetchPracticesEarly());
  }
};
// A coach's practice screen the worker rendered (issue 33) brought its session, list and snapshot: its module takes
// them (no read) when they are what this device shows, else makes the reads above. Answers the render's language.
const practicePage = document.getElementById(PRACTICE_DATA_ID)
  ? import('./state/page-practice').then((m) => m.takePagePractice(bootReads)).catch(() => (bootReads(), null))
  : (bootReads(), null);
// The room member's code applies the snapshot (the screen would otherwise ask for it after its first render).
if (isPracticeScreen(path)) void import('./state/room-member');
// The worker renders what this device shows: its current practice, its language and its width, kept in cookies.
mirrorStorage();
locale.subscribe((language) => writeCookie(LANGUAGE_COOKIE, language));
keepScreenCookie();

/** Runs `fn` once the next frame is on the screen (a frame's callbacks run before its paint, a task queued by them after it). */
function afterFirstPaint(fn: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    document.removeEventListener('visibilitychange', once);
    fn();
  };
  // A tab in the background paints no frame: taken over at once (hidden now, or hidden before its frame), so its
  // socket and reads go on. A frame later than a second is not waited for.
  if (document.visibilityState === 'hidden') return once();
  document.addEventListener('visibilitychange', once);
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 1000);
}

/**
 * A page the worker rendered (a coach's screen) is inert until the app has taken it over (worker/routes/page-html): lifted once the
 * first render is on the screen, hydrated or drawn again. Then the page says it was taken over: a board's watch
 * (public/board-watch.js) stops waiting for it and replays the pickers changed before, through the app's own handlers.
 */
function TakenOver({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    root.removeAttribute('inert');
    document.documentElement.dataset.taken = '1';
  }, [root]);
  return children;
}

// The route's code is asked for at once, every chunk on its way together (issue 33), and a practice screen's data
// beside it; the first render waits for them, so no layout shows a fallback and waits for the next one's code.
const route = loadRoute(path).catch(() => undefined);
// English paints at once; another language first loads its catalog (a few KB, cached offline like the app).
void Promise.all([ready(), route, practicePage]).then(([, , practiceLanguage]) => {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <TakenOver root={root}>
          <AppRoutes />
        </TakenOver>
      </BrowserRouter>
    </StrictMode>
  );
  // A live board's page (issue 29) and a coach's practice screen (issue 33) come rendered by the worker: taken over
  // as they are when in this screen's language, else drawn again in it (from the same embedded data: no second read).
  const rendered = practiceLanguage ?? document.getElementById(BOARD_DATA_ID)?.dataset.lang;
  if (rendered === locale.get() && root.firstChild) {
    // The worker's markup is painted first: hydrating a large screen (512 rows) is one long task, which the browser
    // would otherwise run before its first frame when the code comes from the service worker's cache at once.
    afterFirstPaint(() =>
      hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          if ((error as { digest?: string }).digest !== CLIENT_ONLY) console.error(error);
        },
      }),
    );
  } else {
    createRoot(root).render(app);
  }
});
