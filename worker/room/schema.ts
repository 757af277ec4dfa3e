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
  /** What changed since the archive's last write (step 9): pool ids, or ARCHIVE_FULL. */
  archiveDirty: 'archive_dirty',
  /** Results checked by the coach (step 14): one row per scope (`event`, `pool:<id>`, `round:<n>`). */
  resultChecks: 'result_checks',
  /** Every score change of a bout (step 14): who, when, the result it left. */
  resultAudit: 'result_audit',
  /** The bouts of a barrage at the cut (step 15), in stored order (player1_id < player2_id). */
  barrageBouts: 'barrage_bouts',
} as const;

/** The mark of a change the archive copies in full (step 9): not a pool id (those are UUIDs). */
export const ARCHIVE_FULL = '*';
/** The archive's mark of a tableau's own row (schema step 13). */
export const BRACKET_MARK = '#bracket';
/** The prefix of the archive's mark of one tableau match: `${MATCH_MARK}<round>:<position>` (schema step 13). */
export const MATCH_MARK = '#bm:';

/**
 * The practice's live state (issue 26): the same relational shape and names as D1's archive (DESIGN: Data),
 * so the practice store runs on either. Foreign keys stay inside the practice (a pool's entries and bouts
 * go with it); users and athletes live in D1 only. Listed parents first: the order of the import and of
 * the archive.
 */
export const PRACTICE_TABLES = [
  'practices', 'tournaments', 'players', 'matches', 'tableau_formats', 'absentees', 'brackets', 'bracket_matches', 'teams', 'team_members', 'team_matches',
  // Step 5 (issue 28): a team tableau's marker and its matches' relay sheets (the matches are bracket_matches).
  'team_tableaux', 'team_relays',
  // Step 17 (issue 58): each team tableau match's line-up.
  'team_lineups',
] as const;

export type PracticeTable = (typeof PRACTICE_TABLES)[number];

const PRACTICE_DDL = [
  `CREATE TABLE practices (
    id TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL, date TEXT NOT NULL,
    practice_type TEXT NOT NULL DEFAULT 'individual' CHECK (practice_type IN ('individual', 'team')),
    room_code TEXT NOT NULL, allow_guest_access INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    board_id TEXT, guest_epoch INTEGER NOT NULL DEFAULT 0, sharing_expires_at INTEGER NOT NULL DEFAULT 0,
    weapon TEXT NOT NULL DEFAULT 'epee' CHECK (weapon IN ('epee', 'foil', 'sabre')))`,
  `CREATE TABLE tournaments (
    id TEXT PRIMARY KEY, practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE, user_id TEXT NOT NULL,
    name TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
  'CREATE INDEX tournaments_practice ON tournaments(practice_id, created_at)',
  `CREATE TABLE players (
    id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE, athlete_id TEXT,
    name TEXT NOT NULL, position INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    status TEXT CHECK (status IN ('withdrawn', 'excluded')))`,
  'CREATE INDEX players_tournament ON players(tournament_id, position)',
  `CREATE TABLE matches (
    id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player1_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE, player2_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    score1 INTEGER NOT NULL CHECK (score1 >= 0), score2 INTEGER NOT NULL CHECK (score2 >= 0), priority_id TEXT,
    updated_at INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 1, CHECK (player1_id < player2_id))`,
  'CREATE UNIQUE INDEX matches_pair ON matches(tournament_id, player1_id, player2_id)',
  `CREATE TABLE tableau_formats (
    practice_id TEXT PRIMARY KEY REFERENCES practices(id) ON DELETE CASCADE,
    cut_kind TEXT NOT NULL DEFAULT 'all' CHECK (cut_kind IN ('all', 'top', 'percent')), cut_value INTEGER,
    third_place TEXT NOT NULL DEFAULT 'shared' CHECK (third_place IN ('shared', 'bout')), places_5_8 INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL)`,
  `CREATE TABLE absentees (
    practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE, name TEXT NOT NULL, athlete_id TEXT,
    created_at INTEGER NOT NULL, PRIMARY KEY (practice_id, name))`,
  `CREATE TABLE brackets (
    practice_id TEXT PRIMARY KEY REFERENCES practices(id) ON DELETE CASCADE, user_id TEXT NOT NULL, seeding TEXT NOT NULL,
    version INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
  `CREATE TABLE bracket_matches (
    practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE, round INTEGER NOT NULL, position INTEGER NOT NULL,
    player1_id TEXT, player2_id TEXT, player1_score INTEGER CHECK (player1_score >= 0), player2_score INTEGER CHECK (player2_score >= 0),
    winner_id TEXT, updated_at INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 1, write_token TEXT,
    PRIMARY KEY (practice_id, round, position))`,
  `CREATE TABLE teams (
    id TEXT PRIMARY KEY, practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE, team_number INTEGER NOT NULL,
    user_id TEXT NOT NULL, created_at INTEGER NOT NULL)`,
  'CREATE UNIQUE INDEX teams_number ON teams(practice_id, team_number)',
  `CREATE TABLE team_members (
    id TEXT PRIMARY KEY, team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE, athlete_id TEXT,
    athlete_name TEXT NOT NULL, position INTEGER NOT NULL, user_id TEXT NOT NULL)`,
  'CREATE INDEX team_members_team ON team_members(team_id, position)',
  `CREATE TABLE team_matches (
    practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE, user_id TEXT NOT NULL,
    match_number INTEGER NOT NULL CHECK (match_number BETWEEN 1 AND 9), fencer_a_number INTEGER NOT NULL, fencer_b_number INTEGER NOT NULL,
    score_a INTEGER CHECK (score_a >= 0), score_b INTEGER CHECK (score_b >= 0), updated_at INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (practice_id, match_number))`,
  // Idempotency keys of score writes: kept with the write they belong to, in the same transaction.
  `CREATE TABLE applied_writes (key TEXT PRIMARY KEY, practice_id TEXT NOT NULL, created_at INTEGER NOT NULL)`,
  'CREATE INDEX applied_writes_created ON applied_writes(created_at)',
];

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
  // 3. The practice's live state (issue 26), empty until the room imports its practice from D1 once; and the
  // archive's counters: changes made (`archive_due`, until step 10) and changes D1 has acknowledged (`archived`).
  step({
    write: (sql) => {
      for (const ddl of PRACTICE_DDL) sql.exec(ddl);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN imported INTEGER NOT NULL DEFAULT 0`);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN archive_due INTEGER NOT NULL DEFAULT 0`);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN archived INTEGER NOT NULL DEFAULT 0`);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN archive_failures INTEGER NOT NULL DEFAULT 0`);
    },
  }),
  // 4. The competition day the practice is an event of (issue 28), and the words told to it: changes made
  // (`day_seq`), the last the day acknowledged (`day_told`), failures in a row (the alarm's back-off).
  step({
    write: (sql) => {
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN day_id TEXT`);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN day_seq INTEGER NOT NULL DEFAULT 0`);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN day_told INTEGER NOT NULL DEFAULT 0`);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN day_failures INTEGER NOT NULL DEFAULT 0`);
    },
  }),
  // 5. What the day last told the event of its calls and pistes (issue 28, ./day-calls), for its screens.
  step({
    write: (sql) => {
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN day_calls TEXT`);
    },
  }),
  // 6. Rounds of pools (issue 28): a pool's round (1 unless a second round was composed), and a second round's
  // entry's seed from round 1 and the round-1 entry it continues (as migrations/0020 in D1's archive).
  step({
    write: (sql) => {
      sql.exec('ALTER TABLE tournaments ADD COLUMN round INTEGER NOT NULL DEFAULT 1 CHECK (round IN (1, 2))');
      sql.exec('ALTER TABLE players ADD COLUMN seed INTEGER');
      sql.exec('ALTER TABLE players ADD COLUMN first_round_id TEXT');
    },
  }),
  // 7. Team events to the end (issue 28): the team tableau's marker and the relay rows of its matches, keyed by
  // the tableau match (round, position) beside the relay's number; the matches are the bracket's own rows.
  step({
    write: (sql) => {
      sql.exec(`CREATE TABLE team_tableaux (
        practice_id TEXT PRIMARY KEY REFERENCES practices(id) ON DELETE CASCADE, user_id TEXT NOT NULL,
        seeded_by TEXT NOT NULL CHECK (seeded_by IN ('pools', 'draw')), created_at INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE team_relays (
        practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE, round INTEGER NOT NULL, position INTEGER NOT NULL,
        match_number INTEGER NOT NULL CHECK (match_number BETWEEN 1 AND 9), fencer_a_number INTEGER NOT NULL, fencer_b_number INTEGER NOT NULL,
        score_a INTEGER CHECK (score_a >= 0), score_b INTEGER CHECK (score_b >= 0), winner TEXT CHECK (winner IN ('A', 'B')),
        updated_at INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (practice_id, round, position, match_number))`);
    },
  }),
  // 8. Cards kept with a saved result (issue 29): the referee's cards of a pool bout and of a tableau match, as
  // JSON (core/fencing/bout-cards), null when none was given (as migrations/0022 in D1's archive).
  step({
    write: (sql) => {
      sql.exec('ALTER TABLE matches ADD COLUMN cards TEXT');
      sql.exec('ALTER TABLE bracket_matches ADD COLUMN cards TEXT');
    },
  }),
  // 9. What changed since the archive's last write (issue 33), so a write copies only the pools that changed:
  // a pool's id when its entries, bouts or counters change; ARCHIVE_FULL when anything else the archive copies
  // does (a draw, a rename, a pool gone, the tableau, teams, the format, the weapon…). Each mark keeps the
  // number it was made at (`archive_marks` counts them): a write clears the marks it read, and only those once D1
  // acknowledged it. `archive_full`: the next write copies the whole practice (after an import, a failed write,
  // and for a room that held its practice before this step).
  step({
    write: (sql) => {
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN archive_marks INTEGER NOT NULL DEFAULT 0`);
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN archive_full INTEGER NOT NULL DEFAULT 1`);
      sql.exec(`CREATE TABLE ${TABLES.archiveDirty} (pool_id TEXT PRIMARY KEY, seq INTEGER NOT NULL)`);
      const mark = (id: string) =>
        `UPDATE ${TABLES.room} SET archive_marks = archive_marks + 1;
         INSERT INTO ${TABLES.archiveDirty} (pool_id, seq) VALUES (${id}, (SELECT archive_marks FROM ${TABLES.room})) ON CONFLICT (pool_id) DO UPDATE SET seq = excluded.seq;`;
      const full = mark(`'${ARCHIVE_FULL}'`);
      for (const t of ['players', 'matches']) {
        sql.exec(`CREATE TRIGGER ${t}_marks_insert AFTER INSERT ON ${t} BEGIN ${mark('NEW.tournament_id')} END`);
        sql.exec(`CREATE TRIGGER ${t}_marks_update AFTER UPDATE ON ${t} BEGIN ${mark('OLD.tournament_id')} ${mark('NEW.tournament_id')} END`);
        sql.exec(`CREATE TRIGGER ${t}_marks_delete AFTER DELETE ON ${t} BEGIN ${mark('OLD.tournament_id')} END`);
      }
      // A pool's counters (version, updated_at) are the pool's; its name, round or existence are the practice's shape.
      const shape = ['id', 'practice_id', 'user_id', 'name', 'created_at', 'round'].map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
      sql.exec(`CREATE TRIGGER tournaments_marks_counters AFTER UPDATE ON tournaments WHEN NOT (${shape}) BEGIN ${mark('NEW.id')} END`);
      sql.exec(`CREATE TRIGGER tournaments_marks_shape AFTER UPDATE ON tournaments WHEN ${shape} BEGIN ${full} END`);
      // Of the practice's own row the archive copies the weapon and sharing's expiry only (the index owns the rest).
      sql.exec(`CREATE TRIGGER practices_marks_update AFTER UPDATE ON practices WHEN OLD.weapon IS NOT NEW.weapon OR OLD.sharing_expires_at IS NOT NEW.sharing_expires_at BEGIN ${full} END`);
      // The tables as they stand at this step (a later table adds its own triggers in its own step).
      const others = ['practices', 'tournaments', 'tableau_formats', 'absentees', 'brackets', 'bracket_matches', 'teams', 'team_members', 'team_matches', 'team_tableaux', 'team_relays'];
      for (const t of others) {
        const ops = t === 'tournaments' || t === 'practices' ? ['INSERT', 'DELETE'] : ['INSERT', 'UPDATE', 'DELETE'];
        for (const op of ops) sql.exec(`CREATE TRIGGER ${t}_marks_${op.toLowerCase()} AFTER ${op} ON ${t} BEGIN ${full} END`);
      }
    },
  }),
  // 10. The marks number the changes (issue 26): `archived` is the last mark D1 acknowledged, and the count of
  // changes made (`archive_due`, a write of its own before each change) is no longer kept. A room that still
  // counted changes D1 lacked copies its whole practice on its next write.
  step({
    write: (sql) => {
      const { archive_due: due, archived } = sql.exec<{ archive_due: number; archived: number }>(`SELECT archive_due, archived FROM ${TABLES.room}`).one();
      sql.exec(`UPDATE ${TABLES.room} SET archived = archive_marks`);
      if (due > archived) {
        sql.exec(`UPDATE ${TABLES.room} SET archive_marks = archive_marks + 1`);
        sql.exec(`INSERT INTO ${TABLES.archiveDirty} (pool_id, seq) VALUES (?, (SELECT archive_marks FROM ${TABLES.room})) ON CONFLICT (pool_id) DO UPDATE SET seq = excluded.seq`, ARCHIVE_FULL);
      }
    },
  }),
  // 11. The D1 stamp (`practices.updated_at`, which only rises) of the newest word of the index the room has
  // applied: sharing, the code or the board link. Two changes whose calls cross on the way apply in D1's order,
  // not in their arrival's (an older word changes nothing). A room from before this step takes the next word.
  step({
    write: (sql) => {
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN index_at INTEGER NOT NULL DEFAULT 0`);
    },
  }),
  // 12. The owner's session version (./account-sessions): the owner's access tokens minted under an older one
  // (before a sign-out, a reset or a password change) are refused here; -1 until the room learns it (from D1, once).
  step({
    write: (sql) => {
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN owner_sessions INTEGER NOT NULL DEFAULT -1`);
    },
  }),
  // 13. A tableau's score marks the matches it wrote (`bm:<round>:<position>`) and the tableau's own row
  // (BRACKET_MARK), not the whole practice (issue 59): the archive then copies those rows, not every pool of a
  // 512-fencer event after each score. Deleting a match or the tableau (a reset) still marks the whole practice.
  step({
    write: (sql) => {
      const mark = (id: string) =>
        `UPDATE ${TABLES.room} SET archive_marks = archive_marks + 1;
         INSERT INTO ${TABLES.archiveDirty} (pool_id, seq) VALUES (${id}, (SELECT archive_marks FROM ${TABLES.room})) ON CONFLICT (pool_id) DO UPDATE SET seq = excluded.seq;`;
      for (const op of ['insert', 'update']) {
        sql.exec(`DROP TRIGGER IF EXISTS bracket_matches_marks_${op}`);
        sql.exec(`DROP TRIGGER IF EXISTS brackets_marks_${op}`);
      }
      sql.exec(`CREATE TRIGGER bracket_matches_marks_insert AFTER INSERT ON bracket_matches BEGIN ${mark(`'${MATCH_MARK}' || NEW.round || ':' || NEW.position`)} END`);
      sql.exec(`CREATE TRIGGER bracket_matches_marks_update AFTER UPDATE ON bracket_matches BEGIN ${mark(`'${MATCH_MARK}' || NEW.round || ':' || NEW.position`)} END`);
      sql.exec(`CREATE TRIGGER brackets_marks_insert AFTER INSERT ON brackets BEGIN ${mark(`'${BRACKET_MARK}'`)} END`);
      sql.exec(`CREATE TRIGGER brackets_marks_update AFTER UPDATE ON brackets BEGIN ${mark(`'${BRACKET_MARK}'`)} END`);
    },
  }),
  // 14. Results checked and locked (issue 58): the coach's checks, and each bout's score changes (who, when, what).
  // The room's own: the live practice's trust, not its archive.
  step({
    write: (sql) => {
      sql.exec(`CREATE TABLE ${TABLES.resultChecks} (scope TEXT PRIMARY KEY, by_name TEXT NOT NULL, at INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE ${TABLES.resultAudit} (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, bout TEXT NOT NULL, at INTEGER NOT NULL, role TEXT NOT NULL, name TEXT NOT NULL,
        score1 INTEGER, score2 INTEGER, checked INTEGER NOT NULL DEFAULT 0)`);
      sql.exec(`CREATE INDEX result_audit_bout ON ${TABLES.resultAudit} (bout, seq)`);
    },
  }),
  // 15. A barrage at the cut (issue 58): how the format settles ties at the cut's line (`cut_ties`, 'all' as
  // o.73.3 has it, or 'barrage'), and the barrage's bouts. The room's own: the frozen seeding carries its outcome.
  step({
    write: (sql) => {
      sql.exec(`ALTER TABLE ${TABLES.room} ADD COLUMN cut_ties TEXT NOT NULL DEFAULT 'all'`);
      sql.exec(`CREATE TABLE ${TABLES.barrageBouts} (
        player1_id TEXT NOT NULL, player2_id TEXT NOT NULL, score1 INTEGER NOT NULL CHECK (score1 >= 0), score2 INTEGER NOT NULL CHECK (score2 >= 0),
        priority_id TEXT, updated_at INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (player1_id, player2_id), CHECK (player1_id < player2_id))`);
    },
  }),
  // 16. A change to the checks or the barrage moves the room's change mark on (the data version boards are cached
  // under and a socket's hello carries), with nothing for the archive to copy: they are the room's own.
  step({
    write: (sql) => {
      for (const table of [TABLES.resultChecks, TABLES.barrageBouts]) {
        for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
          sql.exec(`CREATE TRIGGER ${table}_marks_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN UPDATE ${TABLES.room} SET archive_marks = archive_marks + 1; END`);
        }
      }
    },
  }),
  // 17. A team match as fenced (issue 58, o.99.4–6): each team tableau match's line-up (the side drawn as team A, the
  // captains' orders, the reserves and the substitutions), as migrations/0027 in D1's archive, which copies it whole.
  step({
    write: (sql) => {
      sql.exec(`CREATE TABLE team_lineups (
        practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE, round INTEGER NOT NULL, position INTEGER NOT NULL,
        team_a TEXT NOT NULL, drawn INTEGER NOT NULL DEFAULT 1 CHECK (drawn IN (0, 1)), lineup TEXT NOT NULL,
        updated_at INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (practice_id, round, position))`);
      const full = `UPDATE ${TABLES.room} SET archive_marks = archive_marks + 1;
        INSERT INTO ${TABLES.archiveDirty} (pool_id, seq) VALUES ('${ARCHIVE_FULL}', (SELECT archive_marks FROM ${TABLES.room})) ON CONFLICT (pool_id) DO UPDATE SET seq = excluded.seq;`;
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) sql.exec(`CREATE TRIGGER team_lineups_marks_${op.toLowerCase()} AFTER ${op} ON team_lineups BEGIN ${full} END`);
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
