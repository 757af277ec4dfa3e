import { StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import type { EmbeddedPractice } from '../../core/practice-page';
import { languageOf, renderIn } from '../i18n';
import { AppRoutes, loadRoute } from '../router';
import { dropPagePractice, showPagePractice } from '../state/page-practice';
import { CATALOGS, oneAtATime, renderedHtml } from './render';

/**
 * A coach's practice screen rendered in the worker (issue 33): the app's own routes and components (its
 * router's route table, each screen's code loaded first as the page's boot does), from the session, list and
 * snapshot the page embeds, so the page hydrates what it got rather than painting it again. Nothing of the
 * coach stays in the stores after the render.
 */
export function renderPractice(path: string, data: EmbeddedPractice): Promise<string> {
  return oneAtATime(async () => {
    await loadRoute(path);
    const language = languageOf(data.lang) ?? 'en';
    renderIn(language, language === 'en' ? undefined : CATALOGS[language]);
    showPagePractice(data);
    try {
      return await renderedHtml(
        <StrictMode>
          <StaticRouter location={path}>
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
