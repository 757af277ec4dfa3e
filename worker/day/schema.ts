/**
 * A day room's own SQLite (issue 28): its tables, declared once, and the numbered steps that build them
 * (applied by ../room/schema's `migrateRoom`, before the room answers anything). A step never changes once
 * shipped; a change of shape is a new step.
 */
export const DAY_TABLES = {
  /** The one row of the day's index facts (copied from D1 when they change) and its version. */
  day: 'day',
  /** Its events: practices of the coach, with the pools their rooms last told (`pools` JSON, numbered by `seq`). */
  events: 'events',
  pistes: 'pistes',
  /** Where each placed pool fences: piste and flight; `pinned` when the coach moved it there; its referee. */
  placements: 'placements',
  /** The day's referees, in order. */
  referees: 'referees',
  /** The clubs of the events' roster athletes (the worker reads them from the roster when it places pools). */
  clubs: 'clubs',
  /** Tableau matches called to pistes now. */
  calls: 'calls',
  /** Ready matches the coach held back (a cancelled call). */
  held: 'held',
  /** Fencers followed from their page: a push subscription each, told when the fencer is called. */
  follows: 'follows',
  /** How fast each network and block made new follows lately: a token bucket each (./follows). */
  followRates: 'follow_rates',
  /** Idempotency keys of the call steps taken (a step sent again after a lost answer is taken once). */
  applied: 'applied_steps',
  /** The venue bridge (issue 57): the key's hash, and what the bridge last said of itself and its machines. */
  bridge: 'bridge',
} as const;

const T = DAY_TABLES;

export const DAY_STEPS = [
  {
    write: (sql: SqlStorage) => {
      sql.exec(`CREATE TABLE ${T.day} (
        id INTEGER PRIMARY KEY CHECK (id = 1), day_id TEXT, owner_id TEXT, facts TEXT, version INTEGER NOT NULL DEFAULT 0)`);
      sql.exec(`INSERT INTO ${T.day} (id) VALUES (1)`);
      sql.exec(`CREATE TABLE ${T.events} (
        practice_id TEXT PRIMARY KEY, position INTEGER NOT NULL, name TEXT NOT NULL, weapon TEXT NOT NULL, practice_type TEXT NOT NULL,
        pools TEXT NOT NULL DEFAULT '[]', seq INTEGER NOT NULL DEFAULT 0)`);
      sql.exec(`CREATE TABLE ${T.pistes} (id TEXT PRIMARY KEY, name TEXT NOT NULL, final INTEGER NOT NULL DEFAULT 0, position INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE ${T.placements} (
        pool_id TEXT PRIMARY KEY, practice_id TEXT NOT NULL, piste_id TEXT NOT NULL, flight INTEGER NOT NULL, pinned INTEGER NOT NULL DEFAULT 0)`);
    },
  },
  // 2. Referees (issue 28, step 4): the list, the fencers' clubs, and each placement's referee.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`CREATE TABLE ${T.referees} (id TEXT PRIMARY KEY, name TEXT NOT NULL, club TEXT, athlete_id TEXT, position INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE ${T.clubs} (athlete_id TEXT PRIMARY KEY, club TEXT)`);
      sql.exec(`ALTER TABLE ${T.placements} ADD COLUMN referee_id TEXT`);
      sql.exec(`ALTER TABLE ${T.placements} ADD COLUMN referee_override INTEGER NOT NULL DEFAULT 0`);
      sql.exec(`ALTER TABLE ${T.placements} ADD COLUMN neutral INTEGER NOT NULL DEFAULT 1`);
    },
  },
  // 3. Each event's tableau as its room last told it (JSON), for the schedule.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`ALTER TABLE ${T.events} ADD COLUMN tableau TEXT`);
    },
  },
  // 4. Calls (issue 28, step 5): each event's tableau matches as last told, and the matches called to pistes.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`ALTER TABLE ${T.events} ADD COLUMN matches TEXT NOT NULL DEFAULT '[]'`);
      sql.exec(`CREATE TABLE ${T.calls} (
        id TEXT PRIMARY KEY, practice_id TEXT NOT NULL, match_id TEXT NOT NULL, round INTEGER NOT NULL, position INTEGER NOT NULL,
        names TEXT NOT NULL, keys TEXT NOT NULL, piste_id TEXT NOT NULL, referee_id TEXT, neutral INTEGER NOT NULL,
        state TEXT NOT NULL, called_at INTEGER NOT NULL, seq INTEGER NOT NULL)`);
    },
  },
  // 5. The coach's steps on a call: its version, and the matches held back.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`ALTER TABLE ${T.calls} ADD COLUMN version INTEGER NOT NULL DEFAULT 1`);
      sql.exec(`CREATE TABLE ${T.held} (id TEXT PRIMARY KEY, practice_id TEXT NOT NULL, names TEXT NOT NULL)`);
    },
  },
  // 6. Fencers followed (their page's "Notify me"): the push subscription, and the keys calls name the fencer by.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`CREATE TABLE ${T.follows} (
        id TEXT PRIMARY KEY, practice_id TEXT NOT NULL, entry_id TEXT NOT NULL, keys TEXT NOT NULL, endpoint TEXT NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL,
        lang TEXT NOT NULL, created_at INTEGER NOT NULL)`);
      sql.exec(`CREATE INDEX ${T.follows}_endpoint ON ${T.follows}(endpoint)`);
    },
  },
  // 7. What each event's room last heard of its calls (./event-calls): told again when it differs.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`ALTER TABLE ${T.events} ADD COLUMN calls_told TEXT NOT NULL DEFAULT ''`);
    },
  },
  // 8. The call steps' idempotency keys (the write queue sends a step again when its answer was lost).
  {
    write: (sql: SqlStorage) => {
      sql.exec(`CREATE TABLE ${T.applied} (key TEXT PRIMARY KEY, at INTEGER NOT NULL)`);
    },
  },
  // 9. Each follow's hall board link (it ends with it), the network it came from, and when it ended; the
  // rate of new follows per network and block. Follows made before keep the link the day has now.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`ALTER TABLE ${T.follows} ADD COLUMN board_id TEXT`);
      sql.exec(`ALTER TABLE ${T.follows} ADD COLUMN network TEXT`);
      sql.exec(`ALTER TABLE ${T.follows} ADD COLUMN ended_at INTEGER`);
      sql.exec(`UPDATE ${T.follows} SET board_id = (SELECT json_extract(facts, '$.board_id') FROM ${T.day})`);
      sql.exec(`CREATE INDEX ${T.follows}_network ON ${T.follows}(network)`);
      sql.exec(`CREATE TABLE ${T.followRates} (key TEXT PRIMARY KEY, tokens REAL NOT NULL, at INTEGER NOT NULL)`);
    },
  },
  // 10. The venue bridge (issue 57): its key (kept hashed), what it last reported of itself, and each piste's
  // machine address as the coach confirmed it.
  {
    write: (sql: SqlStorage) => {
      sql.exec(`CREATE TABLE ${T.bridge} (
        id INTEGER PRIMARY KEY CHECK (id = 1), key_hash TEXT, made_at INTEGER, bridge_id TEXT, seen_at INTEGER, counts TEXT,
        machines TEXT NOT NULL DEFAULT '[]', last TEXT NOT NULL DEFAULT '{}')`);
      sql.exec(`INSERT INTO ${T.bridge} (id) VALUES (1)`);
      sql.exec(`ALTER TABLE ${T.pistes} ADD COLUMN machine TEXT`);
    },
  },
];
