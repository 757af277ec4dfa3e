-- Issue 28: a second round of pools. A pool's round (1 unless a second round was composed from round 1's
-- ranking), and a second round's entry's seed from that ranking and the round-1 entry it continues. The same
-- columns as the practice room's step 5 (worker/room/schema.ts), which the archive copies here.
ALTER TABLE tournaments ADD COLUMN round INTEGER NOT NULL DEFAULT 1 CHECK (round IN (1, 2));
ALTER TABLE players ADD COLUMN seed INTEGER;
ALTER TABLE players ADD COLUMN first_round_id TEXT;
