import { HttpError } from './errors';

/**
 * Whether an error means the practice's room or the database is unavailable for a moment (DESIGN: writes
 * from the field): a Durable Object reset by a deploy or overloaded (its errors carry `retryable` or
 * `overloaded`), or D1's transient failures (Cloudflare's list: connection lost, object reset, overloaded,
 * a storage timeout). Drizzle wraps D1's error in `cause`, so the chain is read.
 */
export function isUnavailable(e: unknown): boolean {
  for (let err = e as { message?: unknown; cause?: unknown; retryable?: unknown; overloaded?: unknown } | undefined, i = 0; err && i < 5; err = err.cause as typeof err, i++) {
    if (typeof err !== 'object') return TRANSIENT.test(String(err));
    if (err.retryable === true || err.overloaded === true) return true;
    if (TRANSIENT.test(String(err.message ?? ''))) return true;
  }
  return false;
}

/** The innermost message of an error chain (D1's own words, not drizzle's query and its values): what the logs keep. */
export function rootMessage(e: unknown): string {
  let err = e as { name?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; err?.cause && i < 5; i++) err = err.cause as typeof err;
  return err && typeof err === 'object' ? `${String(err.name ?? 'Error')}: ${String(err.message ?? '')}` : String(err);
}

const TRANSIENT = new RegExp(
  [
    'Network connection lost',
    'storage caused object to be reset',
    'reset because its code was updated',
    'is overloaded',
    'transient issue',
    'exceeded timeout',
    'Too many requests queued',
    'Requests queued for too long',
    'Durable Object .*(?:reset|unavailable|restarted)',
    'D1 DB .*(?:unavailable|overloaded|reset)',
    // SQLite's own word for a writer waiting on another (the local D1 under load).
    'SQLITE_BUSY',
    'database is locked',
  ].join('|'),
  'i',
);

/** How long a client waits before sending again (seconds): a deploy or an overloaded object passes in about that time. */
export const UNAVAILABLE_RETRY_AFTER = '2';

export const unavailable = () => new HttpError(503, 'The server is busy for a moment. Try again in a few seconds.', { 'Retry-After': UNAVAILABLE_RETRY_AFTER });
