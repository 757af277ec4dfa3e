-- Pools (tournaments), their fencers (players) and bouts (matches). Each bout is stored once, with both
-- scores; cells and statistics are derived by core/fencing. `version` is bumped with every change.
CREATE TABLE tournaments (
  id TEXT PRIMARY KEY,
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  allow_guest_access INTEGER NOT NULL DEFAULT 1,
  version INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX tournaments_practice ON tournaments(practice_id, created_at);
CREATE INDEX tournaments_user ON tournaments(user_id);

CREATE TABLE players (
  id TEXT PRIMARY KEY,
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  athlete_id TEXT REFERENCES athletes(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX players_tournament ON players(tournament_id, position);
CREATE INDEX players_athlete ON players(athlete_id);

CREATE TABLE matches (
  id TEXT PRIMARY KEY,
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  player1_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
  player2_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
  score1 INTEGER NOT NULL CHECK (score1 >= 0),
  score2 INTEGER NOT NULL CHECK (score2 >= 0),
  priority_id TEXT,
  updated_at INTEGER NOT NULL,
  CHECK (player1_id < player2_id)
);
CREATE UNIQUE INDEX matches_pair ON matches(tournament_id, player1_id, player2_id);
