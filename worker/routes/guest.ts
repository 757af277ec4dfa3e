import { Hono } from 'hono';
import type { GuestJoinAnswer, GuestSession, GuestValidateAnswer } from '../../core/contracts/guests';
import type { Practice } from '../../core/contracts/practices';
import { ROOM_NOT_ACCESSIBLE } from '../../core/room-code';
import { guestJoinSchema } from '../../core/validation';
import type { AppEnv, Env } from '../env';
import { HttpError } from '../errors';
import { authorize, clientNetwork, lookupClient } from '../auth/access';
import { signGuestToken } from '../auth/guest-token';
import { guestSessionEnded } from '../middleware/session';
import { getRoom } from '../room/room';
import { findSharedPractice, getSharedPractice, toGuestPractice } from '../store/d1/practices';
import { json } from '../validate';
import { countGuestJoin } from '../store/d1/throttle';

export const ROOM_FULL = 'This room already has the most guests it takes. Ask the coach to remove guests who have left.';


async function guestSession(env: Env, practice: Practice, name: string, expiresAt: number): Promise<GuestSession> {
  // The practice's pools as its room holds them (issue 26).
  const pools = (await getRoom(env, practice.id).snapshot(practice.id))?.pools ?? [];
  return {
    tournaments: pools.map((p) => ({ id: p.id, name: p.name, created_at: p.created_at })),
    practice: toGuestPractice(practice),
    guest_name: name,
    expires_at: expiresAt,
  };
}

/** SPEC §7 guest functions: join with a room code, validate (and renew) a stored session, leave. Mounted at /guest. */
export const guestRoutes = new Hono<AppEnv>()
  .post('/join', authorize('room.join'), json(guestJoinSchema), async (c) => {
    const { room_code, guest_name } = c.req.valid('json');
    const db = c.get('db');
    const practice = await findSharedPractice(db, room_code, await lookupClient(c));
    if (!practice) throw new HttpError(404, ROOM_NOT_ACCESSIBLE);
    await countGuestJoin(c.env.DB, clientNetwork(c));
    const sessionId = crypto.randomUUID();
    const claims = { practiceId: practice.id, sessionId, name: guest_name, epoch: practice.guest_epoch };
    const { token, expMs } = await signGuestToken(claims, c.env.JWT_SECRET, practice.sharing_expires_at);
    // The room refuses an epoch that sharing-off or a new code has already voided (a join racing a
    // revocation), and a room already holding its most guests.
    const added = await getRoom(c.env, practice.id).addGuest(sessionId, guest_name, practice.guest_epoch, expMs, practice.id);
    if (added === 'full') throw new HttpError(409, ROOM_FULL);
    if (added !== 'added') throw new HttpError(404, ROOM_NOT_ACCESSIBLE);
    return c.json({ ...(await guestSession(c.env, practice, guest_name, expMs)), sessionToken: token } satisfies GuestJoinAnswer);
  })
  .post('/validate', authorize('guest.session'), async (c) => {
    const guest = c.get('guest')!;
    const db = c.get('db');
    const practice = await getSharedPractice(db, guest.practiceId);
    if (!practice || practice.guest_epoch !== guest.epoch) throw guestSessionEnded();
    // A renewed token: a practice still in use keeps its guests for as long as its sharing lasts.
    const { token, expMs } = await signGuestToken(guest, c.env.JWT_SECRET, practice.sharing_expires_at);
    if (!(await getRoom(c.env, practice.id).renewGuest(guest.sessionId, expMs))) throw guestSessionEnded();
    return c.json({ ...(await guestSession(c.env, practice, guest.name, expMs)), sessionToken: token } satisfies GuestValidateAnswer);
  })
  .post('/leave', authorize('guest.session'), async (c) => {
    const guest = c.get('guest')!;
    await getRoom(c.env, guest.practiceId).removeGuest(guest.sessionId, 'You have left the guest pools');
    return c.json({ ok: true });
  });
