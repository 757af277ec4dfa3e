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
/** What reaches D1: these wait; building and binding a statement stay local. */
const REACHES_D1 = new Set<string | symbol>(['first', 'all', 'run', 'raw']);

/** The real statement with its calls that reach D1 delayed: a Proxy, so the statement keeps its own type. */
function delayedStatement(real: D1PreparedStatement, ms: number): D1PreparedStatement {
  return new Proxy(real, {
    get(target, prop) {
      if (prop === REAL) return target;
      if (prop === 'bind') return (...values: unknown[]) => delayedStatement(target.bind(...values), ms);
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!REACHES_D1.has(prop)) return value.bind(target);
      return async (...args: unknown[]) => (await wait(ms), value.apply(target, args));
    },
  });
}

/** The real statements behind delayed ones (a statement of the real D1 is its own). */
const realOf = (statements: D1PreparedStatement[]): D1PreparedStatement[] => statements.map((s) => Reflect.get(s, REAL) ?? s);

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
