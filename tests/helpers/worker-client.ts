import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { apiOver, type Fetch } from './api-client';
import type { ReceivedPush } from './push';

export const ORIGIN = 'https://piste.test';

let counter = 0;
/** A unique email per call: storage is shared by the tests of one file. */
export function uniqueEmail(label = 'coach') {
  counter++;
  return `${label}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;

/** One of a client's ways to send, as a fetch for the typed client. */
const asFetch =
  (send: Send): Fetch =>
  async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    return send(init.method ?? 'GET', url.pathname + url.search, body, Object.fromEntries(new Headers(init.headers)));
  };

/** A cookie jar over SELF.fetch: the way a browser talks to the worker. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {}

  /** This client as a fetch (its cookies, its address): what the typed client (`api`) sends through. */
  readonly fetch: Fetch = asFetch((...args) => this.request(...args));

  /** The API through the app's typed client (../helpers/api-client), with this client's cookies. */
  readonly api = apiOver(this.fetch);

  /** The typed API whose answers come once the work they left running is done (`settled`). */
  readonly settledApi = apiOver(asFetch((...args) => this.settled(...args)));

  /** The typed API of a worker with some of its bindings replaced (`requestIn`). */
  apiIn(bindings: Partial<Env>) {
    return apiOver(asFetch((...args) => this.requestIn(bindings, ...args)));
  }

  /** This client signed in as `other` is (its cookies), from this client's own address: one coach on another network. */
  withCookiesOf(other: Client) {
    for (const [name, value] of other.cookies) this.cookies.set(name, value);
    return this;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.keepCookies(await SELF.fetch(this.toRequest(method, path, body, headers)));
  }

  /**
   * A request sent straight to the worker's fetch, answered once the work it left running after its answer
   * (`waitUntil`: the account and the mail of a sign-up or a reset) is done, so the outbox is complete.
   */
  async settled(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const ctx = createExecutionContext();
    const res = await worker.fetch(this.toRequest(method, path, body, headers), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    return this.keepCookies(res);
  }

  /** A request to the worker with some of its bindings replaced (a D1 or a room that is unavailable). */
  async requestIn(bindings: Partial<Env>, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const ctx = createExecutionContext();
    const res = await worker.fetch(this.toRequest(method, path, body, headers), { ...(env as unknown as Env), ...bindings }, ctx);
    await waitOnExecutionContext(ctx);
    return this.keepCookies(res);
  }

  private toRequest(method: string, path: string, body: unknown, headers: Record<string, string>) {
    const h = new Headers({ 'cf-connecting-ip': this.ip, ...headers });
    if (this.cookies.size) h.set('cookie', this.cookieHeader());
    if (body !== undefined && !h.has('content-type')) h.set('content-type', 'application/json');
    return new Request(`${ORIGIN}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
  }

  private keepCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }
  patch(path: string, body: unknown) {
    return this.request('PATCH', path, body);
  }
  put(path: string, body: unknown) {
    return this.request('PUT', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path, {});
  }
}

/** An answer's JSON, as the test reads it: a raw Response's or the typed client's. */
export async function json<T = any>(res: { json(): Promise<unknown> }): Promise<T> {
  return (await res.json()) as T;
}

export interface Mail {
  id: number;
  subject: string;
  body: string;
}

/** Every mail the outbox holds for an address, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  return (await env.DB.prepare('SELECT id, subject, body FROM outbox WHERE to_email = ? ORDER BY id').bind(to).all<Mail>()).results;
}

/**
 * The latest mail with this subject to an address, waiting for it: a sign-up or a reset mails after its answer
 * (`waitUntil`). Only mails newer than `afterId` count.
 */
export async function mailTo(to: string, subject: string, afterId = 0): Promise<Mail> {
  for (let i = 0; i < 200; i++) {
    const hit = (await mailsTo(to)).filter((m) => m.subject === subject && m.id > afterId).at(-1);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

/** Every push the outbox holds for a subscription's endpoint, oldest first. */
export async function pushesTo(endpoint: string): Promise<ReceivedPush[]> {
  return (await env.DB.prepare('SELECT salt, dh, body FROM push_outbox WHERE endpoint = ? ORDER BY id').bind(endpoint).all<ReceivedPush>()).results;
}

/** The token of a verification mail's link (/auth?verify_token=…). */
export const verifyToken = (mail: Mail) => /\/auth\?verify_token=([\w-]+)/.exec(mail.body)![1]!;

/** A client signed up as a new coach: signed up, then signed in by the verification link mailed to them. */
export async function signedUpCoach(name = 'Coach') {
  const client = new Client();
  const email = uniqueEmail(name.toLowerCase());
  const password = 'correct horse battery';
  const res = await client.settledApi.auth.signup.$post({ json: { full_name: name, email, password } });
  if (res.status !== 202) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const token = verifyToken(await mailTo(email, 'Verify your Piste account'));
  const opened = await client.api.auth.verify.$post({ json: { token, password } });
  if (opened.status !== 200) throw new Error(`verification failed: ${opened.status} ${await opened.text()}`);
  const session = await json(await client.api.auth.session.$get());
  return { client, email, password, user: session.user as { id: string; email: string } };
}

/**
 * The bindings under which the worker draws its pages (the live board, the coach's screens): the app's index.html
 * as the assets binding answers it (the built one when dist/ exists, else its shape).
 */
const INDEX_STANDIN = {
  fetch: async () => new Response('<!doctype html><html lang="en"><head><title>Piste</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>', { headers: { 'content-type': 'text/html' } }),
} as unknown as Fetcher;
export const pageBindings: Partial<Env> = { ASSETS: (env as unknown as Env).ASSETS ?? INDEX_STANDIN };
