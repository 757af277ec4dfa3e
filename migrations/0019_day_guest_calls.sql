-- Issue 28: whether the guests of a day's events may take the call steps of their event's matches (mark the
-- fencers on piste) from the tableau; off until the coach turns it on.
ALTER TABLE days ADD COLUMN guests_call INTEGER NOT NULL DEFAULT 0;
