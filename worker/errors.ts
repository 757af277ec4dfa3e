import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is meant for the user, answered with its status code. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notAuthenticated = () => new HttpError(401, 'Not authenticated');
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
