import type { Context } from 'hono';
import type { AppEnv, Env } from '../env';
import { getDayRoom } from '../day/day';
import { eachRoom, ROOMS_AT_ONCE } from '../room/room';
import { eachAtMost } from '../lanes';
import { endSessions } from '../store/d1/users';
import { noteSessionVersion } from './session-versions';

/**
 * Ends every session of an account (sign-out, a reset, a password change; with a password, sets it): its
 * refresh tokens at once, its access tokens by the raised session version (this isolate knows at once, the
 * others within `KEPT_MS`), and, behind the answer, in the rooms of its practices and days, which refuse the
 * old tokens from then on and close the account's sockets.
 */
export async function endEverySession(c: Context<AppEnv>, userId: string, passwordHash?: string) {
  const version = await endSessions(c.get('db'), userId, passwordHash);
  if (version === null) return;
  noteSessionVersion(userId, version);
  c.executionCtx.waitUntil(tellRooms(c.env, userId, version));
}

/** Tells each room of the account's practices and days that its sessions ended under `version`. */
async function tellRooms(env: Env, userId: string, version: number) {
  const [practices, days] = await env.DB.batch<{ id: string }>([
    env.DB.prepare('SELECT id FROM practices WHERE user_id = ?').bind(userId),
    env.DB.prepare('SELECT id FROM days WHERE user_id = ?').bind(userId),
  ]);
  const practiceIds = practices?.results.map((r) => r.id) ?? [];
  const dayIds = days?.results.map((r) => r.id) ?? [];
  await Promise.all([
    eachRoom(env, practiceIds, 'sessions ended', (room) => room.sessionsEnded(userId, version)),
    eachAtMost(dayIds, ROOMS_AT_ONCE, (id) => getDayRoom(env, id).coachSessionsEnded(version).catch((e: unknown) => console.error('sessions ended: day room failed', id, e))),
  ]);
}
