/**
 * Every write is JSON (the worker refuses any other: worker/middleware/write-guard), `{}` when it says
 * nothing more. The app's fetch and the tests' apply it to what the typed client sends.
 */
export function asJsonWrite(init: RequestInit): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (method === 'GET' || method === 'HEAD' || headers.has('content-type')) return init;
  headers.set('content-type', 'application/json');
  return { ...init, headers, body: init.body ?? '{}' };
}
