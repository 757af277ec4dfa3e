/**
 * The room's SQLite (`ctx.storage.sql`) behind D1's interface, so the practice store (worker/store/room: pools,
 * bracket, teams, formats, keyed writes) runs unchanged in the room, on the same tables as D1's archive. Every
 * statement runs synchronously (an answer is already there when its promise settles, so no other request can
 * come in between two statements of one route); a batch is one `transactionSync`, all or nothing, as in D1.
 */

type Value = string | number | null | ArrayBuffer;

/** SQLite takes strings, numbers, null and bytes; D1 also takes booleans (1/0) and undefined (null). */
function toValue(v: unknown): Value {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' || typeof v === 'number' || v instanceof ArrayBuffer) return v;
  if (ArrayBuffer.isView(v)) return v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) as ArrayBuffer;
  return String(v);
}

/** A plain SELECT (drizzle writes them lower-case); anything else, WITH included, is counted as a write. */
const READ_ONLY = /^\s*select\b/i;

interface Ran {
  columns: string[];
  rows: Value[][];
  changes: number;
  rowsRead: number;
  rowsWritten: number;
}

/**
 * What the practice's store ran on the room's SQLite: statements and rows read, and, while `log` is set, each
 * statement's text. A test counts a write's cost with it (a tableau score reads no pool, issue 59).
 */
export interface SqlStats {
  statements: number;
  rowsRead: number;
  log: string[] | null;
}

/** A statement on the room's SQLite, as D1's: bound, then run at once when asked for its rows. */
class RoomStatement implements D1PreparedStatement {
  constructor(
    private readonly sql: SqlStorage,
    readonly query: string,
    private readonly values: Value[] = [],
    private readonly stats: SqlStats | null = null,
  ) {}

  bind(...values: unknown[]): RoomStatement {
    return new RoomStatement(this.sql, this.query, values.map(toValue), this.stats);
  }

  /**
   * Runs the statement now, reading every row first: the cursor's `rowsWritten` and SQLite's `changes()` are
   * exact only once it is done. A statement that wrote no row changed none (an UPDATE whose WHERE matched
   * nothing, an INSERT that was ignored): 0 without asking. One that wrote asks `changes()`, which counts the
   * rows this INSERT, UPDATE or DELETE changed, as D1's `meta.changes` does (not the index entries or the
   * rows its cascades touched, which `rowsWritten` includes). A SELECT is never asked: it writes nothing.
   */
  execute(): Ran {
    const cursor = this.sql.exec(this.query, ...this.values);
    const rows = [...cursor.raw()] as Value[][];
    const columns = cursor.columnNames;
    if (this.stats) {
      this.stats.statements++;
      this.stats.rowsRead += cursor.rowsRead;
      this.stats.log?.push(this.query);
    }
    const wrote = cursor.rowsWritten > 0 && !READ_ONLY.test(this.query);
    const changes = wrote ? this.sql.exec<{ n: number }>('SELECT changes() AS n').one().n : 0;
    return { columns, rows, changes, rowsRead: cursor.rowsRead, rowsWritten: cursor.rowsWritten };
  }

  /** Its rows as D1 gives them, objects by column name, with D1's counts. The caller names the rows' type, as with D1. */
  result<T>(): D1Result<T> {
    const ran = this.execute();
    const results = ran.rows.map((row) => Object.fromEntries(ran.columns.map((c, i) => [c, row[i]])));
    return {
      success: true,
      results: results as T[],
      meta: { duration: 0, size_after: 0, rows_read: ran.rowsRead, rows_written: ran.rowsWritten, last_row_id: 0, changed_db: ran.changes > 0, changes: ran.changes },
    };
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.result<T>();
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.result<T>();
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(column?: string): Promise<T | null> {
    const row = this.result<Record<string, unknown>>().results[0];
    if (!row) return null;
    return (column === undefined ? row : (row[column] ?? null)) as T | null;
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  async raw<T>(options?: { columnNames?: boolean }): Promise<[string[], ...T[]] | T[]> {
    const ran = this.execute();
    const rows = ran.rows as T[];
    return options?.columnNames ? [ran.columns, ...rows] : rows;
  }
}

/** Runs statements of the room's own (a batch takes no other), in one transaction: all or nothing, as in D1. */
function batchOf(storage: DurableObjectStorage) {
  return async <T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> =>
    storage.transactionSync(() =>
      statements.map((s) => {
        if (!(s instanceof RoomStatement)) throw new Error('a room batches only its own statements');
        return s.result<T>();
      }),
    );
}

/** A D1Database over the room's SQLite: what drizzle's D1 driver and the store's raw batches call. */
export function roomD1(storage: DurableObjectStorage, stats: SqlStats | null = null): D1Database {
  const { sql } = storage;
  const prepare = (query: string) => new RoomStatement(sql, query, [], stats);
  const batch = batchOf(storage);
  const db: D1Database & { synchronous: true } = {
    /** Read by worker/db/client `isSynchronous`. */
    synchronous: true,
    prepare,
    batch,
    exec: async (query: string) => {
      const cursor = sql.exec(query);
      cursor.toArray();
      return { count: 1, duration: 0 };
    },
    // One writer, no replicas: a session is the room itself.
    withSession: () => ({ prepare, batch, getBookmark: () => null }),
    dump: async () => {
      throw new Error('dump is not available in a room');
    },
  };
  return db;
}
