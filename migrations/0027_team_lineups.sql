-- A team match as fenced (issue 58, FIE o.99.4–6): for a team tableau match (round, position), the team drawn to
-- fence as team A (`drawn` 0 when relays were entered before the lot and the match's first team stays team A), and
-- as JSON (core/contracts/team-tableau TeamLineup) both sides' fencers in the captain's order, their reserves and
-- the substitutions made. Versioned like a relay row.
CREATE TABLE team_lineups (
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  position INTEGER NOT NULL,
  team_a TEXT NOT NULL,
  drawn INTEGER NOT NULL DEFAULT 1 CHECK (drawn IN (0, 1)),
  lineup TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (practice_id, round, position)
);
