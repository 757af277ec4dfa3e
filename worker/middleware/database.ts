import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';

/** Puts one drizzle handle over D1 on the context: routes read it as `c.get('db')`. */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', getDb(c.env.DB));
  await next();
});
