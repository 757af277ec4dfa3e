import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { PlanError } from '../core/fencing/planning';
import { errorBody } from '../core/messages';
import { HttpError } from './errors';
import { isUnavailable, rootMessage, unavailable } from './unavailable';
import { MALFORMED_JSON } from './validate';

/** How the worker and every practice room answer an error: the same codes and texts in both. */
export function answerError(err: Error, c: Context) {
  if (err instanceof HttpError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json({ ...errorBody(err.message), ...err.details }, err.status);
  }
  // Hono's own refusals (a body that is not JSON) in our words, so the app can translate them.
  if (err instanceof HTTPException && err.status === 400) return c.json(errorBody(MALFORMED_JSON), 400);
  if (err instanceof PlanError) return c.json(errorBody(err.message), 400);
  // The room or D1 unavailable for a moment (a deploy, an overload): 503 with Retry-After, so the app keeps
  // the write and sends it again. A change is one transaction or batch, so nothing was half-written.
  if (isUnavailable(err)) {
    console.warn('unavailable', c.req.method, c.req.routePath, rootMessage(err));
    const answer = unavailable();
    for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
    return c.json(errorBody(answer.message), answer.status);
  }
  // Logged by route pattern (`/api/board/:boardId`, never the board id), without the query (tokens), the
  // body, the caller or the error's stack: the logs hold no personal data and no secret.
  console.error('unhandled error', c.req.method, c.req.routePath, err instanceof Error ? `${err.name}: ${err.message}` : 'non-error thrown');
  return c.json(errorBody('Something went wrong on our side. Please try again.'), 500);
}
