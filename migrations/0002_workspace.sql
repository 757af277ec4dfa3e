-- The coach's workspace: practices, the athlete roster with notes, and feedback.
CREATE TABLE practices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  date TEXT NOT NULL,
  practice_type TEXT NOT NULL DEFAULT 'individual' CHECK (practice_type IN ('individual', 'team')),
  room_code TEXT NOT NULL,
  allow_guest_access INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX practices_room_code ON practices(room_code);
CREATE INDEX practices_user ON practices(user_id, date DESC, created_at DESC);

CREATE TABLE athletes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  club TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX athletes_user ON athletes(user_id, name);

CREATE TABLE athlete_notes (
  id TEXT PRIMARY KEY,
  athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  note TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX athlete_notes_athlete ON athlete_notes(athlete_id, created_at DESC);

CREATE TABLE feedback (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_email TEXT NOT NULL,
  message TEXT NOT NULL,
  feedback_type TEXT NOT NULL CHECK (feedback_type IN ('report_issue', 'suggest_feature')),
  status TEXT NOT NULL DEFAULT 'new',
  created_at INTEGER NOT NULL
);
