import { Hono } from 'hono';
import type { Context } from 'hono';
import type { GuestJoinAnswer, GuestPractice, GuestSession, Practice } from '../../core/api';
import { guestJoinSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { getDb, type Db } from '../db/client';
import { HttpError } from '../errors';
import { signGuestToken } from '../auth/guest-token';
import { guestSessionEnded } from '../middleware/session';
import { getRoom } from '../room/room';
import { listPoolSnapshots } from '../store/pools';
import { findSharedPracticeByCode, getSharedPractice } from '../store/practices';
import { assertNotThrottled, recordFailure, type ThrottleRule } from '../store/throttle';
import { readJson } from '../validate';
import { clientAddress } from './auth';

/** SPEC §5: one answer for a wrong code and an unshared one, so a code's existence does not leak. */
export const ROOM_NOT_ACCESSIBLE = 'Invalid room code or room is not accessible';

const WINDOW_MS = 15 * 60 * 1000;
/** Failed joins allowed per client address in 15 minutes. */
export const JOIN_LIMIT_PER_ADDRESS = 10;
/**
 * Failed joins allowed per code prefix (first 3 digits, 1,000 codes each) in 15 minutes, from all
 * addresses together: guessing one live code then takes 1,000 / 10 × 15 min ≈ 25 hours at worst
 * (12.5 on average), longer than any practice lasts.
 */
export const JOIN_LIMIT_PER_PREFIX = 10;

function joinRules(c: Context, code: string): ThrottleRule[] {
  return [
    { key: `join:ip:${clientAddress(c)}`, limit: JOIN_LIMIT_PER_ADDRESS, windowMs: WINDOW_MS },
    { key: `join:prefix:${code.slice(0, 3)}`, limit: JOIN_LIMIT_PER_PREFIX, windowMs: WINDOW_MS },
  ];
}

export const toGuestPractice = (p: Practice): GuestPractice => ({ id: p.id, name: p.name, date: p.date, practice_type: p.practice_type });

async function guestSession(db: Db, practice: Practice, name: string): Promise<GuestSession> {
  const pools = (await listPoolSnapshots(db, practice.id)).filter((p) => p.allow_guest_access);
  return {
    tournaments: pools.map((p) => ({ id: p.id, name: p.name, created_at: p.created_at })),
    practice: toGuestPractice(practice),
    guest_name: name,
    room_code: practice.room_code,
  };
}

/** SPEC §7 guest functions: join with a room code, validate a stored session, leave. Mounted at /guest. */
export const guestRoutes = new Hono<AppEnv>()
  .post('/join', async (c) => {
    const { room_code, guest_name } = await readJson(c, guestJoinSchema);
    const db = getDb(c.env.DB);
    const rules = joinRules(c, room_code);
    await assertNotThrottled(db, rules);
    const practice = await findSharedPracticeByCode(db, room_code);
    if (!practice) {
      await recordFailure(db, rules);
      throw new HttpError(404, ROOM_NOT_ACCESSIBLE);
    }
    const sessionId = crypto.randomUUID();
    await getRoom(c.env, practice.id).addGuest(sessionId, guest_name);
    const sessionToken = await signGuestToken({ practiceId: practice.id, sessionId, name: guest_name }, c.env.JWT_SECRET);
    return c.json({ ...(await guestSession(db, practice, guest_name)), sessionToken } satisfies GuestJoinAnswer);
  })
  .post('/validate', async (c) => {
    const guest = c.get('guest');
    if (!guest) throw guestSessionEnded();
    const db = getDb(c.env.DB);
    const practice = await getSharedPractice(db, guest.practiceId);
    if (!practice) throw guestSessionEnded();
    return c.json(await guestSession(db, practice, guest.name));
  })
  .post('/leave', async (c) => {
    const guest = c.get('guest');
    if (guest) await getRoom(c.env, guest.practiceId).removeGuest(guest.sessionId);
    return c.json({ ok: true });
  });
