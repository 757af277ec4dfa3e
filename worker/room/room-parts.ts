import type { RoomDb } from '../db/client';
import { withD1Delay } from '../db/slow-d1';
import type { Env } from '../env';
import { AccountSessions } from './account-sessions';
import { ArchiveWriter } from './archive';
import { BoardSharing } from './board-sharing';
import { Crowd, crowdLimits } from './crowd';
import { EventDay } from './event-day';
import { GuestSessions } from './guest-sessions';
import { GuestList } from './guests';
import { IndexWords } from './index-word';
import { practiceDoor } from './practice-door';
import { HeldPractice } from './practice-store';
import { Presence } from './presence';
import { RefereeDesk } from './referee-desk';
import { RoomReads } from './room-reads';
import { SharingClock } from './sharing-clock';
import { SocketDoor } from './socket-door';
import { fanOut, relayThrough, socketLimits, type SocketTag } from './sockets';

/** What the room itself lends its parts. */
interface RoomHooks {
  /** The room's env as it is now (tests point a room at another D1 or day). */
  env(): Env;
  /** Sets the room's one alarm no later than `at`. */
  wakeBy(at: number): Promise<void>;
  /** The practice in the room's SQLite, taken from D1 once. */
  ensurePractice(practiceId: string): Promise<boolean>;
}

/**
 * A practice room's parts, each from its own file, wired to one another: the sockets' door and crowd, the practice
 * it holds, its guests, presence and board, the sharing clock, the referee desk, the index's words, the day it is an
 * event of, the archive, and its reads for screens.
 */
export function practiceParts(ctx: DurableObjectState, env: Env, store: RoomDb, { env: envNow, wakeBy, ensurePractice }: RoomHooks) {
  const d1 = () => withD1Delay(envNow()).DB;
  const limits = socketLimits(env);
  const door = new SocketDoor(ctx, limits);
  // Boards hear the practice only while it shares, as its copy says once imported.
  const held = new HeldPractice(ctx, d1, () => sharing.muteUnlessShared());
  const heldId = () => held.id();
  const crowd = new Crowd(ctx, env, { kind: 'practice', id: heldId, board: () => sharing.link() }, crowdLimits(env));
  relayThrough(ctx, crowd);
  const list = new GuestList(ctx.storage);
  const accountSessions = new AccountSessions(ctx.storage.sql, d1);
  const desk = new RefereeDesk(ctx.storage.sql, (message) => fanOut(ctx, message));
  const clock = new SharingClock(ctx.storage, env, wakeBy);
  const day = new EventDay(ctx, store, envNow, heldId, wakeBy);
  const reads = new RoomReads(ctx, store, desk, day);
  const greeting = (practiceId: string, role: SocketTag['role']) => reads.greeting(practiceId, role);
  const sharing = new BoardSharing(ctx, clock, heldId, (practiceId) => greeting(practiceId, 'spectator'));
  const people = new Presence(ctx, list, crowd, () => clock.practiceId() ?? null);
  const guests = new GuestSessions(ctx, list, desk, clock, people, heldId, (practiceId) => held.ownerOf(practiceId));
  const index = new IndexWords({ ctx, guests, sharing, crowd, people, clock, held: heldId, ensurePractice });
  const doorHost = practiceDoor({ accountSessions, guests: list, sharing, clock, people, greeting });
  const archive = new ArchiveWriter(ctx.storage, d1, wakeBy);
  /**
   * A change was made (a route's write, an athlete forgotten): the day hears of it, and the archive copies it. A
   * score is archived behind its answer; any other change (a pool drawn, a fencer added) before it, so the index
   * (a pool's practice) and the exports follow at once. A failure leaves it to the alarm.
   */
  const changed = async (score: boolean) => {
    day.changed();
    const due = await archive.changed();
    if (score) ctx.waitUntil(archive.flush(false, due));
    else await archive.flush(true, due);
  };
  return { limits, door, held, crowd, accountSessions, desk, clock, day, reads, sharing, people, guests, index, doorHost, archive, changed, d1 };
}
