import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is meant for the user, answered with its status code. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer than the message (a 409 carries the state that won). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notAuthenticated = () => new HttpError(401, 'Not authenticated');
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
