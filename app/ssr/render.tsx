import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { CLIENT_ONLY } from '../../core/board-page';
import * as de from '../i18n/locales/de';
import * as es from '../i18n/locales/es';
import * as fr from '../i18n/locales/fr';
import * as it from '../i18n/locales/it';

/** Every language's catalog, in the worker (about 75 KB gzip): a page paints in its visitor's language. */
export const CATALOGS = { de, es, fr, it };

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

/** The markup of `tree`, whole: every boundary in place (none sent apart with a script: the CSP runs no inline script). */
export async function renderedHtml(tree: ReactNode, what: string): Promise<string> {
  const stream = await renderToReadableStream(tree, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    // A boundary left to the page says so in its digest; anything else is the page's too, and logged.
    onError: (e) => (digestOf(e) === CLIENT_ONLY ? CLIENT_ONLY : void console.error(what, e)),
  });
  await stream.allReady;
  return new Response(stream).text();
}

const digestOf = (e: unknown) => (e && typeof e === 'object' && 'digest' in e ? e.digest : undefined);
