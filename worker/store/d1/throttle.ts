import type { ChallengeInfo } from '../../auth/turnstile';
import type { Network } from '../../auth/network';
import { HttpError } from '../../errors';

/**
 * Counters in the `throttle` table, one row per key, each with a fixed window (`reset_at`). Every count is
 * an atomic upsert that increments first and decides after, inside one D1 batch (a transaction), so a
 * burst of parallel requests sees 1, 2, 3, … and never all read the same old count. Raw SQL because the
 * increments are conditional INSERT … SELECT … WHERE … ON CONFLICT upserts, which drizzle cannot express.
 */
export interface Counter {
  key: string;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Limits on lookups by a secret (room code, board id), counted per network (an IPv4 address or an IPv6 /64)
 * with a ceiling per block (IPv4 /24, IPv6 /48): failures only; a right answer never counts. Past a limit the
 * lookup is not refused outright: the screen asks for a human check (Turnstile), and a solved check lets that
 * one lookup through, so people behind one shared address keep working while a script does not.
 */
export const LOOKUP_LIMITS = {
  /** Failed lookups one network may make in 15 minutes. */
  perNetwork: 10,
  perNetworkWindowMs: 15 * MINUTE,
  /** Failed lookups all the networks of one block may make together in 15 minutes. */
  perBlock: 30,
  /** Failed lookups from everyone together in an hour before the service counts as under attack. */
  globalBudget: 500,
  globalWindowMs: 60 * MINUTE,
  /** Under attack, failed lookups one network may make in an hour without a check (a typo, then the right code). */
  underAttackPerNetwork: 2,
  /** Failed lookups from everyone together in an hour past which every lookup needs a solved check. */
  absoluteCeiling: 1_000,
  /** Failed lookups one network may make in an hour with solved checks; past it, it waits. */
  checkedPerNetwork: 20,
} as const;

/** Who looks a secret up, as the limiter sees them. */
export interface LookupClient {
  network: Network;
  /** The request carries a human check that siteverify accepted just now. */
  checked: boolean;
  /** What the screen needs to show a check; null when Turnstile is not configured (the limiter then only waits). */
  challenge: ChallengeInfo | null;
}

/** The answer when a limit asks for a human check before this lookup (429: the screen shows the check). */
export const CHALLENGE_REQUIRED = 'Please confirm you are a person to continue';

function challengeRequired(challenge: ChallengeInfo, waitMs: number) {
  const seconds = String(Math.max(1, Math.ceil(waitMs / 1000)));
  return new HttpError(429, CHALLENGE_REQUIRED, { 'Retry-After': seconds }, { challenge });
}

/** Successful guest joins one network (and one block) may make in an hour (each starts a guest session). */
export const JOIN_LIMITS = { perNetwork: 30, perBlock: 100, windowMs: 60 * MINUTE } as const;

/** Limits on sign-in failures (OWASP: per account and network, never per account alone). */
export const SIGNIN_LIMITS = {
  /** Failed sign-ins for one email from one network in 15 minutes. */
  perEmailAndNetwork: 5,
  /** Failed sign-ins from one network, any emails, in 15 minutes. */
  perNetwork: 20,
  /** Failed sign-ins from all the networks of one block in 15 minutes. */
  perBlock: 60,
  windowMs: 15 * MINUTE,
  /**
   * A high ceiling on failures for one email from everywhere, with a short window. It only stops
   * networks that already failed for that email: the coach's own clean network still signs in.
   */
  perEmailCeiling: 50,
  perEmailWindowMs: 5 * MINUTE,
} as const;

export function tooManyAttempts(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(429, `Too many attempts, try again in ${seconds} seconds`, { 'Retry-After': String(seconds) });
}

/** `INSERT … ON CONFLICT` that adds one to a counter (restarting an expired window), optionally only `WHERE` a condition holds. */
function bump(d1: D1Database, counter: Counter, now: number, where?: { sql: string; params: unknown[] }) {
  const sql = `INSERT INTO throttle (key, count, reset_at) SELECT ?, 1, ? WHERE ${where?.sql ?? '1'}
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN reset_at <= ? THEN 1 ELSE count + 1 END,
      reset_at = CASE WHEN reset_at <= ? THEN excluded.reset_at ELSE reset_at END`;
  return d1.prepare(sql).bind(counter.key, now + counter.windowMs, ...(where?.params ?? []), now, now);
}

type CounterRow = { key: string; count: number; reset_at: number };

function readCounters(d1: D1Database, keys: string[], now: number) {
  return d1.prepare(`SELECT key, count, reset_at FROM throttle WHERE key IN (${keys.map(() => '?').join(', ')}) AND reset_at > ?`).bind(...keys, now);
}

function countOf(rows: CounterRow[], key: string) {
  const row = rows.find((r) => r.key === key);
  return { count: row?.count ?? 0, resetAt: row?.reset_at ?? 0 };
}

/** A SELECT by a secret, written with `?` placeholders: the lookup a limiter guards. */
export interface SecretLookup {
  sql: string;
  params: unknown[];
  /**
   * A secret a person could guess (a 6-digit room code): a right one is answered only within the limits.
   * An unguessable one (a 128-bit board id) is answered whenever it is right: a gym whose network is over
   * its limit still opens its board, and telling right from wrong leaks nothing there.
   */
  guessable: boolean;
}

/**
 * Looks a secret up (a room code, a board id) under the lookup limits, in one D1 batch: the lookup, one
 * increment per counter made only when the lookup finds nothing, and the counters read back (increment
 * first, decide after, so a burst of 100 parallel wrong codes from one network yields at most `perNetwork`
 * answers that are not 429). Right answers never count. A lookup past a limit (its network's, its block's,
 * the under-attack rule, or the absolute ceiling for everyone) needs a solved human check; with one, a
 * network may still fail `checkedPerNetwork` times an hour. Every failure answered without a check is
 * counted in the global counter, so at most `absoluteCeiling` wrong codes an hour are answered to the whole
 * internet without a solved check.
 */
export async function lookupUnderLimits<T>(d1: D1Database, client: LookupClient, lookup: SecretLookup, now = Date.now()): Promise<T | null> {
  const L = LOOKUP_LIMITS;
  const { net, block } = client.network;
  const perNetwork: Counter = { key: `lookup:net:${net}`, windowMs: L.perNetworkWindowMs };
  const hourly: Counter = { key: `lookup:net-hour:${net}`, windowMs: L.globalWindowMs };
  const perBlock: Counter = { key: `lookup:block:${block}`, windowMs: L.perNetworkWindowMs };
  const checked: Counter = { key: `lookup:net-checked:${net}`, windowMs: L.globalWindowMs };
  const global: Counter = { key: 'lookup:global', windowMs: L.globalWindowMs };
  const missing = { sql: `NOT EXISTS (${lookup.sql})`, params: lookup.params };
  const [found, , , , , , counters] = await d1.batch([
    d1.prepare(lookup.sql).bind(...lookup.params),
    bump(d1, perNetwork, now, missing),
    bump(d1, hourly, now, missing),
    bump(d1, perBlock, now, missing),
    bump(d1, checked, now, { sql: `${missing.sql} AND ?`, params: [...missing.params, client.checked ? 1 : 0] }),
    // Failures already refused by the network's own limit do not spend the global budget: one network
    // hammering away cannot put everyone under the strict limit. Checked failures always count.
    bump(d1, global, now, {
      sql: `${missing.sql} AND (? OR (SELECT count FROM throttle WHERE key = ? AND reset_at > ?) <= ?)`,
      params: [...missing.params, client.checked ? 1 : 0, perNetwork.key, now, L.perNetwork],
    }),
    readCounters(d1, [perNetwork.key, hourly.key, perBlock.key, checked.key, global.key], now),
  ]);
  const row = (found!.results[0] as T | undefined) ?? null;
  if (row && !lookup.guessable) return row;
  const rows = counters!.results as CounterRow[];
  const failure = row ? 0 : 1;
  const [a, h, b, k, g] = [perNetwork, hourly, perBlock, checked, global].map((c) => countOf(rows, c.key));
  // This lookup's own failure is in the counts (and in the global one when it was let through); what decides
  // is what came before it.
  const globalBefore = g!.count - (failure && (client.checked || a!.count <= L.perNetwork) ? 1 : 0);
  const limited = [
    a!.count - failure >= L.perNetwork ? a!.resetAt : 0,
    b!.count - failure >= L.perBlock ? b!.resetAt : 0,
    globalBefore >= L.globalBudget && h!.count - failure >= L.underAttackPerNetwork ? h!.resetAt : 0,
    globalBefore >= L.absoluteCeiling ? g!.resetAt : 0,
  ].filter((resetAt) => resetAt > 0);
  if (limited.length === 0) return row;
  const waitMs = Math.max(...limited) - now;
  if (client.checked && k!.count - failure < L.checkedPerNetwork) return row;
  // No check, or one that did not pass: ask (again). Checked failures past their own limit: wait.
  if (client.challenge && !client.checked) throw challengeRequired(client.challenge, waitMs);
  throw tooManyAttempts(client.checked ? k!.resetAt - now : waitMs);
}

/**
 * Counts a sign-in attempt before the password is checked (so a parallel burst cannot slip through) and
 * refuses it when over a limit. The caller calls `forgiveSignin` when the password was right, so what
 * remains counted are failures.
 */
export async function reserveSignin(d1: D1Database, email: string, network: Network, now = Date.now()) {
  const S = SIGNIN_LIMITS;
  const counters = signinCounters(email, network);
  const results = await d1.batch<CounterRow>(counters.map((c) => bump(d1, c, now)).concat(readCounters(d1, counters.map((c) => c.key), now)));
  const rows = results.at(-1)!.results;
  const [pair, net, block, mail] = counters.map((c) => countOf(rows, c.key));
  if (pair!.count > S.perEmailAndNetwork) throw tooManyAttempts(pair!.resetAt - now);
  if (net!.count > S.perNetwork) throw tooManyAttempts(net!.resetAt - now);
  if (block!.count > S.perBlock) throw tooManyAttempts(block!.resetAt - now);
  if (mail!.count > S.perEmailCeiling && pair!.count > 1) throw tooManyAttempts(mail!.resetAt - now);
}

/** A right password: this attempt no longer counts, and the network's failures for the email are forgiven. */
export async function forgiveSignin(d1: D1Database, email: string, network: Network) {
  const [pair, ...others] = signinCounters(email, network);
  await d1.batch([
    d1.prepare('DELETE FROM throttle WHERE key = ?').bind(pair!.key),
    ...others.map((c) => d1.prepare('UPDATE throttle SET count = MAX(count - 1, 0) WHERE key = ?').bind(c.key)),
  ]);
}

function signinCounters(email: string, { net, block }: Network): Counter[] {
  const S = SIGNIN_LIMITS;
  return [
    { key: `signin:pair:${net}:${email}`, windowMs: S.windowMs },
    { key: `signin:net:${net}`, windowMs: S.windowMs },
    { key: `signin:block:${block}`, windowMs: S.windowMs },
    { key: `signin:email:${email}`, windowMs: S.perEmailWindowMs },
  ];
}

/** Counts a successful guest join for a network, refusing it (429) past the hourly limits. */
export async function countGuestJoin(d1: D1Database, { net, block }: Network, now = Date.now()) {
  const J = JOIN_LIMITS;
  await limitAttempt(d1, [
    { key: `join:ok:${net}`, windowMs: J.windowMs, max: J.perNetwork },
    { key: `join:ok-block:${block}`, windowMs: J.windowMs, max: J.perBlock },
  ], now);
}

/** A limit on attempts: at most `max` counted under `key` in a window of `windowMs`. */
export interface Limit extends Counter {
  max: number;
}

/**
 * Counts one attempt against every limit in one D1 batch (increment first, decide after) and answers
 * which limits it went past (empty: within all of them). The caller decides what past a limit means: a 429,
 * or (for a mailed address) the same answer without the mail.
 */
export async function countAttempt(d1: D1Database, limits: Limit[], now = Date.now()): Promise<{ over: Limit[]; waitMs: number }> {
  const results = await d1.batch<CounterRow>([...limits.map((l) => bump(d1, l, now)), readCounters(d1, limits.map((l) => l.key), now)]);
  const rows = results.at(-1)!.results;
  const over = limits.filter((l) => countOf(rows, l.key).count > l.max);
  const waitMs = Math.max(0, ...over.map((l) => countOf(rows, l.key).resetAt - now));
  return { over, waitMs };
}

/** Counts one attempt and refuses it (429 with Retry-After) past any of the limits. */
export async function limitAttempt(d1: D1Database, limits: Limit[], now = Date.now()) {
  const { over, waitMs } = await countAttempt(d1, limits, now);
  if (over.length) throw tooManyAttempts(waitMs);
}

/**
 * Writes that take a whole file (issue 15), per account an hour: a restore inserts up to a season of rows,
 * an import up to 500 athletes; enough for any coach's real use, never enough to fill the database.
 */
export const FILE_LIMITS = { restore: 10, import: 60, windowMs: 60 * MINUTE } as const;

/** Counts one file write of an account, refusing it (429) past the hourly limit of its kind. */
export async function countFileWrite(d1: D1Database, kind: 'restore' | 'import', userId: string, now = Date.now()) {
  const counter: Counter = { key: `file:${kind}:${userId}`, windowMs: FILE_LIMITS.windowMs };
  const [, read] = await d1.batch<CounterRow>([bump(d1, counter, now), readCounters(d1, [counter.key], now)]);
  const { count, resetAt } = countOf(read!.results, counter.key);
  if (count > FILE_LIMITS[kind]) throw tooManyAttempts(resetAt - now);
}

/** Deletes counters whose window has passed (run by the scheduled clean-up). */
export async function purgeExpiredCounters(d1: D1Database, now = Date.now()) {
  const { meta } = await d1.prepare('DELETE FROM throttle WHERE reset_at <= ?').bind(now).run();
  return meta.changes;
}
