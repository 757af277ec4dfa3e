import type { Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * What the worker's rendered pages share (issue 29's live board, issue 33's coach screens): the built
 * index.html filled with a render and the data it came from, reordered so the first paint needs nothing but
 * the HTML, and answered compressed and never cached.
 */

/**
 * `npm run bench` measures a page rendered by the app (as before the worker rendered it) beside the worker's:
 * with this header, only where the test hooks are on (never in wrangler.toml), the page gets the plain app.
 */
const CLIENT_RENDERED = 'x-piste-render';
export const clientRendered = (c: Context<AppEnv>) => c.env.TEST_HOOKS === '1' && c.req.header(CLIENT_RENDERED) === 'client';

/** The built app's index.html, fresh (no conditional headers: a 304 has no page to fill in). */
export const indexHtml = (c: Context<AppEnv>) => c.env.ASSETS!.fetch(new Request(new URL('/', c.req.url)));

/**
 * index.html with `markup` in its root and `data` beside it in a JSON script (`<` escaped: it cannot close the
 * script; not executed, so the CSP allows it), and the page's language the one it is rendered in (index.html
 * says English): screen readers read it so. `inert`: nothing in it takes a tap or the focus until the page has
 * taken it over (app/main.tsx lifts it), so a tap on a score before the app's code arrived is never lost silently.
 */
export function fillPage(index: string, markup: string, dataId: string, lang: string, data: unknown, inert = false): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const script = `<script type="application/json" id="${dataId}" data-lang="${lang}">${json}</script>`;
  return index
    .replace(/<html lang="[^"]*"/, () => `<html lang="${lang}"`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root"${inert ? ' inert' : ''}>${markup}</div>${script}`);
}

/**
 * The page reordered for a first paint from the HTML alone: the stylesheet inline (CSP: 'unsafe-inline' styles
 * are allowed), the app's scripts after the render (they take it over; nothing of the first paint waits for
 * them, nor for the service worker's registration). Done to the built index.html once per isolate and build,
 * before a render is filled in: done to a page of 512 fencers (about 700 KB), it cost 10–17 ms a page.
 */
async function firstPaintFirst(c: Context<AppEnv>, index: string): Promise<string> {
  const scripts: string[] = [];
  let out = index.replace(/\s*<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g, (tag) => (scripts.push(tag.trim()), ''));
  for (const [tag, href] of [...out.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)]) {
    const css = await c.env.ASSETS!.fetch(new Request(new URL(href!, c.req.url))).then((r) => (r.ok ? r.text() : null)).catch(() => null);
    if (css && !css.includes('</')) out = out.replace(tag, () => `<style>${css}</style>`);
  }
  return out.replace('</body>', () => `${scripts.join('')}</body>`);
}

/**
 * The reordered index.html of the build this isolate last served. Only a finished string is kept: a promise begun by
 * one request and awaited by another would never settle for the second if the first were cancelled (Workers ties
 * I/O to the request that started it).
 */
let template: { index: string; page: string } | null = null;

/** The built index.html, reordered for a first paint from the HTML alone (firstPaintFirst): a rendered page's frame. */
export async function pageTemplate(c: Context<AppEnv>): Promise<string> {
  const index = await indexHtml(c).then((r) => r.text());
  if (template?.index === index) return template.page;
  const page = await firstPaintFirst(c, index);
  // A stylesheet that could not be read is not inlined: read again for the next page.
  if (!/<link rel="stylesheet"/.test(page)) template = { index, page };
  return page;
}

/** A rendered page: compressed by the runtime (workerd, and Cloudflare in front of it) when the browser takes it, never cached. */
export function pageAnswer(c: Context<AppEnv>, page: string, headers: Record<string, string> = {}) {
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  return c.html(page, 200, { 'Cache-Control': 'no-store', ...headers, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
}
