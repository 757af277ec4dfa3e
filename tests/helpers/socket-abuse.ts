import { env, runInDurableObject } from 'cloudflare:test';
import { getRoom } from '../../worker/room/room';
import type { PracticeRoom, SocketLimits } from '../../worker/room/practice-room';
import type { CrowdLimits } from '../../worker/room/crowd';
import { openSocket, type TestSocket } from './sockets';

export { guestQuery } from './sockets';
import type { Client } from './worker-client';

/** A socket that the room said hello to (it was let in). */
export async function admitted(client: Client, query: string): Promise<TestSocket> {
  const { socket, status } = await openSocket(client, query);
  if (!socket) throw new Error(`no socket: ${status}`);
  await socket.waitFor((m) => m.type === 'hello');
  return socket;
}

/**
 * Sends up to `count` messages in bursts of `burst`, yielding between bursts as a client on a network would
 * (so the room's close can reach it), and stops once the socket is no longer open. Answers how many it sent.
 */
export async function flood(ws: WebSocket, count: number, burst = 50, message = 'x'.repeat(100)): Promise<number> {
  let sent = 0;
  while (sent < count && ws.readyState === WebSocket.OPEN) {
    for (let i = 0; i < burst && sent < count; i++, sent++) ws.send(message);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return sent;
}

/** Changes a room's socket limits in place, as an env override would, for one test's practice. */
export function setLimits(practiceId: string, limits: Partial<SocketLimits>) {
  return runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => {
    Object.assign(room.limits, limits);
  });
}

/** Sets how a practice's room spreads its spectators: its own sockets (`direct`), then relays (../../worker/room/crowd). */
export function setCrowd(practiceId: string, limits: Partial<CrowdLimits>) {
  return runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => {
    Object.assign(room.crowd.limits, limits);
  });
}

/** Resolves with the close code, or null if the socket is still open after `ms`. */
export const closedWithin = (socket: TestSocket, ms: number) =>
  Promise.race([socket.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
