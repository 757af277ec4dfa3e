import { createStore, del, entries, set } from 'idb-keyval';
import type { PoolBout } from '../../core/api';
import type { BoutBody, ClearBoutBody } from '../../core/validation';

/**
 * A score write waiting to reach the server (DESIGN: writes from the field). Kept in IndexedDB so a
 * reload, a closed tab or a dead battery loses nothing; sent in the order entered, each with its own
 * idempotency key and the version it was made against.
 */
export interface OutboxEntry {
  /** The idempotency key the server remembers, so a replay applies once. */
  key: string;
  /** Entry order: writes are sent oldest first. */
  seq: number;
  practiceId: string;
  poolId: string;
  kind: 'bout' | 'clear';
  body: BoutBody | ClearBoutBody;
  createdAt: number;
  /** Someone else changed the same bout meanwhile (409): the result that won, until the person decides. */
  conflict?: { current: PoolBout | null };
}

const store = () => createStore('piste-outbox', 'entries');

export async function readOutbox(): Promise<OutboxEntry[]> {
  try {
    return (await entries<string, OutboxEntry>(store())).map(([, e]) => e).sort((a, b) => a.seq - b.seq);
  } catch {
    // IndexedDB refused (a private window in some browsers): the outbox lives in memory only.
    return [];
  }
}

export async function saveEntry(entry: OutboxEntry) {
  await set(entry.key, entry, store()).catch(() => undefined);
}

export async function deleteEntry(key: string) {
  await del(key, store()).catch(() => undefined);
}

/** A fresh idempotency key. */
export const newWriteKey = () => crypto.randomUUID().replace(/-/g, '');
