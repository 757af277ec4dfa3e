import { sign, verify } from 'hono/jwt';

const ALG = 'HS256';
/** A guest session lasts a long practice; the room object can end it sooner. */
export const GUEST_TTL_SECONDS = 12 * 60 * 60;

export interface GuestClaims {
  practiceId: string;
  sessionId: string;
  name: string;
}

export async function signGuestToken(claims: GuestClaims, secret: string, nowMs = Date.now()) {
  const iat = Math.floor(nowMs / 1000);
  return sign({ typ: 'guest', pid: claims.practiceId, sid: claims.sessionId, name: claims.name, iat, exp: iat + GUEST_TTL_SECONDS }, secret, ALG);
}

/** The claims of a valid guest token; null for a tampered, expired, exp-less or non-guest one. */
export async function verifyGuestToken(token: string, secret: string): Promise<GuestClaims | null> {
  try {
    const p = await verify(token, secret, ALG);
    if (p.typ !== 'guest' || typeof p.exp !== 'number' || p.exp * 1000 <= Date.now()) return null;
    if (typeof p.pid !== 'string' || typeof p.sid !== 'string' || typeof p.name !== 'string') return null;
    return { practiceId: p.pid, sessionId: p.sid, name: p.name };
  } catch {
    return null;
  }
}
