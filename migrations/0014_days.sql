-- Issue 28: a competition day groups a coach's practices (its events) at one venue. D1 keeps the index only:
-- the day, its hall board link, and which practices it groups. Its pistes and where each pool fences are its
-- room's to keep (the DayRoom object, worker/day/).
CREATE TABLE days (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  date TEXT NOT NULL,
  venue TEXT,
  board_id TEXT NOT NULL UNIQUE,
  board_shared INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX days_user_date ON days(user_id, date DESC, created_at DESC);

-- A practice belongs to at most one day (its primary key); deleting either side unlinks it.
CREATE TABLE day_events (
  practice_id TEXT PRIMARY KEY REFERENCES practices(id) ON DELETE CASCADE,
  day_id TEXT NOT NULL REFERENCES days(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX day_events_day ON day_events(day_id, position);
