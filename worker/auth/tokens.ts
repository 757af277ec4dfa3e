import { sign } from 'hono/jwt';
import { hmacKey, verifyJwt } from './crypto';
import type { AuthUser } from '../env';

const ALG = 'HS256';
const DEFAULT_ACCESS_TTL = 15 * 60;

export function accessTtlSeconds(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_ACCESS_TTL;
}

/**
 * A short-lived access JWT; `exp` is always minted because hono/jwt only checks it when present. `sv` names the
 * account's session version (./session-versions): a later sign-out, reset or password change voids it.
 */
export async function signAccessToken(user: AuthUser, secret: string, ttlSeconds: number, nowMs = Date.now()) {
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + ttlSeconds;
  const token = await sign({ sub: user.id, email: user.email, sv: user.sv, typ: 'access', iat, exp }, await hmacKey(secret), ALG);
  return { token, expMs: exp * 1000 };
}

/** The user named by a valid access token, or null for a missing, tampered, expired or exp-less one. */
export async function verifyAccessToken(token: string, secret: string): Promise<{ user: AuthUser; expMs: number } | null> {
  try {
    const payload = await verifyJwt(token, secret);
    if (payload.typ !== 'access' || typeof payload.exp !== 'number') return null;
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    if (payload.exp * 1000 <= Date.now()) return null;
    // A token minted before session versions names none: version 0, which any sign-out since has ended.
    const sv = typeof payload.sv === 'number' && Number.isSafeInteger(payload.sv) && payload.sv >= 0 ? payload.sv : 0;
    return { user: { id: payload.sub, email: payload.email, sv }, expMs: payload.exp * 1000 };
  } catch {
    return null;
  }
}
