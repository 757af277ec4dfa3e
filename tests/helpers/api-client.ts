// The API as tests reach it (issue 27): the same typed client the app uses (Hono's `hc` over the worker's
// contract), over whatever fetch a test has: a workerd test's `Client` (its cookies, its address) or a
// browser test's page (signed in as whoever that page is).
import { hc, type ClientResponse } from 'hono/client';
import type { APIRequestContext } from 'playwright-core';
import type { AppType } from '../../worker/contract';
import { asJsonWrite } from '../../app/lib/json-write';
import type { Answer } from '../../app/lib/api';
import type { ErrorCode } from '../../core/messages';

export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const ORIGIN = 'http://localhost';

/** The typed API over a fetch: `api.practices.$post({ json })`, `api.practices[':practiceId'].pools.$get(…)`. */
export const apiOver = (fetch: Fetch) => hc<AppType>(ORIGIN, { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, asJsonWrite(init ?? {})) }).api;

export type Api = ReturnType<typeof apiOver>;

/** A browser test's page or context as a fetch: its cookies, its origin. */
export const viaBrowser =
  (request: APIRequestContext): Fetch =>
  async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const res = await request.fetch(url.pathname + url.search, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers)),
      data: typeof init.body === 'string' ? init.body : undefined,
    });
    const empty = [101, 204, 205, 304].includes(res.status());
    return new Response(empty ? null : await res.text(), { status: res.status(), headers: res.headers() });
  };

/**
 * The answer of a request that must succeed with `status` (200 unless said): otherwise it fails the test,
 * saying what it asked and what it got.
 */
export async function expectAnswer<R extends ClientResponse<unknown, number, string>>(request: Promise<R>, status = 200): Promise<Answer<R>> {
  const text = await textWith(request, status);
  return (text ? JSON.parse(text) : null) as Answer<R>;
}

/** The text of an answer that must come with `status`: otherwise it fails the test, saying what it asked and what it got. */
async function textWith(request: Promise<{ status: number; url: string; text(): Promise<string> }>, status: number) {
  const res = await request;
  const text = await res.text();
  if (res.status !== status) throw new Error(`${new URL(res.url || ORIGIN).pathname}: ${res.status} (expected ${status}) ${text}`);
  return text;
}

/** An error answer: the English message, its code and values when the message is listed (core/messages `errorBody`), and anything more it carries. */
export interface Refusal {
  error: string;
  code?: ErrorCode;
  params?: Record<string, string>;
  [more: string]: unknown;
}

/**
 * The error answer of a request that must be refused with `status`: otherwise it fails the test, saying what it
 * asked and what it got. For the typed client's requests and for raw ones (a body the typed client cannot send); `T`
 * names a refusal that carries more (a conflict's row as it stands).
 */
export async function expectRefusal<T extends { error: string } = Refusal>(request: Promise<{ status: number; url: string; text(): Promise<string> }>, status: number): Promise<T> {
  const text = await textWith(request, status);
  const body = JSON.parse(text) as T;
  if (typeof body?.error !== 'string') throw new Error(`a ${status} answer without an error message: ${text}`);
  return body;
}
