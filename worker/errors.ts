import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is meant for the user, answered with its status code. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer than the message (a 429's human check). A 409 that carries the state that won is an answer (`c.json(conflict, 409)`), not an error. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notAuthenticated = () => new HttpError(401, 'Not authenticated');
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
