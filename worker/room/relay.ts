import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';
import { getDayRoom } from '../day/day';
import { RELAY_HEADER, type Missed, type RelayAdmission } from './crowd';
import { getRoom } from './room';
import { LINK_ENDED, refuse, SocketDoor } from './socket-door';
import { brokeLimits, closeQuietly, closeTagged, socketLimits, tagsOf, type SocketTag } from './sockets';

/** A relay's writer and its place among the writer's relays: the relay's name is `kind:id:shard`. */
export interface RelayIdentity {
  kind: 'practice' | 'day';
  /** The practice's or the day's id. */
  id: string;
  shard: number;
}

/** The relay's boards carry their writer in their attachment: a relay woken from hibernation knows it from any of them. */
type RelayedTag = SocketTag & { relay: RelayIdentity };

/** Deliveries a relay keeps, to replay to a board admitted with an older greeting than one already forwarded. */
const REPLAY = 64;
/** A relay tells its writer how many boards it holds at most this often. */
const REPORT_MS = 1_000;

/**
 * A relay room (issue 55): up to a few thousand hibernated spectator sockets of one practice's board or one
 * day's hall board, beyond what the writer (the practice's or the day's room) holds itself. It writes
 * nothing and reads nothing of the practice: the writer sends each message once (./crowd), numbered, and the
 * relay forwards it to its boards in order. A gap in the numbers (a delivery lost) is filled by asking the
 * writer what was missed; a writer that restarted, or no longer keeps them, answers its greeting, and the
 * boards read the board again (a hello, as after any reconnect).
 */
export class BoardRelay extends DurableObject<Env> {
  private boot: string | null = null;
  /** The board link the writer's last message named: boards opened with another are shown out. */
  private board: string | null = null;
  private last = 0;
  private readonly replay: { seq: number; data: string[] }[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly door: SocketDoor;
  private readonly received = new WeakMap<WebSocket, { start: number; count: number }>();
  private reportTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const limits = socketLimits(env);
    // Its own shares per network and block; its places are the writer's to count (`perRelay`), so its room is wide.
    this.door = new SocketDoor(ctx, { ...limits, perRoom: Number.MAX_SAFE_INTEGER, spectators: Number.MAX_SAFE_INTEGER });
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** A board the writer admitted and sent on, with its greeting. */
  override async fetch(request: Request): Promise<Response> {
    const raw = request.headers.get(RELAY_HEADER);
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket' || !raw) return new Response('Not found', { status: 404 });
    const { tag, relay, boot, seq, greeting, venue, shares } = JSON.parse(raw) as RelayAdmission & { tag: SocketTag };
    const pair = new WebSocketPair();
    const server = pair[1];
    const relayed: RelayedTag = { ...tag, relay };
    this.ctx.acceptWebSocket(server, tagsOf(tag));
    server.serializeAttachment(relayed);
    const refusal = this.door.placeRefusal(tag, venue, shares);
    if (refusal) {
      refuse(server, refusal);
    } else {
      for (const m of greeting) server.send(m);
      if (this.boot === boot) {
        // Forwarded already past the writer's number when it greeted this board: those too, in order.
        for (const e of this.replay) if (e.seq > seq) for (const d of e.data) server.send(d);
      } else if (this.boot === null) {
        [this.boot, this.last] = [boot, seq];
      }
    }
    this.countChanged(relay);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** A message of the writer's, numbered: forwarded in order, once; a gap is filled first. */
  async deliver(relay: RelayIdentity, boot: string, seq: number, data: string[], board: string | null = null): Promise<void> {
    // A new link the writer's close did not reach here: its old boards go before they hear anything more.
    if (board !== null && board !== this.board) {
      closeTagged(this.ctx, 'spectator', LINK_ENDED, (tag) => tag?.boardId !== board);
      this.board = board;
    }
    this.queue = this.queue.then(() => this.apply(relay, boot, seq, data)).catch((e: unknown) => console.error('relay: delivery', e));
    return this.queue;
  }

  private async apply(relay: RelayIdentity, boot: string, seq: number, data: string[]) {
    if (this.boot === null) [this.boot, this.last] = [boot, seq - 1];
    if (boot === this.boot && seq <= this.last) return;
    if (boot !== this.boot || seq > this.last + 1) await this.catchUp(relay);
    if (boot !== this.boot || seq <= this.last) return;
    this.send(seq, data);
  }

  /** Asks the writer for what this relay missed; past what it keeps, every board reads the board again. */
  private async catchUp(relay: RelayIdentity) {
    const missed: Missed = relay.kind === 'practice' ? await getRoom(this.env, relay.id).relayMissed(this.last + 1) : await getDayRoom(this.env, relay.id).relayMissed(this.last + 1);
    if (missed.boot === this.boot && missed.entries) {
      for (const e of missed.entries) if (e.seq > this.last) this.send(e.seq, e.data);
      return;
    }
    // A new writer, or one that no longer keeps them: the greeting says hello, and each board reads again.
    [this.boot, this.last] = [missed.boot, missed.seq];
    this.replay.length = 0;
    this.sendAll(missed.greeting);
  }

  private send(seq: number, data: string[]) {
    this.last = seq;
    this.replay.push({ seq, data });
    if (this.replay.length > REPLAY) this.replay.shift();
    this.sendAll(data);
  }

  private sendAll(data: string[]) {
    for (const ws of this.ctx.getWebSockets('spectator')) {
      try {
        for (const d of data) ws.send(d);
      } catch {
        // A socket closing as we send is dropped by the runtime; the others still get them.
      }
    }
  }

  /** Closes this relay's boards (all, or those not opened with `keep`, the board link now), telling each why. */
  async closeBoards(reason: string, keep: string | null): Promise<number> {
    return closeTagged(this.ctx, 'spectator', reason, keep === null ? undefined : (tag) => tag?.boardId !== keep);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (ws.readyState !== WebSocket.OPEN) return;
    brokeLimits(this.received, ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.gone(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.gone(ws, 1011);
  }

  private gone(ws: WebSocket, code: number) {
    closeQuietly(ws, code);
    const tag = ws.deserializeAttachment() as RelayedTag | null;
    if (tag?.relay) this.countChanged(tag.relay);
  }

  /** Tells the writer how many boards this relay holds, at most once a second however many come and go. */
  private countChanged(relay: RelayIdentity) {
    if (this.reportTimer) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      const n = this.ctx.getWebSockets('spectator').filter((ws) => ws.readyState === WebSocket.OPEN).length;
      const told = relay.kind === 'practice' ? getRoom(this.env, relay.id).relayCount(relay.shard, n) : getDayRoom(this.env, relay.id).relayCount(relay.shard, n);
      told.catch((e: unknown) => console.error('relay: count not told', relay.id, e));
    }, REPORT_MS);
  }
}
