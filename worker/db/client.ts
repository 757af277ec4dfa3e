import { drizzle } from 'drizzle-orm/d1';

export type Db = ReturnType<typeof getDb>;

/**
 * A drizzle handle over D1 (or the room's SQLite through D1's interface). Without a schema: Piste writes its
 * queries with the query builder only, never the relational `db.query` API, and a schema would be walked
 * again (every table's relations) on each handle, once per request.
 */
export function getDb(d1: D1Database) {
  return drizzle(d1);
}

/**
 * One handle per D1 binding (or wrapper of one), kept while the binding lives: for the routes that reach D1 without
 * a session (the rooms' paths in the worker, the index and archive from a room), not a new handle per request.
 */
const handles = new WeakMap<D1Database, Db>();
export function dbFor(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) handles.set(d1, (db = getDb(d1)));
  return db;
}

/**
 * Queries built once per handle: drizzle's query building costs more than running the statement, so the
 * room's hot reads (a pool's lookup on every score, a pool's snapshot on every read) are prepared with
 * placeholders on its long-lived handle and run with values. A per-request handle (D1's sessions) gets its own.
 */
const preparedByDb = new WeakMap<object, Map<string, unknown>>();
export function prepared<T>(db: Db, name: string, build: () => T): T {
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
export function isSynchronous(db: Db): boolean {
  return (db.$client as { synchronous?: boolean }).synchronous === true;
}
