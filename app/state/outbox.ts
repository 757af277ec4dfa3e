// The write queue (DESIGN: writes from the field): score-like writes kept on the device, sent in order with
// their idempotency key and version, shown as pending, and their conflicts and refusals kept for the coach.
// One file because the write kinds share one queue, one sending loop and one store; what differs per kind
// (its record, its line, how it travels, its conflict) is its definition in ./write-kinds.
import { atom, getDefaultStore } from 'jotai';
import type { PoolBout, PoolSnapshot } from '../../core/contracts/pools';
import type { TeamMatchRow } from '../../core/contracts/teams';
import type { TeamRelay } from '../../core/contracts/team-tableau';
import { boutKey, isBoutOf, toStoredBout, type Bout } from '../../core/fencing/bout-result';
import { matchId, scoreMatch, type BracketMatch } from '../../core/fencing/bracket';
import type { BoutBody, BracketScoreBody, ClearBoutBody, RefereeUpdateBody, RelayRowBody, TeamRelayRowBody } from '../../core/validation';
import type { RefereeTarget } from '../../core/refereeing';
import type { CallStepBody } from '../../core/day-validation';
import { toastError } from './toasts';
import { ApiError, sendOptions } from '../lib/api';
import { kindOf, refereeRecord, takeStepAnswer, type Sent, type StepAnswer } from './write-kinds';
import { backoffMs, classifyAnswer } from '../lib/retry';
import { deleteEntry, newWriteKey, readOutbox, saveEntry, type OutboxEntry, type OutboxWrite } from '../lib/outbox-store';
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
  const saved = await readOutbox();
  if (saved.length === 0) return;
  nextSeq = Math.max(nextSeq, ...saved.map((e) => e.seq + 1));
  setEntries((list) => [...list.filter((e) => !saved.some((s) => s.key === e.key)), ...saved]);
  void flushOutbox();
}

/** Entries that will still be sent (not stopped at a conflict, not refused) of one practice. */
const waiting = (entries: readonly OutboxEntry[], practiceId: string) => entries.filter((e) => e.practiceId === practiceId && !e.conflict && !e.refused);

/**
 * The version a new write of this bout is made against: the stored bout's, or, where earlier writes of it
 * are still waiting, the version those will have left (a write moves it on by one; a clear removes it).
 * A score dialog reads it when it opens (`boutVersion`), so a result someone else saved while it was open
 * comes back as a conflict, shown beside this one, instead of being overwritten.
 */
export function boutVersion(practiceId: string, pool: PoolSnapshot, a: string, b: string): number {
  const last = waiting(store.get(outboxAtom), practiceId)
    .filter((e): e is Extract<OutboxEntry, { kind: 'bout' | 'clear' }> => (e.kind === 'bout' || e.kind === 'clear') && e.poolId === pool.id)
    .filter((e) => boutKey(e.body.player1_id, e.body.player2_id) === boutKey(a, b))
    .at(-1);
  if (last) return kindOf(last).versionAfter(last);
  return pool.bouts.find((x) => isBoutOf(x, a, b))?.version ?? 0;
}

const EMPTY = { score1: 0, score2: 0, priority_id: null };

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
function settle(key: string, outcome: WriteOutcome) {
  const waiter = sentWaiters.get(key);
  sentWaiters.delete(key);
  // Nobody waits (a write restored after a reload): a referee step's answer has no view to go to.
  if (!waiter) return void takeStepAnswer(key);
  waiter(outcome);
}

/** Queues a write: kept on this device at once, sent as soon as the network allows. Settles with its outcome. */
async function enqueue(practiceId: string, write: OutboxWrite, key = newWriteKey()): Promise<WriteOutcome> {
  const full = { ...write, practiceId, key, seq: nextSeq++, createdAt: Date.now() } as OutboxEntry;
  const sent = new Promise<WriteOutcome>((resolve) => sentWaiters.set(full.key, resolve));
  setEntries((list) => [...list, full]);
  await saveEntry(full);
  void flushOutbox();
  return sent;
}

/** Queues a bout result over `version` (the bout as the person saw it): shown at once as pending, sent as soon as the network allows. */
export function queueBout(practiceId: string, pool: PoolSnapshot, bout: Bout, version = boutVersion(practiceId, pool, bout.player1_id, bout.player2_id)) {
  const body: BoutBody = { ...bout, version };
  return enqueue(practiceId, { poolId: pool.id, kind: 'bout', body });
}

/** Queues the clearing of a bout (SPEC §4: an empty result clears both directions). */
export function queueClear(practiceId: string, pool: PoolSnapshot, a: string, b: string, version = boutVersion(practiceId, pool, a, b)) {
  const body: ClearBoutBody = { player1_id: a, player2_id: b, version };
  return enqueue(practiceId, { poolId: pool.id, kind: 'clear', body });
}

/**
 * Queues a tableau score over the match as this screen shows it (`withPendingTableau`: its version already
 * counts the writes still waiting).
 */
export function queueTableauScore(practiceId: string, match: BracketMatch, score: { player1_score: number; player2_score: number; priority_id: string | null }) {
  const body: BracketScoreBody = { round: match.round, position: match.position, player1_id: match.player1_id!, player2_id: match.player2_id!, ...score, version: match.version };
  return enqueue(practiceId, { kind: 'tableau', body });
}

/** Queues a relay's touches over the row as this screen shows it (`withPendingSheet`). */
export function queueRelay(practiceId: string, row: TeamMatchRow, touches: { score_a: number | null; score_b: number | null }) {
  const body: RelayRowBody = { ...touches, version: row.version };
  return enqueue(practiceId, { kind: 'relay', matchNumber: row.match_number, body });
}

/** Queues a step on a called match of a day (issue 28) over the call's version as this screen shows it. */
export function queueCallStep(practiceId: string, callId: string, body: CallStepBody) {
  return enqueue(practiceId, { kind: 'call', callId, body });
}

/** Queues a relay of a team tableau match over the row as this screen shows it (`withPendingTeamSheet`). */
export function queueTeamRelay(practiceId: string, row: TeamRelay, entry: { score_a: number | null; score_b: number | null; winner: 'A' | 'B' | null }) {
  const body: TeamRelayRowBody = { ...entry, version: row.version };
  return enqueue(practiceId, { kind: 'team-relay', round: row.round, position: row.position, matchNumber: row.match_number, body });
}

/**
 * Queues a referee's step (issue 18): kept on this device, sent after the bout's earlier steps, retried
 * while the network or the room is away. Settles with what the room made of it: stored (and whether it was
 * new to it), or why it ended (another view holds the bout, the step was refused); `null` if it was dropped.
 */
export async function queueRefereeStep(practiceId: string, body: RefereeUpdateBody): Promise<StepAnswer | null> {
  const key = newWriteKey();
  const outcome = await enqueue(practiceId, { kind: 'referee', body }, key);
  const answer = takeStepAnswer(key);
  if (outcome === 'dropped') return null;
  return answer ?? (outcome === 'done' ? { applied: true } : { ended: '' });
}

/** A bout handed over or discarded: its steps still waiting on this device go (the room's copy is what stands). */
export async function forgetRefereeSteps(practiceId: string, target: RefereeTarget) {
  const record = refereeRecord({ practiceId, body: { target } });
  for (const e of store.get(outboxAtom).filter((x) => x.kind === 'referee' && refereeRecord(x) === record)) {
    await forget(e);
    settle(e.key, 'dropped');
  }
}

/**
 * A pool as this screen should show it: the server's snapshot with every write still waiting applied on
 * top, by the same rules as the server (`toStoredBout`), and which bouts those are.
 */
export function withPending(pool: PoolSnapshot, entries: readonly OutboxEntry[]): { pool: PoolSnapshot; pending: Bout[] } {
  let bouts: PoolBout[] = pool.bouts;
  const pending: Bout[] = [];
  for (const e of entries) {
    if ((e.kind !== 'bout' && e.kind !== 'clear') || e.poolId !== pool.id || e.conflict || e.refused) continue;
    const { player1_id: a, player2_id: b } = e.body;
    bouts = bouts.filter((x) => !isBoutOf(x, a, b));
    if (e.kind === 'bout') {
      bouts = [...bouts, { ...toStoredBout({ ...e.body, priority_id: e.body.priority_id ?? null }), updated_at: e.createdAt, version: e.body.version + 1 }];
    }
    pending.push(toStoredBout({ player1_id: a, player2_id: b, ...EMPTY }));
  }
  return { pool: pending.length ? { ...pool, bouts } : pool, pending };
}

/** The tableau as this screen should show it: the waiting scores applied by the server's rules (`scoreMatch`), and which matches they are. */
export function withPendingTableau(practiceId: string, matches: BracketMatch[], entries: readonly OutboxEntry[]): { matches: BracketMatch[]; pending: Set<string> } {
  const pending = new Set<string>();
  let state = matches;
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'tableau') continue;
    const change = scoreMatch(state, { ...e.body, priority_id: e.body.priority_id ?? null });
    if (change) state = change.matches;
    pending.add(matchId(e.body.round, e.body.position));
  }
  return { matches: state, pending };
}

/** The relay sheet as this screen should show it: the waiting rows applied, and which relays they are. */
export function withPendingSheet(practiceId: string, sheet: TeamMatchRow[], entries: readonly OutboxEntry[]): { sheet: TeamMatchRow[]; pending: Set<number> } {
  const pending = new Set<number>();
  let rows = sheet;
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'relay') continue;
    const { score_a, score_b, version } = e.body;
    rows = rows.map((r) => (r.match_number === e.matchNumber ? { ...r, score_a, score_b, version: version + 1 } : r));
    pending.add(e.matchNumber);
  }
  return { sheet: rows, pending };
}

/** A team tableau match's sheet as this screen should show it: the waiting rows applied, and which relays they are. */
export function withPendingTeamSheet(practiceId: string, sheet: TeamRelay[], entries: readonly OutboxEntry[]): { sheet: TeamRelay[]; pending: Set<number> } {
  const pending = new Set<number>();
  let rows = sheet;
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'team-relay' || !rows.some((r) => r.round === e.round && r.position === e.position)) continue;
    const { score_a, score_b, version } = e.body;
    rows = rows.map((r) => (r.match_number === e.matchNumber ? { ...r, score_a, score_b, winner: e.body.winner ?? null, version: version + 1 } : r));
    pending.add(e.matchNumber);
  }
  return { sheet: rows, pending };
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
  let sent: Sent<OutboxEntry['kind']>;
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
  settle(entry.key, 'done');
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
    settle(marked.key, 'conflict');
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
      settle(entry.key, outcome.kind);
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
        settle(entry.key, 'refused');
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
  if (refused.kind === 'referee') return;
  const record = kindOf(refused).record(refused);
  let version = refused.body.version;
  for (const e of store.get(outboxAtom).filter((x) => x.seq > refused.seq && sendable(x) && kindOf(x).record(x) === record)) {
    const rebased = { ...e, body: { ...e.body, version } } as OutboxEntry;
    await update(rebased);
    version = kindOf(rebased).versionAfter(rebased);
  }
}

/** A deleted practice: its writes still on this device (waiting, refused or in conflict) go with it. */
export async function forgetPractice(practiceId: string) {
  for (const e of store.get(outboxAtom).filter((x) => x.practiceId === practiceId)) {
    await forget(e);
    settle(e.key, 'dropped');
  }
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
  const version = entry.conflict.current?.version ?? 0;
  const { key: _key, seq: _seq, createdAt: _at, conflict: _c, practiceId, ...write } = entry;
  void enqueue(practiceId, { ...write, body: { ...write.body, version } } as OutboxWrite);
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void wakeOutbox());
