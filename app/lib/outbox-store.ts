// The write queue's store on the device (DESIGN: writes from the field): IndexedDB, so a reload, a closed tab or a
// dead battery loses no write. What a write holds is its kind's (app/state/write-kind); this keeps entries by key.
import { createStore, del, entries, set } from 'idb-keyval';

/** What the queue keeps of a write: each kind's entry (app/state/write-kind) is one of these. */
export interface StoredWrite {
  key: string;
  seq: number;
}

let idb: ReturnType<typeof createStore> | null = null;
/** One IndexedDB connection for the page's life, opened on first use (not one per write). */
const store = () => (idb ??= createStore('piste-outbox', 'entries'));

export async function readOutbox<E extends StoredWrite>(): Promise<E[]> {
  try {
    return (await entries<string, E>(store())).map(([, e]) => e).sort((a, b) => a.seq - b.seq);
  } catch {
    // IndexedDB refused (a private window in some browsers): the outbox lives in memory only.
    return [];
  }
}

export async function saveEntry(entry: StoredWrite) {
  await set(entry.key, entry, store()).catch(() => undefined);
}

export async function deleteEntry(key: string) {
  await del(key, store()).catch(() => undefined);
}

/** A fresh idempotency key. */
export const newWriteKey = () => crypto.randomUUID().replace(/-/g, '');
