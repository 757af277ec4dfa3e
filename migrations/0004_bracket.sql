-- The tableau of a practice: the seeding frozen at its first saved score, and its matches.
-- `version` moves with every save; `write_token` lets a save's statements apply only if its own version
-- bump did, so two concurrent saves never interleave.
CREATE TABLE brackets (
  practice_id TEXT PRIMARY KEY REFERENCES practices(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seeding TEXT NOT NULL,
  version INTEGER NOT NULL,
  write_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE bracket_matches (
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  position INTEGER NOT NULL,
  player1_id TEXT,
  player2_id TEXT,
  player1_score INTEGER CHECK (player1_score >= 0),
  player2_score INTEGER CHECK (player2_score >= 0),
  winner_id TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (practice_id, round, position)
);
