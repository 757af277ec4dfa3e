-- Issue 11: every pool bout carries its own version, so a write made against an older state of the
-- same bout is refused (409) instead of silently overwriting it; writers of different bouts never conflict.
ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- A pool's own guest flag was never set by anything: guests see every pool of a practice that shares.
ALTER TABLE tournaments DROP COLUMN allow_guest_access;
