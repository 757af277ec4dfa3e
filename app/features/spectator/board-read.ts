import type { SpectatorSnapshot } from '../../../core/contracts/guests';
import { ApiError } from '../../lib/api';
import { challengeOf, type Challenge } from '../../lib/challenge';
import { backoffMs, classifyAnswer, retryAfterMs } from '../../lib/retry';
import { fetchSpectatorBoard } from '../../state/spectator';

/** What one read of a board link came to. */
export type BoardRead = { board: SpectatorSnapshot } | { challenge: Challenge } | { retryInMs: number } | { unavailable: true };

/**
 * One read of a board link (with a solved human check when the limiter asked for one). Loaded when a board
 * is read over the API, not with the board's first paint: a board's page comes with its snapshot (issue 29).
 */
export async function readBoard(code: string, check: string | undefined, attempt: number): Promise<BoardRead> {
  try {
    return { board: await fetchSpectatorBoard(code, check) };
  } catch (e) {
    const challenge = challengeOf(e);
    if (challenge) return { challenge };
    // No network or a server that stumbled: tried again (backoff, Retry-After), never shown as a board that
    // is gone. A limiter's 429 is not retried: a right board link is never limited, so the link is wrong.
    const outcome = e instanceof ApiError ? classifyAnswer(e.status, e.retryAfter, e.timedOut) : null;
    if (e instanceof ApiError && outcome?.kind === 'transient' && outcome.reason !== 'limited') return { retryInMs: backoffMs(attempt, retryAfterMs(e.retryAfter)) };
    return { unavailable: true };
  }
}
