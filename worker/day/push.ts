import { buildPushHTTPRequest } from '@pushforge/builder';
import type { Env } from '../env';

/**
 * Web Push for the day's calls (issue 28): a followed fencer's phone is told when they are called. The
 * request (VAPID-signed per RFC 8292, the payload encrypted to the subscription's keys in the `aesgcm`
 * content encoding of draft-ietf-webpush-encryption-04, which the browsers' push services accept) is built
 * by @pushforge/builder on WebCrypto. Local runs and tests set PUSH_STANDIN=1: subscriptions then name the
 * stand-in's endpoint and the built request is handed to the stand-in below, which checks its VAPID
 * signature and keeps it in `push_outbox` (and the log), like the mail outbox: nothing leaves the machine.
 */

/** The stand-in's endpoints: a reserved name (RFC 2606), never reachable. */
export const STANDIN_ORIGIN = 'https://push.standin.invalid';

/** A subscription to push to, and the language its words are in. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The key pair as a JWK, from the PKCS#8 key the server holds (VAPID_PRIVATE_KEY), read once per isolate. */
const jwks = new Map<string, Promise<JsonWebKey | null>>();
function privateJwk(env: Env): Promise<JsonWebKey | null> {
  const pkcs8 = env.VAPID_PRIVATE_KEY;
  if (!pkcs8) return Promise.resolve(null);
  let jwk = jwks.get(pkcs8);
  if (!jwk) {
    jwk = crypto.subtle
      .importKey('pkcs8', fromB64url(pkcs8), { name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])
      .then((key) => crypto.subtle.exportKey('jwk', key) as Promise<JsonWebKey>)
      .catch(() => null);
    jwks.set(pkcs8, jwk);
  }
  return jwk;
}

/** The VAPID public key a page subscribes with (the uncompressed point, base64url), or null when pushes are off. */
export async function vapidPublicKey(env: Env): Promise<string | null> {
  const jwk = await privateJwk(env);
  if (!jwk?.x || !jwk.y) return null;
  return b64url(new Uint8Array([4, ...fromB64url(jwk.x), ...fromB64url(jwk.y)]));
}

const standin = (env: Env) => env.PUSH_STANDIN === '1';

/**
 * The push services browsers subscribe through, by host: Chrome and the other Chromium browsers (Opera,
 * Samsung Internet, Brave) through Firebase Cloud Messaging, Firefox through Mozilla's autopush, Edge through
 * the Windows Notification Service, Safari through Apple's. A suffix admits one more label in front of it
 * (`updates.push.services.mozilla.com`, `wns2-par02p.notify.windows.com`, `web.push.apple.com`).
 */
const PUSH_SERVICE_HOSTS: readonly (string | { suffix: string })[] = [
  'fcm.googleapis.com',
  { suffix: '.push.services.mozilla.com' },
  { suffix: '.notify.windows.com' },
  { suffix: '.push.apple.com' },
];

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether a host is one of the push services' (an IP address, a port or any other host never is). */
function pushServiceHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((allowed) =>
    typeof allowed === 'string' ? host === allowed : host.endsWith(allowed.suffix) && LABEL.test(host.slice(0, -allowed.suffix.length)),
  );
}

/**
 * Whether an endpoint may be followed here: an https URL on the default port (443) with no credentials in it,
 * whose host is a push service's (PUSH_SERVICE_HOSTS), or in local runs and tests the stand-in's. The worker
 * then never sends a request anywhere else, however the subscription was made.
 */
export function endpointAllowed(env: Env, endpoint: string): boolean {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (!url || url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  return standin(env) ? url.origin === STANDIN_ORIGIN : pushServiceHost(url.hostname);
}

/** How long a push service has to answer one push before it counts as failed this time. */
const PUSH_TIMEOUT_MS = 10_000;

/** What became of a push: sent, or the subscription is gone (404/410: the follow is dropped), or it failed this time. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends one push to one subscription (the stand-in's under PUSH_STANDIN), within PUSH_TIMEOUT_MS. */
export async function sendPush(env: Env, target: PushTarget, payload: { title: string; body: string; url: string; tag: string }): Promise<PushOutcome> {
  const jwk = await privateJwk(env);
  if (!jwk || !endpointAllowed(env, target.endpoint)) return 'gone';
  const subject = env.VAPID_SUBJECT ?? (env.APP_ORIGIN?.startsWith('https:') ? env.APP_ORIGIN : 'mailto:no-reply@piste.invalid');
  const request = await buildPushHTTPRequest({
    privateJWK: jwk,
    subscription: { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    // A call is worth nothing an hour later; high urgency wakes a sleeping phone.
    message: { payload, adminContact: subject, options: { ttl: 3600, urgency: 'high', topic: 'call' } },
  });
  const headers = new Headers(request.headers);
  if (standin(env)) return receiveStandin(env, target.endpoint, headers, request.body);
  try {
    const res = await fetch(request.endpoint, { method: 'POST', headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
    // The answer's body is never read: it is let go, so the connection is free for the next push.
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * The stand-in push service: it takes what a push service would (the endpoint, the VAPID authorization, the
 * encryption's salt and sender key, the encrypted body), refuses a request whose VAPID signature is not
 * the server's key, and keeps the rest for
 * the tests to decrypt with the subscriber's key (tests/helpers/push.ts).
 */
async function receiveStandin(env: Env, endpoint: string, headers: Headers, body: ArrayBuffer): Promise<PushOutcome> {
  const auth = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.get('authorization') ?? '');
  const key = await vapidPublicKey(env);
  const salt = /^salt=([\w-]+)$/.exec(headers.get('encryption') ?? '')?.[1];
  const dh = /^dh=([\w-]+)/.exec(headers.get('crypto-key') ?? '')?.[1];
  if (!auth || !key || auth[2] !== key || headers.get('content-encoding') !== 'aesgcm' || !salt || !dh) return 'failed';
  const [head, claims, signature] = auth[1]!.split('.') as [string, string, string];
  const publicKey = await crypto.subtle.importKey('raw', fromB64url(key), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, fromB64url(signature), new TextEncoder().encode(`${head}.${claims}`));
  const { aud } = JSON.parse(new TextDecoder().decode(fromB64url(claims))) as { aud?: string };
  if (!valid || aud !== STANDIN_ORIGIN) return 'failed';
  const encoded = b64url(new Uint8Array(body));
  await env.DB.prepare('INSERT INTO push_outbox (endpoint, salt, dh, body, ttl, created_at) VALUES (?, ?, ?, ?, ?, ?)').bind(endpoint, salt, dh, encoded, Number(headers.get('ttl')) || null, Date.now()).run();
  console.log(`[push] endpoint=${endpoint} salt=${salt} dh=${dh} body=${encoded}`);
  return 'sent';
}
