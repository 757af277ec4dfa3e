import { Hono } from 'hono';
import { BOARD_ID_PATTERN, BOARD_UNAVAILABLE } from '../../core/room-code';
import type { AppEnv } from '../env';
import { HttpError } from '../errors';
import { authorize, clientNetwork, GUEST_REFUSED, lookupClient, practiceFor } from '../auth/access';
import { getDayRoom } from '../day/day';
import { HALL_UNAVAILABLE } from './hall';
import { findHall, getDay } from '../store/d1/days';
import { getRoom } from '../room/room';
import { findBoard, getPractice, type PracticeRecord } from '../store/d1/practices';
import { INDEX_WORD_HEADER, SOCKET_TAG_HEADER, type SocketTag } from '../room/sockets';
import { coachOf, unauthenticated } from '../middleware/session';
import { liveQuerySchema } from '../../core/validation';
import { validator } from 'hono/validator';
import { parsed } from '../validate';


/**
 * Websocket entry: authenticates the watcher, then hands the upgrade to the practice's room object.
 * `?practice=<id>`: the coach (cookie) or a guest of that practice (`&token=`, their session token);
 * `?board=<board id>`: a spectator of the live board, read-only.
 */
export const liveRoutes = new Hono<AppEnv>()
  // Browser tests cut every socket of a practice server-side to prove clients reconnect and catch up.
  // Only exists when TEST_HOOKS=1 is set (the e2e harness does; wrangler.toml never does).
  .post('/test-drop', authorize('room.manage'), async (c) => {
    if (c.env.TEST_HOOKS !== '1') throw new HttpError(404, 'Not found');
    const practice = await getPractice(c.get('db'), coachOf(c).id, c.req.query('practice') ?? '');
    return c.json({ closed: await getRoom(c.env, practice.id).closeSockets('coach', 'Connection reset') });
  })
  .get('/', authorize('live.watch'), validator('query', (value) => parsed(liveQuerySchema, value)), async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new HttpError(426, 'Expected a websocket upgrade');
    }
    // hono/csrf never sees upgrades, so a foreign page opening a socket with our cookies is refused here.
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(c.req.url).origin) throw new HttpError(403, 'Cross-site request refused');

    const db = c.get('db');
    // Sockets are capped per network (an IPv4 address or an IPv6 /64) and per block (/24, /48) in a room.
    const { net: address, block } = clientNetwork(c);
    const { practice: practiceId, board: boardId, day: dayId, hall } = c.req.valid('query');
    // A competition day's room (issue 28): the coach's day screen, or a hall board while the day shares.
    if (dayId !== undefined || hall !== undefined) {
      let dayTag: SocketTag;
      if (dayId !== undefined) {
        if (c.get('role') !== 'coach') throw c.get('role') === 'anonymous' ? unauthenticated(c) : new HttpError(403, GUEST_REFUSED);
        const day = await getDay(db, coachOf(c).id, dayId);
        dayTag = { role: 'coach', subject: coachOf(c).id, sv: coachOf(c).sv, practiceId: day.id, address, block };
      } else {
        // A right link of a day not shared right now too: its room says the board is paused, and it waits.
        const found = BOARD_ID_PATTERN.test(hall!) ? await findHall(db, hall!, await lookupClient(c)) : null;
        if (!found) throw new HttpError(404, HALL_UNAVAILABLE);
        dayTag = { role: 'spectator', boardId: hall, practiceId: found.day.id, address, block };
      }
      const headers = new Headers(c.req.raw.headers);
      headers.set(SOCKET_TAG_HEADER, JSON.stringify(dayTag));
      return getDayRoom(c.env, dayTag.practiceId).fetch(new Request(c.req.raw.url, { headers }));
    }
    let tag: SocketTag;
    let word: PracticeRecord | null = null;
    if (practiceId !== undefined) {
      const role = c.get('role');
      if (role === 'anonymous') throw unauthenticated(c);
      const practice = await practiceFor(c, practiceId);
      const guest = c.get('guest');
      tag = role === 'coach'
        ? { role: 'coach', subject: coachOf(c).id, sv: coachOf(c).sv, practiceId: practice.id, address, block }
        : { role: 'guest', subject: guest!.sessionId, epoch: guest!.epoch, practiceId: practice.id, sharingExpiresAt: practice.sharing_expires_at, address, block };
    } else if (boardId !== undefined) {
      const found = BOARD_ID_PATTERN.test(boardId) ? await findBoard(db, boardId, await lookupClient(c)) : null;
      if (!found) throw new HttpError(404, BOARD_UNAVAILABLE);
      // A right link whose practice does not share right now too: its board waits in the room, hearing nothing.
      // The room hears the practice as read here, and agrees with it first (a word of the index it missed).
      const { practice } = found;
      word = practice;
      tag = { role: 'spectator', boardId, practiceId: practice.id, sharingExpiresAt: practice.sharing_expires_at, address, block };
    } else {
      throw new HttpError(400, 'Say which practice or board to watch');
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(SOCKET_TAG_HEADER, JSON.stringify(tag));
    if (word) headers.set(INDEX_WORD_HEADER, JSON.stringify(word));
    return getRoom(c.env, tag.practiceId).fetch(new Request(c.req.raw.url, { headers }));
  });
