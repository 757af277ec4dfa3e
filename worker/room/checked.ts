import type { Context } from 'hono';
import type { Author } from '../../core/contracts/checks';
import { checkOf, type ResultPlace } from '../../core/fencing/result-checks';
import { ERROR_MESSAGES } from '../../core/messages';
import type { RoomEnv } from '../env';
import { HttpError } from '../errors';
import { listChecks } from '../store/room/checks';
import { keyApplied } from '../store/room/applied-writes';
import { readIdempotencyKey } from '../validate';
import { publish } from './here';

/**
 * The lock of a checked result (issue 58), on every route that changes a score: a checked pool, tableau round or
 * event is final for everyone but the coach, whose change goes through and is listed as made after the check.
 */

/** Who is writing, as the bout's audit list names them: the coach by their account, a guest by the name they joined with. */
export function authorOf(c: Context<RoomEnv>): Author {
  const user = c.get('user');
  if (c.get('role') === 'coach' && user) return { role: 'coach', name: user.email };
  const guest = c.get('guest');
  return { role: 'guest', name: guest?.name ?? '' };
}

/** 409 `result_checked` for a change to a checked result by anyone but the coach. */
export const resultChecked = () => new HttpError(409, ERROR_MESSAGES.result_checked);

/**
 * Whether the result at `place` is checked, refusing the change (`resultChecked`) unless the coach makes it or it
 * replays a write already stored (`key`, the request's idempotency key): answers the writer and the check state,
 * for the write's audit row.
 */
export async function unlockedFor(c: Context<RoomEnv>, place: ResultPlace, author: Author = authorOf(c), key: string | null = readIdempotencyKey(c)): Promise<Author & { checked: boolean }> {
  const checked = checkOf(await listChecks(c.get('db')), place) !== null;
  // A replay of a write stored before the check (its answer was lost) is answered as done: it changes nothing now.
  if (checked && author.role !== 'coach' && !(key !== null && (await keyApplied(c.get('db'), key)))) throw resultChecked();
  return { ...author, checked };
}

/** Tells every screen of the practice its checks as they now stand (a guest's grid then shows a checked pool as final). */
export async function publishChecks(c: Context<RoomEnv>, practiceId: string) {
  await publish(c, { type: 'checks', practiceId, checks: await listChecks(c.get('db')) });
}
