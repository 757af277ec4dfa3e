import { Hono } from 'hono';
import type { AppEnv } from './env';
import { HttpError } from './errors';
import { session } from './middleware/session';
import { writeGuard } from './middleware/write-guard';
import { athleteRoutes, noteRoutes } from './routes/athletes';
import { authRoutes } from './routes/auth';
import { feedbackRoutes } from './routes/feedback';
import { guestRoutes } from './routes/guest';
import { liveRoutes } from './routes/live';
import { bracketRoutes } from './routes/bracket';
import { poolRoutes, practicePoolRoutes } from './routes/pools';
import { practiceRoutes } from './routes/practices';
import { spectateRoutes } from './routes/spectate';
import { teamRoutes, teamSheetRoutes } from './routes/teams';

export const app = new Hono<AppEnv>().basePath('/api');

app.use(writeGuard);
app.use(session);

app.route('/auth', authRoutes);
app.route('/practices/:practiceId/pools', practicePoolRoutes);
app.route('/practices/:practiceId/bracket', bracketRoutes);
app.route('/practices/:practiceId/teams', teamRoutes);
app.route('/practices/:practiceId/team-matches', teamSheetRoutes);
app.route('/practices', practiceRoutes);
app.route('/pools', poolRoutes);
app.route('/athletes', athleteRoutes);
app.route('/notes', noteRoutes);
app.route('/feedback', feedbackRoutes);
app.route('/live', liveRoutes);
app.route('/guest', guestRoutes);
app.route('/spectate', spectateRoutes);

app.notFound((c) => c.json({ error: 'Not found' }, 404));

app.onError((err, c) => {
  if (err instanceof HttpError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json({ error: err.message }, err.status);
  }
  console.error('unhandled error', c.req.method, c.req.path, err);
  return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
});
