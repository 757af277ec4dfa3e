import { CLOSE_CODES, readActionOf, type LiveMessage } from '../../core/live-messages';
import { errorBody } from '../../core/messages';
import { can } from '../../core/permissions';
import type { Env } from '../env';

/** A reason for the screen: English, with the code the app translates (issue 17). */
export const reasonOf = (reason: string) => {
  const { error, code } = errorBody(reason);
  return { reason: error, ...(code ? { code } : {}) };
};

export type SocketRole = 'coach' | 'guest' | 'spectator';

/** Who a socket is, fixed by the worker when it authenticated the upgrade. */
/** The header an upgrade carries its tag in, from the worker (which authenticated it) to the room. */
export const SOCKET_TAG_HEADER = 'x-piste-socket';

/** A board's upgrade also carries the practice as the worker read it from the D1 index (the room agrees with it). */
export const INDEX_WORD_HEADER = 'x-piste-index-word';

export interface SocketTag {
  role: SocketRole;
  practiceId: string;
  /** The coach's user id, or the guest's session id; absent for spectators. */
  subject?: string;
  /** The coach: the account's session version their access token names (a later sign-out ends the socket). */
  sv?: number;
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

/** The most live guest sessions one practice holds. */
export const MAX_GUESTS = 50;

/**
 * Socket places in a room. The coach (`coach` sockets) and each guest (`perGuest`) have places of their own,
 * which spectators cannot take: spectators get the room (`perRoom`) minus that reserve. A network (`perAddress`:
 * an IPv4 address or an IPv6 /64) and a block (`perBlock`: a /24 or a /48) each have a share of the spectators'
 * places, wide enough for a venue's hall behind one address; past it a board reads itself every few seconds
 * instead (./socket-door), and the coach's own network has no share but the room's. Env ROOM_SOCKET_LIMIT,
 * ADDRESS_SOCKET_LIMIT and BLOCK_SOCKET_LIMIT override the first three.
 */
export const SOCKET_LIMITS = { perRoom: 5_000, perAddress: 1_000, perBlock: 2_000, coach: 100, perGuest: 4 };

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

/** The caps of a room under this environment. */
export function socketLimits(env: Env): SocketLimits {
  const perRoom = positive(env.ROOM_SOCKET_LIMIT, SOCKET_LIMITS.perRoom);
  return {
    ...SOCKET_LIMITS,
    perRoom,
    perAddress: positive(env.ADDRESS_SOCKET_LIMIT, SOCKET_LIMITS.perAddress),
    perBlock: positive(env.BLOCK_SOCKET_LIMIT, SOCKET_LIMITS.perBlock),
    // A small override still leaves spectators half the room.
    spectators: Math.max(perRoom - memberPlaces(SOCKET_LIMITS), Math.floor(perRoom / 2)),
  };
}

/**
 * A socket's tags: its role and subject (to close them), a spectator's network and block (to count them; a block
 * that is the network itself, an address the worker could not read, is counted once, as the network), and the
 * coach's network as the venue's (./socket-door).
 */
export function tagsOf(tag: SocketTag): string[] {
  const counted = tag.role === 'spectator' ? [`net:${tag.address}`, ...(tag.block !== tag.address ? [`block:${tag.block}`] : [])] : [];
  const venue = tag.role === 'coach' ? [`venue:${tag.address}`] : [];
  return [tag.role, ...(tag.subject ? [`subject:${tag.subject}`] : []), ...counted, ...venue];
}

const boots = new WeakMap<DurableObjectState, string>();

/**
 * A room's data version (its change mark, issue 29): the instance's own id and a count of its data's changes
 * that its writes raise in their own transaction (`changes`: a practice room's archive marks, which triggers on
 * every table of the practice raise; a day room's rows changed since the instance started). Two reads under the
 * same mark saw the same data; a restarted or erased room has a new id, so a mark never repeats.
 */
export function changeMark(ctx: DurableObjectState, changes: number): string {
  let boot = boots.get(ctx);
  if (!boot) boots.set(ctx, (boot = crypto.randomUUID().slice(0, 8)));
  return `${boot}:${changes}`;
}

/** A room erased (its practice deleted): its marks start under a new id, as `total_changes()` may start again. */
export const newMarks = (ctx: DurableObjectState) => void boots.delete(ctx);

/** The roles a room is sending nothing to now (a paused board's spectators); kept in memory, set again on waking. */
const muted = new WeakMap<DurableObjectState, Set<SocketRole>>();

/** Stops (or resumes) every message to a role's sockets; they stay open. */
export function muteRole(ctx: DurableObjectState, role: SocketRole, on: boolean) {
  const roles = muted.get(ctx) ?? new Set<SocketRole>();
  if (on) roles.add(role);
  else roles.delete(role);
  muted.set(ctx, roles);
}

export const isMuted = (ctx: DurableObjectState, role: SocketRole) => muted.get(ctx)?.has(role) === true;

/** Where a room's spectators beyond its own sockets hear it (./crowd): registered by the room. */
const relays = new WeakMap<DurableObjectState, { forward(data: string[]): void }>();
export const relayThrough = (ctx: DurableObjectState, crowd: { forward(data: string[]): void }) => void relays.set(ctx, crowd);

/** Sends messages, in order, to every socket carrying a tag (a role), muted or not; one failing never stops the rest. Spectators' go to the relays too. */
export function sendTagged(ctx: DurableObjectState, tag: string, ...messages: LiveMessage[]): number {
  const sockets = ctx.getWebSockets(tag);
  const data = messages.map((m) => JSON.stringify(m));
  if (tag === 'spectator') relays.get(ctx)?.forward(data);
  for (const ws of sockets) {
    try {
      for (const d of data) ws.send(d);
    } catch {
      // A socket closing as we send is dropped by the runtime; the others still get them.
    }
  }
  return sockets.length;
}

/** Sends a message to every socket whose role may read it (the permission table); returns how many received it. */
export function fanOut(ctx: DurableObjectState, message: LiveMessage): number {
  const action = readActionOf(message);
  const data = JSON.stringify(message);
  const silent = muted.get(ctx);
  let sent = 0;
  if (can('spectator', action) && !silent?.has('spectator')) relays.get(ctx)?.forward([data]);
  for (const role of ['coach', 'guest', 'spectator'] as const) {
    if (!can(role, action) || silent?.has(role)) continue;
    for (const ws of ctx.getWebSockets(role)) {
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
 * Closes every socket carrying a tag (a role, or `subject:<id>`), or those of them `which` picks by their own tag,
 * telling each why; one failing never stops the rest.
 */
export function closeTagged(ctx: DurableObjectState, tag: string, reason: string, which?: (tag: SocketTag | null) => boolean): number {
  const tagged = ctx.getWebSockets(tag);
  const sockets = which ? tagged.filter((ws) => which(ws.deserializeAttachment() as SocketTag | null)) : tagged;
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
 * Counts what a socket sent (clients only listen; their pings never get here): true when it broke the
 * message limits, after closing it. `received` holds each socket's current window, in memory: a flood keeps
 * the room awake, so only a socket that stayed quiet long enough for the room to hibernate starts afresh.
 */
export function brokeLimits(received: WeakMap<WebSocket, { start: number; count: number }>, ws: WebSocket, message: string | ArrayBuffer): boolean {
  const size = typeof message === 'string' ? message.length : message.byteLength;
  if (size > MESSAGE_LIMITS.bytes) return refuseSocket(ws, CLOSE_CODES.tooBig, 'message too big');
  const now = Date.now();
  const seen = received.get(ws);
  const counted = seen && now - seen.start < MESSAGE_LIMITS.windowMs ? { start: seen.start, count: seen.count + 1 } : { start: now, count: 1 };
  received.set(ws, counted);
  return counted.count > MESSAGE_LIMITS.perWindow && refuseSocket(ws, CLOSE_CODES.policy, 'message rate');
}

/** Closes a socket that broke the message limits, with one log line: the route and the reason, nothing that names the client. */
function refuseSocket(ws: WebSocket, code: number, reason: string): true {
  console.warn(`socket closed: /api/live ${reason} (${code})`);
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
  return true;
}

/** Answers a client's close (or an error) by closing our side, without a code the protocol forbids sending. */
export function closeQuietly(ws: WebSocket, code: number) {
  try {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
  } catch {
    // already closed
  }
}
