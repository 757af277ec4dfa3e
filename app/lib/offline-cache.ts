import { atom, getDefaultStore } from 'jotai';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { ApiError } from './api';

/**
 * The last state each screen showed, kept in IndexedDB, so a reload with no network still opens the
 * practice (the service worker serves the app itself). Keys: 'practices', 'pools:<id>', 'bracket:<id>', 'teams:<id>', 'team-sheet:<id>', 'team-tableau:<id>'.
 */
let idb: ReturnType<typeof createStore> | null = null;
/** One connection for the page's life (opened on first use): opening IndexedDB on every write was the
 * largest part of applying a live message (issue 13). */
const cache = () => (idb ??= createStore('piste-cache', 'state'));

export async function remember(key: string, value: unknown) {
  await set(key, value, cache()).catch(() => undefined);
}

export async function recall<T>(key: string): Promise<T | undefined> {
  return get<T>(key, cache()).catch(() => undefined);
}

export async function forget(key: string) {
  await del(key, cache()).catch(() => undefined);
}

/** Signing out leaves nothing of the account on this device. */
export async function clearOfflineCache() {
  await clear(cache()).catch(() => undefined);
}

/**
 * Keeps what an atom holds remembered under a key, written as soon as it changes (a reload may come any
 * moment), one write at a time: changes that arrive during a write are coalesced into the next one.
 * `pick` says what to keep (and under which key), or null to keep nothing yet.
 */
export function rememberChanges<T>(a: import('jotai').Atom<T>, pick: (value: T) => { key: string; value: unknown } | null) {
  const atoms = getDefaultStore();
  let writing = false;
  let dirty = false;
  const write = async () => {
    if (writing) return void (dirty = true);
    writing = true;
    do {
      dirty = false;
      const kept = pick(atoms.get(a));
      if (kept) await remember(kept.key, kept.value);
    } while (dirty);
    writing = false;
  };
  // Written in a task of its own, after the change has rendered: a live message shows first, then is kept. The
  // worker's render of a page (issue 33) fills the same stores and keeps nothing.
  if (typeof indexedDB === 'undefined') return;
  atoms.sub(a, () => void setTimeout(write));
}

/** True while a screen shows what it last saved because the network is gone. */
export const offlineViewAtom = atom(false);

export const isNetworkError = (e: unknown) => e instanceof ApiError && e.status === 0;

/**
 * Loads through the network and remembers the answer; when the network is gone, answers what was last
 * remembered (and marks the view offline). Any other failure is thrown as it is.
 */
export async function loadOrRecall<T>(key: string, load: () => Promise<T>, worthKeeping: (value: T) => boolean = () => true): Promise<T> {
  const store = getDefaultStore();
  try {
    const fresh = await load();
    store.set(offlineViewAtom, false);
    void (worthKeeping(fresh) ? remember(key, fresh) : forget(key));
    return fresh;
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const saved = await recall<T>(key);
    if (saved === undefined) throw e;
    store.set(offlineViewAtom, true);
    return saved;
  }
}
