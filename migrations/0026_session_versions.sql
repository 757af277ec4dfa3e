-- A pending sign-up can never choose the password another sign-up's link opens: each verification link
-- carries the password (hashed) and name it was issued for, and opening it activates those.
ALTER TABLE auth_tokens ADD COLUMN password_hash TEXT;
ALTER TABLE auth_tokens ADD COLUMN full_name TEXT;
-- Every access token names the account's session version; signing out, a reset or a password change raise
-- it, so every token minted before ends everywhere within seconds (the rooms are told too).
ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
-- A sign-up of an address that already has a confirmed account keeps its password (hashed) a while: a sign-in
-- with it answers as one with a pending sign-up's does, so signing up and then in tells nobody which addresses
-- have accounts.
CREATE TABLE signup_attempts (
  email TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
