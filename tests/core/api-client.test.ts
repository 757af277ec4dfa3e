import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, client, noteResumable, sendOptions } from '../../app/lib/api';

/** What the app's typed client asked for: the URL and how. */
function recordFetch() {
  const seen: { url: string; method: string; type: string | null; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push({ url: String(input), method: init.method ?? 'GET', type: new Headers(init.headers).get('content-type'), body: init.body ?? null });
    return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
  });
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('the app’s typed client (issue 27)', () => {
  it('encodes a path parameter taken from a link: it stays one segment of the path it was meant for', async () => {
    const seen = recordFetch();
    await call(client.board[':boardId'].$get({ param: { boardId: '../athletes/a?b#c' } }));
    await call(client.athletes[':id'].notes.$post({ param: { id: 'x/../../practices' }, json: { note: 'n' } }));
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(['/api/board/..%2Fathletes%2Fa%3Fb%23c', '/api/athletes/x%2F..%2F..%2Fpractices/notes']);
  });

  it('sends every write as JSON, an empty one as {}, and a read without a body', async () => {
    const seen = recordFetch();
    await call(client.auth.signout.$post());
    await call(client.practices.$get());
    expect(seen.map(({ method, type, body }) => ({ method, type, body }))).toEqual([
      { method: 'POST', type: 'application/json', body: '{}' },
      { method: 'GET', type: null, body: null },
    ]);
  });

  it('gives the try after a session refresh a whole wait of its own, not what the first try left', async () => {
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const tries: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/refresh') {
        await later(150);
        return new Response('{}');
      }
      // As a browser does: a try whose wait ran out fails with a TimeoutError.
      if (init.signal?.aborted) throw new DOMException('The operation timed out.', 'TimeoutError');
      tries.push(path);
      if (tries.length === 1) {
        await later(100);
        return new Response('{"error":"session expired","code":"auth_required"}', { status: 401 });
      }
      return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
    });
    // A coach's session (it said so): a 401 is worth a refresh.
    noteResumable(true);
    // The first try and the refresh take 250 ms of a 200 ms wait: the retry still goes, on its own clock.
    await call(client.practices.$get(undefined, sendOptions({}, 200)));
    expect(tries).toEqual(['/api/practices', '/api/practices']);
  });

  it('asks for no refresh once the session said nobody is signed in here and no refresh cookie is either', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input), 'http://localhost').pathname);
      return new Response('{"error":"Sign in to continue","code":"auth_required"}', { status: 401 });
    });
    noteResumable(false);
    await expect(call(client.practices.$get())).rejects.toBeInstanceOf(ApiError);
    expect(asked).toEqual(['/api/practices']);
    noteResumable(true);
    await expect(call(client.practices.$get())).rejects.toBeInstanceOf(ApiError);
    expect(asked).toEqual(['/api/practices', '/api/practices', '/api/auth/refresh']);
  });
});
