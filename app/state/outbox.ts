import { atom, getDefaultStore } from 'jotai';
import {
  apiPaths, type BoutConflict, type BoutDelta, type MatchConflict, type MatchesDelta, type PoolBout, type PoolSnapshot, type RelayConflict, type TeamMatchRow,
} from '../../core/api';
import { isBoutOf, orderPair, toStoredBout, type Bout } from '../../core/fencing/bout-result';
import { matchId, scoreMatch, type BracketMatch } from '../../core/fencing/bracket';
import type { BoutBody, BracketScoreBody, ClearBoutBody, RelayRowBody } from '../../core/validation';
import { toastError } from '../components/ui/toast';
import { api, ApiError } from '../lib/api';
import { deleteEntry, newWriteKey, readOutbox, saveEntry, type OutboxEntry, type OutboxWrite } from '../lib/outbox-store';
import { applyBracket, applyMatchesDelta } from './bracket';
import { applyBoutDelta } from './pools';
import { applyRelayRow } from './teams';
import { i18n } from '../i18n';

const messages = i18n('outbox', {
  matchFailed: 'Failed to update match result',
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

/** One name for a bout, whichever fencer was entered first. */
const boutKey = (a: string, b: string) => orderPair(a, b).join(':');

/** Entries that will still be sent (not stopped at a conflict) of one practice. */
const waiting = (entries: readonly OutboxEntry[], practiceId: string) => entries.filter((e) => e.practiceId === practiceId && !e.conflict);

/**
 * The version a new write of this bout is made against: the stored bout's, or, where earlier writes of it
 * are still waiting, the version those will have left (a write moves it on by one; a clear removes it).
 */
function baseVersion(practiceId: string, pool: PoolSnapshot, a: string, b: string): number {
  const last = waiting(store.get(outboxAtom), practiceId)
    .filter((e): e is Extract<OutboxEntry, { kind: 'bout' | 'clear' }> => (e.kind === 'bout' || e.kind === 'clear') && e.poolId === pool.id)
    .filter((e) => boutKey(e.body.player1_id, e.body.player2_id) === boutKey(a, b))
    .at(-1);
  if (last) return last.kind === 'clear' ? 0 : last.body.version + 1;
  return pool.bouts.find((x) => isBoutOf(x, a, b))?.version ?? 0;
}

const EMPTY = { score1: 0, score2: 0, priority_id: null };

/** Callers waiting to hear that their write reached the server. */
const sentWaiters = new Map<string, () => void>();

/** Queues a write: kept on this device at once, sent as soon as the network allows. Resolves once the server has it. */
async function enqueue(practiceId: string, write: OutboxWrite): Promise<void> {
  const full = { ...write, practiceId, key: newWriteKey(), seq: nextSeq++, createdAt: Date.now() } as OutboxEntry;
  const sent = new Promise<void>((resolve) => sentWaiters.set(full.key, resolve));
  setEntries((list) => [...list, full]);
  await saveEntry(full);
  void flushOutbox();
  return sent;
}

/** Queues a bout result: shown at once as pending, sent as soon as the network allows. */
export function queueBout(practiceId: string, pool: PoolSnapshot, bout: Bout) {
  const body: BoutBody = { ...bout, version: baseVersion(practiceId, pool, bout.player1_id, bout.player2_id) };
  return enqueue(practiceId, { poolId: pool.id, kind: 'bout', body });
}

/** Queues the clearing of a bout (SPEC §4: an empty result clears both directions). */
export function queueClear(practiceId: string, pool: PoolSnapshot, a: string, b: string) {
  const body: ClearBoutBody = { player1_id: a, player2_id: b, version: baseVersion(practiceId, pool, a, b) };
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

/**
 * A pool as this screen should show it: the server's snapshot with every write still waiting applied on
 * top, by the same rules as the server (`toStoredBout`), and which bouts those are.
 */
export function withPending(pool: PoolSnapshot, entries: readonly OutboxEntry[]): { pool: PoolSnapshot; pending: Bout[] } {
  let bouts: PoolBout[] = pool.bouts;
  const pending: Bout[] = [];
  for (const e of entries) {
    if ((e.kind !== 'bout' && e.kind !== 'clear') || e.poolId !== pool.id || e.conflict) continue;
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

/** How each kind of write travels, and where its answer (or the state that won a conflict) goes. */
function request(e: OutboxEntry): { method: 'POST' | 'DELETE' | 'PUT'; path: string; apply: (answer: unknown) => void; conflict: (body: unknown) => void } {
  switch (e.kind) {
    case 'bout':
    case 'clear':
      return {
        method: e.kind === 'bout' ? ('POST' as const) : ('DELETE' as const),
        path: apiPaths.poolBouts(e.poolId),
        apply: (delta) => applyBoutDelta(e.practiceId, delta as BoutDelta),
        conflict: (body) => applyBoutDelta(e.practiceId, body as BoutConflict),
      };
    case 'tableau':
      return {
        method: 'POST',
        path: apiPaths.bracketScores(e.practiceId),
        apply: (delta) => applyMatchesDelta(e.practiceId, delta as MatchesDelta),
        conflict: (body) => applyBracket(e.practiceId, (body as MatchConflict).bracket),
      };
    case 'relay':
      return {
        method: 'PUT',
        path: apiPaths.teamSheetRow(e.practiceId, e.matchNumber),
        apply: (row) => applyRelayRow(e.practiceId, row as TeamMatchRow),
        conflict: (body) => applyRelayRow(e.practiceId, (body as RelayConflict).current),
      };
  }
}

async function send(entry: OutboxEntry): Promise<'sent' | 'offline'> {
  const how = request(entry);
  try {
    const answer = await api<unknown>(how.method, how.path, entry.body, { 'idempotency-key': entry.key });
    // The server's answer first, then the pending entry goes: the cell never flashes back to the old result.
    how.apply(answer);
    await forget(entry);
    sentWaiters.get(entry.key)?.();
    sentWaiters.delete(entry.key);
    return 'sent';
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) return 'offline';
    if (e instanceof ApiError && e.status === 409) {
      const body = e.body as { current?: NonNullable<OutboxEntry['conflict']>['current'] } | undefined;
      const marked = { ...entry, conflict: { current: body?.current ?? null } };
      sentWaiters.delete(entry.key);
      setEntries((list) => list.map((x) => (x.key === entry.key ? marked : x)));
      await saveEntry(marked);
      if (body) how.conflict(body);
      return 'sent';
    }
    // Refused for good (the bout is gone, the session ended): say so rather than retry for ever.
    await forget(entry);
    sentWaiters.delete(entry.key);
    toastError(e instanceof ApiError ? e.message : messages.get().matchFailed, messages.get().matchFailed);
    return 'sent';
  }
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

if (typeof window !== 'undefined') window.addEventListener('online', () => void flushOutbox());
