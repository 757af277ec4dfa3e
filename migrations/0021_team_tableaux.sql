-- Team events to the end (issue 28): a team practice's tableau of team matches. The matches themselves are the
-- bracket's (brackets, bracket_matches: teams in the fencers' places); this marks the tableau as a team one and
-- keeps each match's nine-relay sheet, every row versioned like the practice's single relay sheet.
CREATE TABLE team_tableaux (
  practice_id TEXT PRIMARY KEY REFERENCES practices(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seeded_by TEXT NOT NULL CHECK (seeded_by IN ('pools', 'draw')),
  created_at INTEGER NOT NULL
);

CREATE TABLE team_relays (
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  position INTEGER NOT NULL,
  match_number INTEGER NOT NULL CHECK (match_number BETWEEN 1 AND 9),
  fencer_a_number INTEGER NOT NULL,
  fencer_b_number INTEGER NOT NULL,
  score_a INTEGER CHECK (score_a >= 0),
  score_b INTEGER CHECK (score_b >= 0),
  winner TEXT CHECK (winner IN ('A', 'B')),
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (practice_id, round, position, match_number)
);
