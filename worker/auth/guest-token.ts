import { sign } from 'hono/jwt';
import { hmacKey, verifyJwt } from './crypto';

const ALG = 'HS256';
/** The longest a guest token lives; it never outlives the practice's sharing, and the room can end it sooner. */
export const GUEST_TTL_SECONDS = 12 * 60 * 60;

export interface GuestClaims {
  practiceId: string;
  sessionId: string;
  name: string;
  /** The practice's guest epoch at issue: sharing off or a new code moves it on and voids this token. */
  epoch: number;
}

/** A guest token expiring at `expMs` (capped at 12 hours from now); `exp` is always minted. */
export async function signGuestToken(claims: GuestClaims, secret: string, expMs: number, nowMs = Date.now()) {
  const iat = Math.floor(nowMs / 1000);
  const exp = Math.min(Math.floor(expMs / 1000), iat + GUEST_TTL_SECONDS);
  const token = await sign({ typ: 'guest', pid: claims.practiceId, sid: claims.sessionId, name: claims.name, ep: claims.epoch, iat, exp }, await hmacKey(secret), ALG);
  return { token, expMs: exp * 1000 };
}

/** The claims of a valid guest token; null for a tampered, expired, exp-less or non-guest one. */
export async function verifyGuestToken(token: string, secret: string): Promise<GuestClaims | null> {
  try {
    const p = await verifyJwt(token, secret);
    if (p.typ !== 'guest' || typeof p.exp !== 'number' || p.exp * 1000 <= Date.now()) return null;
    if (typeof p.pid !== 'string' || typeof p.sid !== 'string' || typeof p.name !== 'string' || typeof p.ep !== 'number') return null;
    return { practiceId: p.pid, sessionId: p.sid, name: p.name, epoch: p.ep };
  } catch {
    return null;
  }
}
