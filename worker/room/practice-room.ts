// The practice's room: one Durable Object per practice (named by its id), the home of its practice, as the platform
// and the worker call it: the constructor, `fetch` (sockets), `answer` (the practice's routes, ./http), the alarm, the
// socket hooks and the worker's RPCs. Its parts are wired in ./room-parts, each in its own file. Sockets use the
// hibernation API: after a wake-up `getWebSockets()` and each socket's tags are all it needs.
import { DurableObject } from 'cloudflare:workers';
import type { EventCalls } from '../../core/contracts/days';
import type { RoomPresence } from '../../core/contracts/practices';
import type { LiveMessage } from '../../core/live-messages';
import { errorBody } from '../../core/messages';
import { d1For, roomDb } from '../db/client';
import type { Env } from '../env';
import type { PracticeRecord } from '../store/d1/practices';
import { forgetAthlete } from '../store/room/identity';
import { loadPoolSnapshot } from '../store/room/pools';
import type { ArchiveWriter } from './archive';
import type { Crowd, Missed } from './crowd';
import type { DayLink } from './day-link';
import type { HeldCalls } from './day-calls';
import { roomApp, type Caller } from './http';
import type { RefereeDesk, Reshaped, SavedResult } from './referee-desk';
import type { HeldSnapshot } from './room-reads';
import { practiceParts } from './room-parts';
import { migrateRoom } from './schema';
import { openSocket, type SocketDoor } from './socket-door';
import { brokeLimits, closeQuietly, closeTagged, fanOut, INDEX_WORD_HEADER, newMarks, SOCKET_TAG_HEADER, type SocketLimits, type SocketTag } from './sockets';
import { roomD1, type SqlStats } from './sql-d1';

/** What the coach's screens hear when the account's sessions end (signed out, a reset, a new password). */
const SESSION_ENDED_EVERYWHERE = 'You were signed out. Sign in again to continue.';
const DELETED = 'This practice was deleted.';

export { MAX_GUESTS, MESSAGE_LIMITS, SOCKET_LIMITS, memberPlaces, type SocketLimits, type SocketRole, type SocketTag } from './sockets';
export { REFEREE_STALE_MS, type RefereeClaimResult, type RefereeUpdateResult } from './referee-desk';

export class PracticeRoom extends DurableObject<Env> {
  /** The practice's store: drizzle over the room's SQLite (./sql-d1), its statements counted. */
  readonly sqlStats: SqlStats = { statements: 0, rowsRead: 0, log: null };
  private readonly store = roomDb(roomD1(this.ctx.storage, this.sqlStats));
  private readonly parts: ReturnType<typeof practiceParts>;
  /** Socket caps, the door and the crowd of relays (./sockets, ./socket-door, ./crowd); tests set their limits. */
  readonly limits: SocketLimits;
  readonly door: SocketDoor;
  readonly crowd: Crowd;
  /** The referee desk (./referee-desk): its routes reach it through the room's context (./here). */
  readonly desk: RefereeDesk;
  readonly archive: ArchiveWriter;
  /** The practice's word to its competition day (./day-link). */
  readonly dayLink: DayLink;
  /** Reads of the pools and tableau so far (`snapshot`): what the edge cache spares the room (tests, bench). */
  snapshotReads = 0;
  private readonly app: ReturnType<typeof roomApp>;
  private readonly received = new WeakMap<WebSocket, { start: number; count: number }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const parts = practiceParts(ctx, env, this.store, { env: () => this.env, wakeBy: (at) => this.wakeBy(at), ensurePractice: (id) => this.ensurePractice(id) });
    this.parts = parts;
    ({ limits: this.limits, door: this.door, crowd: this.crowd, desk: this.desk, archive: this.archive } = parts);
    this.dayLink = parts.day.link;
    // The room's tables are brought up to date before it answers anything (./schema); marks an evicted room
    // left unwritten get the alarm's backstop.
    void ctx.blockConcurrencyWhile(async () => {
      await migrateRoom(ctx.storage);
      await parts.crowd.started();
      await parts.archive.started();
      parts.sharing.muteUnlessShared();
    });
    this.app = roomApp(
      () => ({
        here: this,
        db: this.store,
        // D1 (the index and the archive), as the practice's routes reach it: one handle per binding.
        d1: d1For(parts.d1()),
        guestLive: (sessionId) => parts.guests.list.has(sessionId),
        ownerId: () => parts.held.ownerOf(this.practiceId),
        ownerSessionStands: (ownerId, sv) => parts.accountSessions.stands(ownerId, sv),
      }),
      { after: parts.changed },
      env,
      // What the routes hand to `waitUntil` finishes in the room (a referee's call step behind the answer).
      { waitUntil: (work) => ctx.waitUntil(work), passThroughOnException: () => undefined, props: {} },
    );
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** The room's one alarm serves the sharing clock, the archive's and the day's retries: it rings at the earliest. */
  private async wakeBy(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** The practice in the room's SQLite, taken from D1 once; false when D1 has no such practice either. */
  async ensurePractice(practiceId: string): Promise<boolean> {
    return this.parts.held.ensure(practiceId);
  }

  /** The practice the room holds ('' before it holds one): what its routes act on (./here). */
  get practiceId(): string {
    return this.parts.held.id() ?? '';
  }

  /** One of the practice's routes, handed over by the worker (../middleware/to-room) with the caller it checked (./http). */
  async answer(request: Request, caller: Caller, practiceId: string): Promise<Response> {
    if (!(await this.ensurePractice(practiceId))) return Response.json(errorBody('Practice not found'), { status: 404 });
    const started = performance.now();
    const answer = await this.app.answer(request, caller);
    // The room's time on the answer's path (the write and its fan-out, not what is left behind it), as Server-Timing:
    // the bench reads it. The platform's clock moves only between I/O, so deployed it counts the waits on I/O.
    const timed = new Response(answer.body, answer);
    timed.headers.append('server-timing', `room;dur=${(performance.now() - started).toFixed(2)}`);
    return timed;
  }

  /** The pools and the tableau with the data version they were read under (./room-reads): a board's read. */
  async snapshot(practiceId: string): Promise<HeldSnapshot | null> {
    if (!(await this.ensurePractice(practiceId))) return null;
    this.snapshotReads++;
    return this.parts.reads.snapshot(practiceId);
  }

  /** The room's data version now (./room-reads). */
  changeMark(): string {
    return this.parts.reads.mark();
  }

  /** A word of the D1 index about the practice (./index-word): null for one older than the last applied. */
  async indexChanged(practice: PracticeRecord, options?: { expired?: boolean }): Promise<PracticeRecord | null> {
    return this.parts.index.changed(practice, options);
  }

  /** A roster athlete was deleted: entries, team members and absentees naming them name no one now; screens hear the pools. */
  async athleteDeleted(practiceId: string, athleteId: string): Promise<void> {
    if (this.parts.held.id() !== practiceId) return;
    for (const poolId of await forgetAthlete(this.store, athleteId)) {
      const pool = await loadPoolSnapshot(this.store, poolId);
      if (pool) fanOut(this.ctx, { type: 'pool', practiceId, pool });
    }
    await this.parts.changed(true);
  }

  /** The practice joined a competition day, or left it (null): the day hears its pools from now on (./event-day). */
  async dayLinked(practiceId: string, dayId: string | null): Promise<boolean> {
    if (!(await this.ensurePractice(practiceId))) return false;
    await this.parts.day.linked(practiceId, dayId);
    return true;
  }

  /** The event's day tells it its calls and where its pools fence. False: too early, tell again. */
  async dayCalls(dayId: string, word: EventCalls): Promise<boolean> {
    return this.parts.day.calls(dayId, word);
  }

  /** What the practice's day last told it of its calls and pistes (null: none). */
  heldDayCalls(): HeldCalls | null {
    return this.parts.day.heldCalls();
  }

  /** The day the practice is an event of (null: none). */
  dayOfEvent(): string | null {
    return this.parts.day.dayId();
  }

  /** Writes the archive now if it is behind; true when D1 holds everything (tests wait on it). */
  async flushArchive(): Promise<boolean> {
    return this.archive.flush(true);
  }

  /** Accepts an upgrade the worker has already authenticated; the tag arrives in a header. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return Response.json(errorBody('Not found'), { status: 404 });
    const tag = JSON.parse(request.headers.get(SOCKET_TAG_HEADER) ?? '{}') as SocketTag;
    // A board comes with the index's word as the worker read it (before its socket is one of the room's).
    if (tag.role === 'spectator') await this.parts.index.boardComesIn(tag.practiceId, JSON.parse(request.headers.get(INDEX_WORD_HEADER) ?? 'null') as PracticeRecord | null);
    return openSocket(this.ctx, this.door, this.crowd, request, tag, this.parts.doorHost);
  }

  /** A relay missed messages from `from` on (a gap in their numbers): those, or the greeting its boards read again by. */
  async relayMissed(from: number): Promise<Missed> {
    return this.crowd.missed(from, this.parts.sharing.opening(this.practiceId));
  }

  /** A relay's count of its boards (at most once a second): the coach's presence counts them. */
  async relayCount(shard: number, count: number): Promise<void> {
    this.crowd.reported(shard, count);
    this.parts.people.changed();
  }

  /** Sends a message to every socket whose role may read it; returns how many received it. Only publishes. */
  async publish(message: LiveMessage): Promise<number> {
    return fanOut(this.ctx, message);
  }

  /** A result was saved (a pool bout, tableau scores): the refereed bout it decides ends, then every screen hears of it. */
  async resultSaved(message: SavedResult): Promise<number> {
    await this.desk.resultSaved(message);
    return fanOut(this.ctx, message);
  }

  /** Pools or the tableau changed shape: refereed bouts whose fencers are gone end, then every screen hears of it. */
  async reshaped(message: Reshaped): Promise<number> {
    await this.desk.reshaped(message);
    return fanOut(this.ctx, message);
  }

  /** The owner's sessions ended: tokens minted before `version` are refused, and their screens' sockets close. */
  async sessionsEnded(userId: string, version: number): Promise<number> {
    this.parts.accountSessions.raise(version);
    return closeTagged(this.ctx, `subject:${userId}`, SESSION_ENDED_EVERYWHERE, (tag) => tag?.role === 'coach');
  }

  /** Closes every socket carrying a tag (a role, or `subject:<id>`), telling each why. */
  async closeSockets(tag: string, reason: string): Promise<number> {
    return closeTagged(this.ctx, tag, reason);
  }

  /** Registers a guest session unless its epoch is already void or the room holds its most guests (./guest-sessions). */
  async addGuest(sessionId: string, name: string, epoch: number, expiresAt: number, practiceId: string): Promise<'added' | 'void' | 'full'> {
    return this.parts.guests.add(sessionId, name, epoch, expiresAt, practiceId);
  }

  /** Renews a live guest session's expiry (the practice's sharing was extended). */
  async renewGuest(sessionId: string, expiresAt: number): Promise<boolean> {
    return this.parts.guests.list.renew(sessionId, expiresAt);
  }

  async hasGuest(sessionId: string): Promise<boolean> {
    return this.parts.guests.list.has(sessionId);
  }

  /** Ends one guest's session (they left, or the coach removed them) and closes their sockets at once. */
  async removeGuest(sessionId: string, reason: string): Promise<boolean> {
    return this.parts.guests.remove(sessionId, reason);
  }

  /**
   * The practice was deleted: every screen is told, guests and the board are shown out, and the room's storage is
   * erased (its alarm too); its tables are built again, empty, with the guest epoch past `epoch` so a join still in
   * flight with the old one cannot register.
   */
  async practiceDeleted(practiceId: string, epoch: number): Promise<void> {
    fanOut(this.ctx, { type: 'practice-deleted', practiceId });
    closeTagged(this.ctx, 'guest', DELETED);
    closeTagged(this.ctx, 'spectator', DELETED);
    this.crowd.close(DELETED);
    await this.crowd.forget();
    await this.ctx.storage.deleteAlarm();
    this.parts.held.forget();
    this.dayLink.forget();
    await this.ctx.storage.deleteAll();
    newMarks(this.ctx);
    await migrateRoom(this.ctx.storage);
    // Again once rebuilt: nothing read while it was erased stays.
    this.parts.held.forget();
    this.parts.guests.list.endAll(epoch);
  }

  /** Guests in the room with their join time, and the number of live-board screens. */
  async presence(): Promise<RoomPresence> {
    return this.parts.people.now();
  }

  override async alarm(): Promise<void> {
    // The archive first: a failed write backs off and sets the next ring itself.
    if (this.archive.behind()) await this.archive.flush(true);
    if (this.dayLink.behind()) await this.dayLink.flush();
    const practiceId = this.parts.clock.practiceId();
    if (practiceId) await this.parts.index.endIfExpired(practiceId);
  }

  /** Turns the practice's sharing off if it has run out (./index-word); true when this call did (the scheduled clean-up). */
  async endSharingIfExpired(practiceId: string): Promise<boolean> {
    return this.parts.index.endIfExpired(practiceId);
  }

  /**
   * Clients only listen (writes go through the HTTP API, so they are authorised and stored first) and their
   * pings never get here: a message that does is counted, and an oversized one or a flood closes its socket.
   */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (ws.readyState !== WebSocket.OPEN) return;
    brokeLimits(this.received, ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.socketGone(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.socketGone(ws, 1011);
  }

  private socketGone(ws: WebSocket, code: number) {
    closeQuietly(ws, code);
    if ((ws.deserializeAttachment() as SocketTag | null)?.role === 'spectator') this.parts.people.changed();
  }
}
