/**
 * How the app reads a server's answer to a write that can wait (DESIGN: writes from the field), and how long
 * it waits before the next try. Pure: the outbox (app/state/outbox.ts) and the screens' resync use it.
 */

/** Why a write is still waiting: the network, a timeout, a busy or failing server, or a limiter. */
export type WaitReason = 'offline' | 'timeout' | 'busy' | 'limited';

export type Outcome =
  | { kind: 'stored' }
  /** Try again later with the same idempotency key; `afterMs` is the server's Retry-After, if it gave one. */
  | { kind: 'transient'; reason: WaitReason; afterMs: number | null }
  /** Someone else's change won (409): shown to the person, who decides. */
  | { kind: 'conflict' }
  /** Can never succeed as it is (a 400 with a code, a session that ended, a bout that is gone). */
  | { kind: 'refused' };

/** The longest a server may ask us to wait (a wrong header must not park a score for a day). */
const LONGEST_RETRY_AFTER_MS = 10 * 60_000;

/** `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) - now : NaN;
  if (!Number.isFinite(ms)) return null;
  return Math.min(LONGEST_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * Every answer classified once. Status 0 is no answer at all (`timedOut` when the app gave up waiting).
 * Transient: no network, a timeout, 408, 429 and every 5xx (a room reset or overloaded, D1 unavailable).
 */
export function classifyAnswer(status: number, retryAfter: string | null = null, timedOut = false, now = Date.now()): Outcome {
  if (status >= 200 && status < 300) return { kind: 'stored' };
  if (status === 0) return { kind: 'transient', reason: timedOut ? 'timeout' : 'offline', afterMs: null };
  if (status === 409) return { kind: 'conflict' };
  if (status === 408) return { kind: 'transient', reason: 'timeout', afterMs: retryAfterMs(retryAfter, now) };
  if (status === 429) return { kind: 'transient', reason: 'limited', afterMs: retryAfterMs(retryAfter, now) };
  if (status >= 500) return { kind: 'transient', reason: 'busy', afterMs: retryAfterMs(retryAfter, now) };
  return { kind: 'refused' };
}

/** First wait 1 s, doubling per failed try up to 30 s. */
const FIRST_MS = 1_000;
const LONGEST_MS = 30_000;

/**
 * The wait before try number `attempt + 1` (attempt 0 is the first failure): the backoff's step with jitter
 * (between half of it and all of it, so many screens failing together do not come back together), never
 * less than what the server asked for.
 */
export function backoffMs(attempt: number, serverAfterMs: number | null = null, random: () => number = Math.random): number {
  const step = Math.min(LONGEST_MS, FIRST_MS * 2 ** Math.max(0, attempt));
  const jittered = Math.round(step / 2 + random() * (step / 2));
  return Math.max(jittered, serverAfterMs ?? 0);
}
