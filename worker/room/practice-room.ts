import { DurableObject } from 'cloudflare:workers';
import type { LiveMessage } from '../../core/live';
import type { Env } from '../env';

export type SocketRole = 'coach' | 'guest' | 'spectator';

export interface SocketTag {
  role: SocketRole;
  /** The coach's user id, or the guest's session id; absent for spectators. */
  subject?: string;
}

/**
 * One instance per practice (named by the practice id). It holds the websockets of everyone watching
 * the practice and fans out the snapshots that routes publish after a successful write.
 * Sockets are accepted with the hibernation API: the object may sleep between messages, and after a
 * wake-up `getWebSockets()` and each socket's attachment (its role) are all it needs. Pings are
 * answered by the runtime (`setWebSocketAutoResponse`) so they never wake it. Its own storage holds only
 * the live guest sessions of the practice (so a left or revoked session stops working at once); it keeps
 * no pool data: D1 is the only truth.
 */
export class PracticeRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** Accepts an upgrade the worker has already authenticated; the tag arrives in a header. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a websocket upgrade', { status: 426 });
    }
    const tag = JSON.parse(request.headers.get('x-piste-socket') ?? '{}') as SocketTag & { practiceId: string };
    const pair = new WebSocketPair();
    const server = pair[1];
    this.ctx.acceptWebSocket(server, [tag.role, ...(tag.subject ? [`subject:${tag.subject}`] : [])]);
    server.serializeAttachment({ role: tag.role, subject: tag.subject } satisfies SocketTag);
    server.send(JSON.stringify({ type: 'hello', practiceId: tag.practiceId, role: tag.role } satisfies LiveMessage));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends a message to every socket in the room (or those with a tag); returns how many received it. */
  async publish(message: LiveMessage, tag?: string): Promise<number> {
    const data = JSON.stringify(message);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets(tag)) {
      try {
        ws.send(data);
        sent++;
      } catch {
        // A socket closing as we send is dropped by the runtime; the others still get the message.
      }
    }
    return sent;
  }

  /** Closes the sockets carrying a tag (a role, or `subject:<id>`), telling them why. */
  async closeSockets(tag: string, reason: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(tag);
    for (const ws of sockets) {
      ws.send(JSON.stringify({ type: 'room-closed', reason } satisfies LiveMessage));
      ws.close(4001, reason.slice(0, 120));
    }
    return sockets.length;
  }

  /** Registers a guest session: until it is removed, the guest's token works. */
  async addGuest(sessionId: string, name: string): Promise<void> {
    await this.ctx.storage.put(`guest:${sessionId}`, { name, joinedAt: Date.now() });
  }

  async hasGuest(sessionId: string): Promise<boolean> {
    return (await this.ctx.storage.get(`guest:${sessionId}`)) !== undefined;
  }

  /** Ends one guest's session (they left) and closes their sockets. */
  async removeGuest(sessionId: string): Promise<void> {
    await this.ctx.storage.delete(`guest:${sessionId}`);
    await this.closeSockets(`subject:${sessionId}`, 'You have left the guest pools');
  }

  /** Sharing off or a new room code: every guest session ends, and guest and spectator sockets close. */
  async endGuestAccess(reason: string): Promise<void> {
    const sessions = await this.ctx.storage.list({ prefix: 'guest:' });
    await this.ctx.storage.delete([...sessions.keys()]);
    await this.closeSockets('guest', reason);
    await this.closeSockets('spectator', reason);
  }

  override async webSocketMessage(): Promise<void> {
    // Clients only listen; writes go through the HTTP API so they are authorised and stored first.
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
  }
}
