import { atom, getDefaultStore } from 'jotai';
import { apiPaths, type BoutConflict, type PoolBout, type PoolSnapshot } from '../../core/api';
import { isBoutOf, orderPair, toStoredBout, type Bout } from '../../core/fencing/bout-result';
import type { BoutBody, ClearBoutBody } from '../../core/validation';
import { toastError } from '../components/ui/toast';
import { api, ApiError } from '../lib/api';
import { deleteEntry, newWriteKey, readOutbox, saveEntry, type OutboxEntry } from '../lib/outbox-store';
import { applyPoolSnapshot } from './pools';

/** Every score write not yet confirmed by the server, oldest first (pending or in conflict). */
export const outboxAtom = atom<OutboxEntry[]>([]);

const store = getDefaultStore();
let nextSeq = Date.now();

function setEntries(change: (entries: OutboxEntry[]) => OutboxEntry[]) {
  store.set(outboxAtom, (list) => change(list).sort((a, b) => a.seq - b.seq));
}

/** Loads what an earlier visit left unsent (IndexedDB) and starts sending it. */
export async function restoreOutbox() {
  const saved = await readOutbox();
  if (saved.length === 0) return;
  nextSeq = Math.max(nextSeq, ...saved.map((e) => e.seq + 1));
  setEntries((list) => [...list.filter((e) => !saved.some((s) => s.key === e.key)), ...saved]);
  void flushOutbox();
}

const pairOf = (e: OutboxEntry) => ({ a: e.body.player1_id, b: e.body.player2_id });
/** One name for a bout, whichever fencer was entered first. */
const boutKey = (a: string, b: string) => orderPair(a, b).join(':');
const entryBout = (e: OutboxEntry) => boutKey(e.body.player1_id, e.body.player2_id);

/**
 * The version a new write of this bout is made against: the stored bout's, or, where earlier writes of it
 * are still waiting, the version those will have left (a write moves it on by one; a clear removes it).
 */
function baseVersion(pool: PoolSnapshot, a: string, b: string): number {
  const waiting = store.get(outboxAtom).filter((e) => e.poolId === pool.id && !e.conflict && entryBout(e) === boutKey(a, b));
  const last = waiting.at(-1);
  if (last) return last.kind === 'clear' ? 0 : last.body.version + 1;
  return pool.bouts.find((x) => isBoutOf(x, a, b))?.version ?? 0;
}

const EMPTY = { score1: 0, score2: 0, priority_id: null };

async function enqueue(entry: Omit<OutboxEntry, 'key' | 'seq' | 'createdAt'>) {
  const full: OutboxEntry = { ...entry, key: newWriteKey(), seq: nextSeq++, createdAt: Date.now() };
  setEntries((list) => [...list, full]);
  await saveEntry(full);
  void flushOutbox();
}

/** Queues a bout result: shown at once as pending, sent as soon as the network allows. */
export function queueBout(practiceId: string, pool: PoolSnapshot, bout: Bout) {
  const body: BoutBody = { ...bout, version: baseVersion(pool, bout.player1_id, bout.player2_id) };
  return enqueue({ practiceId, poolId: pool.id, kind: 'bout', body });
}

/** Queues the clearing of a bout (SPEC §4: an empty result clears both directions). */
export function queueClear(practiceId: string, pool: PoolSnapshot, a: string, b: string) {
  const body: ClearBoutBody = { player1_id: a, player2_id: b, version: baseVersion(pool, a, b) };
  return enqueue({ practiceId, poolId: pool.id, kind: 'clear', body });
}

/**
 * A pool as this screen should show it: the server's snapshot with every write still waiting applied on
 * top, by the same rules as the server (`toStoredBout`), and which bouts those are.
 */
export function withPending(pool: PoolSnapshot, entries: readonly OutboxEntry[]): { pool: PoolSnapshot; pending: Bout[] } {
  let bouts: PoolBout[] = pool.bouts;
  const pending: Bout[] = [];
  for (const e of entries) {
    if (e.poolId !== pool.id || e.conflict) continue;
    const { a, b } = pairOf(e);
    bouts = bouts.filter((x) => !isBoutOf(x, a, b));
    if (e.kind === 'bout') {
      const body = e.body as BoutBody;
      bouts = [...bouts, { ...toStoredBout({ ...body, priority_id: body.priority_id ?? null }), updated_at: e.createdAt, version: body.version + 1 }];
    }
    pending.push(toStoredBout({ player1_id: a, player2_id: b, ...EMPTY }));
  }
  return { pool: pending.length ? { ...pool, bouts } : pool, pending };
}

let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1_000;

/** Sends waiting writes in the order entered; one sender at a time. Safe to call whenever the network may be back. */
export function flushOutbox(): Promise<void> {
  flushing ??= sendAll().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendAll() {
  for (;;) {
    const next = store.get(outboxAtom).find((e) => !e.conflict);
    if (!next) return;
    const outcome = await send(next);
    if (outcome === 'offline') return scheduleRetry();
    retryDelay = 1_000;
  }
}

/** After a network failure: try again with backoff (1 s doubling to 30 s), or sooner on `online` or a reconnect. */
function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flushOutbox(), retryDelay);
  retryDelay = Math.min(30_000, retryDelay * 2);
}

async function send(entry: OutboxEntry): Promise<'sent' | 'offline'> {
  const headers = { 'idempotency-key': entry.key };
  try {
    const path = apiPaths.poolBouts(entry.poolId);
    const snapshot = await api<PoolSnapshot>(entry.kind === 'bout' ? 'POST' : 'DELETE', path, entry.body, headers);
    await forget(entry);
    applyPoolSnapshot(entry.practiceId, snapshot);
    return 'sent';
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) return 'offline';
    if (e instanceof ApiError && e.status === 409) {
      const conflict = e.body as BoutConflict;
      const marked = { ...entry, conflict: { current: conflict.current } };
      setEntries((list) => list.map((x) => (x.key === entry.key ? marked : x)));
      await saveEntry(marked);
      applyPoolSnapshot(entry.practiceId, conflict.pool);
      return 'sent';
    }
    // Refused for good (the bout is gone, the session ended): say so rather than retry for ever.
    await forget(entry);
    toastError(e instanceof ApiError ? e.message : 'Failed to update match result', 'Failed to update match result');
    return 'sent';
  }
}

async function forget(entry: OutboxEntry) {
  setEntries((list) => list.filter((x) => x.key !== entry.key));
  await deleteEntry(entry.key);
}

/** A conflict, decided: keep this screen's result (sent again over the bout as it now stands) or take the other. */
export async function resolveConflict(key: string, choice: 'mine' | 'theirs') {
  const entry = store.get(outboxAtom).find((e) => e.key === key);
  if (!entry?.conflict) return;
  await forget(entry);
  if (choice === 'theirs') return;
  const version = entry.conflict.current?.version ?? 0;
  await enqueue({ practiceId: entry.practiceId, poolId: entry.poolId, kind: entry.kind, body: { ...entry.body, version } });
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void flushOutbox());
