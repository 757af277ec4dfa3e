import { Hono } from 'hono';
import { version } from '../../package.json';
import type { AppEnv } from '../env';
import { authorize } from '../auth/access';

/**
 * GET /api/health, for uptime checks: whether D1 answers, and which version of Piste runs. Nothing personal,
 * nothing about the caller; 503 when the database does not answer.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', authorize('health.read'), async (c) => {
  c.header('cache-control', 'no-store');
  try {
    await c.env.DB.prepare('SELECT 1').first();
    return c.json({ ok: true, database: 'ok', version });
  } catch {
    console.error('health: D1 did not answer');
    return c.json({ ok: false, database: 'unreachable', version }, 503);
  }
});
