import { textsOf } from '../i18n/common';
import { hc, type ClientRequestOptions, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../worker/contract';
import { i18n } from '../i18n';
import { answerError } from '../i18n/errors';
import { asJsonWrite } from './json-write';

const messages = i18n('api', {
  network: 'Network error: check your connection and try again.',
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

  /** The error code the server answered with (core/messages), if any. */
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  }
}

/** What a refresh found: a new session, a session that is over (401), or a server that did not answer well. */
type Refreshed = 'ok' | 'ended' | 'unavailable';

let refreshing: Promise<Refreshed> | null = null;
/** How many refreshes this tab finished, and what the last one found. */
let refreshes: { count: number; result: Refreshed } = { count: 0, result: 'ended' };

const postRefresh = (): Promise<Refreshed> =>
  fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' })
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
  refreshing ??= (navigator.locks ? refreshHoldingLock() : postRefresh())
    .then((result) => {
      refreshes = { count: refreshes.count + 1, result };
      // The refresh cookie is no good (revoked, expired): no later 401 asks again, until a session says otherwise,
      // and the session is over here too (signed out on another device, or a password changed there).
      if (result === 'ended') {
        noteResumable(false);
        onSessionEnded();
      }
      return result;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Whether the session was renewed. */
export const refreshSession = async (): Promise<boolean> => (await refresh()) === 'ok';

/**
 * Whether a 401 is worth a refresh: not once the session said nobody is signed in and no refresh cookie is here
 * (a visitor, a guest, someone signed out), whose refresh could only answer 401 too; a session that says otherwise
 * (a sign-in) sets it again.
 */
let sessionSaid: ((yes: boolean) => void) | null = null;
let resumable: boolean | Promise<boolean> = new Promise((resolve) => (sessionSaid = resolve));
export function noteResumable(yes: boolean) {
  sessionSaid?.(yes);
  sessionSaid = null;
  resumable = yes;
}

/** How long a 401 waits for the session's first word before it tries a refresh anyway. */
const SESSION_WORD_MS = 5000;

/**
 * Whether a refresh may help: what the session said, waiting for its first word (a read made at boot beside the
 * session's own, such as the practice list, answers 401 before it) for at most SESSION_WORD_MS.
 */
function mayRefresh(): boolean | Promise<boolean> {
  if (typeof resumable === 'boolean') return resumable;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), SESSION_WORD_MS)));
  return Promise.race([resumable, late]).finally(() => clearTimeout(timer));
}

/** Called when a refresh finds the coach's session over (set by the session state, which signs this tab out). */
let onSessionEnded: () => void = () => undefined;
export function whenSessionEnds(handler: () => void) {
  onSessionEnded = handler;
}

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

/** Why the app stopped waiting, carried through fetch so `call` can tell a timeout from a lost network. */
class NoAnswer extends Error {
  constructor(readonly timedOut: boolean) {
    super('no answer');
  }
}

/**
 * How long one try may wait for its answer, carried in the call's init (hc spreads the init into fetch's):
 * each try gets a clock of its own, so a retry after a refresh has the whole wait too.
 */
const TRY_TIMEOUT = Symbol('try timeout');
type TimedInit = RequestInit & { [TRY_TIMEOUT]?: number };

async function fetchOnce(input: RequestInfo | URL, init: TimedInit): Promise<Response> {
  const timeoutMs = init[TRY_TIMEOUT];
  const write = asJsonWrite(timeoutMs ? { ...init, signal: timeoutSignal(timeoutMs) } : init);
  const headers = new Headers(write.headers);
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  const token = bearer();
  if (token) headers.set('authorization', `Bearer ${token}`);
  try {
    const res = await fetch(input, { ...write, headers, credentials: 'same-origin' });
    keepBookmark(res);
    return res;
  } catch (e) {
    throw new NoAnswer(e instanceof DOMException && e.name === 'TimeoutError');
  }
}

const pathOf = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input), 'http://piste.invalid').pathname;

/**
 * The typed client's fetch: the D1 bookmark and the guest's token on every request, and a 401 outside
 * /api/auth retried once after a token refresh (the body is a string, so it can be sent again).
 */
async function pisteFetch(input: RequestInfo | URL, init: TimedInit = {}): Promise<Response> {
  const res = await fetchOnce(input, init);
  if (res.status !== 401 || bearer() || pathOf(input).startsWith('/api/auth/')) return res;
  const before = refreshes.count;
  if (!(await mayRefresh())) return res;
  // A refresh that finished while this one waited for the session's word (the session's own, at boot) serves it too.
  const refreshed = refreshes.count !== before ? refreshes.result : await refresh();
  if (refreshed === 'ok') return fetchOnce(input, init);
  // The session may well be fine: the server could not say. Not a 401 (which would end it for good).
  if (refreshed === 'unavailable') throw new ApiError(503, textsOf(messages).unexpected);
  return res;
}

/**
 * The API, typed from the worker's routes (worker/contract.ts): paths, parameters, bodies and answers.
 * Call it through `call`, which turns an answer other than 2xx into an ApiError.
 */
export const client = encodingParams(hc<AppType>(globalThis.location?.origin ?? 'http://localhost', { fetch: pisteFetch }).api);

type Call = (args?: { param?: Record<string, string> }, ...rest: unknown[]) => unknown;

/**
 * hc puts path parameters into the URL as they are: each is encoded here (as the old path table did), so an
 * id taken from a link (`../`, `?`, `#`, `/`) stays one segment of the path it was meant for.
 */
function encodingParams<T extends object>(node: T): T {
  return new Proxy(node, {
    get(target, key) {
      const next: unknown = Reflect.get(target, key);
      if (typeof key !== 'string' || typeof next !== 'function') return next;
      if (!key.startsWith('$')) return encodingParams(next);
      return (args?: { param?: Record<string, string> }, ...rest: unknown[]) => {
        const param = args?.param && Object.fromEntries(Object.entries(args.param).map(([k, v]) => [k, encodeURIComponent(v)]));
        return (next as Call)(param ? { ...args, param } : args, ...rest);
      };
    },
  });
}

/** A live socket's path: a practice's (the coach by cookie, a guest with their token: browsers cannot set headers on a socket) or a board's. */
export function livePath(watch: { practice: string; token?: string } | { board: string }): string {
  const url = client.live.$url({ query: watch });
  return url.pathname + url.search;
}

/** Per-call options for the typed client: extra headers, and how long to wait for an answer. */
export function sendOptions(headers: Record<string, string> = {}, timeoutMs?: number): ClientRequestOptions {
  const init: TimedInit = timeoutMs ? { [TRY_TIMEOUT]: timeoutMs } : {};
  return { headers, init };
}

/** What a route answers when it succeeds (its 2xx JSON). */
export type Answer<R> = R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/**
 * Waits for a typed client's request and gives its answer. A 401 for a guest (outside /api/guest) ends
 * their session; a network failure is status 0 (`timedOut` when the wait ran out).
 */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<Answer<R>> {
  let res: R;
  try {
    res = await request;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, textsOf(messages).network, null, null, e instanceof NoAnswer && e.timedOut);
  }
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const message = answerError(data) ?? textsOf(messages).unexpected;
    if (res.status === 401 && bearer() && !pathOf(res.url).startsWith('/api/guest/')) onGuestEnded(message);
    throw new ApiError(res.status, message, data, res.headers.get('retry-after'));
  }
  return data as Answer<R>;
}

/** What a route answers when a write lost to another screen's (its 409 JSON, as the route declares it). */
export type ConflictOf<R> = R extends ClientResponse<infer T, 409, 'json'> ? T : never;

/**
 * As `call`, for a versioned write whose route answers a lost race with a typed 409 (the state that won): that
 * answer is given as `{ conflict }` rather than thrown, typed as the route declares it. Any other failure throws.
 */
export async function callOrConflict<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<{ ok: Answer<R> } | { conflict: ConflictOf<R> }> {
  try {
    return { ok: await call(request) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && isConflict(e.body)) return { conflict: e.body as ConflictOf<R> };
    throw e;
  }
}

/** A 409 that carries the state that won (`current`), not one that only says why (a practice of the wrong type). */
const isConflict = (body: unknown) => typeof body === 'object' && body !== null && 'current' in body;

export const errorMessage = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);
