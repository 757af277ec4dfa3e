-- Teams of a team practice, their members, and the nine-relay sheet of its team match.
CREATE TABLE teams (
  id TEXT PRIMARY KEY,
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  team_number INTEGER NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX teams_number ON teams(practice_id, team_number);

CREATE TABLE team_members (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  athlete_id TEXT REFERENCES athletes(id) ON DELETE SET NULL,
  athlete_name TEXT NOT NULL,
  position INTEGER NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE
);
CREATE INDEX team_members_team ON team_members(team_id, position);

CREATE TABLE team_matches (
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  match_number INTEGER NOT NULL CHECK (match_number BETWEEN 1 AND 9),
  fencer_a_number INTEGER NOT NULL,
  fencer_b_number INTEGER NOT NULL,
  score_a INTEGER CHECK (score_a >= 0),
  score_b INTEGER CHECK (score_b >= 0),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (practice_id, match_number)
);
