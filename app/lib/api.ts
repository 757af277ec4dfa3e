import { apiPaths } from '../../core/api';
import { i18n } from '../i18n';
import { answerError } from '../i18n/errors';

const messages = i18n('api', {
  network: 'Network error: check your connection and try again.',
  unexpected: 'An unexpected error occurred.',
});

/** An API answer other than 2xx, carrying the server's message for the screen. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The whole answer (a 409 carries the state that won). */
    readonly body: unknown = null,
    /** The server's `Retry-After` (a 429 or 503), read by the outbox. */
    readonly retryAfter: string | null = null,
    /** No answer because the app stopped waiting (status 0). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a refresh found: a new session, a session that is over (401), or a server that did not answer well. */
type Refreshed = 'ok' | 'ended' | 'unavailable';

let refreshing: Promise<Refreshed> | null = null;

const postRefresh = (): Promise<Refreshed> =>
  fetch(apiPaths.refresh, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' })
    .then((r): Refreshed => (r.ok ? 'ok' : r.status === 401 || r.status === 403 ? 'ended' : 'unavailable'))
    .catch((): Refreshed => 'unavailable');

/** One refresh at a time across this browser's tabs: the lock is held until the answer is in. */
const refreshHoldingLock = () =>
  new Promise<Refreshed>((resolve) => {
    navigator.locks.request('piste-refresh', async () => resolve(await postRefresh())).catch(() => resolve('unavailable'));
  });

/**
 * Swaps the refresh cookie for a new pair. Callers in this tab share one request, and tabs take turns
 * through a Web Lock, so two tabs never present the same refresh token at once (the server's grace
 * window covers browsers without Web Locks).
 */
function refresh(): Promise<Refreshed> {
  refreshing ??= (navigator.locks ? refreshHoldingLock() : postRefresh()).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Whether the session was renewed. */
export const refreshSession = async (): Promise<boolean> => (await refresh()) === 'ok';

/** Where the guest token comes from (set by the guest state, which owns local storage). */
let bearer: () => string | null = () => null;
export function setBearerSource(source: () => string | null) {
  bearer = source;
}

/** Called when the server says a guest's session is over (left elsewhere, sharing off, new code). */
let onGuestEnded: (message: string) => void = () => undefined;
export function onGuestSessionEnded(handler: (message: string) => void) {
  onGuestEnded = handler;
}

export function endGuestSession(message: string) {
  onGuestEnded(message);
}

/**
 * The newest D1 bookmark this tab has seen (DESIGN: read replicas). Sent with every request, so a read
 * answered by a replica is at least as new as this tab's own last write; kept for the tab's life.
 */
const BOOKMARK_HEADER = 'x-d1-bookmark';
const BOOKMARK_KEY = 'piste:d1-bookmark';
let bookmark: string | null = readBookmark();

function readBookmark(): string | null {
  try {
    return sessionStorage.getItem(BOOKMARK_KEY);
  } catch {
    return null;
  }
}

/** Bookmarks order as strings; an older answer arriving late never moves this tab back. */
function keepBookmark(res: Response) {
  const next = res.headers.get(BOOKMARK_HEADER);
  if (!next || (bookmark !== null && next <= bookmark)) return;
  bookmark = next;
  try {
    sessionStorage.setItem(BOOKMARK_KEY, next);
  } catch {
    // Storage refused (a private window): the bookmark lives in memory only.
  }
}

/** Aborts after `ms` with a TimeoutError (AbortSignal.timeout, or by hand where a browser lacks it: Safari before 16). */
function timeoutSignal(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  return controller.signal;
}

async function send(method: Method, path: string, body?: unknown, extra: Record<string, string> = {}, timeoutMs?: number): Promise<Response> {
  const headers: Record<string, string> = { ...extra };
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const token = bearer();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    signal: timeoutMs ? timeoutSignal(timeoutMs) : undefined,
  });
  keepBookmark(res);
  return res;
}

/**
 * Calls the API; a 401 outside /api/auth is retried once after a token refresh. A network failure is status
 * 0 (`timedOut` when `timeoutMs` passed with no answer).
 */
export async function api<T>(method: Method, path: string, body?: unknown, headers?: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(method, path, body, headers, options.timeoutMs);
    if (res.status === 401 && !bearer() && !path.startsWith('/api/auth/')) {
      const refreshed = await refresh();
      if (refreshed === 'ok') res = await send(method, path, body, headers, options.timeoutMs);
      // The session may well be fine: the server could not say. Not a 401 (which would end it for good).
      else if (refreshed === 'unavailable') throw new ApiError(503, messages.get().unexpected);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, messages.get().network, null, null, e instanceof DOMException && e.name === 'TimeoutError');
  }
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const message = answerError(data) ?? messages.get().unexpected;
    if (res.status === 401 && bearer() && !path.startsWith('/api/guest/')) onGuestEnded(message);
    throw new ApiError(res.status, message, data, res.headers.get('retry-after'));
  }
  return data as T;
}

export const errorMessage = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);
