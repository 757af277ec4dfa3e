import type { Env } from '../env';

/**
 * The bench's "far database" (issue 26): D1 as if it were `ms` away. Every call that reaches D1 (a statement's
 * first / all / run / raw, a batch, an exec, a dump) waits `ms` first; building statements, binding values,
 * opening a session and reading its bookmark stay local, as they are on Cloudflare. It exists only when
 * BENCH_D1_DELAY_MS is set (the bench passes it to Miniflare for its far run); no deployment sets it.
 */

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The real statement behind a delayed one, for the real `batch`, which takes only its own statements. */
const REAL = Symbol('the real D1 statement');
type Delayed = D1PreparedStatement & { [REAL]: D1PreparedStatement };

function delayedStatement(real: D1PreparedStatement, ms: number): D1PreparedStatement {
  const statement = {
    [REAL]: real,
    bind: (...values: unknown[]) => delayedStatement(real.bind(...values), ms),
    first: async (...args: [string?]) => (await wait(ms), (real.first as (...a: unknown[]) => Promise<unknown>)(...args)),
    all: async () => (await wait(ms), real.all()),
    run: async () => (await wait(ms), real.run()),
    raw: async (...args: [{ columnNames?: boolean }?]) => (await wait(ms), (real.raw as (...a: unknown[]) => Promise<unknown>)(...args)),
  };
  return statement as unknown as Delayed;
}

const realOf = (statements: D1PreparedStatement[]) => statements.map((s) => (s as Partial<Delayed>)[REAL] ?? s);

function delayedSession(real: D1DatabaseSession, ms: number): D1DatabaseSession {
  return {
    prepare: (query: string) => delayedStatement(real.prepare(query), ms),
    batch: async <T>(statements: D1PreparedStatement[]) => (await wait(ms), real.batch<T>(realOf(statements))),
    getBookmark: () => real.getBookmark(),
  } as D1DatabaseSession;
}

/** `db` with every call that reaches it delayed by `ms` milliseconds: one wrapper per binding and delay. */
const delayed = new WeakMap<D1Database, Map<number, D1Database>>();
export function delayD1(db: D1Database, ms: number): D1Database {
  let byMs = delayed.get(db);
  if (!byMs) delayed.set(db, (byMs = new Map()));
  let wrapper = byMs.get(ms);
  if (!wrapper) byMs.set(ms, (wrapper = newDelayedD1(db, ms)));
  return wrapper;
}

function newDelayedD1(db: D1Database, ms: number): D1Database {
  return {
    prepare: (query: string) => delayedStatement(db.prepare(query), ms),
    batch: async <T>(statements: D1PreparedStatement[]) => (await wait(ms), db.batch<T>(realOf(statements))),
    exec: async (query: string) => (await wait(ms), db.exec(query)),
    withSession: (constraintOrBookmark?: D1SessionBookmark | D1SessionConstraint) => delayedSession(db.withSession(constraintOrBookmark), ms),
    dump: async () => (await wait(ms), db.dump()),
  } as D1Database;
}

/** `env` itself, or, when BENCH_D1_DELAY_MS is a positive number, `env` whose DB is delayed by that much. */
export function withD1Delay(env: Env): Env {
  const ms = Number(env.BENCH_D1_DELAY_MS);
  if (!env.BENCH_D1_DELAY_MS || !(ms > 0)) return env;
  // Every other binding is read through the prototype, untouched.
  return Object.create(env, { DB: { value: delayD1(env.DB, ms), enumerable: true } }) as Env;
}
