// The write queue (DESIGN: writes from the field): score-like writes kept on the device, sent in order with
// their idempotency key and version, shown as pending, and their conflicts and refusals kept for the coach.
// One file because the write kinds share one queue, one sending loop and one store; what differs per kind
// (its record, its line, how it travels, its conflict, how it reads) is its module in ./writes, and this file
// names none of them.
import { atom, getDefaultStore } from 'jotai';
import { toastError } from './toasts';
import { ApiError, sendOptions } from '../lib/api';
import { isDefined, kindOf, type Kind, type OutboxEntry, type OutboxWrite, type Sent } from './write-kind';
import { backoffMs, classifyAnswer } from '../lib/retry';
import { deleteEntry, newWriteKey, readOutbox, saveEntry } from '../lib/outbox-store';
import { requestResync } from './resync';
import { i18n } from '../i18n';

const messages = i18n('outbox', {
  matchFailed: 'Failed to update match result',
  refused: 'A score was not saved',
});

/** Every score write not yet confirmed by the server, oldest first (pending or in conflict). */
export const outboxAtom = atom<OutboxEntry[]>([]);

const store = getDefaultStore();
let nextSeq = Date.now();

function setEntries(change: (entries: OutboxEntry[]) => OutboxEntry[]) {
  store.set(outboxAtom, (list) => change(list).sort((a, b) => a.seq - b.seq));
}

/** Loads what an earlier visit left unsent (IndexedDB) and starts sending it. */
export async function restoreOutbox() {
  // Every kind's module, so an entry left by an earlier visit finds its definition (a page loads only its own).
  // One that cannot load now (offline, its chunk not cached) leaves its entries on the device for a later visit;
  // the others are shown and sent.
  await Promise.allSettled(Object.values(import.meta.glob('./writes/*.ts')).map((load) => load()));
  const saved = (await readOutbox<OutboxEntry>()).filter(isDefined);
  if (saved.length === 0) return;
  nextSeq = Math.max(nextSeq, ...saved.map((e) => e.seq + 1));
  setEntries((list) => [...list.filter((e) => !saved.some((s) => s.key === e.key)), ...saved]);
  void flushOutbox();
}

/** Entries that will still be sent (not stopped at a conflict, not refused) of one practice. */
export const waiting = (entries: readonly OutboxEntry[], practiceId: string) => entries.filter((e) => e.practiceId === practiceId && !e.conflict && !e.refused);

/**
 * What became of a queued write: the server has it (`done`), another screen's result won (`conflict`, kept for
 * the person to decide), the server will never take it (`refused`, kept in sight), or its practice was
 * deleted with it still on this device (`dropped`). A try that found no network or a busy server is no end:
 * the write waits and goes again (`offline`, what one try of `send` may answer).
 */
export type WriteOutcome = 'done' | 'conflict' | 'refused' | 'dropped';
type SendOutcome = Exclude<WriteOutcome, 'dropped'> | 'offline';

/** Callers waiting to hear what became of their write. */
const sentWaiters = new Map<string, (outcome: WriteOutcome) => void>();
function settle(entry: OutboxEntry, outcome: WriteOutcome) {
  const waiter = sentWaiters.get(entry.key);
  sentWaiters.delete(entry.key);
  // Nobody waits (a write restored after a reload): what its kind kept for a view has none to go to.
  if (!waiter) return void kindOf(entry).unheard?.(entry);
  waiter(outcome);
}

/**
 * Queues a write (each kind's module says how it is made): kept on this device at once, sent as soon as the
 * network allows. Settles with its outcome.
 */
export async function enqueue(practiceId: string, write: OutboxWrite, key = newWriteKey()): Promise<WriteOutcome> {
  return queued({ ...write, practiceId, key, seq: nextSeq++, createdAt: Date.now() });
}

/** A new entry in the queue: kept on this device, then sent. Settles with its outcome. */
async function queued(entry: OutboxEntry): Promise<WriteOutcome> {
  const sent = new Promise<WriteOutcome>((resolve) => sentWaiters.set(entry.key, resolve));
  setEntries((list) => [...list, entry]);
  await saveEntry(entry);
  void flushOutbox();
  return sent;
}

/** Drops the writes still on this device that `which` picks (a bout handed over, a practice deleted): their views hear `dropped`. */
export async function dropWrites(which: (e: OutboxEntry) => boolean) {
  for (const e of store.get(outboxAtom).filter(which)) {
    await forget(e);
    settle(e, 'dropped');
  }
}

let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** An entry the queue still sends: neither stopped at a conflict nor refused. */
const sendable = (e: OutboxEntry) => !e.conflict && !e.refused;

/** How long a write may go unanswered before it counts as a timeout (sent again with the same key). */
const WRITE_TIMEOUT_MS = 15_000;
/** The longest wait between tries while there is no network at all. */
const OFFLINE_RETRY_MS = 5_000;

/** Wakes (the network back, a socket reconnected) so far: a send that fails after one tries again at once. */
let wakes = 0;

/**
 * Sends waiting writes, each line (a bout, a relay, a practice's tableau, a refereed bout) in the order
 * entered, one write of a line at a time and up to LINES_AT_ONCE lines side by side. A write whose last try
 * failed for a while waits its turn (backoff, `Retry-After`), and one whose request hangs until its timeout,
 * hold back the later writes of their line only: one stuck bout never keeps another, or a referee's touch,
 * from the server. Safe to call at any moment.
 */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    kick?.();
    return flushing;
  }
  flushing = sendAll().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * The network is back or the room answered again (a socket reconnected), or the person asked: what waits
 * goes now, except where the server asked for a wait (`Retry-After`), which is honoured.
 */
export function wakeOutbox(): Promise<void> {
  wakes++;
  setEntries((list) => list.map((e) => (e.waiting && e.waiting.retryAt > (e.waiting.notBefore ?? 0) ? { ...e, waiting: { ...e.waiting, retryAt: e.waiting.notBefore ?? 0 } } : e)));
  return flushOutbox();
}

/** Lines sent side by side at most: a stuck request (no answer until its timeout) holds back its own line only. */
const LINES_AT_ONCE = 4;

/**
 * The writes that may go now, the first of each line not already on its way, and due; and when the earliest
 * of the others is due (Infinity: none waits).
 */
function dueHeads(entries: readonly OutboxEntry[], now: number, busy: ReadonlySet<string>): { due: OutboxEntry[]; at: number } {
  const started = new Set<string>();
  const due: OutboxEntry[] = [];
  let at = Infinity;
  for (const e of entries) {
    if (!sendable(e)) continue;
    const line = kindOf(e).line(e);
    if (started.has(line)) continue;
    started.add(line);
    if (busy.has(line)) continue;
    const when = e.waiting?.retryAt ?? 0;
    if (when <= now) due.push(e);
    else at = Math.min(at, when);
  }
  return { due, at };
}

/** One try of one write that never rejects: something unforeseen (storage, a bug) leaves it waiting like any transient failure. */
async function sendSafely(entry: OutboxEntry) {
  try {
    await send(entry);
  } catch {
    const still = store.get(outboxAtom).find((e) => e.key === entry.key);
    if (still) await update(waitingAgain(still, 'busy', null));
  }
}

/** Resolves the wait of a running `sendAll` (a new write, a wake): it looks again at once. */
let kick: (() => void) | null = null;

async function sendAll() {
  clearTimeout(retryTimer);
  const running = new Map<string, Promise<void>>();
  for (;;) {
    const now = Date.now();
    const { due, at } = dueHeads(store.get(outboxAtom), now, new Set(running.keys()));
    for (const entry of due.slice(0, Math.max(0, LINES_AT_ONCE - running.size))) {
      const line = kindOf(entry).line(entry);
      running.set(line, sendSafely(entry).finally(() => running.delete(line)));
    }
    if (running.size === 0) {
      if (at !== Infinity) retryTimer = setTimeout(() => void flushOutbox(), Math.max(0, at - now));
      return;
    }
    // Until a write is answered, a new one is queued or woken, or a waiting one falls due.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      ...running.values(),
      new Promise<void>((resolve) => {
        kick = resolve;
        if (at !== Infinity) timer = setTimeout(resolve, Math.max(0, at - now));
      }),
    ]);
    clearTimeout(timer);
    kick = null;
  }
}

/** Replaces an entry here and on the device (a storage failure leaves it in memory: `saveEntry` never throws). */
async function update(entry: OutboxEntry) {
  let queued = false;
  setEntries((list) => list.map((x) => (x.key === entry.key ? ((queued = true), entry) : x)));
  // A write dropped while its try was on the way (a hand-over, a deleted practice) is not stored again.
  if (queued) await saveEntry(entry);
}

/** The entry after one more transient failure: when it may go again (backoff with jitter, never before the server's `Retry-After`). */
function waitingAgain(entry: OutboxEntry, reason: NonNullable<OutboxEntry['waiting']>['reason'], afterMs: number | null, wokenMeanwhile = false): OutboxEntry {
  const attempts = (entry.waiting?.attempts ?? 0) + 1;
  const now = Date.now();
  const notBefore = afterMs === null ? undefined : now + afterMs;
  // No network costs nothing to try, and the browser's `online` event may never come (or come late): at most
  // OFFLINE_RETRY_MS apart. Woken while this try was on its way (the network or the room came back): again
  // at once, unless the server asked for a wait.
  const wait = reason === 'offline' ? Math.min(OFFLINE_RETRY_MS, backoffMs(attempts - 1, afterMs)) : backoffMs(attempts - 1, afterMs);
  const retryAt = wokenMeanwhile && notBefore === undefined ? now : now + wait;
  return { ...entry, waiting: { reason, attempts, retryAt, ...(notBefore === undefined ? {} : { notBefore }) } };
}

/** One try of one write; its answer classified once (`classifyAnswer`): stored, wait and try again, conflict, or refused. */
async function send(entry: OutboxEntry): Promise<SendOutcome> {
  const wokenBefore = wakes;
  let sent: Sent<Kind>;
  try {
    sent = await kindOf(entry).send(entry, sendOptions({ 'idempotency-key': entry.key }, WRITE_TIMEOUT_MS));
  } catch (e) {
    return failed(entry, e instanceof ApiError ? e : new ApiError(0, messages.get().matchFailed), wakes !== wokenBefore);
  }
  if (sent.conflict) return conflicted(sent.conflict, sent.show);
  // The server's answer first, then the pending entry goes: the cell never flashes back to the old result.
  // An answer that cannot be read (cut short) was still stored: the screen reloads what it shows instead.
  showSafely(sent.show);
  await forget(entry);
  settle(entry, 'done');
  return 'done';
}

/** Puts an answer on screen; one that cannot be read (cut short) was still stored: the screen reloads instead. */
function showSafely(show: () => void) {
  try {
    show();
  } catch {
    requestResync();
  }
}

/** Another screen's result won (the route's typed 409): the entry, marked with it, stays in sight until the person decides. */
async function conflicted(marked: OutboxEntry, show: () => void): Promise<SendOutcome> {
  try {
    await update({ ...marked, waiting: undefined });
    showSafely(show);
  } finally {
    settle(marked, 'conflict');
  }
  return 'conflict';
}

async function failed(entry: OutboxEntry, failure: ApiError, wokenMeanwhile: boolean): Promise<SendOutcome> {
  const outcome = classifyAnswer(failure.status, failure.retryAfter, failure.timedOut);
  const kind = kindOf(entry);
  // A write its view decides on (a referee's step) leaves the queue at a conflict or a refusal: the view is told why.
  if (kind.endsAtView && (outcome.kind === 'conflict' || outcome.kind === 'refused')) {
    try {
      await forget(entry);
      kind.endsAtView(entry, failure.message);
    } finally {
      settle(entry, outcome.kind);
    }
    return outcome.kind;
  }
  switch (outcome.kind) {
    case 'conflict':
      // A 409 that says only why (no state that won): kept in sight as a conflict, with nothing to show beside it.
      return conflicted({ ...entry, conflict: { current: null } }, () => undefined);
    case 'refused':
      // It can never succeed as it is: kept in sight with the server's reason until the person discards it.
      try {
        await update({ ...entry, waiting: undefined, refused: { status: failure.status, answer: failure.body } });
        await rebaseAfter(entry);
        toastError(failure.message, messages.get().refused);
      } finally {
        settle(entry, 'refused');
      }
      return 'refused';
    case 'transient':
      // Kept, shown as waiting with the reason, and sent again with the same key (it applies once).
      await update(waitingAgain(entry, outcome.reason, outcome.afterMs, wokenMeanwhile && outcome.reason !== 'limited'));
      return 'offline';
    default:
      // A failure is never "stored": if it ever read so, the write waits rather than being lost.
      await update(waitingAgain(entry, 'busy', null));
      return 'offline';
  }
}

/**
 * A refused write never moved its record's version on: the later writes of that record, made over the
 * version it would have left, are made again over the one it was made against (each write moves it on by
 * one; a clear starts it over), so they are not mistaken for conflicts.
 */
async function rebaseAfter(refused: OutboxEntry) {
  const kind = kindOf(refused);
  if (!kind.version) return;
  const record = kind.record(refused);
  let version = kind.version.of(refused);
  for (const e of store.get(outboxAtom).filter((x) => x.seq > refused.seq && sendable(x) && kindOf(x).record(x) === record)) {
    const later = kindOf(e);
    const rebased = later.version?.over(e, version) ?? e;
    await update(rebased);
    version = later.versionAfter(rebased);
  }
}

/** A deleted practice: its writes still on this device (waiting, refused or in conflict) go with it. */
export function forgetPractice(practiceId: string) {
  return dropWrites((e) => e.practiceId === practiceId);
}

/** A refused write the person has seen (and maybe copied): it leaves the queue. */
export async function discardRefused(key: string) {
  const entry = store.get(outboxAtom).find((e) => e.key === key);
  if (entry?.refused) await forget(entry);
}

async function forget(entry: OutboxEntry) {
  setEntries((list) => list.filter((x) => x.key !== entry.key));
  await deleteEntry(entry.key);
}

/** A conflict, decided: keep this screen's result (sent again over the state that won) or take the other. */
export async function resolveConflict(key: string, choice: 'mine' | 'theirs') {
  const entry = store.get(outboxAtom).find((e) => e.key === key);
  if (!entry?.conflict) return;
  await forget(entry);
  if (choice === 'theirs') return;
  const again = kindOf(entry).version?.over(entry, entry.conflict.current?.version ?? 0) ?? entry;
  void queued({ ...again, key: newWriteKey(), seq: nextSeq++, createdAt: Date.now(), conflict: undefined, waiting: undefined, refused: undefined });
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void wakeOutbox());
