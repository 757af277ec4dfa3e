import { SELF } from 'cloudflare:test';

export const ORIGIN = 'https://piste.test';

let counter = 0;
/** A unique email per call: storage is shared by the tests of one file. */
export function uniqueEmail(label = 'coach') {
  counter++;
  return `${label}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A cookie jar over SELF.fetch: the way a browser talks to the worker. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h = new Headers({ 'cf-connecting-ip': this.ip, ...headers });
    if (this.cookies.size) h.set('cookie', this.cookieHeader());
    if (body !== undefined && !h.has('content-type')) h.set('content-type', 'application/json');
    const res = await SELF.fetch(`${ORIGIN}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
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

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A client signed up as a new coach. */
export async function signedUpCoach(name = 'Coach') {
  const client = new Client();
  const email = uniqueEmail(name.toLowerCase());
  const res = await client.post('/api/auth/signup', { full_name: name, email, password: 'correct horse battery' });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = await json(res);
  return { client, email, password: 'correct horse battery', user: body.user as { id: string; email: string } };
}
