-- Issue 12: writes from the field carry an idempotency key; the key of a write that applied is kept (in the
-- same D1 batch as the write), so a replay of it (a retry after a lost answer) answers success and never
-- applies twice. Kept for a week, purged by the scheduled clean-up.
CREATE TABLE applied_writes (
  key TEXT PRIMARY KEY,
  practice_id TEXT NOT NULL REFERENCES practices(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);
CREATE INDEX applied_writes_created ON applied_writes(created_at);
