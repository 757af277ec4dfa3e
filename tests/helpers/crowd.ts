import { env, runInDurableObject } from 'cloudflare:test';
import { getRoom } from '../../worker/room/room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import type { OpenRate } from '../../worker/room/socket-door';
import { admitted } from './socket-abuse';
import type { TestSocket } from './sockets';
import { Client } from './worker-client';

/**
 * A venue's crowd (issue 55): the number of people behind one address is not abuse. These open spectators'
 * sockets by the hundred from one network; a test file opens at most about 600 (the test pool's workers slow
 * down past a few thousand requests in one file), so each crowd has a file of its own.
 */

let hosts = 0;
/** A network of its own: an IPv4 address no other test uses (TEST-NET-3 and its neighbours). */
export const venueV4 = () => `203.0.${113 + Math.floor(++hosts / 250)}.${hosts % 250}`;
/** A network of its own: an IPv6 /64 (documentation prefix), each phone a host of it. */
export const venueV6 = () => `2001:db8:55:${(++hosts).toString(16)}`;

/** `count` spectators opening `query` from `address` (an IPv6 /64 gets a host of its own each), `batch` at a time. */
export async function crowd(address: string, query: string, count: number, batch = 50): Promise<TestSocket[]> {
  const sockets: TestSocket[] = [];
  for (let i = 0; i < count; i += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, (_, k) => {
        const ip = address.includes(':') ? `${address}:0:0:${(i + k + 1).toString(16)}:1` : address;
        return admitted(new Client(ip), query);
      }),
    );
    sockets.push(...opened);
  }
  return sockets;
}

export const closeAll = (sockets: TestSocket[]) => sockets.forEach((s) => s.ws.close());

/** Sets a practice room's opening rate per network, for a test that shows a flood slowed without opening thousands. */
export const setRates = (practiceId: string, network: OpenRate) =>
  runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => void (room.door.rates.network = network));
