import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';
import { securityHeaders } from './middleware/security-headers';
import { session } from './middleware/session';
import { database, primaryReads } from './middleware/database';
import { toRoom } from './middleware/to-room';
import { writeGuard } from './middleware/write-guard';
import { accountRoutes } from './routes/account';
import { athleteRoutes, noteRoutes } from './routes/athletes';
import { authRoutes } from './routes/auth';
import { boardRoutes } from './routes/board';
import { boardPageRoutes } from './routes/board-page';
import { practicePageRoutes, type OwnApi } from './routes/practice-page';
import { dayRoutes } from './routes/days';
import { bridgeRoutes, dayBridgeRoutes } from './routes/bridge';
import { hallRoutes } from './routes/hall';
import { feedbackRoutes } from './routes/feedback';
import { guestRoutes } from './routes/guest';
import { healthRoutes } from './routes/health';
import { liveRoutes } from './routes/live';
import { practiceRoutes } from './routes/practices';
import { RememberingRouter } from './router';
import { errorBody } from '../core/messages';
import { answerError } from './error-answer';

/** The largest request body a route takes, but for the draws and files below. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Issue 33: a draw of a whole practice (core/limits MAX_PRACTICE_FENCERS: 512 entries and absent ones together, each a
 * name of up to 100 characters and its pool) is at most about 150 KB: the pool and team draws take 256 KB.
 */
export const DRAW_BODY_LIMIT_BYTES = 256 * 1024;
const DRAW_PATH = /^\/api\/practices\/[^/]+\/(pools\/generate|teams)$/;

/** Routes that take files (issue 15) and their own limits: a roster of 500 rows, a season's backup. */
export const FILE_BODY_LIMITS: Record<string, number> = {
  // 500 rows with every detail at its longest (issue 30: licence, nation, birth date, region, rating) are about 380 KB.
  '/api/athletes/import': 512 * 1024,
  '/api/account/restore': 4 * 1024 * 1024,
};

const limit = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json(errorBody(`The request is too large (at most ${maxSize / 1024} KB)`), 413) });
const limits = new Map(Object.entries(FILE_BODY_LIMITS).map(([path, size]) => [path, limit(size)]));
const defaultLimit = limit(BODY_LIMIT_BYTES);

export const app = new Hono<AppEnv>({ router: new RememberingRouter() });

app.use(securityHeaders);
const drawLimit = limit(DRAW_BODY_LIMIT_BYTES);
app.use('/api/*', (c, next) => (limits.get(c.req.path) ?? (DRAW_PATH.test(c.req.path) ? drawLimit : defaultLimit))(c, next));
app.use('/api/*', database);
app.use('/api/*', writeGuard);
app.use('/api/*', session);
app.use('/api/*', toRoom);

/** The worker's own API (the practice's routes are its room's: ./room/http). Chained, so its type is the contract's (./contract). */
export const api = new Hono<AppEnv>()
  .route('/auth', authRoutes)
  .route('/practices', practiceRoutes)
  .route('/athletes', athleteRoutes)
  .route('/account', accountRoutes)
  .route('/notes', noteRoutes)
  .route('/feedback', feedbackRoutes)
  .route('/live', liveRoutes)
  .route('/guest', guestRoutes)
  .route('/board', boardRoutes)
  .route('/days/:dayId/bridge', dayBridgeRoutes)
  .route('/days', dayRoutes)
  .route('/bridge', bridgeRoutes)
  .route('/hall', hallRoutes)
  .route('/health', healthRoutes);

app.route('/api', api);
app.all('/api/*', (c) => c.json(errorBody('Not found'), 404));

// A live board's pages come with the board already rendered in them (issue 29).
app.route('/', boardPageRoutes);
/** A page's reads of the API, made in this isolate with the visitor's own cookies and address (issue 33). */
const ownApi: OwnApi = (c, path) => {
  const headers = new Headers();
  for (const name of ['cookie', 'cf-connecting-ip', 'user-agent', 'accept-language']) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  const request = new Request(new URL(path, c.req.url), { headers });
  // The coach's own latest writes (a practice created a moment ago): read at the primary, as a page load has no bookmark.
  primaryReads.add(request);
  return Promise.resolve(app.fetch(request, c.env, c.executionCtx));
};
app.route('/', practicePageRoutes(ownApi));
// Pages: the built SPA (unknown client paths fall back to index.html), served here so every page carries
// the security headers; hashed files under /assets/ skip the worker (wrangler.toml run_worker_first).
app.get('*', async (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not found', 404)));
app.notFound((c) => c.json(errorBody('Not found'), 404));

app.onError(answerError);

