import { createMiddleware } from 'hono/factory';

/** Cloudflare Turnstile, the human check the join form and the board show when the limiter asks (issue 25). */
const TURNSTILE = 'https://challenges.cloudflare.com';

/**
 * The app's pages: scripts only from our own origin (Vite emits no inline script) and Turnstile's, sockets
 * only to our own origin ('self' covers its ws:/wss:), frames only Turnstile's widget, inline styles allowed
 * because the dialog library injects its scroll-lock style at run time. `frame-ancestors` is added per path.
 */
const PAGE_CSP = [
  "default-src 'self'",
  `script-src 'self' ${TURNSTILE}`,
  `frame-src ${TURNSTILE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const COMMON: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The coach's and guests' screens and the API: never inside another site's frame (clickjacking). */
const UNFRAMED: Record<string, string> = {
  ...COMMON,
  'Content-Security-Policy': `${PAGE_CSP}; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The live board (`/live/*`): read-only, so clubs may embed it in their own pages. */
const EMBEDDABLE: Record<string, string> = { ...COMMON, 'Content-Security-Policy': `${PAGE_CSP}; frame-ancestors *` };

const HSTS = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' };
const UNFRAMED_HTTPS = { ...UNFRAMED, ...HSTS };
const EMBEDDABLE_HTTPS = { ...EMBEDDABLE, ...HSTS };

/** The headers a response to this path carries (HSTS only over https; browsers ignore it over http). */
export function securityHeadersFor(path: string, https: boolean): Record<string, string> {
  const embeddable = path === '/live' || path.startsWith('/live/');
  if (https) return embeddable ? EMBEDDABLE_HTTPS : UNFRAMED_HTTPS;
  return embeddable ? EMBEDDABLE : UNFRAMED;
}

/**
 * Responses the worker made itself with headers it may still change (a room's answer, copied by ../middleware/to-room):
 * they take the headers in place. Any other (the assets binding's, a room's own) has immutable headers and is copied.
 */
const mutable = new WeakSet<Response>();
export function headersMayChange(res: Response): Response {
  mutable.add(res);
  return res;
}

/** Security headers on every response the worker gives, pages and API alike (not on a websocket's 101). */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  const headers = securityHeadersFor(c.req.path, c.req.url.startsWith('https:'));
  if (mutable.has(c.res)) {
    for (const name in headers) c.res.headers.set(name, headers[name]!);
    return;
  }
  const res = new Response(c.res.body, c.res);
  for (const name in headers) res.headers.set(name, headers[name]!);
  c.res = undefined;
  c.res = res;
});
