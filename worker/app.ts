import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';
import { HttpError } from './errors';
import { PlanError } from '../core/fencing/planning';
import { securityHeaders } from './middleware/security-headers';
import { session } from './middleware/session';
import { database } from './middleware/database';
import { writeGuard } from './middleware/write-guard';
import { accountRoutes } from './routes/account';
import { athleteRoutes, noteRoutes } from './routes/athletes';
import { authRoutes } from './routes/auth';
import { boardRoutes } from './routes/board';
import { feedbackRoutes } from './routes/feedback';
import { guestRoutes } from './routes/guest';
import { healthRoutes } from './routes/health';
import { liveRoutes } from './routes/live';
import { bracketRoutes } from './routes/bracket';
import { poolRoutes, practicePoolRoutes } from './routes/pools';
import { practiceRoutes } from './routes/practices';
import { refereeRoutes } from './routes/referee';
import { teamRoutes, teamSheetRoutes } from './routes/teams';
import { errorBody } from '../core/messages';
import { isUnavailable, rootMessage, unavailable } from './unavailable';

/** The largest request body a route takes (a generation of 200 names is about 10 KB). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Routes that take files (issue 15) and their own limits: a roster of 500 rows, a season's backup. */
export const FILE_BODY_LIMITS: Record<string, number> = {
  '/api/athletes/import': 256 * 1024,
  '/api/account/restore': 4 * 1024 * 1024,
};

const limit = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json(errorBody(`The request is too large (at most ${maxSize / 1024} KB)`), 413) });
const limits = new Map(Object.entries(FILE_BODY_LIMITS).map(([path, size]) => [path, limit(size)]));
const defaultLimit = limit(BODY_LIMIT_BYTES);

export const app = new Hono<AppEnv>();

app.use(securityHeaders);
app.use('/api/*', (c, next) => (limits.get(c.req.path) ?? defaultLimit)(c, next));
app.use('/api/*', database);
app.use('/api/*', writeGuard);
app.use('/api/*', session);

const api = new Hono<AppEnv>();

api.route('/auth', authRoutes);
api.route('/practices/:practiceId/pools', practicePoolRoutes);
api.route('/practices/:practiceId/bracket', bracketRoutes);
api.route('/practices/:practiceId/teams', teamRoutes);
api.route('/practices/:practiceId/team-matches', teamSheetRoutes);
api.route('/practices/:practiceId/referee', refereeRoutes);
api.route('/practices', practiceRoutes);
api.route('/pools', poolRoutes);
api.route('/athletes', athleteRoutes);
api.route('/account', accountRoutes);
api.route('/notes', noteRoutes);
api.route('/feedback', feedbackRoutes);
api.route('/live', liveRoutes);
api.route('/guest', guestRoutes);
api.route('/board', boardRoutes);
api.route('/health', healthRoutes);

app.route('/api', api);
app.all('/api/*', (c) => c.json(errorBody('Not found'), 404));

// Pages: the built SPA (unknown client paths fall back to index.html), served here so every page carries
// the security headers; hashed files under /assets/ skip the worker (wrangler.toml run_worker_first).
app.get('*', async (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not found', 404)));
app.notFound((c) => c.json(errorBody('Not found'), 404));

app.onError((err, c) => {
  if (err instanceof HttpError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json({ ...errorBody(err.message), ...err.details }, err.status);
  }
  if (err instanceof PlanError) return c.json(errorBody(err.message), 400);
  // The room or D1 unavailable for a moment (a deploy, an overload): 503 with Retry-After, so the app keeps
  // the write and sends it again. A change is one transaction or batch, so nothing was half-written.
  if (isUnavailable(err)) {
    console.warn('unavailable', c.req.method, c.req.routePath, rootMessage(err));
    const answer = unavailable();
    for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
    return c.json(errorBody(answer.message), answer.status);
  }
  // Logged by route pattern (`/api/board/:boardId`, never the board id), without the query (tokens), the
  // body, the caller or the error's stack: the logs hold no personal data and no secret.
  console.error('unhandled error', c.req.method, c.req.routePath, err instanceof Error ? `${err.name}: ${err.message}` : 'non-error thrown');
  return c.json(errorBody('Something went wrong on our side. Please try again.'), 500);
});
