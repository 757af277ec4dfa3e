import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { Practice } from '../../core/contracts/practices';
import { call, client } from '../lib/api';
import { loadOrRecall, rememberChanges } from '../lib/offline-cache';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';
import { toastError } from './toasts';
import { sessionAtom } from './session';
import { i18n } from '../i18n';

const messages = i18n('practices-state', {
  loadFailed: 'Failed to load practices',
});

type PracticesState = { status: 'idle' | 'loading' | 'ready' | 'error'; list: Practice[] };

export const practicesAtom = atom<PracticesState>({ status: 'idle', list: [] });
const storedIdAtom = atom<string | null>(readStorage(storageKeys.currentPracticeId));

/** SPEC §4 Current practice: the stored one if it still exists, otherwise the first (newest). */
export const currentPracticeAtom = atom((get) => {
  const { list } = get(practicesAtom);
  const id = get(storedIdAtom);
  return list.find((p) => p.id === id) ?? list[0] ?? null;
});

const store = getDefaultStore();

export function selectPractice(id: string | null) {
  store.set(storedIdAtom, id);
  writeStorage(storageKeys.currentPracticeId, id);
}

/**
 * A practice screen rendered by the worker (issue 33) came with the coach's list, taken as loaded (no read), and
 * `current`, the practice this device stores (null: none, the newest is shown). `list` null: the worker's render is
 * over and the list is cleared (the worker renders one coach at a time).
 */
export function practicesFromPage(list: Practice[] | null, current: string | null) {
  store.set(practicesAtom, list === null ? { status: 'idle', list: [] } : { status: 'ready', list });
  store.set(storedIdAtom, current);
}

/** The list asked for at boot, beside the route's code (issue 33); dropped if it fails (a signed-out visit). */
let early: Promise<Practice[]> | null = null;

/**
 * At boot on a coach's screen (app/main.tsx): the practice list is asked for beside the session and the route's
 * code, not after the session answered. A guest has no list.
 */
export function fetchPracticesEarly() {
  if (readStorage(storageKeys.guestSessionToken)) return;
  const asked = call(client.practices.$get());
  early = asked;
  asked.catch(() => void (early === asked && (early = null)));
}

export async function reloadPractices() {
  store.set(practicesAtom, (s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'loading' }));
  const boot = early;
  early = null;
  try {
    const list = await loadOrRecall('practices', () => boot ?? call(client.practices.$get()));
    store.set(practicesAtom, { status: 'ready', list });
  } catch {
    store.set(practicesAtom, (s) => ({ ...s, status: 'error' }));
    toastError(messages.get().loadFailed);
  }
}

/**
 * Takes a practice as the server answered or told it. One older than the copy held (its `updated_at`, the stamp
 * of the index's last change: two screens flipping sharing at once, an answer overtaken by the other's word) is
 * left out: the newer word stands.
 */
export function upsertPractice(practice: Practice) {
  store.set(practicesAtom, (s) => {
    const held = s.list.find((p) => p.id === practice.id);
    if (held && held.updated_at > practice.updated_at) return s;
    const exists = held !== undefined;
    const list = exists ? s.list.map((p) => (p.id === practice.id ? practice : p)) : [practice, ...s.list];
    list.sort((a, b) => b.date.localeCompare(a.date) || b.created_at - a.created_at);
    return { ...s, list };
  });
}

/**
 * Drops a deleted practice; a deleted current practice hands over to the first remaining one. Its scores
 * still on this device go too: nothing can store them any more, and no screen would show them.
 */
export function removePractice(id: string) {
  void import('./outbox').then((m) => m.forgetPractice(id));
  const current = store.get(currentPracticeAtom);
  store.set(practicesAtom, (s) => ({ ...s, list: s.list.filter((p) => p.id !== id) }));
  if (current?.id === id) selectPractice(store.get(practicesAtom).list[0]?.id ?? null);
}

/** The coach's practices, loaded once per sign-in. */
export function usePractices() {
  const state = useAtomValue(practicesAtom);
  const session = useAtomValue(sessionAtom);
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (signedIn && store.get(practicesAtom).status === 'idle') void reloadPractices();
    if (!signedIn) store.set(practicesAtom, { status: 'idle', list: [] });
  }, [signedIn]);
  return state;
}

export function useCurrentPractice() {
  usePractices();
  return useAtomValue(currentPracticeAtom);
}

rememberChanges(practicesAtom, (s) => (s.status === 'ready' ? { key: 'practices', value: s.list } : null));
