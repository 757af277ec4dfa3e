import { app } from './app';

export { PracticeRoom } from './room/practice-room';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<import('./env').Env>;
