// The practice room: the Durable Object class and its RPC surface. Its jobs live in their own files (./schema,
// ./practice-store, ./archive, ./sockets, ./socket-door, ./board-sharing, ./presence, ./guests, ./referee-desk,
// ./sharing-clock, ./http and ./routes); this one wires them and answers the worker's calls, which is why it is long.
import { DurableObject } from 'cloudflare:workers';
import type { RoomPresence } from '../../core/contracts/practices';
import type { LiveMessage } from '../../core/live-messages';
import { can } from '../../core/permissions';
import type { Env } from '../env';
import { publicPractice, type PracticeRecord } from '../store/d1/practices';
import { GuestList } from './guests';
import { RefereeDesk, type Reshaped, type SavedResult } from './referee-desk';
import { SharingClock } from './sharing-clock';
import { BoardSharing } from './board-sharing';
import { Presence } from './presence';
import { AccountSessions } from './account-sessions';
import { openSocket, SocketDoor, type DoorHost } from './socket-door';
import { Crowd, crowdLimits, type Missed } from './crowd';
import { brokeLimits, changeMark, newMarks, relayThrough, closeQuietly, closeTagged, INDEX_WORD_HEADER, SOCKET_TAG_HEADER, fanOut, socketLimits, type SocketLimits, type SocketTag } from './sockets';
import { migrateRoom, TABLES } from './schema';
import { d1For, roomDb } from '../db/client';
import { withD1Delay } from '../db/slow-d1';
import { ArchiveWriter } from './archive';
import { DayLink } from './day-link';
import { forgetDayCalls, keepDayCalls, readDayCalls, type HeldCalls } from './day-calls';
import type { EventCalls } from '../../core/contracts/days';
import { dayWordOf } from './day-word';
import { getDayRoom } from '../day/day';
import { roomApp, type Caller } from './http';
import { heldPractice, indexAppliedAt, isImported, practiceOwner, loadPractice, readPracticeFromD1, updateIndexFacts } from './practice-store';
import { roomD1, type SqlStats } from './sql-d1';
import { listPoolSnapshots, loadPoolSnapshot } from '../store/room/pools';
import { forgetAthlete } from '../store/room/identity';
import { loadBracket } from '../store/room/bracket';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { errorBody } from '../../core/messages';
import type { Weapon } from '../../core/fencing/referee';

/** Why guests or boards were shown out or paused by a word of the index (`indexChanged`): core/messages has their codes. */
const CODE_CHANGED = 'The coach changed the room code. Join again with the new code.';
const SHARING_OFF = 'The coach turned off guest access.';
const SHARING_EXPIRED = 'Guest access ended: no scores were entered for a while.';
const BOARD_CHANGED = 'The coach changed the live board link.';
const SESSION_ENDED = 'Your guest session has ended. Join again with the room code.';
/** What the coach's screens hear when the account's sessions end (signed out, a reset, a new password). */
const SESSION_ENDED_EVERYWHERE = 'You were signed out. Sign in again to continue.';

export { MAX_GUESTS, MESSAGE_LIMITS, SOCKET_LIMITS, memberPlaces, type SocketLimits, type SocketRole, type SocketTag } from './sockets';
export { REFEREE_STALE_MS, type RefereeClaimResult, type RefereeUpdateResult } from './referee-desk';

/**
 * One instance per practice (named by the practice id): the class and its RPC surface. It holds the
 * websockets of everyone watching the practice (./sockets: caps, tags, fan-out by the permission table; ./socket-door:
 * who comes in), its guests (./guests) and presence (./presence), the board while sharing goes on and off
 * (./board-sharing), the referee desk (./referee-desk), and the sharing clock
 * (./sharing-clock), in tables of its own SQLite declared once with their numbered steps (./schema). Sockets are accepted with the
 * hibernation API: the object may sleep between messages, and after a wake-up `getWebSockets()` and each
 * socket's tags are all it needs; pings are answered by the runtime so they never wake it.
 *
 * It is the home of its practice: the store of record and the only writer of its live state
 * (pools and entries, bouts, the tableau, teams and relays, the format, the weapon), kept in its SQLite in
 * the same tables as D1's archive (./practice-store, imported from D1 once), changed by the practice's
 * routes run here (./http) and copied to D1 behind the answers (./archive).
 */
export class PracticeRoom extends DurableObject<Env> {
  limits: SocketLimits;
  /** Who may open a socket, and how fast (./socket-door); its limits are `limits`. */
  readonly door: SocketDoor;
  /** The board's spectators beyond the room's own sockets, in relay rooms (./crowd, ./relay). */
  readonly crowd: Crowd;
  private readonly guests: GuestList;
  /** The referee desk (./referee-desk): its routes reach it through the room's context (./here). */
  readonly desk: RefereeDesk;
  private readonly accountSessions: AccountSessions;
  private readonly clock: SharingClock;
  /** The live board while sharing goes on and off (./board-sharing). */
  private readonly sharing: BoardSharing;
  /** Who is in the room (./presence). */
  private readonly people: Presence;
  readonly archive: ArchiveWriter;
  /** The practice's word to its competition day, when it is an event of one (./day-link). */
  readonly dayLink: DayLink;
  private readonly app: ReturnType<typeof roomApp>;
  /** What the practice's store ran (./sql-d1 `SqlStats`): a write's cost, counted. */
  readonly sqlStats: SqlStats = { statements: 0, rowsRead: 0, log: null };
  /** The practice's store: drizzle over the room's SQLite, through D1's interface (./sql-d1). */
  private readonly store = roomDb(roomD1(this.ctx.storage, this.sqlStats));
  /** Messages each socket sent in its current window (./sockets `brokeLimits`). */
  private readonly received = new WeakMap<WebSocket, { start: number; count: number }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.limits = socketLimits(env);
    this.door = new SocketDoor(ctx, this.limits);
    this.crowd = new Crowd(ctx, env, { kind: 'practice', id: () => this.heldNow(), board: () => this.sharing.link() }, crowdLimits(env));
    relayThrough(ctx, this.crowd);
    // The room's tables are brought up to date before it answers anything (./schema); marks an evicted room
    // left unwritten get the alarm's backstop (`this.archive` is set by then: the constructor ends first).
    void ctx.blockConcurrencyWhile(async () => {
      await migrateRoom(ctx.storage);
      await this.crowd.started();
      await this.archive.started();
      this.sharing.muteUnlessShared();
    });
    this.guests = new GuestList(ctx.storage);
    this.accountSessions = new AccountSessions(ctx.storage.sql, () => withD1Delay(this.env).DB);
    this.desk = new RefereeDesk(ctx.storage.sql, (message) => fanOut(this.ctx, message));
    this.clock = new SharingClock(ctx.storage, env, (at) => this.wakeBy(at));
    this.sharing = new BoardSharing(ctx, this.clock, () => this.heldNow(), (practiceId) => this.greeting(practiceId, 'spectator'));
    this.people = new Presence(ctx, this.guests, this.crowd, () => this.clock.practiceId() ?? null);
    this.archive = new ArchiveWriter(ctx.storage, () => withD1Delay(this.env).DB, (at) => this.wakeBy(at));
    this.dayLink = new DayLink(
      ctx.storage,
      async () => {
        const practiceId = this.heldNow();
        if (practiceId === null) return null;
        const { weapon, practice_type: type } = this.ctx.storage.sql.exec<{ weapon: Weapon; practice_type: string }>('SELECT weapon, practice_type FROM practices WHERE id = ?', practiceId).one();
        // Its pools, its tableau's rounds and matches; a team event's of its team tableau (./day-word).
        return dayWordOf(this.store, practiceId, weapon, type);
      },
      (dayId, seq, word) => getDayRoom(this.env, dayId).eventChanged(seq, word),
      (at) => this.wakeBy(at),
    );
    this.app = roomApp(
      () => ({
        here: this,
        db: this.store,
        // D1 (the index and the archive), as the practice's routes reach it: one handle per binding.
        d1: d1For(withD1Delay(this.env).DB),
        guestLive: (sessionId) => this.guests.has(sessionId),
        ownerId: () => this.ownerOf(this.practiceId),
        ownerSessionStands: (ownerId, sv) => this.accountSessions.stands(ownerId, sv),
      }),
      {
        after: async (score) => {
          this.toldDay();
          const due = await this.archive.changed();
          // A score is archived behind its answer; any other change (a pool drawn, a fencer added) before it,
          // so the index (a pool's practice) and the exports follow at once. A failure leaves it to the alarm.
          if (score) this.ctx.waitUntil(this.archive.flush(false, due));
          else await this.archive.flush(true, due);
        },
      },
      env,
      // What the routes hand to `waitUntil` finishes in the room (a referee's call step behind the answer).
      { waitUntil: (work) => ctx.waitUntil(work), passThroughOnException: () => undefined, props: {} },
    );
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /**
   * The coach of the practice the room holds, read once: a practice never changes hands (a restore makes new
   * ones), so only its deletion, which erases the room, forgets it. A lookup on every request was one SQLite
   * call of the score's path.
   */
  private owner: { practiceId: string; userId: string } | null = null;
  private ownerOf(practiceId: string): string | null {
    if (this.owner?.practiceId === practiceId) return this.owner.userId;
    const userId = practiceOwner(this.ctx.storage.sql);
    this.owner = userId === null ? null : { practiceId, userId };
    return userId;
  }

  /**
   * The practice the room holds, read once it holds one: only an import (`ensurePractice`) makes it hold one,
   * and only the practice's deletion, which erases the room, makes it hold none. A read on every request was
   * one SQLite call of every score's and every read's path.
   */
  private held: string | null = null;
  private heldNow(): string | null {
    this.held ??= heldPractice(this.ctx.storage.sql);
    return this.held;
  }

  /** The room's one alarm serves the sharing clock and the archive's retries: it rings at the earliest. */
  private async wakeBy(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /**
   * The practice in the room's SQLite: a room whose storage has none takes it from D1 once, before anything
   * else runs (no other request comes in meanwhile). False when D1 has no such practice either.
   */
  async ensurePractice(practiceId: string): Promise<boolean> {
    const held = this.heldNow();
    if (held !== null) return held === practiceId;
    await this.ctx.blockConcurrencyWhile(async () => {
      if (isImported(this.ctx.storage.sql)) return;
      const data = await readPracticeFromD1(withD1Delay(this.env).DB, practiceId);
      if (!data) return;
      loadPractice(this.ctx.storage, practiceId, data);
      // Boards hear the practice only while it shares, as its copy now says.
      this.sharing.muteUnlessShared();
    });
    return this.heldNow() === practiceId;
  }

  /** The practice the room holds ('' before it holds one): what its routes act on (./here). */
  get practiceId(): string {
    return this.heldNow() ?? '';
  }

  /**
   * One of the practice's routes, handed over by the worker (../middleware/to-room) for the practice it names,
   * with the caller it checked (./http).
   */
  async answer(request: Request, caller: Caller, practiceId: string): Promise<Response> {
    if (!(await this.ensurePractice(practiceId))) return Response.json(errorBody('Practice not found'), { status: 404 });
    const started = performance.now();
    const answer = await this.app.answer(request, caller);
    // The room's time on the answer's path (the write and its fan-out; what is left behind the answer is not in it),
    // as Server-Timing: the browser's tools show it, and the bench reads the writer's time per score from it. The
    // platform's clock moves only between I/O, so deployed it counts the waits on I/O, not the work between them.
    const timed = new Response(answer.body, answer);
    timed.headers.append('server-timing', `room;dur=${(performance.now() - started).toFixed(2)}`);
    return timed;
  }

  /** Reads of the pools and tableau so far (`snapshot`): what the edge cache spares the room (tests, bench). */
  snapshotReads = 0;

  /**
   * The pools and the tableau as the room holds them, with the data version they were read under (a board's
   * read, through the edge cache: ./board-reads): one call. The reads after the version run no I/O, so nothing
   * else runs in the room between them.
   */
  async snapshot(practiceId: string): Promise<{ pools: PoolSnapshot[]; bracket: BracketSnapshot; mark: string } | null> {
    if (!(await this.ensurePractice(practiceId))) return null;
    this.snapshotReads++;
    const mark = this.changeMark();
    const [pools, bracket] = await Promise.all([listPoolSnapshots(this.store, practiceId), loadBracket(this.store, practiceId)]);
    return { pools, bracket, mark };
  }

  /**
   * The room's data version now (./sockets `changeMark`): what a member's snapshot carries, and a board's edge read
   * is keyed by. The archive's marks, raised by triggers on every table of the practice in each write's own
   * transaction (./schema step 9).
   */
  changeMark(): string {
    return changeMark(this.ctx, this.ctx.storage.sql.exec<{ n: number }>(`SELECT archive_marks AS n FROM ${TABLES.room}`).one().n);
  }

  /**
   * A word of the D1 index about the practice (sharing on or off or run out, a new room code or board link): the
   * room's copy follows, and what the word means is read from the facts against the room's own. A guest epoch past
   * the room's ends every guest session (a new code; sharing off or run out, which move it on too); sharing off
   * pauses the boards and sharing on resumes them; a new board link shows the old one's screens out. The coach's
   * screens hear the practice as it now stands, which is the answer (the weapon is the room's own).
   *
   * Words apply in D1's order (its stamp, `updated_at`), not in the order their calls arrive: a word older than the
   * last one applied (two screens flipping the switch at once, their calls crossing on the way) changes nothing,
   * as the newer one said all of it. Null for such a word.
   */
  async indexChanged(practice: PracticeRecord, { expired = false } = {}): Promise<PracticeRecord | null> {
    const { sql } = this.ctx.storage;
    if (practice.updated_at < indexAppliedAt(sql)) return null;
    const held = this.heldNow() === practice.id;
    const before = held ? sql.exec<{ room_code: string; weapon: PracticeRecord['weapon'] }>('SELECT room_code, weapon FROM practices WHERE id = ?', practice.id).one() : null;
    const shared = practice.allow_guest_access;
    const guestsVoid = practice.guest_epoch > this.guests.epoch();
    this.ctx.storage.transactionSync(() => {
      sql.exec(`UPDATE ${TABLES.room} SET index_at = ?, board_id = ?`, practice.updated_at, practice.board_id);
      if (held) updateIndexFacts(sql, practice);
      // The epoch moves on with the sessions' end: a join or upgrade still in flight with the old one is refused.
      if (guestsVoid) this.guests.endAll(practice.guest_epoch);
    });
    const sharingEnded = expired ? SHARING_EXPIRED : SHARING_OFF;
    if (guestsVoid) {
      const codeChanged = before ? before.room_code !== practice.room_code : shared;
      closeTagged(this.ctx, 'guest', shared && codeChanged ? CODE_CHANGED : sharingEnded);
      this.guestsGone();
    }
    // Spectators came by the board link, not the code: a new code leaves them watching, a new link shows out
    // every screen opened with another.
    closeTagged(this.ctx, 'spectator', BOARD_CHANGED, (tag) => tag?.boardId !== practice.board_id);
    this.crowd.close(BOARD_CHANGED, practice.board_id);
    if (!shared && !this.sharing.paused()) this.sharing.pause(sharingEnded);
    else if (shared && this.sharing.paused()) await this.sharing.resume(practice.id, practice.sharing_expires_at);
    this.people.changed();
    const now = before ? { ...practice, weapon: before.weapon } : practice;
    fanOut(this.ctx, { type: 'practice', practice: publicPractice(now) });
    return now;
  }

  /**
   * A board coming in, with the practice as the worker read it from the index: the room holds its practice first
   * (a board hears it from the room), then agrees with the word. One newer than the room's last (its call still on
   * its way, or lost: a 503 after D1 took it) is applied now: D1's stands. A practice the index says does not share
   * while the room's boards still watch has run out, and the alarm has not rung yet: it ends now. So the room's
   * boards are paused (muted) exactly when the practice does not share, and a board learns nothing of it then.
   */
  private async boardComesIn(practiceId: string, word: PracticeRecord | null) {
    await this.ensurePractice(practiceId);
    if (!word) return;
    if (word.updated_at > indexAppliedAt(this.ctx.storage.sql)) await this.indexChanged(word);
    // Not ended by this (not run out in D1): the room's copy is as new as the word, and says whether boards watch.
    else if (!word.allow_guest_access && !this.sharing.paused() && !(await this.endSharingIfExpired(practiceId))) this.sharing.muteUnlessShared();
  }

  /**
   * What a screen hears when it comes in (a new socket, or a board back from a pause): the hello with the room's
   * change mark; the bouts on the piste right now and the referee choices, so a screen opened mid-bout shows
   * them at once; the day's calls and pistes (null when the practice is no day's event: a screen back from
   * offline forgets a day left meanwhile).
   */
  private greeting(practiceId: string, role: SocketTag['role']): LiveMessage[] {
    return [
      { type: 'hello', practiceId, role, mark: this.changeMark() },
      ...this.desk.opening(practiceId),
      { type: 'day-calls', practiceId, calls: readDayCalls(this.ctx.storage.sql) },
    ];
  }

  /**
   * A roster athlete was deleted: this practice's entries, team members and absentees that named them name
   * no one now (one batch), every screen gets the pools that changed, and the archive follows.
   */
  async athleteDeleted(practiceId: string, athleteId: string): Promise<void> {
    if (this.heldNow() !== practiceId) return;
    const changed = await forgetAthlete(this.store, athleteId);
    const due = await this.archive.changed();
    for (const poolId of changed) {
      const pool = await loadPoolSnapshot(this.store, poolId);
      if (pool) fanOut(this.ctx, { type: 'pool', practiceId, pool });
    }
    this.toldDay();
    this.ctx.waitUntil(this.archive.flush(false, due));
  }

  /** A change was made: the practice's day (if it is an event of one) hears of it behind the answer. */
  private toldDay() {
    if (this.dayLink.changed()) this.ctx.waitUntil(this.dayLink.flush());
  }

  /** The practice joined a competition day, or left it (null): the day hears its pools from now on (issue 28). */
  async dayLinked(practiceId: string, dayId: string | null): Promise<boolean> {
    if (!(await this.ensurePractice(practiceId))) return false;
    // What another day (or none) said of the calls and pistes holds no more.
    if (readDayCalls(this.ctx.storage.sql)?.dayId !== dayId && forgetDayCalls(this.ctx.storage.sql)) fanOut(this.ctx, { type: 'day-calls', practiceId, calls: null });
    await this.dayLink.linked(dayId);
    return true;
  }

  /** The event's day tells it its calls and where its pools fence (./day-calls): every screen of the event hears it. False: too early, tell again. */
  async dayCalls(dayId: string, word: EventCalls): Promise<boolean> {
    const practiceId = this.heldNow();
    if (practiceId === null) return true;
    const kept = keepDayCalls(this.ctx.storage.sql, dayId, word);
    if (kept === 'early') return false;
    if (kept !== 'unchanged') fanOut(this.ctx, { type: 'day-calls', practiceId, calls: kept });
    return true;
  }

  /** What the practice's day last told it of its calls and pistes (null: none). */
  heldDayCalls(): HeldCalls | null {
    return readDayCalls(this.ctx.storage.sql);
  }

  /** The day the practice is an event of, as its room holds it (null: none). */
  dayOfEvent(): string | null {
    return this.ctx.storage.sql.exec<{ day_id: string | null }>(`SELECT day_id FROM ${TABLES.room}`).one().day_id;
  }

  /** Writes the archive now if it is behind; true when D1 holds everything (tests and the restore wait on it). */
  async flushArchive(): Promise<boolean> {
    return this.archive.flush(true);
  }

  /** Accepts an upgrade the worker has already authenticated; the tag arrives in a header. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return Response.json(errorBody('Not found'), { status: 404 });
    const tag = JSON.parse(request.headers.get(SOCKET_TAG_HEADER) ?? '{}') as SocketTag;
    // A board comes with the index's word as the worker read it (before its socket is one of the room's).
    if (tag.role === 'spectator') await this.boardComesIn(tag.practiceId, JSON.parse(request.headers.get(INDEX_WORD_HEADER) ?? 'null') as PracticeRecord | null);
    return openSocket(this.ctx, this.door, this.crowd, request, tag, this.doorHost);
  }

  /** What the room tells its door (./socket-door) of a socket coming in. */
  private readonly doorHost: DoorHost = {
    // A revocation that happened after the worker's checks.
    ended: async (tag) => {
      if (tag.role === 'coach') return !(await this.accountSessions.stands(tag.subject ?? '', tag.sv ?? 0));
      if (tag.role === 'guest') return (tag.epoch ?? -1) < this.guests.epoch() || !this.guests.has(tag.subject ?? '');
      return this.sharing.linkEnded(tag);
    },
    greeting: async (tag) => {
      // Sharing is off (the board came while it was off, or it ended after the worker looked the link up): this
      // board waits with the others for it to return.
      if (tag.role === 'spectator') return this.sharing.opening(tag.practiceId);
      // Who is in the room as it stands, to a screen that shows it: a change while its snapshot was read does not
      // move the change mark (boards come and go by the hundred), so its hello alone would not catch it.
      const presence: LiveMessage[] = can(tag.role, 'room.manage') ? [{ type: 'presence', practiceId: tag.practiceId, presence: await this.presence() }] : [];
      return [...this.greeting(tag.practiceId, tag.role), ...presence];
    },
    admitted: async (tag) => {
      if (tag.role !== 'coach' && !(tag.role === 'spectator' && this.sharing.paused())) await this.clock.watch(tag.practiceId, tag.sharingExpiresAt);
      if (tag.role === 'spectator') this.people.changed();
    },
  };

  /** A relay missed messages from `from` on (a gap in their numbers): those, or the greeting its boards read again by. */
  async relayMissed(from: number): Promise<Missed> {
    const practiceId = this.heldNow() ?? '';
    return this.crowd.missed(from, this.sharing.opening(practiceId));
  }

  /** A relay's count of its boards (at most once a second): the coach's presence counts them. */
  async relayCount(shard: number, count: number): Promise<void> {
    this.crowd.reported(shard, count);
    this.people.changed();
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

  /** Pools or the tableau changed shape: refereed bouts whose fencers are gone end (and a deleted pool's choices), then every screen hears of it. */
  async reshaped(message: Reshaped): Promise<number> {
    await this.desk.reshaped(message);
    return fanOut(this.ctx, message);
  }

  /**
   * The owner's sessions ended (signed out, a reset, a new password): their tokens minted before `version` are
   * refused from now on and their screens' sockets close (a screen still signed in reconnects with its new token).
   */
  async sessionsEnded(userId: string, version: number): Promise<number> {
    this.accountSessions.raise(version);
    return closeTagged(this.ctx, `subject:${userId}`, SESSION_ENDED_EVERYWHERE, (tag) => tag?.role === 'coach');
  }

  /** Closes every socket carrying a tag (a role, or `subject:<id>`), telling each why. */
  async closeSockets(tag: string, reason: string): Promise<number> {
    return closeTagged(this.ctx, tag, reason);
  }

  /** Registers a guest session unless its epoch is already void or the room holds its most guests. */
  async addGuest(sessionId: string, name: string, epoch: number, expiresAt: number, practiceId: string): Promise<'added' | 'void' | 'full'> {
    const added = this.guests.add(sessionId, name, epoch, expiresAt);
    if (added === 'void' || added === 'full') return added;
    // The sessions of an older epoch ended with this join (the index's word is on its way): their screens go too.
    if (added === 'added-ending') {
      closeTagged(this.ctx, 'guest', SESSION_ENDED);
      this.guestsGone();
    }
    await this.clock.watch(practiceId, expiresAt);
    this.people.changed();
    return 'added';
  }

  /** Renews a live guest session's expiry (the practice's sharing was extended). */
  async renewGuest(sessionId: string, expiresAt: number): Promise<boolean> {
    return this.guests.renew(sessionId, expiresAt);
  }

  async hasGuest(sessionId: string): Promise<boolean> {
    return this.guests.has(sessionId);
  }

  /** Ends one guest's session (they left, or the coach removed them) and closes their sockets at once. */
  async removeGuest(sessionId: string, reason: string): Promise<boolean> {
    const existed = await this.guests.remove(sessionId);
    closeTagged(this.ctx, `subject:${sessionId}`, reason);
    this.guestsGone();
    this.people.changed();
    return existed;
  }

  /** Guest sessions ended: the bouts their referee views held are handed over (./referee-desk `handOverFrom`). */
  private guestsGone() {
    const practiceId = this.heldNow();
    if (practiceId === null) return;
    const coach = this.ownerOf(practiceId);
    this.desk.handOverFrom(practiceId, (subject) => subject !== coach && !this.guests.has(subject));
  }

  /**
   * The practice was deleted: every screen is told, guests and the board are shown out, and the room's
   * storage is erased (its alarm too); its tables are built again, empty, with the guest epoch past `epoch`
   * so a join still in flight with the old one cannot register.
   */
  async practiceDeleted(practiceId: string, epoch: number): Promise<void> {
    fanOut(this.ctx, { type: 'practice-deleted', practiceId });
    closeTagged(this.ctx, 'guest', 'This practice was deleted.');
    closeTagged(this.ctx, 'spectator', 'This practice was deleted.');
    this.crowd.close('This practice was deleted.');
    await this.crowd.forget();
    await this.ctx.storage.deleteAlarm();
    this.owner = null;
    this.held = null;
    this.dayLink.forget();
    await this.ctx.storage.deleteAll();
    newMarks(this.ctx);
    await migrateRoom(this.ctx.storage);
    // Again once rebuilt: nothing read while it was erased stays.
    this.held = null;
    this.guests.endAll(epoch);
  }

  /** Guests in the room with their join time, and the number of live-board screens. */
  async presence(): Promise<RoomPresence> {
    return this.people.now();
  }

  override async alarm(): Promise<void> {
    // The archive first: a failed write backs off and sets the next ring itself.
    if (this.archive.behind()) await this.archive.flush(true);
    if (this.dayLink.behind()) await this.dayLink.flush();
    const practiceId = this.clock.practiceId();
    if (practiceId) await this.endSharingIfExpired(practiceId);
  }

  /**
   * Turns the practice's sharing off if it has run out (epoch on, guest sockets closed, boards paused, the
   * coach's screens told); otherwise wakes again when it would. True when this call turned it off. Called
   * by the alarm, the scheduled clean-up and a board coming in.
   */
  async endSharingIfExpired(practiceId: string): Promise<boolean> {
    const ended = await this.clock.endIfExpired(practiceId);
    if (!ended) return false;
    await this.indexChanged(ended, { expired: true });
    return true;
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
    if ((ws.deserializeAttachment() as SocketTag | null)?.role === 'spectator') this.people.changed();
  }
}
