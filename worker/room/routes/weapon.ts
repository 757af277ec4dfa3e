import { Hono } from 'hono';
import { weaponBodySchema } from '../../../core/validation';
import type { RoomEnv } from '../../env';
import { authorize } from '../../auth/access';
import { HttpError } from '../../errors';
import { coachOf } from '../../middleware/session';
import { publish } from '../here';
import { publicPractice } from '../../store/d1/practices';
import { setWeapon } from '../../store/room/weapon';
import { json } from '../../validate';

/** Why the weapon cannot change any more (the referee's rules follow it). */
const WEAPON_FIXED = 'The weapon can no longer change: a bout of this practice has a result.';

/**
 * The practice's weapon, the room's to keep: run in the practice's room. Mounted at
 * /practices/:practiceId/weapon.
 */
export const practiceWeaponRoutes = new Hono<RoomEnv>().put('/', authorize('practice.weapon'), json(weaponBodySchema), async (c) => {
  const { weapon } = c.req.valid('json');
  const practice = await setWeapon(c.get('db'), coachOf(c).id, c.req.param('practiceId')!, weapon);
  if (practice === 'fenced') throw new HttpError(409, WEAPON_FIXED);
  const body = publicPractice(practice);
  await publish(c, { type: 'practice', practice: body });
  return c.json(body);
});
