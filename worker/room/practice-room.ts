import { DurableObject } from 'cloudflare:workers';
import type { PoolSnapshot, RoomPresence } from '../../core/api';
import { CLOSE_CODES, readActionOf, type LiveMessage } from '../../core/live';
import { can } from '../../core/permissions';
import type { Env } from '../env';
import { getDb } from '../db/client';
import { endExpiredSharing, getSharedPractice, publicPractice } from '../store/practices';
import { errorBody } from '../../core/messages';
import { poolBoutKey, refereeKey, shiftClock, withFormat, fitsFormat, followsRules, seqOrder, type LiveBout, type RefereeClaim, type RefereeFencer, type RefereeTarget } from '../../core/refereeing';
import type { RefereeUpdateBody } from '../../core/validation';
import { startBout, type BoutFormat, type Refereeing } from '../../core/fencing/referee';

/** A reason for the screen: English, with the code the app translates (issue 17). */
const reasonOf = (reason: string) => {
  const { error, code } = errorBody(reason);
  return { reason: error, ...(code ? { code } : {}) };
};

export type SocketRole = 'coach' | 'guest' | 'spectator';

/** Who a socket is, fixed by the worker when it authenticated the upgrade. */
export interface SocketTag {
  role: SocketRole;
  practiceId: string;
  /** The coach's user id, or the guest's session id; absent for spectators. */
  subject?: string;
  /** Guests: the guest epoch their token names. */
  epoch?: number;
  /** Spectators: the board id they opened. */
  boardId?: string;
  /** Epoch ms when the practice's sharing expires (guests and spectators). */
  sharingExpiresAt?: number;
  /** The client's network: an IPv4 address or an IPv6 /64. */
  address: string;
  /** The block around it: an IPv4 /24 or an IPv6 /48. */
  block: string;
}

interface GuestEntry {
  name: string;
  joinedAt: number;
  expiresAt: number;
}

/** Who holds a live bout: one referee view of one person (issue 18). */
interface RefereeHolder {
  view: string;
  /** The coach's user id or the guest's session id. */
  subject: string;
  name: string;
  /** The room's clock when the view was last heard from (claim or update). */
  seenAt: number;
}

/** A bout refereed live, in the room's storage (not D1) until its result is saved or it is discarded. */
interface RefereeRecord {
  target: RefereeTarget;
  left: RefereeFencer;
  right: RefereeFencer;
  format: BoutFormat;
  /** Null once the referee handed it over: the next claim takes it as it stands. */
  holder: RefereeHolder | null;
  /** The last referee's name, shown while nobody holds it. */
  referee: string;
  /** Clock readings in the room's time. */
  refereeing: Refereeing;
  seq: number;
}

/** A referee view silent this long (phone lost, battery dead) may be taken over by another. */
export const REFEREE_STALE_MS = 60_000;

export type RefereeClaimResult = { ok: true; claim: RefereeClaim } | { ok: false; holder: string };
/** 'stale': an older step (kept out); 'ahead': a step number past the window; 'invalid': outside the format; 'against-rules': cards or hits the rules forbid. */
export type RefereeUpdateResult = 'ok' | 'stale' | 'ahead' | 'not-holder' | 'invalid' | 'against-rules';

/** The most live guest sessions one practice holds. */
export const MAX_GUESTS = 50;

/**
 * Socket caps in a room. The coach (`coach` sockets) and each guest (`perGuest`) have places of their own,
 * which spectators cannot take: spectators get the room (`perRoom`) minus that reserve; per network
 * (`perAddress`: an IPv4 address or an IPv6 /64) and per block (`perBlock`: a /24 or a /48) only spectators
 * count. Env ROOM_SOCKET_LIMIT, ADDRESS_SOCKET_LIMIT and BLOCK_SOCKET_LIMIT override the first three.
 */
export const SOCKET_LIMITS = { perRoom: 5_000, perAddress: 20, perBlock: 100, coach: 100, perGuest: 4 };

/** A room's caps: SOCKET_LIMITS with the env's overrides, and `spectators`, the places the board link may fill. */
export type SocketLimits = typeof SOCKET_LIMITS & { spectators: number };

/** The places kept for the coach and the guests: the coach's sockets plus MAX_GUESTS guests' (300 by default). */
export const memberPlaces = (l: Pick<SocketLimits, 'coach' | 'perGuest'>) => l.coach + MAX_GUESTS * l.perGuest;

/**
 * What a socket may send: clients send only 'ping', which the runtime answers without waking the room, so
 * anything that reaches it is not our protocol. Past `bytes` (characters of a text frame) the socket closes
 * with 1009; past `perWindow` messages within `windowMs`, with 1008.
 */
export const MESSAGE_LIMITS = { bytes: 4_096, perWindow: 20, windowMs: 10_000 };

const positive = (raw: string | undefined, fallback: number) => (Number(raw) > 0 ? Number(raw) : fallback);

/**
 * One instance per practice (named by the practice id). It holds the websockets of everyone watching the
 * practice and fans out what routes publish after a successful write, each message only to the roles the
 * permission table lets read it. Sockets are accepted with the hibernation API: the object may sleep
 * between messages, and after a wake-up `getWebSockets()` and each socket's tags are all it needs; pings
 * are answered by the runtime so they never wake it. Its storage holds the live guest sessions, the
 * practice's latest guest epoch and board id (so an upgrade or join that read the practice before a
 * revocation cannot register after it), and an alarm at the moment sharing expires. It keeps no pool
 * data: D1 is the only truth.
 */
export class PracticeRoom extends DurableObject<Env> {
  limits: SocketLimits;
  private presenceTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Messages each socket sent in its current window. In memory: a flood keeps the room awake, so only a
   * socket that stayed quiet long enough for the room to hibernate starts a fresh window on waking.
   */
  private readonly received = new WeakMap<WebSocket, { start: number; count: number }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const perRoom = positive(env.ROOM_SOCKET_LIMIT, SOCKET_LIMITS.perRoom);
    this.limits = {
      ...SOCKET_LIMITS,
      perRoom,
      perAddress: positive(env.ADDRESS_SOCKET_LIMIT, SOCKET_LIMITS.perAddress),
      perBlock: positive(env.BLOCK_SOCKET_LIMIT, SOCKET_LIMITS.perBlock),
      // A small override still leaves spectators half the room.
      spectators: Math.max(perRoom - memberPlaces(SOCKET_LIMITS), Math.floor(perRoom / 2)),
    };
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** Accepts an upgrade the worker has already authenticated; the tag arrives in a header. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a websocket upgrade', { status: 426 });
    }
    const tag = JSON.parse(request.headers.get('x-piste-socket') ?? '{}') as SocketTag;
    const pair = new WebSocketPair();
    const server = pair[1];
    this.ctx.acceptWebSocket(server, tagsOf(tag));
    server.serializeAttachment(tag);
    const refusal = await this.refusalFor(tag);
    if (refusal) {
      server.send(JSON.stringify(refusal.message));
      server.close(refusal.code, refusal.message.reason.slice(0, 120));
    } else {
      server.send(JSON.stringify({ type: 'hello', practiceId: tag.practiceId, role: tag.role } satisfies LiveMessage));
      // The bouts on the piste right now, so a screen opened mid-bout shows them at once.
      const now = Date.now();
      for (const record of (await this.ctx.storage.list<RefereeRecord>({ prefix: 'ref:' })).values()) {
        server.send(JSON.stringify({ type: 'referee', practiceId: tag.practiceId, bout: liveBoutOf(record, now) } satisfies LiveMessage));
      }
      for (const [key, chosen] of await this.ctx.storage.list<Record<string, string>>({ prefix: 'duty:' })) {
        server.send(JSON.stringify({ type: 'duty', practiceId: tag.practiceId, poolId: key.slice('duty:'.length), chosen } satisfies LiveMessage));
      }
      if (tag.role !== 'coach') await this.watchSharing(tag.practiceId, tag.sharingExpiresAt);
      if (tag.role === 'spectator') this.presenceChanged();
    }
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Why a socket may not stay: caps first, then a revocation that happened after the worker's checks. */
  private async refusalFor(tag: SocketTag): Promise<{ code: number; message: Extract<LiveMessage, { type: 'refused' | 'room-closed' }> } | null> {
    const tooMany = (reason: string) => ({ code: CLOSE_CODES.tooMany, message: { type: 'refused' as const, ...reasonOf(reason) } });
    // The socket being accepted is already counted by getWebSockets.
    const count = (tagged: string) => this.ctx.getWebSockets(tagged).length;
    const l = this.limits;
    if (tag.role === 'spectator') {
      if (count('spectator') > l.spectators || this.ctx.getWebSockets().length > l.perRoom) return tooMany('This practice has too many live screens open. Try again later.');
      // A block the socket was not tagged with (the network itself, for an address the worker could not read) counts nothing.
      if (count(`net:${tag.address}`) > l.perAddress || count(`block:${tag.block}`) > l.perBlock) {
        return tooMany('Too many live screens are open from your network. Close some and reload.');
      }
    } else if (tag.role === 'coach' ? count('coach') > l.coach : count(`subject:${tag.subject}`) > l.perGuest) {
      return tooMany('You have too many live screens open on this practice. Close some and reload.');
    }
    const ended = { code: CLOSE_CODES.ended, message: { type: 'room-closed' as const, ...reasonOf('This link or session is no longer valid.') } };
    if (tag.role === 'guest' && (tag.epoch ?? -1) < (await this.epoch())) return ended;
    if (tag.role === 'guest' && !(await this.hasGuest(tag.subject ?? ''))) return ended;
    if (tag.role === 'spectator') {
      const board = await this.ctx.storage.get<string>('board');
      if (board !== undefined && board !== tag.boardId) return ended;
    }
    return null;
  }

  private async epoch() {
    return (await this.ctx.storage.get<number>('epoch')) ?? 0;
  }

  /** Sends a message to every socket whose role may read it; returns how many received it. */
  async publish(message: LiveMessage): Promise<number> {
    // A result saved for a bout on the piste (by its referee, or typed in the grid) ends it live.
    if (message.type === 'bout' && message.delta.bout) await this.endRefereeing(message.practiceId, poolBoutKey(message.delta.pool_id, message.delta.player1_id, message.delta.player2_id));
    if (message.type === 'matches') {
      for (const m of message.delta.matches) if (m.winner_id) await this.endRefereeing(message.practiceId, refereeKey({ kind: 'tableau', round: m.round, position: m.position }));
    }
    if (message.type === 'pool' || message.type === 'pool-deleted' || message.type === 'pools' || message.type === 'bracket') await this.dropStaleBouts(message);
    if (message.type === 'pool-deleted') await this.ctx.storage.delete(`duty:${message.poolId}`);
    return this.send(message);
  }

  private async send(message: LiveMessage): Promise<number> {
    const action = readActionOf(message);
    const data = JSON.stringify(message);
    let sent = 0;
    for (const role of ['coach', 'guest', 'spectator'] as const) {
      if (!can(role, action)) continue;
      for (const ws of this.ctx.getWebSockets(role)) {
        try {
          ws.send(data);
          sent++;
        } catch {
          // A socket closing as we send is dropped by the runtime; the others still get the message.
        }
      }
    }
    return sent;
  }

  /**
   * A referee view claims a bout (issue 18). Free, handed over, held by this same view (a reload), or held
   * by a view silent for REFEREE_STALE_MS: the view gets it, as it stands. Held by another live view:
   * refused with the referee's name. The bout, names and format come from the worker's checks, never the phone.
   */
  async claimReferee(practiceId: string, bout: Omit<RefereeRecord, 'holder' | 'referee' | 'refereeing' | 'seq'>, holder: Omit<RefereeHolder, 'seenAt'>): Promise<RefereeClaimResult> {
    const key = refereeKey(bout.target);
    const now = Date.now();
    const stored = await this.ctx.storage.get<RefereeRecord>(`ref:${key}`);
    const current = stored?.holder;
    if (current && current.view !== holder.view && now - current.seenAt < REFEREE_STALE_MS) return { ok: false, holder: current.name };
    const record: RefereeRecord = stored
      ? { ...stored, holder: { ...holder, seenAt: now }, referee: holder.name }
      : { ...bout, holder: { ...holder, seenAt: now }, referee: holder.name, refereeing: { state: startBout(bout.format), past: [] }, seq: 0 };
    await this.ctx.storage.put(`ref:${key}`, record);
    const live = liveBoutOf(record, now);
    await this.send({ type: 'referee', practiceId, bout: live });
    return { ok: true, claim: { bout: live, refereeing: record.refereeing, seq: record.seq } };
  }

  /**
   * A step of the referee's phone: kept and sent to every screen. Only the view holding the bout may
   * write; an update older than the stored one (a retry that crossed a later one) changes nothing, one
   * further ahead than REFEREE_SEQ_WINDOW is refused, and so is one the rules do not allow (`followsRules`).
   */
  async updateReferee(practiceId: string, subject: string, body: RefereeUpdateBody): Promise<RefereeUpdateResult> {
    const key = refereeKey(body.target);
    const record = await this.ctx.storage.get<RefereeRecord>(`ref:${key}`);
    if (!record || !holds(record, body.view, subject)) return 'not-holder';
    const now = Date.now();
    const order = seqOrder(record.seq, body.seq);
    if (order !== 'next') return order;
    if (![body.state, ...body.past].every((s) => fitsFormat(s, record.format))) return 'invalid';
    if (!followsRules(body, record.format)) return 'against-rules';
    const sent: Refereeing = { state: withFormat(body.state, record.format), past: body.past.map((s) => withFormat(s, record.format)) };
    const next: RefereeRecord = { ...record, refereeing: shiftClock(sent, now - body.sent_at), seq: body.seq, holder: { ...record.holder, seenAt: now } };
    await this.ctx.storage.put(`ref:${key}`, next);
    await this.send({ type: 'referee', practiceId, bout: liveBoutOf(next, now) });
    return 'ok';
  }

  /** The holding view hands the bout over (kept as it stands) or discards it (gone from every screen). */
  async releaseReferee(practiceId: string, subject: string, target: RefereeTarget, view: string, discard: boolean): Promise<boolean> {
    const key = refereeKey(target);
    const record = await this.ctx.storage.get<RefereeRecord>(`ref:${key}`);
    if (!record || !holds(record, view, subject)) return false;
    if (discard) return this.endRefereeing(practiceId, key);
    const next = { ...record, holder: null };
    await this.ctx.storage.put(`ref:${key}`, next);
    await this.send({ type: 'referee', practiceId, bout: liveBoutOf(next, Date.now()) });
    return true;
  }

  /**
   * The coach chooses who referees a pool bout (null: back to the suggestion). Kept here with the bouts on
   * the piste: the day's arrangements, not results. Sent to every screen of the pool.
   */
  async chooseReferee(practiceId: string, poolId: string, bout: string, refereeId: string | null): Promise<Record<string, string>> {
    const chosen = { ...((await this.ctx.storage.get<Record<string, string>>(`duty:${poolId}`)) ?? {}) };
    if (refereeId) chosen[bout] = refereeId;
    else delete chosen[bout];
    await this.ctx.storage.put(`duty:${poolId}`, chosen);
    await this.send({ type: 'duty', practiceId, poolId, chosen });
    return chosen;
  }

  /**
   * Ends a live bout, if there is one. Called for every saved bout and score: the read (served from the
   * object's cache) spares those without a live bout a storage write on the fan-out's path.
   */
  private async endRefereeing(practiceId: string, key: string): Promise<boolean> {
    if ((await this.ctx.storage.get(`ref:${key}`)) === undefined) return false;
    await this.ctx.storage.delete(`ref:${key}`);
    await this.send({ type: 'referee-end', practiceId, key });
    return true;
  }

  /**
   * A pool deleted or redrawn, a fencer of the bout gone from it, withdrawn or excluded, the tableau reset:
   * bouts refereed there end with them.
   */
  private async dropStaleBouts(message: Extract<LiveMessage, { type: 'pool' | 'pool-deleted' | 'pools' | 'bracket' }>) {
    const records = await this.ctx.storage.list<RefereeRecord>({ prefix: 'ref:' });
    for (const [storageKey, r] of records) {
      const t = r.target;
      const gone = t.kind === 'tableau'
        ? message.type === 'bracket' && message.bracket.matches.length === 0 && message.bracket.seeding === null
        : message.type === 'pool-deleted' ? t.pool_id === message.poolId
        : message.type === 'pool' ? message.pool.id === t.pool_id && !stillFencing(message.pool, t)
        : message.type === 'pools' ? !message.pools.some((p) => stillFencing(p, t))
        : false;
      if (gone) await this.endRefereeing(message.practiceId, storageKey.slice('ref:'.length));
    }
  }

  /** Closes every socket carrying a tag (a role, or `subject:<id>`), telling each why; one failing never stops the rest. */
  async closeSockets(tag: string, reason: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(tag);
    const message = JSON.stringify({ type: 'room-closed', ...reasonOf(reason) } satisfies LiveMessage);
    for (const ws of sockets) {
      try {
        ws.send(message);
      } catch {
        // Already closing: the close below still runs.
      }
      try {
        ws.close(CLOSE_CODES.ended, reason.slice(0, 120));
      } catch {
        // Already closed.
      }
    }
    return sockets.length;
  }

  /**
   * Registers a guest session unless its epoch is already void or the room holds its most guests; until
   * removed or expired, the guest's token works.
   */
  async addGuest(sessionId: string, name: string, epoch: number, expiresAt: number, practiceId: string): Promise<'added' | 'void' | 'full'> {
    if (epoch < (await this.epoch())) return 'void';
    if ((await this.presence()).guests.length >= MAX_GUESTS) return 'full';
    await this.ctx.storage.put(`guest:${sessionId}`, { name, joinedAt: Date.now(), expiresAt } satisfies GuestEntry);
    await this.watchSharing(practiceId, expiresAt);
    this.presenceChanged();
    return 'added';
  }

  /** Renews a live guest session's expiry (the practice's sharing was extended). */
  async renewGuest(sessionId: string, expiresAt: number): Promise<boolean> {
    const entry = await this.ctx.storage.get<GuestEntry>(`guest:${sessionId}`);
    if (!entry || entry.expiresAt <= Date.now()) return false;
    await this.ctx.storage.put(`guest:${sessionId}`, { ...entry, expiresAt: Math.max(entry.expiresAt, expiresAt) });
    return true;
  }

  async hasGuest(sessionId: string): Promise<boolean> {
    const entry = await this.ctx.storage.get<GuestEntry>(`guest:${sessionId}`);
    return entry !== undefined && entry.expiresAt > Date.now();
  }

  /** Ends one guest's session (they left, or the coach removed them) and closes their sockets at once. */
  async removeGuest(sessionId: string, reason: string): Promise<boolean> {
    const existed = await this.ctx.storage.delete(`guest:${sessionId}`);
    await this.closeSockets(`subject:${sessionId}`, reason);
    this.presenceChanged();
    return existed;
  }

  /**
   * Sharing off, a new room code, sharing expired or the practice deleted: the epoch moves on (so a join or
   * upgrade still in flight with the old one is refused), every guest session ends, guest and spectator
   * sockets close.
   */
  async endGuestAccess(reason: string, epoch: number): Promise<void> {
    if (epoch > (await this.epoch())) await this.ctx.storage.put('epoch', epoch);
    const sessions = await this.ctx.storage.list({ prefix: 'guest:' });
    await this.ctx.storage.delete([...sessions.keys()]);
    await this.closeSockets('guest', reason);
    await this.closeSockets('spectator', reason);
    this.presenceChanged();
  }

  /** A new board link: the old one's sockets close, and an upgrade that read the old id is refused. */
  async replaceBoard(boardId: string, reason: string): Promise<void> {
    await this.ctx.storage.put('board', boardId);
    await this.closeSockets('spectator', reason);
    this.presenceChanged();
  }

  /** Guests in the room with their join time, and the number of live-board screens. */
  async presence(): Promise<RoomPresence> {
    const now = Date.now();
    const sessions = await this.ctx.storage.list<GuestEntry>({ prefix: 'guest:' });
    const guests = [...sessions]
      .filter(([, g]) => g.expiresAt > now)
      .map(([key, g]) => ({ id: key.slice('guest:'.length), name: g.name, joined_at: g.joinedAt }))
      .sort((a, b) => a.joined_at - b.joined_at);
    return { guests, spectators: this.ctx.getWebSockets('spectator').length };
  }

  /** Tells the coach's screens who is in the room, at most once a second however many come and go. */
  private presenceChanged() {
    if (this.presenceTimer) return;
    this.presenceTimer = setTimeout(async () => {
      this.presenceTimer = undefined;
      const practiceId = await this.ctx.storage.get<string>('practiceId');
      if (practiceId) await this.publish({ type: 'presence', practiceId, presence: await this.presence() });
    }, 1_000);
  }

  /** Remembers the practice and wakes at its sharing expiry, to end guest access if no write extended it. */
  private async watchSharing(practiceId: string, expiresAt: number | undefined) {
    await this.ctx.storage.put('practiceId', practiceId);
    if (!expiresAt) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > expiresAt) await this.ctx.storage.setAlarm(expiresAt);
  }

  override async alarm(): Promise<void> {
    const practiceId = await this.ctx.storage.get<string>('practiceId');
    if (practiceId) await this.endSharingIfExpired(practiceId);
  }

  /**
   * Turns the practice's sharing off if it has run out (epoch on, guest and board sockets closed, the
   * coach's screens told); otherwise wakes again when it would. True when this call turned it off. Called
   * by the alarm and by the scheduled clean-up.
   */
  async endSharingIfExpired(practiceId: string): Promise<boolean> {
    const db = getDb(this.env.DB);
    const ended = await endExpiredSharing(db, practiceId);
    if (ended) {
      await this.endGuestAccess('Guest access ended: no scores were entered for a while.', ended.guest_epoch);
      await this.publish({ type: 'practice', practice: publicPractice(ended) });
      return true;
    }
    const shared = await getSharedPractice(db, practiceId);
    if (shared) await this.ctx.storage.setAlarm(shared.sharing_expires_at);
    return false;
  }

  /**
   * Clients only listen (writes go through the HTTP API, so they are authorised and stored first) and their
   * pings never get here: a message that does is counted, and an oversized one or a flood closes its socket.
   */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (ws.readyState !== WebSocket.OPEN) return;
    const size = typeof message === 'string' ? message.length : message.byteLength;
    if (size > MESSAGE_LIMITS.bytes) return refuseSocket(ws, CLOSE_CODES.tooBig, 'message too big');
    const now = Date.now();
    const seen = this.received.get(ws);
    const counted = seen && now - seen.start < MESSAGE_LIMITS.windowMs ? { start: seen.start, count: seen.count + 1 } : { start: now, count: 1 };
    this.received.set(ws, counted);
    if (counted.count > MESSAGE_LIMITS.perWindow) refuseSocket(ws, CLOSE_CODES.policy, 'message rate');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.closeQuietly(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.closeQuietly(ws, 1011);
  }

  private closeQuietly(ws: WebSocket, code: number) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // already closed
    }
    if ((ws.deserializeAttachment() as SocketTag | null)?.role === 'spectator') this.presenceChanged();
  }
}

/**
 * A socket's tags: its role and subject (to close them), and a spectator's network and block (to count them;
 * a block that is the network itself, an address the worker could not read, is counted once, as the network).
 */
function tagsOf(tag: SocketTag): string[] {
  const counted = tag.role === 'spectator' ? [`net:${tag.address}`, ...(tag.block !== tag.address ? [`block:${tag.block}`] : [])] : [];
  return [tag.role, ...(tag.subject ? [`subject:${tag.subject}`] : []), ...counted];
}

/** Closes a socket that broke the message limits, with one log line: the route and the reason, nothing that names the client. */
function refuseSocket(ws: WebSocket, code: number, reason: string) {
  console.warn(`socket closed: /api/live ${reason} (${code})`);
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}

/** Whether this referee view of this person holds the bout now. */
function holds(r: RefereeRecord, view: string, subject: string): r is RefereeRecord & { holder: RefereeHolder } {
  return r.holder !== null && r.holder.view === view && r.holder.subject === subject;
}

/** Whether both fencers of a pool bout still fence in this pool (not gone from it, withdrawn or excluded). */
function stillFencing(pool: PoolSnapshot, t: Extract<RefereeTarget, { kind: 'pool' }>): boolean {
  return pool.id === t.pool_id && [t.a, t.b].every((id) => pool.players.some((x) => x.id === id && !x.status));
}

/** What screens are sent of a stored live bout, read at the room's `now`. */
function liveBoutOf(r: RefereeRecord, now: number): LiveBout {
  return { key: refereeKey(r.target), target: r.target, left: r.left, right: r.right, referee: r.holder?.name ?? r.referee, state: r.refereeing.state, now };
}
