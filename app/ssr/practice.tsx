import { StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import type { EmbeddedPractice } from '../../core/practice-page';
import { AppRoutes, loadRoute } from '../router';
import { dropPagePractice, showPagePractice } from '../state/page-practice';
import { oneAtATime, renderedHtml, renderInLanguage } from './render';

/**
 * A coach's practice screen rendered in the worker (issue 33): the app's own routes and components (its
 * router's route table, each screen's code loaded first as the page's boot does), from the session, list and
 * snapshot the page embeds, so the page hydrates what it got rather than painting it again. Nothing of the
 * coach stays in the stores after the render.
 */
export function renderPractice(location: { pathname: string; search: string }, data: EmbeddedPractice, acceptLanguage: string | undefined): Promise<string> {
  return oneAtATime(async () => {
    await loadRoute(location.pathname);
    renderInLanguage(data.lang, acceptLanguage);
    try {
      showPagePractice(data);
      return await renderedHtml(
        <StrictMode>
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        </StrictMode>,
        'practice render',
      );
    } finally {
      dropPagePractice();
    }
  });
}
