import { MAX_GUESTS } from './sockets';
import { idOf, STORED } from './stored';

interface GuestEntry {
  name: string;
  joinedAt: number;
  expiresAt: number;
}

/**
 * The live guest sessions of a practice and its guest epoch, in the room's storage: until removed, expired
 * or voided by a newer epoch, a guest's token works.
 */
export class GuestList {
  constructor(private readonly storage: DurableObjectStorage) {}

  async epoch(): Promise<number> {
    return (await this.storage.get<number>(STORED.epoch)) ?? 0;
  }

  /** Registers a session unless its epoch is already void or the room holds its most guests. */
  async add(sessionId: string, name: string, epoch: number, expiresAt: number): Promise<'added' | 'void' | 'full'> {
    if (epoch < (await this.epoch())) return 'void';
    if ((await this.list()).length >= MAX_GUESTS) return 'full';
    await this.storage.put(STORED.guest(sessionId), { name, joinedAt: Date.now(), expiresAt } satisfies GuestEntry);
    return 'added';
  }

  /** Moves a live session's expiry on (the practice's sharing was extended). */
  async renew(sessionId: string, expiresAt: number): Promise<boolean> {
    const entry = await this.storage.get<GuestEntry>(STORED.guest(sessionId));
    if (!entry || entry.expiresAt <= Date.now()) return false;
    await this.storage.put(STORED.guest(sessionId), { ...entry, expiresAt: Math.max(entry.expiresAt, expiresAt) });
    return true;
  }

  async has(sessionId: string): Promise<boolean> {
    const entry = await this.storage.get<GuestEntry>(STORED.guest(sessionId));
    return entry !== undefined && entry.expiresAt > Date.now();
  }

  async remove(sessionId: string): Promise<boolean> {
    return this.storage.delete(STORED.guest(sessionId));
  }

  /** Every session ends, and the epoch moves on to `epoch` (never back). */
  async endAll(epoch: number): Promise<void> {
    if (epoch > (await this.epoch())) await this.storage.put(STORED.epoch, epoch);
    const sessions = await this.storage.list({ prefix: STORED.guests });
    await this.storage.delete([...sessions.keys()]);
  }

  /** The live sessions with their join time, first joined first. */
  async list(): Promise<{ id: string; name: string; joined_at: number }[]> {
    const now = Date.now();
    const sessions = await this.storage.list<GuestEntry>({ prefix: STORED.guests });
    return [...sessions]
      .filter(([, g]) => g.expiresAt > now)
      .map(([key, g]) => ({ id: idOf(STORED.guests, key), name: g.name, joined_at: g.joinedAt }))
      .sort((a, b) => a.joined_at - b.joined_at);
  }
}
