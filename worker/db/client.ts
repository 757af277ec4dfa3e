import { drizzle } from 'drizzle-orm/d1';

/**
 * Which database a drizzle handle is for. The two are built the same way (drizzle over D1's interface) and run
 * the same tables, so only this mark tells them apart: the compiler refuses a room's handle to a D1 store
 * function (worker/store/d1) and a D1 handle to a room's (worker/store/room). A type only: nothing at run time.
 */
declare const where: unique symbol;

type Drizzle = ReturnType<typeof drizzle>;

/** The practice's room's own SQLite (worker/room/sql-d1): the practice's live state. */
export type RoomDb = Drizzle & { readonly [where]: 'room' };

/** D1: what crosses practices (accounts, the roster, the practices' index, days) and the archive of results. */
export type D1Db = Drizzle & { readonly [where]: 'd1' };

/**
 * Either database: for the few store functions run on both (docs/architecture.md lists them), each saying why,
 * and the helpers below.
 */
export type EitherDb = RoomDb | D1Db;

/**
 * A drizzle handle, without a schema: Piste writes its queries with the query builder only, never the relational
 * `db.query` API, and a schema would be walked again (every table's relations) on each handle, once per request.
 */
function handle<W extends EitherDb>(d1: D1Database): W {
  return drizzle(d1) as W;
}

/** A handle over the room's SQLite, through D1's interface (worker/room/sql-d1 `roomD1`). */
export const roomDb = (sql: D1Database): RoomDb => handle<RoomDb>(sql);

/** A new handle over D1 or one of its sessions: one per request (a session) or per job. */
export const d1Db = (d1: D1Database): D1Db => handle<D1Db>(d1);

/**
 * One handle per D1 binding (or wrapper of one), kept while the binding lives: for the routes that reach D1 without
 * a session (the rooms' paths in the worker, the index and archive from a room), not a new handle per request.
 */
const handles = new WeakMap<D1Database, D1Db>();
export function d1For(d1: D1Database): D1Db {
  let db = handles.get(d1);
  if (!db) handles.set(d1, (db = d1Db(d1)));
  return db;
}

/**
 * A D1 session as the D1Database drizzle takes: its statements and batches run in the session (its bookmark);
 * the rest of D1's surface (`exec`, `withSession`, `dump`) is never reached through a request's handle.
 */
export function sessionD1(session: D1DatabaseSession): D1Database {
  const absent = () => {
    throw new Error('not available in a D1 session');
  };
  return {
    prepare: (query) => session.prepare(query),
    batch: (statements) => session.batch(statements),
    exec: absent,
    withSession: absent,
    dump: absent,
  };
}

/**
 * Queries built once per handle: drizzle's query building costs more than running the statement, so the
 * room's hot reads (a pool's lookup on every score, a pool's snapshot on every read) are prepared with
 * placeholders on its long-lived handle and run with values. A per-request handle (D1's sessions) gets its own.
 */
const preparedByDb = new WeakMap<object, Map<string, unknown>>();
export function prepared<T>(db: EitherDb, name: string, build: () => T): T {
  let queries = preparedByDb.get(db);
  if (!queries) preparedByDb.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (query === undefined) queries.set(name, (query = build()));
  return query;
}

/**
 * Whether the handle is a room's own SQLite (worker/room/sql-d1): there every statement runs at once and no
 * other request comes in between two of them, so reads that must agree need no batch (D1's do).
 */
export function isSynchronous(db: EitherDb): boolean {
  return (db.$client as { synchronous?: boolean }).synchronous === true;
}
