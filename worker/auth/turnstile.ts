import type { Env } from '../env';

/**
 * The human check the lookup limiter asks for (issue 25): Cloudflare Turnstile. The widget runs in the
 * browser with the site key; the worker checks its token once with Turnstile's siteverify (tokens are
 * single use and live 300 s). Local runs and tests set TURNSTILE_STANDIN=1: the check is then answered here,
 * honouring only Turnstile's documented test keys, so nothing leaves the machine.
 */

/** What the screen needs to show the check: the public site key, and whether it is the local stand-in. */
export interface ChallengeInfo {
  siteKey: string;
  standin: boolean;
}

/** Turnstile's documented test keys (developers.cloudflare.com/turnstile/troubleshooting/testing). */
export const TURNSTILE_TEST_KEYS = {
  /** Site keys: always passes (visible), always blocks (visible). */
  sitePasses: '1x00000000000000000000AA',
  siteBlocks: '2x00000000000000000000AB',
  /** Secret keys: always passes, always fails, "token already spent". */
  secretPasses: '1x0000000000000000000000000000000AA',
  secretFails: '2x0000000000000000000000000000000AA',
  secretSpent: '3x0000000000000000000000000000000AA',
  /** The token the test site keys produce; the test secret keys accept only it. */
  dummyToken: 'XXXX.DUMMY.TOKEN.XXXX',
} as const;

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Longest token accepted (Turnstile's are at most 2,048 characters). */
export const CHALLENGE_TOKEN_MAX = 2048;

/** The check the screens can show, or null when Turnstile is not configured (the limiter then just waits). */
export function challengeInfo(env: Env): ChallengeInfo | null {
  if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return null;
  return { siteKey: env.TURNSTILE_SITE_KEY, standin: env.TURNSTILE_STANDIN === '1' };
}

/** The stand-in's siteverify: the test secrets' documented answers; a real secret never passes here. */
function standInVerify(secret: string, token: string): boolean {
  return secret === TURNSTILE_TEST_KEYS.secretPasses && token === TURNSTILE_TEST_KEYS.dummyToken;
}

/**
 * Whether a token proves a person solved the check just now. Any failure to reach siteverify counts as
 * not solved: the screen offers the check again.
 */
export async function verifyChallenge(env: Env, token: string, remoteIp: string): Promise<boolean> {
  const secret = env.TURNSTILE_SECRET_KEY;
  if (!secret || !env.TURNSTILE_SITE_KEY || !token || token.length > CHALLENGE_TOKEN_MAX) return false;
  if (env.TURNSTILE_STANDIN === '1') return standInVerify(secret, token);
  const body = new FormData();
  body.append('secret', secret);
  body.append('response', token);
  if (remoteIp !== 'local') body.append('remoteip', remoteIp);
  try {
    const res = await fetch(SITEVERIFY, { method: 'POST', body, signal: AbortSignal.timeout(5_000) });
    const outcome = (await res.json()) as { success?: boolean };
    return outcome.success === true;
  } catch (e) {
    console.error(`turnstile siteverify failed: ${e instanceof Error ? e.name : 'error'}`);
    return false;
  }
}
