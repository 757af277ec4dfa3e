import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { HttpError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every write: hono/csrf only looks at form content types, so writes must be JSON
 * (which a cross-site form cannot send without a preflight) and any Origin must be our own.
 */
export const writeGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE.has(c.req.method)) {
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(c.req.url).origin) {
      throw new HttpError(403, 'Cross-site request refused');
    }
    const type = c.req.header('content-type') ?? '';
    if (!type.toLowerCase().startsWith('application/json')) {
      throw new HttpError(415, 'Requests that change data must be sent as JSON');
    }
  }
  await next();
});
