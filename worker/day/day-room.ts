// A competition day's room (issue 28): the Durable Object class and its RPC surface. Its statements live in
// ./day-store and its rules in core/fencing (day-plan, day-calls); this file wires them and answers the
// worker's calls, one method per change of the day, which is why it is long.
import { DurableObject } from 'cloudflare:workers';
import type { Day, DayEvent, DayPiste, DayPlacement, DayPool, DayReferee, DaySnapshot } from '../../core/contracts/days';
import { placeDay, poolState, refereeDay } from '../../core/fencing/day-plan';
import { planCalls } from '../../core/fencing/day-calls';
import { PisteError } from '../../core/fencing/pistes';
import type { LiveMessage } from '../../core/live-messages';
import type { LiveBout } from '../../core/refereeing';
import type { Env } from '../env';
import { migrateRoom } from '../room/schema';
import type { DayRestore } from '../../core/interop/backup-days';
import { fillRestoredDay } from './day-restore';
import { Crowd, crowdLimits, type Missed } from '../room/crowd';
import { brokeLimits, changeMark, newMarks, relayThrough, closeQuietly, closeTagged, reasonOf, sendTagged, socketLimits, SOCKET_TAG_HEADER, type SocketLimits, type SocketTag } from '../room/sockets';
import { LINK_ENDED, openSocket, SocketDoor, type DoorHost } from '../room/socket-door';
import { DAY_STEPS, DAY_TABLES as T } from './schema';
import { forSpectators, keepClubs, readCalls, readClubs, readHeld, readMatches, release, writeCalls, readEvents, readFacts, readPistes, readPlacements, readReferees, writePlacements } from './day-store';
import type { EventWord } from '../room/day-link';
import { addFollow, endFollowsOfOtherLinks, pushCalls, removeFollow, type Follow, type FollowRefusal } from './follows';
import type { Network } from '../auth/network';
import { EventCallsTeller } from './event-calls';
import { callFor, takeStep, takenBefore, type CallStep, type StepRefusal } from './call-steps';
import { DayBridgeDesk, type BridgePisteWork } from './bridge';
import type { BridgeDelivery, DayBridge, ReportAnswer } from '../../core/contracts/bridge';

/** An event as the worker links it to the day. */
export type EventFacts = Pick<DayEvent, 'practice_id' | 'name' | 'weapon' | 'practice_type' | 'position'>;

const NEEDS_PISTES = 'Add the day’s pistes first: the pools need somewhere to fence.';
const STARTED_STAYS = 'This pool has started: it stays on its piste.';
const PISTE_IN_USE = (name: string) => `A pool is fencing on piste ${name}. Remove the piste once its pool is done.`;

/** A change the day refused: the status and message the worker answers with. */
export type DayRefusal = { refused: { status: 404 | 409; message: string } };

/**
 * One instance per competition day (issue 28), named by the day's id: the only writer of the day's
 * arrangements (its pistes, and which pool fences on which piste in which flight), kept in its own SQLite,
 * and the holder of the sockets that watch them (the coach's day screen, the hall board). The events'
 * results stay in their practices' rooms, which tell the day their pools after each change (`eventChanged`,
 * numbered, so an older word never overwrites a newer one); nothing flows back. Every change is one
 * `transactionSync` and ends with the whole snapshot sent to every socket: a day holds at most 64 pistes and
 * core/limits MAX_DAY_POOLS (512) pools, and a snapshot carries its version so a screen keeps the newest.
 */
/** What a paused hall board is told: the day stopped being shared. */
const HALL_PAUSED = 'The coach stopped sharing the hall board.';
/** The key the day keeps its coach's session version under (the day's coach sockets of older tokens are refused). */
const OWNER_SESSIONS = 'owner_sessions';

export class DayRoom extends DurableObject<Env> {
  private readonly limits: SocketLimits;
  /** Who may open a socket, and how fast (../room/socket-door): the practice rooms' door. */
  readonly door: SocketDoor;
  /** The hall board's spectators beyond the room's own sockets, in relay rooms (../room/crowd, ../room/relay). */
  readonly crowd: Crowd;
  private readonly received = new WeakMap<WebSocket, { start: number; count: number }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.limits = socketLimits(env);
    this.door = new SocketDoor(ctx, this.limits);
    this.crowd = new Crowd(ctx, env, { kind: 'day', id: () => this.facts().day?.id ?? null, board: () => this.facts().day?.board_id ?? null }, crowdLimits(env));
    relayThrough(ctx, this.crowd);
    void ctx.blockConcurrencyWhile(async () => {
      await migrateRoom(ctx.storage, DAY_STEPS);
      await this.crowd.started();
    });
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  private readonly teller = new EventCallsTeller(this.ctx.storage.sql, this.env, this.ctx.storage);

  private facts = () => readFacts(this.sql);
  private events = () => readEvents(this.sql);
  private pistes = () => readPistes(this.sql);
  private placements = () => readPlacements(this.sql);
  private referees = () => readReferees(this.sql);

  /** A referee for each placed pool (core/fencing/day-plan `refereeDay`), from the referees and clubs the day holds. */
  private refereed(placements: readonly DayPlacement[]): DayPlacement[] {
    return refereeDay(placements, this.poolsById(), { referees: this.referees(), clubs: readClubs(this.sql) });
  }

  private keepClubs = (clubs: Record<string, string | null>) => keepClubs(this.sql, clubs);

  /** The day as every screen shows it; null before the worker has told the room its facts. */
  async snapshot(): Promise<DaySnapshot | null> {
    return this.current();
  }

  /** The room's data version now (../room/sockets `changeMark`): a hall board's edge read is keyed by it. */
  async changeMark(): Promise<string> {
    return this.mark();
  }

  /** Rows the room's SQLite changed since the instance started (a follow's too: at worst one read more). */
  private mark(): string {
    return changeMark(this.ctx, this.sql.exec<{ n: number }>('SELECT total_changes() AS n').one().n);
  }

  /** The day with the data version it was read under (a hall board's read, through the edge cache: ../room/board-reads). */
  async markedSnapshot(): Promise<{ day: DaySnapshot | null; mark: string }> {
    this.snapshotReads++;
    return { mark: this.mark(), day: this.current() };
  }

  /** Reads of the day for hall boards so far (`markedSnapshot`): what the edge cache spares the room (tests, bench). */
  snapshotReads = 0;

  private current(): DaySnapshot | null {
    const { day, version } = this.facts();
    if (!day) return null;
    return { day, events: this.events(), pistes: this.pistes(), placements: this.placements(), referees: this.referees(), calls: readCalls(this.sql), held: readHeld(this.sql), version };
  }

  /** Calls the matches now ready to the pistes now free, and ends those done or changed (core/fencing/day-calls). */
  private recall() {
    const sql = this.sql;
    const events = readMatches(sql);
    // A held match that is done or gone (a redraw) is no longer held.
    const open = new Set(events.flatMap((e) => e.matches.filter((m) => !m.done).map((m) => `${e.practiceId}:${m.id}`)));
    for (const h of readHeld(sql)) if (!open.has(h.id)) release(sql, h.id);
    const held = new Set(readHeld(sql).map((h) => h.id));
    writeCalls(sql, planCalls({ events, calls: readCalls(sql), pistes: this.pistes(), placements: this.placements(), pools: this.poolsById(), referees: this.referees(), clubs: readClubs(sql), held, now: Date.now() }));
  }

  /**
   * A step on a call (./call-steps): the coach's from the day's screen, or one sent through an event's room
   * (its coach's, or its guest's while the coach allows it). A step whose key was taken already answers the
   * day as it is now: its first answer was lost, and taking it again would meet its own version.
   */
  async callStep(step: CallStep): Promise<DaySnapshot | StepRefusal> {
    if (takenBefore(this.sql, step.key)) return this.current()!;
    const call = callFor(step, readCalls(this.sql), this.facts().day);
    if ('refused' in call) return call;
    return this.change(() => takeStep(this.sql, call, step, Date.now()));
  }

  /** The coach calls a held match again: it is called as soon as its fencers and a piste are free. */
  async callAgain(id: string): Promise<DaySnapshot | DayRefusal> {
    if (!readHeld(this.sql).some((h) => h.id === id)) return { refused: { status: 404, message: 'Call not found' } };
    return this.change(() => release(this.sql, id));
  }

  /** Runs a change in one transaction (the calls follow it), moves the version on and sends the new snapshot to every socket. */
  private change(write: () => void, gone: readonly string[] = []): DaySnapshot {
    const before = new Set(readCalls(this.sql).map((c) => c.id));
    this.ctx.storage.transactionSync(() => {
      write();
      this.recall();
      this.sql.exec(`UPDATE ${T.day} SET version = version + 1`);
    });
    const snapshot = this.current()!;
    this.send('coach', { type: 'day', day: snapshot });
    // A hall board hears the day only while it is shared: unshared, it waits (`dayChanged`).
    if (snapshot.day.board_shared) this.send('spectator', { type: 'day', day: forSpectators(snapshot) });
    // Behind the answer: the events' rooms hear their calls, and the fencers of a new call their phones.
    this.ctx.waitUntil(this.teller.tell(snapshot, gone));
    const called = snapshot.calls.filter((c) => !before.has(c.id));
    if (called.length > 0) this.ctx.waitUntil(pushCalls(this.env, this.sql, called, snapshot));
    return snapshot;
  }

  /** The alarm tells again the events whose rooms did not hear their calls. */
  override async alarm(): Promise<void> {
    const snapshot = this.current();
    if (snapshot) await this.teller.tell(snapshot);
  }

  /**
   * A phone follows a fencer of the day (their page's "Notify me") through the hall board link it holds, from
   * a network: refused past the limits of ./follows, or while that link is not the day's shared one.
   */
  async follow(f: Follow, from: Network): Promise<'added' | 'not-shared' | FollowRefusal> {
    const day = this.facts().day;
    if (!day || day.board_id !== f.board_id || !day.board_shared) return 'not-shared';
    return this.ctx.storage.transactionSync(() => addFollow(this.sql, f, from, Date.now()));
  }

  /** The phone stops following, through the link it followed by (it holds the follow's id, nobody else does). */
  async unfollow(id: string, boardId: string): Promise<boolean> {
    return removeFollow(this.sql, id, boardId);
  }

  /** The venue bridge (issue 57, ./bridge): its key, its machines and each piste's work. */
  private readonly bridge = new DayBridgeDesk(this.ctx.storage.sql);

  /** The bridge as the day's screen shows it. */
  async bridgeView(): Promise<DayBridge> {
    return this.bridge.view();
  }

  /** The coach made a new bridge key (its hash), or ended it (null): the old key ends at once. */
  async bridgeKeyMade(hash: string | null): Promise<DayBridge> {
    this.ctx.storage.transactionSync(() => this.bridge.setKey(hash, Date.now()));
    return this.tellBridge();
  }

  /** The coach confirms (or clears) the machine at a piste. */
  async setPisteMachine(pisteId: string, machine: string | null): Promise<DayBridge | DayRefusal> {
    const done = this.ctx.storage.transactionSync(() => this.bridge.setMachine(pisteId, machine));
    if (!done) return { refused: { status: 404, message: 'Piste not found' } };
    return this.tellBridge();
  }

  /** Each piste's code, machine and work now, for the bridge holding the key of this hash; null for any other key. */
  async bridgeWork(hash: string): Promise<BridgePisteWork[] | null> {
    if (!this.bridge.holds(hash)) return null;
    return this.bridge.work(this.poolsById());
  }

  /** A delivery's word of the bridge itself (its machines and counts): kept, and the coach's screens told when it matters. */
  async bridgeHeard(hash: string, status: Pick<BridgeDelivery, 'bridge' | 'machines' | 'counts'>): Promise<BridgePisteWork[] | null> {
    if (!this.bridge.holds(hash)) return null;
    const tell = this.ctx.storage.transactionSync(() => this.bridge.heard(status, Date.now()));
    if (tell) this.tellBridge();
    return this.bridge.work(this.poolsById());
  }

  /**
   * How a delivery's reports were answered: the refused and stored ones are kept by piste for the screen; the
   * bouts the machines hold now go to the day's screens and hall boards (kept in memory for the next to open).
   */
  async bridgeAnswered(hash: string, answers: (ReportAnswer & { piste: string; end?: string | null })[], bouts: { piste_id: string; bout: LiveBout | null }[] = []): Promise<void> {
    if (!this.bridge.holds(hash)) return;
    if (this.ctx.storage.transactionSync(() => this.bridge.answered(answers, Date.now()))) this.tellBridge();
    const day = this.facts().day;
    if (!day) return;
    for (const { piste_id, bout } of bouts) {
      if (bout) this.pisteBouts.set(piste_id, bout);
      else this.pisteBouts.delete(piste_id);
      const message: LiveMessage = { type: 'piste-bout', dayId: day.id, piste_id, bout };
      this.send('coach', message);
      if (day.board_shared) this.send('spectator', message);
    }
  }

  /** The bouts the pistes' machines hold now, by piste id (issue 57): what a screen opening now is sent. */
  private readonly pisteBouts = new Map<string, LiveBout>();

  private tellBridge(): DayBridge {
    const bridge = this.bridge.view();
    const dayId = this.facts().day?.id;
    if (dayId) this.send('coach', { type: 'bridge', dayId, bridge });
    return bridge;
  }

  /** Sends a message to every socket of a role (the coach's screens, the hall boards). */
  private send(role: 'coach' | 'spectator', message: LiveMessage) {
    sendTagged(this.ctx, role, message);
  }

  /**
   * The day's index facts changed in D1 (created, renamed, shared, a new board link): the room's copy follows.
   * A new link first closes the old link's hall boards, so they hear nothing of the new one, and ends the
   * follows made through the old link (./follows).
   */
  async dayChanged(day: Day, ownerId: string): Promise<DaySnapshot> {
    const previous = this.facts().day;
    const relinked = previous !== null && previous.board_id !== day.board_id;
    if (relinked) {
      closeTagged(this.ctx, 'spectator', LINK_ENDED);
      this.crowd.close(LINK_ENDED);
    }
    // Shared again: the paused boards hear a hello (their screens count themselves live on it), then the day below.
    else if (previous && !previous.board_shared && day.board_shared) this.send('spectator', { type: 'hello', practiceId: day.id, role: 'spectator' });
    const snapshot = this.change(() => {
      this.sql.exec(`UPDATE ${T.day} SET day_id = ?, owner_id = ?, facts = ?`, day.id, ownerId, JSON.stringify(day));
      if (relinked) endFollowsOfOtherLinks(this.sql, day.board_id, Date.now());
    });
    // Sharing ended: the boards stay, told why, and hear nothing until the day is shared again, when a change
    // sends them the day (a TV on the wall comes back by itself).
    if (!relinked && previous?.board_shared && !day.board_shared) this.send('spectator', { type: 'paused', practiceId: day.id, ...reasonOf(HALL_PAUSED) });
    return snapshot;
  }

  /** A practice joined the day (or its name or weapon changed): kept with the pools its room tells. */
  async eventLinked(event: EventFacts): Promise<DaySnapshot> {
    return this.change(() =>
      this.sql.exec(
        `INSERT INTO ${T.events} (practice_id, position, name, weapon, practice_type) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (practice_id) DO UPDATE SET name = excluded.name, weapon = excluded.weapon, practice_type = excluded.practice_type`,
        event.practice_id, event.position, event.name, event.weapon, event.practice_type,
      ),
    );
  }

  /** A practice left the day (unlinked or deleted): its pools leave the pistes. */
  async eventUnlinked(practiceId: string): Promise<DaySnapshot> {
    return this.change(() => {
      this.sql.exec(`DELETE FROM ${T.events} WHERE practice_id = ?`, practiceId);
      this.sql.exec(`DELETE FROM ${T.placements} WHERE practice_id = ?`, practiceId);
    }, [practiceId]);
  }

  /**
   * An event's room tells its pools, tableau and weapon (after every change), numbered: an older or repeated word is
   * acknowledged and dropped. A pool that is gone (deleted, redrawn) leaves its piste. False when the
   * practice is not one of the day's events (it was unlinked): the room stops telling.
   */
  async eventChanged(seq: number, { practiceId, weapon, pools, tableau, matches }: EventWord): Promise<boolean> {
    const held = this.sql.exec<{ seq: number }>(`SELECT seq FROM ${T.events} WHERE practice_id = ?`, practiceId).toArray()[0];
    if (!held) return false;
    if (seq <= held.seq) return true;
    this.change(() => {
      this.sql.exec(
        `UPDATE ${T.events} SET pools = ?, tableau = ?, matches = ?, weapon = ?, seq = ? WHERE practice_id = ?`,
        JSON.stringify(pools), tableau === null ? null : JSON.stringify(tableau), JSON.stringify(matches), weapon, seq, practiceId,
      );
      const ids = new Set(pools.map((p) => p.id));
      for (const p of this.placements()) if (p.practice_id === practiceId && !ids.has(p.pool_id)) this.sql.exec(`DELETE FROM ${T.placements} WHERE pool_id = ?`, p.pool_id);
    });
    return true;
  }

  private poolsById(): Map<string, DayPool> {
    return new Map(this.events().flatMap((e) => e.pools.map((p) => [p.id, p] as const)));
  }

  /**
   * The day's pistes, in order, all at once: ids kept for pistes that stay, new ones made. A piste with a
   * pool fencing on it cannot go (409); a waiting pool on a removed piste is unplaced until the next placing.
   */
  async setPistes(list: { id?: string; name: string; final?: boolean }[]): Promise<DaySnapshot | DayRefusal> {
    const keep = new Set(list.flatMap((p) => (p.id ? [p.id] : [])));
    const pools = this.poolsById();
    const current = this.pistes();
    for (const placed of this.placements()) {
      const pool = pools.get(placed.pool_id);
      if (keep.has(placed.piste_id) || !pool || poolState(pool) !== 'fencing') continue;
      const name = current.find((p) => p.id === placed.piste_id)?.name ?? '';
      return { refused: { status: 409, message: PISTE_IN_USE(name) } };
    }
    const known = new Set(current.map((p) => p.id));
    return this.change(() => {
      for (const p of current) if (!keep.has(p.id)) this.sql.exec(`DELETE FROM ${T.pistes} WHERE id = ?`, p.id);
      this.sql.exec(`DELETE FROM ${T.placements} WHERE piste_id NOT IN (SELECT id FROM ${T.pistes})`);
      list.forEach((p, position) => {
        // An id the day never gave is a new piste's: the room names it.
        const id = p.id && known.has(p.id) ? p.id : crypto.randomUUID();
        this.sql.exec(
          `INSERT INTO ${T.pistes} (id, name, final, position) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, final = excluded.final, position = excluded.position`,
          id, p.name, p.final ? 1 : 0, position,
        );
      });
    });
  }

  /** Places the day's pools on its pistes (./core/fencing/day-plan): balanced, in flights when pistes run short. */
  async placePools(clubs: Record<string, string | null> = {}): Promise<DaySnapshot | DayRefusal> {
    const pistes = this.pistes();
    if (pistes.length === 0) return { refused: { status: 409, message: NEEDS_PISTES } };
    const placed = this.placed(pistes, this.placements());
    if ('refused' in placed) return placed;
    return this.change(() => {
      this.keepClubs(clubs);
      this.writePlacements(this.refereed(placed));
    });
  }

  private writePlacements = (placed: readonly DayPlacement[]) => writePlacements(this.sql, placed);

  /** The day's pools placed again around `current` (core/fencing/day-plan), or the rules' refusal as a 409. */
  private placed(pistes: DayPiste[], current: readonly DayPlacement[]): DayPlacement[] | DayRefusal {
    try {
      return placeDay(this.events().map((e) => ({ practiceId: e.practice_id, pools: e.pools })), pistes, current);
    } catch (e) {
      if (e instanceof PisteError) return { refused: { status: 409, message: e.message } };
      throw e;
    }
  }

  /**
   * The day's referees, in order, all at once (ids kept for referees that stay); every placed pool that is
   * not done gets its referee again, the coach's choices kept while their referee stays on the list.
   */
  async setReferees(list: (Omit<DayReferee, 'id' | 'position'> & { id?: string })[], clubs: Record<string, string | null> = {}): Promise<DaySnapshot> {
    const known = new Set(this.referees().map((r) => r.id));
    return this.change(() => {
      this.keepClubs(clubs);
      this.sql.exec(`DELETE FROM ${T.referees}`);
      list.forEach((r, position) => {
        const id = r.id && known.has(r.id) ? r.id : crypto.randomUUID();
        this.sql.exec(`INSERT INTO ${T.referees} (id, name, club, athlete_id, position) VALUES (?, ?, ?, ?, ?)`, id, r.name, r.club, r.athlete_id, position);
      });
      this.writePlacements(this.refereed(this.placements()));
    });
  }

  /** The coach chooses a placed pool's referee (null: the day chooses again); the other pools follow. */
  async choosePoolReferee(poolId: string, refereeId: string | null): Promise<DaySnapshot | DayRefusal> {
    const placements = this.placements();
    if (!placements.some((p) => p.pool_id === poolId)) return { refused: { status: 404, message: 'Pool not found' } };
    if (refereeId !== null && !this.referees().some((r) => r.id === refereeId)) return { refused: { status: 404, message: 'Referee not found' } };
    const chosen = placements.map((p) => (p.pool_id === poolId ? { ...p, referee_id: refereeId, referee_override: refereeId !== null } : p));
    return this.change(() => this.writePlacements(this.refereed(chosen)));
  }

  /** The coach moves a pool to a piste: it is pinned there and the rest are placed around it. */
  async movePool(poolId: string, pisteId: string): Promise<DaySnapshot | DayRefusal> {
    const pool = this.poolsById().get(poolId);
    if (!pool) return { refused: { status: 404, message: 'Pool not found' } };
    const pistes = this.pistes();
    if (!pistes.some((p) => p.id === pisteId)) return { refused: { status: 404, message: 'Piste not found' } };
    const current = this.placements();
    const here = current.find((p) => p.pool_id === poolId);
    if (poolState(pool) !== 'waiting' && here?.piste_id !== pisteId) return { refused: { status: 409, message: STARTED_STAYS } };
    const event = this.events().find((e) => e.pools.some((p) => p.id === poolId))!;
    const moved: DayPlacement = { referee_id: null, referee_override: false, neutral: true, ...here, pool_id: poolId, practice_id: event.practice_id, piste_id: pisteId, flight: here?.flight ?? 0, pinned: true };
    const placed = this.placed(pistes, [...current.filter((p) => p.pool_id !== poolId), moved]);
    if ('refused' in placed) return placed;
    return this.change(() => this.writePlacements(this.refereed(placed)));
  }

  /** A day restored from a backup (./day-restore), in one transaction; false when the room already holds a day. */
  async restoreDay(restored: DayRestore): Promise<boolean> {
    return fillRestoredDay(this.ctx.storage, restored);
  }

  /** The day was deleted: its screens are told and shown out, and its storage erased. */
  /**
   * The coach's sessions ended (signed out everywhere, a reset, a new password) under `version`: the day screens'
   * sockets are told and closed, and a socket whose token names an older version is refused from then on. A
   * screen still signed in reconnects with its new token.
   */
  async coachSessionsEnded(version: number): Promise<number> {
    if (version > ((await this.ctx.storage.get<number>(OWNER_SESSIONS)) ?? 0)) await this.ctx.storage.put(OWNER_SESSIONS, version);
    return closeTagged(this.ctx, 'coach', 'You were signed out. Sign in again to continue.');
  }

  async dayDeleted(dayId: string): Promise<void> {
    this.send('coach', { type: 'day-deleted', dayId });
    this.send('spectator', { type: 'day-deleted', dayId });
    closeTagged(this.ctx, 'spectator', LINK_ENDED);
    this.crowd.close(LINK_ENDED);
    await this.crowd.forget();
    await this.ctx.storage.deleteAll();
    newMarks(this.ctx);
    await migrateRoom(this.ctx.storage, DAY_STEPS);
  }

  /** Accepts an upgrade the worker has authenticated (the coach, or a hall board by its right link, shared or not). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('Not found', { status: 404 });
    const tag = JSON.parse(request.headers.get(SOCKET_TAG_HEADER) ?? '{}') as SocketTag;
    return openSocket(this.ctx, this.door, this.crowd, request, tag, this.doorHost);
  }

  /** What the day tells its door (../room/socket-door) of a socket coming in. */
  private readonly doorHost: DoorHost = {
    // No day held (deleted), a board of an older link, the coach's token from before their sessions ended.
    ended: async (tag) => {
      // The day's own row only: the whole snapshot is read once, for the greeting.
      const { day } = this.facts();
      if (!day) return true;
      if (tag.role === 'spectator') return day.board_id !== tag.boardId;
      return tag.role === 'coach' && (tag.sv ?? 0) < ((await this.ctx.storage.get<number>(OWNER_SESSIONS)) ?? 0);
    },
    // A board of a day not shared (it came while it was not, or it stopped after the worker's lookup) waits with the others.
    greeting: (tag) => {
      const snapshot = this.current();
      return snapshot ? this.greeting(snapshot, tag.role) : [];
    },
    admitted: () => undefined,
  };

  /** Hello first, as every room says it (the screens' sockets count themselves live on it), then the day; a paused word while it is not shared. */
  private greeting(snapshot: DaySnapshot, role: SocketTag['role']): LiveMessage[] {
    if (role === 'spectator' && !snapshot.day.board_shared) return [{ type: 'paused', practiceId: snapshot.day.id, ...reasonOf(HALL_PAUSED) }];
    return [
      { type: 'hello', practiceId: snapshot.day.id, role },
      { type: 'day', day: role === 'spectator' ? forSpectators(snapshot) : snapshot },
      ...[...this.pisteBouts].map(([piste_id, bout]): LiveMessage => ({ type: 'piste-bout', dayId: snapshot.day.id, piste_id, bout })),
    ];
  }

  /** A relay missed messages from `from` on: those, or the greeting its boards read the day again by. */
  async relayMissed(from: number): Promise<Missed> {
    const snapshot = this.current();
    return this.crowd.missed(from, snapshot ? this.greeting(snapshot, 'spectator') : []);
  }

  /** A relay's count of its boards (at most once a second). */
  async relayCount(shard: number, count: number): Promise<void> {
    this.crowd.reported(shard, count);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (ws.readyState === WebSocket.OPEN) brokeLimits(this.received, ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeQuietly(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, 1011);
  }
}
