import type { SpectatorSnapshot } from '../../../core/contracts/guests';
import { ApiError } from '../../lib/api';
import type { ErrorCode } from '../../../core/messages';
import { challengeOf, type Challenge } from '../../lib/challenge';
import { backoffMs, classifyAnswer, retryAfterMs } from '../../lib/retry';
import { fetchSpectatorBoard } from '../../state/spectator';

/** What one read of a board link came to; `paused`: the link is right, its practice does not share right now (why). */
export type BoardRead = { board: SpectatorSnapshot } | { paused: string } | { challenge: Challenge } | { retryInMs: number } | { unavailable: true };

/** The code of the server's answer for a right link whose practice does not share right now (core/room-code BOARD_PAUSED). */
const NOT_SHARED: ErrorCode = 'board_not_shared';

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
    if (e instanceof ApiError && e.status === 409 && e.code === NOT_SHARED) return { paused: e.message };
    // No network or a server that stumbled: tried again (backoff, Retry-After), never shown as a board that
    // is gone. A limiter's 429 is not retried: a right board link is never limited, so the link is wrong.
    const outcome = e instanceof ApiError ? classifyAnswer(e.status, e.retryAfter, e.timedOut) : null;
    if (e instanceof ApiError && outcome?.kind === 'transient' && outcome.reason !== 'limited') return { retryInMs: backoffMs(attempt, retryAfterMs(e.retryAfter)) };
    return { unavailable: true };
  }
}
