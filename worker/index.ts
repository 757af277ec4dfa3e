import { app } from './app';
import type { Env } from './env';
import { runScheduledCleanup } from './scheduled';

export { PracticeRoom } from './room/practice-room';
export { DayRoom } from './day/day-room';
export { BoardRelay } from './room/relay';

export default {
  fetch: app.fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runScheduledCleanup(env)),
} satisfies ExportedHandler<Env>;
