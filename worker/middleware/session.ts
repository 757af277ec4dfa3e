import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { readAccessCookie } from '../auth/cookies';
import { verifyAccessToken } from '../auth/tokens';
import { notAuthenticated } from '../errors';

/** Reads the access cookie; sets `user` to the signed-in coach or null. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const token = readAccessCookie(c);
  const verified = token ? await verifyAccessToken(token, c.env.JWT_SECRET) : null;
  c.set('user', verified?.user ?? null);
  c.set('accessExp', verified?.expMs ?? null);
  await next();
});

/** Refuses a request without a signed-in coach: 401 'Not authenticated'. */
export const requireCoach = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw notAuthenticated();
  await next();
});

/** The signed-in coach; only valid behind requireCoach. */
export function coachOf(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw notAuthenticated();
  return user;
}
