import { createMiddleware } from 'hono/factory';
import type { RoomEnv } from '../env';

/**
 * When the archive (./archive) copies a change of the room to D1, as each route of the room declares it:
 * - unset: before the answer (a pool drawn, a fencer added), so the index and the exports follow at once;
 * - `behind`: a score-like write, archived behind its answer (a score never waits on D1);
 * - `none`: a write to the room's own tables (the referee desk, the day's calls), which the archive never copies.
 */
export type ArchiveTiming = 'behind' | 'none';

const declare = (timing: ArchiveTiming) =>
  createMiddleware<RoomEnv>(async (c, next) => {
    c.set('archiveAs', timing);
    await next();
  });

/** A score-like write (a bout, a tableau score, a relay row): archived behind its answer. */
export const archivedBehind = declare('behind');

/** A write to the room's own tables only: nothing to archive. */
export const notArchived = declare('none');
