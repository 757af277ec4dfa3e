-- Issue 14: competition formats. A fencer who withdraws or is excluded during the pools keeps their row,
-- marked (their bouts then count for nobody, FIE o.74); the practice's tableau format (the cut after the
-- pools, the bouts for places) has a row once the coach sets it; fencers marked absent at check-in are
-- kept to be listed "Did Not Start" (o.74.1) until they arrive late and join a pool.
ALTER TABLE players ADD COLUMN status TEXT CHECK (status IN ('withdrawn', 'excluded'));

CREATE TABLE tableau_formats (
  practice_id TEXT PRIMARY KEY REFERENCES practices(id) ON DELETE CASCADE,
  cut_kind TEXT NOT NULL DEFAULT 'all' CHECK (cut_kind IN ('all', 'top', 'percent')),
  cut_value INTEGER,
  third_place TEXT NOT NULL DEFAULT 'shared' CHECK (third_place IN ('shared', 'bout')),
  places_5_8 INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);

CREATE TABLE absentees (
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  athlete_id TEXT REFERENCES athletes(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (practice_id, name)
);
