import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BOARD_DATA_ID, CLIENT_ONLY } from '../core/board-page';
import { locale, ready } from './i18n';
import { AppRoutes, coachListScreen, isPracticeScreen, loadRoute } from './router';
import './styles.css';

// First, their modules asked for ahead of the screens' (issue 33): a practice screen's snapshot, and on every screen
// but the boards (which run under the keepers) the session and, on a coach's screens, the practice list; each goes
// out as soon as its own small module is here, not once the keepers have mounted and the session has answered.
const path = location.pathname;
if (isPracticeScreen(path)) void import('./state/first-snapshot').then((m) => m.fetchFirstSnapshot());
if (!/^\/(live|hall)\//.test(path)) {
  void import('./state/session').then((m) => m.bootSession());
  if (coachListScreen(path)) void import('./state/practices').then((m) => m.fetchPracticesEarly());
}
// The room member's code applies the snapshot (the screen would otherwise ask for it after its first render).
if (isPracticeScreen(path)) void import('./state/room-member');

// The route's code is asked for at once, every chunk on its way together (issue 33), and a practice screen's data
// beside it; the first render waits for them, so no layout shows a fallback and waits for the next one's code.
const route = loadRoute(path).catch(() => undefined);
// English paints at once; another language first loads its catalog (a few KB, cached offline like the app).
void Promise.all([ready(), route]).then(() => {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  // A live board's page comes rendered by the worker (issue 29): taken over as it is when it is in this
  // screen's language, else drawn again in it (from the same embedded snapshot: no second read either way).
  const rendered = document.getElementById(BOARD_DATA_ID)?.dataset.lang;
  if (rendered === locale.get() && root.firstChild) {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => {
        if ((error as { digest?: string }).digest !== CLIENT_ONLY) console.error(error);
      },
    });
  } else {
    createRoot(root).render(app);
  }
});
