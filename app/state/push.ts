import { ApiError, call, client } from '../lib/api';
import { readStorage, writeStorage } from '../lib/storage';

/**
 * Following a fencer from their page (issue 28): this phone subscribes to Web Push with the server's VAPID
 * key, and the hall keeps the subscription until the phone stops following. Where the server says pushes go
 * to its local stand-in (local runs and tests, PUSH_STANDIN), the page makes the subscription itself, as a
 * push service would (an ECDH key pair and an auth secret), and keeps its private half here, so a developer or
 * a test can read what the stand-in received (tests/helpers/push.ts). Nothing leaves the machine then.
 */
const FOLLOWS = 'piste.follows';
const STANDIN_KEYS = 'piste.push-standin';

type Where = { board: string; practice: string; entry: string };
const keyOf = (w: Where) => `${w.board}/${w.practice}/${w.entry}`;

function stored<T>(name: string): Record<string, T> {
  try {
    return JSON.parse(readStorage(name) ?? '{}') as Record<string, T>;
  } catch {
    return {};
  }
}

/** The follow this phone holds for a fencer, or null. */
export const followOf = (w: Where): string | null => stored<string>(FOLLOWS)[keyOf(w)] ?? null;

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

type Subscription = { endpoint: string; p256dh: string; auth: string };
export type FollowOutcome = 'following' | 'denied' | 'unsupported';

/** The stand-in's subscription: the keys a browser's push service would hold, made here and kept by the endpoint. */
async function standinSubscription(): Promise<Subscription> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const sub = {
    endpoint: `https://push.standin.invalid/${crypto.randomUUID()}`,
    p256dh: b64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))),
    auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
  };
  const keys = stored<unknown>(STANDIN_KEYS);
  keys[sub.endpoint] = { ...sub, privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey) };
  writeStorage(STANDIN_KEYS, JSON.stringify(keys));
  return sub;
}

/** The browser's own subscription through the app's service worker, once the person allows notifications. */
async function browserSubscription(key: string): Promise<Subscription | 'denied' | 'unsupported'> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const applicationServerKey = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const sub = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return 'unsupported';
  return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
}

/** Follows a fencer: asks for notifications, subscribes and tells the hall. Throws the server's refusal (ApiError). */
export async function follow(w: Where, lang: string): Promise<FollowOutcome> {
  const config = await call(client.hall[':boardId'].push.$get({ param: { boardId: w.board } }));
  if (!config.key) return 'unsupported';
  const sub = config.standin ? await standinSubscription() : await browserSubscription(config.key);
  if (typeof sub === 'string') return sub;
  const { id } = await call(client.hall[':boardId'].fencers[':practiceId'][':entryId'].follows.$post({ param: { boardId: w.board, practiceId: w.practice, entryId: w.entry }, json: { ...sub, lang } }));
  const follows = stored<string>(FOLLOWS);
  follows[keyOf(w)] = id;
  writeStorage(FOLLOWS, JSON.stringify(follows));
  return 'following';
}

/** Stops following: the hall forgets the subscription (already forgotten is fine). */
export async function unfollow(w: Where): Promise<void> {
  const id = followOf(w);
  if (id) {
    try {
      await call(client.hall[':boardId'].follows[':followId'].$delete({ param: { boardId: w.board, followId: id } }));
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
    }
  }
  const follows = stored<string>(FOLLOWS);
  delete follows[keyOf(w)];
  writeStorage(FOLLOWS, JSON.stringify(follows));
}
