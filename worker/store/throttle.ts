import { HttpError } from '../errors';

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

/** Limits on lookups by a secret (room code, board id): failures only; a right answer never counts. */
export const LOOKUP_LIMITS = {
  /** Failed lookups one address may make in 15 minutes. */
  perAddress: 10,
  perAddressWindowMs: 15 * MINUTE,
  /** Failed lookups from everyone together in an hour before the service counts as under attack. */
  globalBudget: 1_000,
  globalWindowMs: 60 * MINUTE,
  /** Under attack, failed lookups one address may make in an hour (one typo, then the right code). */
  underAttackPerAddress: 2,
} as const;

/** Successful guest joins one address may make in an hour (each starts a guest session). */
export const JOIN_LIMITS = { perAddress: 30, windowMs: 60 * MINUTE } as const;

/** Limits on sign-in failures (OWASP: per account and address, never per account alone). */
export const SIGNIN_LIMITS = {
  /** Failed sign-ins for one email from one address in 15 minutes. */
  perEmailAndAddress: 5,
  /** Failed sign-ins from one address, any emails, in 15 minutes. */
  perAddress: 20,
  windowMs: 15 * MINUTE,
  /**
   * A high ceiling on failures for one email from everywhere, with a short window. It only stops
   * addresses that already failed for that email: the coach's own clean address still signs in.
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
}

/**
 * Looks a secret up (a room code, a board id) under the lookup limits, in one D1 batch: the lookup, one
 * increment per counter made only when the lookup finds nothing, and the counters read back. An address
 * whose earlier failures reach its limit gets 429 whatever it sends, so a burst of 100 parallel wrong codes
 * yields at most `perAddress` answers that are not 429. Right answers never count, and other addresses'
 * failures never count against a clean address, except that past the global budget every address may
 * fail only `underAttackPerAddress` times an hour.
 */
export async function lookupUnderLimits<T>(d1: D1Database, address: string, lookup: SecretLookup, now = Date.now()): Promise<T | null> {
  const L = LOOKUP_LIMITS;
  const perAddress: Counter = { key: `lookup:ip:${address}`, windowMs: L.perAddressWindowMs };
  const hourly: Counter = { key: `lookup:ip-hour:${address}`, windowMs: L.globalWindowMs };
  const global: Counter = { key: 'lookup:global', windowMs: L.globalWindowMs };
  const missing = { sql: `NOT EXISTS (${lookup.sql})`, params: lookup.params };
  const [found, , , , counters] = await d1.batch([
    d1.prepare(lookup.sql).bind(...lookup.params),
    bump(d1, perAddress, now, missing),
    bump(d1, hourly, now, missing),
    // Failures already refused by the per-address limit do not spend the global budget: one address
    // hammering away cannot put everyone under the strict limit.
    bump(d1, global, now, {
      sql: `${missing.sql} AND (SELECT count FROM throttle WHERE key = ? AND reset_at > ?) <= ?`,
      params: [...missing.params, perAddress.key, now, L.perAddress],
    }),
    readCounters(d1, [perAddress.key, hourly.key, global.key], now),
  ]);
  const row = (found!.results[0] as T | undefined) ?? null;
  const rows = counters!.results as CounterRow[];
  const thisFailure = row ? 0 : 1;
  const a = countOf(rows, perAddress.key);
  const h = countOf(rows, hourly.key);
  const g = countOf(rows, global.key);
  if (a.count - thisFailure >= L.perAddress) throw tooManyAttempts(a.resetAt - now);
  if (g.count > L.globalBudget && h.count - thisFailure >= L.underAttackPerAddress) throw tooManyAttempts(h.resetAt - now);
  return row;
}

/**
 * Counts a sign-in attempt before the password is checked (so a parallel burst cannot slip through) and
 * refuses it when over a limit. The caller calls `forgiveSignin` when the password was right, so what
 * remains counted are failures.
 */
export async function reserveSignin(d1: D1Database, email: string, address: string, now = Date.now()) {
  const S = SIGNIN_LIMITS;
  const counters = signinCounters(email, address);
  const results = await d1.batch<CounterRow>(counters.map((c) => bump(d1, c, now)).concat(readCounters(d1, counters.map((c) => c.key), now)));
  const rows = results.at(-1)!.results;
  const [pair, ip, mail] = counters.map((c) => countOf(rows, c.key));
  if (pair!.count > S.perEmailAndAddress) throw tooManyAttempts(pair!.resetAt - now);
  if (ip!.count > S.perAddress) throw tooManyAttempts(ip!.resetAt - now);
  if (mail!.count > S.perEmailCeiling && pair!.count > 1) throw tooManyAttempts(mail!.resetAt - now);
}

/** A right password: this attempt no longer counts, and the address's failures for the email are forgiven. */
export async function forgiveSignin(d1: D1Database, email: string, address: string) {
  const [pair, ...others] = signinCounters(email, address);
  await d1.batch([
    d1.prepare('DELETE FROM throttle WHERE key = ?').bind(pair!.key),
    ...others.map((c) => d1.prepare('UPDATE throttle SET count = MAX(count - 1, 0) WHERE key = ?').bind(c.key)),
  ]);
}

function signinCounters(email: string, address: string): Counter[] {
  const S = SIGNIN_LIMITS;
  return [
    { key: `signin:pair:${address}:${email}`, windowMs: S.windowMs },
    { key: `signin:ip:${address}`, windowMs: S.windowMs },
    { key: `signin:email:${email}`, windowMs: S.perEmailWindowMs },
  ];
}

/** Counts a successful guest join for an address, refusing it (429) past the hourly limit. */
export async function countGuestJoin(d1: D1Database, address: string, now = Date.now()) {
  const counter: Counter = { key: `join:ok:${address}`, windowMs: JOIN_LIMITS.windowMs };
  const [, read] = await d1.batch<CounterRow>([bump(d1, counter, now), readCounters(d1, [counter.key], now)]);
  const { count, resetAt } = countOf(read!.results, counter.key);
  if (count > JOIN_LIMITS.perAddress) throw tooManyAttempts(resetAt - now);
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
