import { fromBase64Url, timingSafeEqual, toBase64Url } from './crypto';

/** Deployed Workers cap PBKDF2 at 100,000 iterations (wrangler dev does not), so the count is pinned. */
export const PBKDF2_ITERATIONS = 100_000;

async function derive(password: string, salt: BufferSource, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** Hash as `pbkdf2-sha256$iterations$salt$hash`, with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !hash) return false;
  const actual = await derive(password, fromBase64Url(salt), Number(iterations));
  return timingSafeEqual(actual, fromBase64Url(hash));
}

/** A hash of a random password, checked against when the email is unknown so timing reveals nothing. */
export const DUMMY_HASH = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
