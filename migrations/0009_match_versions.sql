-- Issue 12: versions belong to the match, not the tableau. Each tableau match and each relay row carries
-- its own version, so a score written against an older state of the same match is refused (409), and
-- people scoring different matches never conflict. A score's write to later matches (the winner moving on)
-- applies only where the score's own UPDATE stamped its write token, in the same batch.
ALTER TABLE bracket_matches ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bracket_matches ADD COLUMN write_token TEXT;
ALTER TABLE brackets DROP COLUMN write_token;
ALTER TABLE team_matches ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
