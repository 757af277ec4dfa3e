-- Issue 28: the local stand-in of a push service (PUSH_STANDIN=1, local runs and tests only), like the mail
-- outbox: each push the day would send, as the push service receives it (the endpoint, the encryption's salt
-- and sender key, the encrypted body).
CREATE TABLE push_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint TEXT NOT NULL,
  salt TEXT NOT NULL,
  dh TEXT NOT NULL,
  body TEXT NOT NULL,
  ttl INTEGER,
  created_at INTEGER NOT NULL
);
