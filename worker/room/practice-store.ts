import { PRACTICE_TABLES, TABLES, type PracticeTable } from './schema';

/**
 * The practice's live state in the room's SQLite (issue 26): which practice the room holds, how it takes it from
 * D1 once (a room whose storage is empty), how it keeps the index's facts it was told (sharing, code, board), and
 * the rows the archive copies back to D1. The statements of each route are the practice store's
 * (worker/store/room), run on the room's SQLite through ./sql-d1.
 */

type Row = Record<string, unknown>;
export type PracticeRows = Record<PracticeTable, Row[]>;

/** Which rows of each table belong to the practice `?1`, in D1 and in the room alike. */
const OF_PRACTICE: Record<PracticeTable, string> = {
  practices: 'id = ?1',
  tournaments: 'practice_id = ?1',
  players: 'tournament_id IN (SELECT id FROM tournaments WHERE practice_id = ?1)',
  matches: 'tournament_id IN (SELECT id FROM tournaments WHERE practice_id = ?1)',
  tableau_formats: 'practice_id = ?1',
  absentees: 'practice_id = ?1',
  brackets: 'practice_id = ?1',
  bracket_matches: 'practice_id = ?1',
  teams: 'practice_id = ?1',
  team_members: 'team_id IN (SELECT id FROM teams WHERE practice_id = ?1)',
  team_matches: 'practice_id = ?1',
  team_tableaux: 'practice_id = ?1',
  team_relays: 'practice_id = ?1',
  team_lineups: 'practice_id = ?1',
};

/** Columns naming a roster athlete (D1 only): a link to an athlete deleted meanwhile is archived as none. */
const ATHLETE_COLUMN = 'athlete_id';

/** Every row of a practice in D1 (tables in order, parents first) and its recent idempotency keys, in one batch. */
export async function readPracticeFromD1(d1: D1Database, practiceId: string): Promise<{ rows: PracticeRows; keys: Row[] } | null> {
  const results = await d1.batch([
    ...PRACTICE_TABLES.map((t) => d1.prepare(`SELECT * FROM ${t} WHERE ${OF_PRACTICE[t]}`).bind(practiceId)),
    d1.prepare('SELECT key, practice_id, created_at FROM applied_writes WHERE practice_id = ?1').bind(practiceId),
  ]);
  const rows = Object.fromEntries(PRACTICE_TABLES.map((t, i) => [t, results[i]!.results as Row[]])) as PracticeRows;
  if (rows.practices.length === 0) return null;
  return { rows, keys: results[PRACTICE_TABLES.length]!.results as Row[] };
}

function insertRow(sql: SqlStorage, table: string, row: Row) {
  const columns = Object.keys(row);
  sql.exec(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...columns.map((c) => (row[c] ?? null) as string | number | null));
}

/**
 * Replaces whatever the room holds of a practice with `rows` (an import from D1), in one transaction with
 * the room's facts: the practice is known and imported, and the archive has nothing to catch up.
 */
export function loadPractice(storage: DurableObjectStorage, practiceId: string, data: { rows: PracticeRows; keys: Row[] }) {
  const { sql } = storage;
  storage.transactionSync(() => {
    for (const t of [...PRACTICE_TABLES].reverse()) sql.exec(`DELETE FROM ${t}`);
    sql.exec('DELETE FROM applied_writes');
    for (const t of PRACTICE_TABLES) for (const row of data.rows[t]) insertRow(sql, t, row);
    for (const row of data.keys) insertRow(sql, 'applied_writes', row);
    // The import's own rows are no change to archive; the first write after it copies the whole practice.
    sql.exec(`DELETE FROM ${TABLES.archiveDirty}`);
    sql.exec(`UPDATE ${TABLES.room} SET practice_id = ?, imported = 1, archived = archive_marks, archive_failures = 0, archive_full = 1`, practiceId);
    // The index's words up to the one the import read are in (a call still on its way with one of them changes nothing).
    sql.exec(`UPDATE ${TABLES.room} SET index_at = max(index_at, ?)`, Number(data.rows.practices[0]?.updated_at ?? 0));
  });
}

/** The practice the room holds (imported, or created here since), in one read: null before that. */
export function heldPractice(sql: SqlStorage): string | null {
  const room = sql.exec<{ imported: number; practice_id: string | null }>(`SELECT imported, practice_id FROM ${TABLES.room}`).one();
  return room.imported === 1 ? room.practice_id : null;
}

/** The coach of the practice the room holds, or null before it holds one. */
function practiceOwner(sql: SqlStorage): string | null {
  return sql.exec<{ user_id: string }>(`SELECT p.user_id FROM ${TABLES.room} r JOIN practices p ON p.id = r.practice_id WHERE r.imported = 1`).toArray()[0]?.user_id ?? null;
}

/** Whether the room holds its practice already (imported, or created here since). */
function isImported(sql: SqlStorage): boolean {
  return sql.exec<{ imported: number }>(`SELECT imported FROM ${TABLES.room}`).one().imported === 1;
}

/** The facts of the practice the D1 index owns (name, date, sharing, code, board, epoch), as the worker told them. */
export interface IndexFacts {
  id: string;
  /** D1's stamp of the change (../store/d1/practices `nextStamp`): the order of the index's words. */
  updated_at: number;
  name: string;
  date: string;
  room_code: string;
  allow_guest_access: boolean;
  board_id: string;
  guest_epoch: number;
  sharing_expires_at: number;
}

/** The D1 stamp of the newest word of the index the room has applied (room schema step 11): older ones change nothing. */
export function indexAppliedAt(sql: SqlStorage): number {
  return sql.exec<{ index_at: number }>(`SELECT index_at FROM ${TABLES.room}`).one().index_at;
}

/** Keeps the room's copy of the index's facts; the practice's own state (weapon, pools…) is the room's. */
export function updateIndexFacts(sql: SqlStorage, facts: IndexFacts) {
  sql.exec(
    'UPDATE practices SET name = ?, date = ?, room_code = ?, allow_guest_access = ?, board_id = ?, guest_epoch = ?, sharing_expires_at = ?, updated_at = ? WHERE id = ?',
    facts.name, facts.date, facts.room_code, facts.allow_guest_access ? 1 : 0, facts.board_id, facts.guest_epoch, facts.sharing_expires_at, facts.updated_at, facts.id,
  );
}

/** Every row of the room's practice, table by table, for the archive: column names and values. */
export function readPracticeRows(sql: SqlStorage, practiceId: string): Record<PracticeTable, { columns: string[]; rows: unknown[][] }> {
  return Object.fromEntries(
    PRACTICE_TABLES.map((t) => {
      const cursor = sql.exec(`SELECT * FROM ${t} WHERE ${OF_PRACTICE[t]}`, practiceId);
      const rows = [...cursor.raw()];
      return [t, { columns: cursor.columnNames, rows }];
    }),
  ) as Record<PracticeTable, { columns: string[]; rows: unknown[][] }>;
}

/** D1 binds at most 100 values a statement. */
const MAX_BINDS = 100;

/**
 * The D1 statements inserting `rows` into `table`, a few rows a statement, and only while the practice is on
 * the index (a practice deleted meanwhile gets nothing back); a link to an athlete deleted meanwhile goes in
 * as none. `upsert`: a row already there (by its id) takes the values instead, if it is the practice's.
 */
export function insertStatements(d1: D1Database, practiceId: string, table: PracticeTable, { columns, rows }: { columns: string[]; rows: unknown[][] }, upsert = false): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const perStatement = Math.max(1, Math.floor((MAX_BINDS - 1) / columns.length));
  const picked = columns.map((c, i) => (c === ATHLETE_COLUMN ? `(SELECT id FROM athletes WHERE id = column${i + 1})` : `column${i + 1}`)).join(', ');
  const onConflict = upsert
    ? ` ON CONFLICT (id) DO UPDATE SET ${columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`).join(', ')} WHERE ${table}.practice_id = excluded.practice_id`
    : '';
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    statements.push(
      d1
        .prepare(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${picked} FROM (VALUES ${values}) WHERE EXISTS (SELECT 1 FROM practices WHERE id = ?)${onConflict}`)
        .bind(...chunk.flat(), practiceId),
    );
  }
  return statements;
}

/**
 * The D1 batch that makes the archive of a practice what the room holds: its rows of each table replaced
 * (children deleted first, then every row inserted, a few rows a statement), and the practice's own facts
 * on the index row (weapon; sharing's expiry only moves later, and only while sharing is on). Idempotent: run
 * twice, it leaves the same archive; a practice deleted from the index meanwhile gets nothing back.
 */
export function archiveStatements(d1: D1Database, practiceId: string, tables: Record<PracticeTable, { columns: string[]; rows: unknown[][] }>): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const t of [...PRACTICE_TABLES].reverse()) {
    if (t === 'practices') continue;
    statements.push(d1.prepare(`DELETE FROM ${t} WHERE ${OF_PRACTICE[t]}`).bind(practiceId));
  }
  for (const t of PRACTICE_TABLES) {
    if (t === 'practices') continue;
    statements.push(...insertStatements(d1, practiceId, t, tables[t]));
  }
  const practice = tables.practices;
  const own = practice.rows[0];
  if (own) {
    const at = (c: string) => own[practice.columns.indexOf(c)];
    statements.push(
      d1
        .prepare(
          `UPDATE practices SET weapon = ?2,
             sharing_expires_at = CASE WHEN allow_guest_access = 1 AND sharing_expires_at > ?4 AND ?3 > sharing_expires_at THEN ?3 ELSE sharing_expires_at END
           WHERE id = ?1`,
        )
        .bind(practiceId, at('weapon'), at('sharing_expires_at'), Date.now()),
    );
  }
  return statements;
}

/**
 * The practice the room holds and its coach, read once: only an import (`ensure`) makes the room hold one, and only
 * the practice's deletion, which erases the room, makes it hold none (`forget`); a practice never changes hands (a
 * restore makes new ones). A read on every request was one SQLite call of every score's and every read's path.
 */
export class HeldPractice {
  private held: string | null = null;
  private owner: { practiceId: string; userId: string } | null = null;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly d1: () => D1Database,
    /** The practice was imported (the boards follow its copy). */
    private readonly imported: () => void,
  ) {}

  /** The practice the room holds (null: none yet). */
  id(): string | null {
    this.held ??= heldPractice(this.ctx.storage.sql);
    return this.held;
  }

  /** The coach of the practice the room holds. */
  ownerOf(practiceId: string): string | null {
    if (this.owner?.practiceId === practiceId) return this.owner.userId;
    const userId = practiceOwner(this.ctx.storage.sql);
    this.owner = userId === null ? null : { practiceId, userId };
    return userId;
  }

  /**
   * The practice in the room's SQLite: a room whose storage has none takes it from D1 once, before anything
   * else runs (no other request comes in meanwhile). False when D1 has no such practice either.
   */
  async ensure(practiceId: string): Promise<boolean> {
    const held = this.id();
    if (held !== null) return held === practiceId;
    await this.ctx.blockConcurrencyWhile(async () => {
      if (isImported(this.ctx.storage.sql)) return;
      const data = await readPracticeFromD1(this.d1(), practiceId);
      if (!data) return;
      loadPractice(this.ctx.storage, practiceId, data);
      this.imported();
    });
    return this.id() === practiceId;
  }

  /** The room's storage is erased: nothing read before stays. */
  forget() {
    this.held = null;
    this.owner = null;
  }
}
