import { Hono } from 'hono';
import { createPracticeSchema, sharingSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { authorize, guestIdleMs } from '../auth/access';
import { notFound } from '../errors';
import { coachOf } from '../middleware/session';
import { getRoom } from '../room/room';
import {
  createPractice, deletePractice, getPractice, listPractices, publicPractice, regenerateRoomCode, rotateBoardId, setSharing,
  type PracticeRecord,
} from '../store/d1/practices';
import { json } from '../validate';
import { dayOfPractice } from '../store/d1/days';
import { getDayRoom } from '../day/day';
import { todayIso } from '../../core/dates';
import type { Context } from 'hono';


/**
 * A change of the index's facts (sharing, the code, the board link) told to the practice's room, which keeps its
 * copy, does what the change means (guests out, boards paused, resumed or shown out) and tells the coach's other
 * screens; answers with the practice as it now stands (never its guest epoch). A change another screen's
 * overtook (its word reached the room first) answers the practice as the newer one left it.
 */
async function answerWithIndexChange(c: Context<AppEnv>, practice: PracticeRecord) {
  const now = (await getRoom(c.env, practice.id).indexChanged(practice)) ?? (await getPractice(c.get('db'), coachOf(c).id, practice.id));
  return c.json(publicPractice(now));
}

export const practiceRoutes = new Hono<AppEnv>()
  .get('/', authorize('practice.read'), async (c) => c.json(await listPractices(c.get('db'), coachOf(c).id)))
  .post('/', authorize('practice.create'), json(createPracticeSchema), async (c) => {
    const input = c.req.valid('json');
    const practice = await createPractice(c.get('db'), coachOf(c).id, {
      name: input.name,
      practice_type: input.practice_type,
      date: input.date ?? todayIso(new Date()),
      weapon: input.weapon ?? 'epee',
    });
    return c.json(publicPractice(practice), 201);
  })
  .get('/:practiceId', authorize('practice.read'), async (c) => c.json(publicPractice(await getPractice(c.get('db'), coachOf(c).id, c.req.param('practiceId')))))
  .post('/:practiceId/room-code', authorize('roomCode.manage'), async (c) => {
    // The old code is void (its epoch moved on): everyone who joined with it is out at once.
    return answerWithIndexChange(c, await regenerateRoomCode(c.get('db'), coachOf(c).id, c.req.param('practiceId')));
  })
  .post('/:practiceId/sharing', authorize('roomCode.manage'), json(sharingSchema), async (c) => {
    const { enabled } = c.req.valid('json');
    return answerWithIndexChange(c, await setSharing(c.get('db'), coachOf(c).id, c.req.param('practiceId'), enabled, guestIdleMs(c)));
  })
  .post('/:practiceId/board', authorize('board.manage'), async (c) => {
    return answerWithIndexChange(c, await rotateBoardId(c.get('db'), coachOf(c).id, c.req.param('practiceId')));
  })
  .get('/:practiceId/room', authorize('room.manage'), async (c) => {
    const practice = await getPractice(c.get('db'), coachOf(c).id, c.req.param('practiceId'));
    return c.json(await getRoom(c.env, practice.id).presence());
  })
  .delete('/:practiceId/guests/:sessionId', authorize('room.manage'), async (c) => {
    const practice = await getPractice(c.get('db'), coachOf(c).id, c.req.param('practiceId'));
    const removed = await getRoom(c.env, practice.id).removeGuest(c.req.param('sessionId'), 'The coach removed you from the room.');
    if (!removed) throw notFound('Guest');
    return c.json({ ok: true });
  })
  .delete('/:practiceId', authorize('practice.delete'), async (c) => {
    const id = c.req.param('practiceId');
    const practice = await getPractice(c.get('db'), coachOf(c).id, id);
    const dayId = await dayOfPractice(c.get('db'), id);
    await deletePractice(c.get('db'), coachOf(c).id, id);
    // Its day (issue 28) takes its pools off the pistes; the practice is gone whether or not the day hears it.
    if (dayId) await getDayRoom(c.env, dayId).eventUnlinked(id).catch((e: unknown) => console.error('day not told of a deleted practice', dayId, e));
    // The room tells every screen, shows guests and the board out, and erases what it kept of the practice.
    await getRoom(c.env, id).practiceDeleted(id, practice.guest_epoch + 1);
    return c.json({ ok: true });
  });
