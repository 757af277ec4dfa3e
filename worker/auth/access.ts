import type { Context } from 'hono';
import type { Practice } from '../../core/api';
import { can, type Action, type Role } from '../../core/permissions';
import type { AppEnv } from '../env';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../errors';
import { unauthenticated } from '../middleware/session';
import { getOwnedPool, getSharedPool, type PoolContext } from '../store/pools';
import { getPractice, getSharedPractice } from '../store/practices';

const refuse = () => new HttpError(403, 'Guests cannot do this: it needs the coach’s account');

/** The caller's role, after checking it may do `action` at all (403 for a guest, 401 for nobody). */
function roleFor(c: Context<AppEnv>, action: Action): Role {
  if (c.get('user')) return 'coach';
  if (c.get('guest')) {
    if (!can('guest', action)) throw refuse();
    return 'guest';
  }
  throw unauthenticated(c);
}

/**
 * A practice the caller may act on: the coach's own, or the shared practice whose code the guest joined.
 * Anything else is 404, so ids from the client never reach another practice.
 */
export async function practiceAccess(c: Context<AppEnv>, db: Db, practiceId: string, action: Action): Promise<{ practice: Practice; role: Role }> {
  const role = roleFor(c, action);
  if (role === 'coach') return { practice: await getPractice(db, c.get('user')!.id, practiceId), role };
  const guest = c.get('guest')!;
  const practice = guest.practiceId === practiceId ? await getSharedPractice(db, practiceId) : null;
  if (!practice) throw notFound('Practice');
  return { practice, role };
}

/** A pool the caller may act on: the coach's own, or a shared pool of the guest's practice. */
export async function poolAccess(c: Context<AppEnv>, db: Db, poolId: string, action: Action): Promise<PoolContext & { role: Role }> {
  const role = roleFor(c, action);
  if (role === 'coach') return { ...(await getOwnedPool(db, c.get('user')!.id, poolId)), role };
  return { ...(await getSharedPool(db, c.get('guest')!.practiceId, poolId)), role };
}
