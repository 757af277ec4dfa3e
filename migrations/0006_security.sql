-- Issue 10: a read-only board link apart from the guest code, a guest epoch that voids every token of an
-- earlier sharing, sharing that expires after a quiet period, and refresh-token families.

-- The live board's own long random id (never the 6-digit guest code); rotatable on its own.
ALTER TABLE practices ADD COLUMN board_id TEXT;
UPDATE practices SET board_id = lower(hex(randomblob(16))) WHERE board_id IS NULL;
CREATE UNIQUE INDEX practices_board_id ON practices(board_id);

-- Bumped when sharing goes off or the code changes; guest tokens name the epoch they were issued in.
ALTER TABLE practices ADD COLUMN guest_epoch INTEGER NOT NULL DEFAULT 0;

-- Epoch ms after which sharing counts as off (slides forward with every write while sharing is on).
ALTER TABLE practices ADD COLUMN sharing_expires_at INTEGER NOT NULL DEFAULT 0;
UPDATE practices SET allow_guest_access = 0 WHERE allow_guest_access = 1;

-- Refresh rotation: every token of one sign-in shares a family; a rotated token keeps its successor,
-- encrypted under a key only the rotated token's holder can derive, for a short grace window.
ALTER TABLE sessions ADD COLUMN family_id TEXT;
UPDATE sessions SET family_id = id WHERE family_id IS NULL;
ALTER TABLE sessions ADD COLUMN successor TEXT;
CREATE INDEX sessions_family ON sessions(family_id);

CREATE INDEX throttle_reset ON throttle(reset_at);
