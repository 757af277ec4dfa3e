import { fromBase64Url, hashToken, hmacKey, randomToken, toBase64Url } from './crypto';

/**
 * A day's bridge key (issue 57): `pb1.<day id>.<nonce>.<signature>`, signed with the worker's secret so a made-up
 * key is refused before any day's room is asked (or woken). The day's room keeps the hash of the one key it
 * made last: a replaced key ends at once. The key names its day and can do nothing but report on it.
 */
const PREFIX = 'pb1';
const DAY_ID = /^[A-Za-z0-9-]{1,64}$/;
const PART = /^[A-Za-z0-9_-]{43}$/;

const encoder = new TextEncoder();

async function signature(secret: string, dayId: string, nonce: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`bridge.${dayId}.${nonce}`));
  return toBase64Url(new Uint8Array(mac));
}

/** A new key for a day, and the hash its room keeps. */
export async function makeBridgeKey(secret: string, dayId: string): Promise<{ key: string; hash: string }> {
  const nonce = randomToken();
  const key = `${PREFIX}.${dayId}.${nonce}.${await signature(secret, dayId, nonce)}`;
  return { key, hash: await hashToken(key) };
}

/** The day a key names and the hash to check against its room, when it is one this worker signed; null otherwise. */
export async function readBridgeKey(secret: string, key: string): Promise<{ dayId: string; hash: string } | null> {
  const parts = key.split('.');
  if (parts.length !== 4) return null;
  const [prefix, dayId, nonce, mac] = parts as [string, string, string, string];
  if (prefix !== PREFIX || !DAY_ID.test(dayId) || !PART.test(nonce) || !PART.test(mac)) return null;
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), fromBase64Url(mac), encoder.encode(`bridge.${dayId}.${nonce}`));
  return ok ? { dayId, hash: await hashToken(key) } : null;
}

