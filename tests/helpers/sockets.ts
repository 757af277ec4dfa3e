import { SELF } from 'cloudflare:test';
import type { LiveMessage } from '../../core/live-messages';
import type { GuestClient } from './guests';
import { ORIGIN, type Client } from './worker-client';

/** An open live socket with the messages it has received so far. */
export interface TestSocket {
  ws: WebSocket;
  messages: LiveMessage[];
  waitFor(predicate: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  closed: Promise<number>;
}

/** The query of a guest's live socket on a practice: their token in it, as the app sends it. */
export const guestQuery = (guest: GuestClient, practiceId: string) => `practice=${practiceId}&token=${encodeURIComponent(guest.token)}`;

/** A guest's live socket on a practice; fails the test when refused. */
export async function guestSocket(guest: GuestClient, practiceId: string): Promise<TestSocket> {
  const { status, socket } = await openSocket(guest, guestQuery(guest, practiceId));
  if (!socket) throw new Error(`the guest's socket on ${practiceId} was refused: ${status}`);
  return socket;
}

export async function openSocket(client: Client, query: string): Promise<{ status: number; socket?: TestSocket }> {
  const res = await SELF.fetch(`${ORIGIN}/api/live?${query}`, {
    headers: { upgrade: 'websocket', cookie: client.cookieHeader(), 'cf-connecting-ip': client.ip },
  });
  const ws = res.webSocket;
  if (!ws) return { status: res.status };
  ws.accept();
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  ws.addEventListener('message', (e) => {
    messages.push(JSON.parse(e.data as string) as LiveMessage);
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  const waitFor = (predicate: (m: LiveMessage) => boolean, timeoutMs = 3000) =>
    new Promise<LiveMessage>((resolve, reject) => {
      const check = () => {
        const hit = messages.find(predicate);
        if (hit) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { status: res.status, socket: { ws, messages, waitFor, closed } };
}
