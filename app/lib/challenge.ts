import { ApiError } from './api';

/** What the server sends when its lookup limiter asks for a human check before a lookup (429, issue 25). */
export interface Challenge {
  siteKey: string;
  /** The local stand-in (no internet): answered as Turnstile's documented test keys are. */
  standin: boolean;
}

/** The header a solved check travels in (Turnstile's own field name); the worker verifies it once. */
export const CHALLENGE_HEADER = 'cf-turnstile-response';

/** The check an API error asks for, or null when it asks for none. */
export function challengeOf(error: unknown): Challenge | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const challenge = (error.body as { challenge?: Partial<Challenge> } | null)?.challenge;
  return typeof challenge?.siteKey === 'string' ? { siteKey: challenge.siteKey, standin: challenge.standin === true } : null;
}

/** The headers of a request retried with a solved check (none without one). */
export const checkHeaders = (token: string | null | undefined): Record<string, string> => (token ? { [CHALLENGE_HEADER]: token } : {});
