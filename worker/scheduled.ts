import type { Env } from './env';
import { d1Db } from './db/client';
import { getRoom } from './room/room';
import { purgeOldSessions } from './store/d1/sessions';
import { listExpiredSharing } from './store/d1/practices';
import { purgeExpiredCounters } from './store/d1/throttle';
import { purgeUsedAuthTokens } from './store/d1/auth-tokens';
import { purgeAppliedWrites } from './store/d1/applied-writes';
import { purgeSignupAttempts } from './store/d1/users';

/**
 * The cron clean-up (wrangler.toml [triggers]): expired throttle counters, old refresh sessions, mailed
 * tokens, remembered sign-ups of confirmed addresses and week-old idempotency keys are deleted, and practices whose sharing ran out while no room was
 * awake to notice are turned off by their room (the same step as the room's own alarm).
 */
export async function runScheduledCleanup(env: Env, now = Date.now()) {
  const db = d1Db(env.DB);
  const counters = await purgeExpiredCounters(env.DB, now);
  const sessions = await purgeOldSessions(db, now);
  const tokens = (await purgeUsedAuthTokens(db, now)) + (await purgeSignupAttempts(db, now));
  const writeKeys = await purgeAppliedWrites(db, now);
  let sharingEnded = 0;
  for (const { id } of await listExpiredSharing(db, now)) {
    if (await getRoom(env, id).endSharingIfExpired(id)) sharingEnded++;
  }
  return { counters, sessions, tokens, writeKeys, sharingEnded };
}
