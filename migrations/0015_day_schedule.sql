-- Issue 28: when a competition day's first pools begin (local time of the venue, HH:MM) and the minutes a
-- bout takes per weapon where the coach changed the defaults (JSON); the estimated schedule follows from them.
ALTER TABLE days ADD COLUMN starts_at TEXT;
ALTER TABLE days ADD COLUMN minutes TEXT;
