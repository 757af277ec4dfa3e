import { CLOSE_CODES, type LiveMessage } from '../../core/live-messages';
import type { Crowd } from './crowd';
import { reasonOf, tagsOf, type SocketLimits, type SocketTag } from './sockets';

/** New sockets from one place: `burst` at once, then `perSecond` more each second. */
export interface OpenRate {
  burst: number;
  perSecond: number;
}

/**
 * How fast spectators' sockets may open. The number of people behind one address is not abuse (a venue's
 * Wi-Fi, a carrier's CGNAT): 500 phones opening a board together all go live. What is slowed is the rate of
 * new sockets from one network (an IPv4 address or an IPv6 /64) and one block (a /24, a /48): a script
 * opening hundreds a second, or one client in a loop. A socket refused for its rate is told so and its
 * screen tries again within seconds (never a dead end). The coach's own network, the venue's, opens
 * `venueFactor` times as fast and is counted against the room's places only.
 */
export const OPEN_RATES = {
  network: { burst: 600, perSecond: 60 } satisfies OpenRate,
  block: { burst: 1_200, perSecond: 120 } satisfies OpenRate,
  venueFactor: 4,
};

/** What a screen hears when its link or session ended (a new board link, a sign-out, a deleted day). */
export const LINK_ENDED = 'This link or session is no longer valid.';
/** The refusal of a socket opened faster than its network's rate: its screen goes live on a later try. */
const OPENING_TOO_FAST = 'Many screens are opening from your network at once. This one goes live in a few seconds.';
/** The refusal past a network's (or block's) share of a room: the board then reads itself every few seconds. */
export const NETWORK_SHARE_FULL = 'Very many screens watch this board from your network: this one updates every few seconds instead of live.';
/** The refusal past the room's places for spectators. */
export const ROOM_FULL = 'This practice has too many live screens open. Try again later.';
/** The refusal of the coach's or a guest's screen past their own places. */
export const OWN_SCREENS_FULL = 'You have too many live screens open on this practice. Close some and reload.';

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept at most; a room past it forgets them all (a forgotten bucket is a full one: at worst one more burst). */
const BUCKETS_KEPT = 10_000;

/**
 * A room's door for sockets (a practice's room and a day's alike): the places of the coach, each guest and
 * the spectators, each network's share and the rate at which a network opens new sockets. In memory: a flood
 * keeps the room awake, and a room that hibernated was quiet long enough for every bucket to be full again.
 */
export class SocketDoor {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ctx: DurableObjectState,
    readonly limits: SocketLimits,
    readonly rates: typeof OPEN_RATES = structuredClone(OPEN_RATES),
  ) {}

  /**
   * Why a socket just accepted (so already counted) may not stay, or null. `venue`: the socket's network is the
   * venue's as its writer saw it (a relay's door, which holds no coach socket of its own, is told so).
   */
  refusal(tag: SocketTag, now = Date.now(), venue = this.isVenue(tag)): string | null {
    return this.placeRefusal(tag, venue) ?? (tag.role === 'spectator' ? this.tooFast(tag, now, venue) : null);
  }

  /**
   * Why a socket just accepted may not stay for want of places (its own, its network's, the room's), or null.
   * `shares`: a network's and a block's share here, when not the room's own (a relay's part of them).
   */
  placeRefusal(tag: SocketTag, venue = this.isVenue(tag), shares?: { perAddress: number; perBlock: number }): string | null {
    const count = (tagged: string) => this.ctx.getWebSockets(tagged).length;
    const l = { ...this.limits, ...shares };
    if (tag.role !== 'spectator') {
      const over = tag.role === 'coach' ? count('coach') > l.coach : count(`subject:${tag.subject}`) > l.perGuest;
      return over ? OWN_SCREENS_FULL : null;
    }
    if (count('spectator') > l.spectators || this.ctx.getWebSockets().length > l.perRoom) return ROOM_FULL;
    // The venue's network shares the room's places only; any other network has a share of its own. A socket past
    // it takes no token: a board that polls instead never slows its neighbours' reconnects.
    if (!venue && (count(`net:${tag.address}`) > l.perAddress || count(`block:${tag.block}`) > l.perBlock)) return NETWORK_SHARE_FULL;
    return null;
  }

  /** The coach's own network, the venue's: a coach socket of the room's is open from it. */
  isVenue(tag: SocketTag): boolean {
    return this.ctx.getWebSockets(`venue:${tag.address}`).length > 0;
  }

  /**
   * OPENING_TOO_FAST when the socket's network (or block) opens faster than its rate, else null, having taken
   * its tokens. A board sent on to a relay is counted here, by its writer, which every board passes.
   */
  tooFast(tag: SocketTag, now = Date.now(), venue = this.isVenue(tag)): string | null {
    const factor = venue ? this.rates.venueFactor : 1;
    const places = [{ key: `net:${tag.address}`, rate: this.rates.network }, ...(tag.block !== tag.address ? [{ key: `block:${tag.block}`, rate: this.rates.block }] : [])];
    const buckets = places.map(({ key, rate }) => ({ key, tokens: this.tokens(key, rate, factor, now) }));
    // A token from the network and one from its block, or none from either.
    if (buckets.some((b) => b.tokens < 1)) return OPENING_TOO_FAST;
    if (this.buckets.size + buckets.length > BUCKETS_KEPT) this.buckets.clear();
    for (const b of buckets) this.buckets.set(b.key, { tokens: b.tokens - 1, at: now });
    return null;
  }

  /** The tokens a place's bucket holds now: it holds `burst` at most, and gains `perSecond` a second. */
  private tokens(key: string, rate: OpenRate, factor: number, now: number): number {
    const burst = rate.burst * factor;
    const had = this.buckets.get(key);
    return had ? Math.min(burst, had.tokens + ((now - had.at) / 1000) * rate.perSecond * factor) : burst;
  }
}

/** What a room tells its door about a socket coming in (a practice's room and a day's room alike). */
export interface DoorHost {
  /** Its link or session ended after the worker's checks (a new board link, a sign-out, a guest removed). */
  ended(tag: SocketTag): Promise<boolean> | boolean;
  /** What it hears when it comes in: the hello and the state; a paused word for a board while nothing is shared. */
  greeting(tag: SocketTag): Promise<LiveMessage[]> | LiveMessage[];
  /** It is in (held by the room, or sent on to a relay): the room's presence and clocks follow. */
  admitted(tag: SocketTag): Promise<void> | void;
}

/**
 * A socket at a room's door, once the worker has authenticated it: past the room's own spectators a board is
 * sent on to a relay (./crowd) if its link stands and its network's rate allows; any other socket is held by
 * the room, then refused (told why, and closed) past its places or when its link or session ended, and greeted
 * otherwise.
 */
export async function openSocket(ctx: DurableObjectState, door: SocketDoor, crowd: Crowd, request: Request, tag: SocketTag, host: DoorHost): Promise<Response> {
  const { limits } = door;
  if (tag.role === 'spectator' && crowd.full(limits.spectators)) {
    if (await host.ended(tag)) return refusedHere(ctx, null);
    const venue = door.isVenue(tag);
    const slow = door.tooFast(tag, Date.now(), venue);
    if (slow) return refusedHere(ctx, slow);
    const relayed = await crowd.admit(request, tag, await host.greeting(tag), venue, limits);
    if (relayed === 'unreachable') return refusedHere(ctx, OPENING_TOO_FAST);
    if (!relayed) return refusedHere(ctx, ROOM_FULL);
    await host.admitted(tag);
    return relayed;
  }
  const pair = new WebSocketPair();
  const server = pair[1];
  ctx.acceptWebSocket(server, tagsOf(tag));
  server.serializeAttachment(tag);
  const over = door.refusal(tag);
  if (over || (await host.ended(tag))) {
    refuse(server, over);
  } else {
    for (const message of await host.greeting(tag)) server.send(JSON.stringify(message));
    await host.admitted(tag);
  }
  return new Response(null, { status: 101, webSocket: pair[0] });
}

/** Tells a socket why it may not stay (past its places: `why`; its link or session ended: null), and closes it. */
export function refuse(server: WebSocket, why: string | null) {
  const message: LiveMessage = why ? { type: 'refused', ...reasonOf(why) } : { type: 'room-closed', ...reasonOf(LINK_ENDED) };
  server.send(JSON.stringify(message));
  server.close(why ? CLOSE_CODES.tooMany : CLOSE_CODES.ended, message.reason.slice(0, 120));
}

/** A board the room sends to no relay, refused: a socket of its own that hears why and is closed. */
function refusedHere(ctx: DurableObjectState, why: string | null): Response {
  const pair = new WebSocketPair();
  const server = pair[1];
  ctx.acceptWebSocket(server, ['refused']);
  refuse(server, why);
  return new Response(null, { status: 101, webSocket: pair[0] });
}
