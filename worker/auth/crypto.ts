import { verify } from 'hono/jwt';
import type { JWTPayload } from 'hono/utils/jwt/types';

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** A random URL-safe token with 256 bits of entropy. */
export function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 of a token, as stored in the database so a leaked table reveals no live token. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(token));
  return toBase64Url(new Uint8Array(digest));
}

/** Constant-time comparison of two byte arrays of equal length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * The HMAC key of a JWT secret, imported once per isolate (importing it costs more than the signature itself,
 * and every request verifies a token). hono/jwt takes the CryptoKey in place of the secret's text.
 */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // A rejected import is not kept: the next request tries again.
    key.catch(() => hmacKeys.delete(secret));
    if (hmacKeys.size >= 8) hmacKeys.clear();
    hmacKeys.set(secret, key);
  }
  return key;
}

/**
 * A HS256 JWT's payload once its signature and expiry hold (hono/jwt), or a throw. Every request of a coach
 * or a guest carries the same token until it expires, so this isolate remembers the payloads it verified (a
 * few thousand, by the whole token and the secret) and only checks the expiry again on the next sight.
 */
const verifiedTokens = new Map<string, { secret: string; payload: JWTPayload }>();
const VERIFIED_KEPT = 4_096;
export async function verifyJwt(token: string, secret: string): Promise<JWTPayload> {
  const known = verifiedTokens.get(token);
  if (known && known.secret === secret && (typeof known.payload.exp !== 'number' || known.payload.exp * 1000 > Date.now())) return known.payload;
  verifiedTokens.delete(token);
  const payload = await verify(token, await hmacKey(secret), 'HS256');
  if (verifiedTokens.size >= VERIFIED_KEPT) verifiedTokens.clear();
  verifiedTokens.set(token, { secret, payload });
  return payload;
}
