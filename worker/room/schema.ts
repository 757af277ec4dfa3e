/**
 * The room's own SQLite (`ctx.storage.sql`): its tables, declared once, and the numbered steps that build
 * them, applied in order before the room answers anything (`blockConcurrencyWhile` in the constructor).
 * A step never changes once shipped; a change of shape is a new step.
 */
export const TABLES = {
  /** The one row of facts about the room: its practice, the latest guest epoch, the current board id. */
  room: 'room',
  /** Live guest sessions. */
  guests: 'guests',
  /** Bouts refereed live, by referee key (the record as JSON). */
  refereedBouts: 'refereed_bouts',
  /** The coach's referee choices of each pool (bout → referee, as JSON). */
  refereeChoices: 'referee_choices',
} as const;

/**
 * One step: what it reads first (async, outside the transaction), what it writes (in one transaction with
 * its number, so a step is applied whole or not at all), and what it clears after.
 */
interface Step<T = unknown> {
  read?: (storage: DurableObjectStorage) => Promise<T>;
  write: (sql: SqlStorage, read: T) => void;
  after?: (storage: DurableObjectStorage, read: T) => Promise<void>;
}

const step = <T>(s: Step<T>) => s as Step;

/** What rooms kept as key-value pairs before they had tables, by name or prefix. */
const LEGACY = { practiceId: 'practiceId', epoch: 'epoch', board: 'board', guests: 'guest:', referees: 'ref:', duties: 'duty:' } as const;

async function readLegacy(storage: DurableObjectStorage) {
  return {
    practiceId: await storage.get<string>(LEGACY.practiceId),
    epoch: await storage.get<number>(LEGACY.epoch),
    board: await storage.get<string>(LEGACY.board),
    guests: await storage.list<{ name: string; joinedAt: number; expiresAt: number }>({ prefix: LEGACY.guests }),
    referees: await storage.list<unknown>({ prefix: LEGACY.referees }),
    duties: await storage.list<Record<string, string>>({ prefix: LEGACY.duties }),
  };
}

export const ROOM_STEPS: readonly Step[] = [
  // 1. The tables.
  step({
    write: (sql) => {
      sql.exec(`CREATE TABLE ${TABLES.room} (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        practice_id TEXT,
        guest_epoch INTEGER NOT NULL DEFAULT 0,
        board_id TEXT
      )`);
      sql.exec(`INSERT INTO ${TABLES.room} (id) VALUES (1)`);
      sql.exec(`CREATE TABLE ${TABLES.guests} (session_id TEXT PRIMARY KEY, name TEXT NOT NULL, joined_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE ${TABLES.refereedBouts} (key TEXT PRIMARY KEY, record TEXT NOT NULL)`);
      sql.exec(`CREATE TABLE ${TABLES.refereeChoices} (pool_id TEXT PRIMARY KEY, chosen TEXT NOT NULL)`);
    },
  }),
  // 2. A room that kept these as key-value pairs (before its tables) moves them in, once.
  step({
    read: readLegacy,
    write: (sql, old) => {
      sql.exec(`UPDATE ${TABLES.room} SET practice_id = ?, guest_epoch = ?, board_id = ? WHERE id = 1`, old.practiceId ?? null, old.epoch ?? 0, old.board ?? null);
      for (const [key, g] of old.guests) sql.exec(`INSERT OR REPLACE INTO ${TABLES.guests} VALUES (?, ?, ?, ?)`, key.slice(LEGACY.guests.length), g.name, g.joinedAt, g.expiresAt);
      for (const [key, r] of old.referees) sql.exec(`INSERT OR REPLACE INTO ${TABLES.refereedBouts} VALUES (?, ?)`, key.slice(LEGACY.referees.length), JSON.stringify(r));
      for (const [key, c] of old.duties) sql.exec(`INSERT OR REPLACE INTO ${TABLES.refereeChoices} VALUES (?, ?)`, key.slice(LEGACY.duties.length), JSON.stringify(c));
    },
    after: async (storage, old) => {
      const keys = [LEGACY.practiceId, LEGACY.epoch, LEGACY.board, ...old.guests.keys(), ...old.referees.keys(), ...old.duties.keys()];
      // At most 128 keys a call.
      for (let i = 0; i < keys.length; i += 128) await storage.delete(keys.slice(i, i + 128));
    },
  }),
];

/** Brings the room's tables to the latest step (each applied whole, with its number); answers the version. */
export async function migrateRoom(storage: DurableObjectStorage, steps: readonly Step[] = ROOM_STEPS): Promise<number> {
  const { sql } = storage;
  sql.exec('CREATE TABLE IF NOT EXISTS room_schema (version INTEGER NOT NULL)');
  const version = () => sql.exec<{ version: number }>('SELECT version FROM room_schema').toArray()[0]?.version ?? 0;
  for (let done = version(); done < steps.length; done = version()) {
    const s = steps[done]!;
    const read = s.read ? await s.read(storage) : undefined;
    storage.transactionSync(() => {
      s.write(sql, read);
      sql.exec('DELETE FROM room_schema');
      sql.exec('INSERT INTO room_schema (version) VALUES (?)', done + 1);
    });
    if (s.after) await s.after(storage, read);
  }
  return version();
}
