import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { CLIENT_ONLY } from '../../core/board-page';
import * as de from '../i18n/locales/de';
import * as es from '../i18n/locales/es';
import * as fr from '../i18n/locales/fr';
import * as it from '../i18n/locales/it';
import { languageOf, renderIn, type Language } from '../i18n';

/** Every language's catalog, in the worker (about 75 KB gzip): a page paints in its visitor's language. */
export const CATALOGS = { de, es, fr, it };

/** The language tags of an Accept-Language header, in its order (weights aside). */
export const acceptedTags = (acceptLanguage: string | undefined): string[] =>
  (acceptLanguage ?? '').split(',').map((tag) => tag.split(';')[0]!.trim()).filter((tag) => tag !== '' && tag !== '*');

/**
 * The language a page is rendered in: `?lang=` first, then the one this device chose (the app keeps it in a
 * cookie, core/practice-page LANGUAGE_COOKIE), then the browser's Accept-Language (its order), then English: the
 * page's own choice (app/i18n `initialLanguage`), so the page hydrates what it got.
 */
export function pageLanguage(query: string | undefined, acceptLanguage: string | undefined, chosen: string | undefined): Language {
  return languageOf(query) ?? languageOf(chosen) ?? acceptedTags(acceptLanguage).map(languageOf).find((l) => l !== undefined) ?? 'en';
}

/** Sets the render's language (`lang`, as `pageLanguage` chose it) and the visitor's tags (their numbers and dates). */
export function renderInLanguage(lang: string, acceptLanguage: string | undefined) {
  const language = languageOf(lang) ?? 'en';
  renderIn(language, language === 'en' ? undefined : CATALOGS[language], acceptedTags(acceptLanguage));
}

/**
 * One render at a time in this isolate: the module-wide stores a render fills (the same the page reads) hold
 * one board or one coach's practice, filled before the render and emptied after it.
 */
let queue: Promise<unknown> = Promise.resolve();

export function oneAtATime<T>(render: () => Promise<T>): Promise<T> {
  const done = queue.then(render);
  queue = done.catch(() => undefined);
  return done;
}

/** How long a render may take before the visitor gets the plain app instead (a render that hung holds up the next ones). */
const RENDER_LIMIT_MS = 5000;

/** The markup of `tree`, whole: every boundary in place (none sent apart with a script: the CSP runs no inline script). */
export async function renderedHtml(tree: ReactNode, what: string): Promise<string> {
  const stream = await renderToReadableStream(tree, {
    signal: AbortSignal.timeout(RENDER_LIMIT_MS),
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    // A boundary left to the page says so in its digest; anything else is the page's too, and logged.
    onError: (e) => (digestOf(e) === CLIENT_ONLY ? CLIENT_ONLY : void console.error(what, e)),
  });
  await stream.allReady;
  return new Response(stream).text();
}

const digestOf = (e: unknown) => (e && typeof e === 'object' && 'digest' in e ? e.digest : undefined);
