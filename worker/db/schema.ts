import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import type { DayMinutes } from '../../core/contracts/days';

// Mirrors migrations/; the SQL files are the source of truth and are applied by wrangler.

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  full_name: text('full_name').notNull(),
  password_hash: text('password_hash').notNull(),
  email_verified_at: integer('email_verified_at'),
  created_at: integer('created_at').notNull(),
  /** Raised by sign-out, a reset or a password change: access tokens naming an older version are void. */
  session_version: integer('session_version').notNull().default(0),
});

export const sessions = sqliteTable('sessions', {
  id: text('id').primaryKey(),
  user_id: text('user_id').notNull(),
  token_hash: text('token_hash').notNull(),
  expires_at: integer('expires_at').notNull(),
  revoked_at: integer('revoked_at'),
  created_at: integer('created_at').notNull(),
  family_id: text('family_id'),
  successor: text('successor'),
});

export const authTokens = sqliteTable('auth_tokens', {
  token_hash: text('token_hash').primaryKey(),
  user_id: text('user_id').notNull(),
  purpose: text('purpose', { enum: ['reset', 'verify'] }).notNull(),
  expires_at: integer('expires_at').notNull(),
  used_at: integer('used_at'),
  created_at: integer('created_at').notNull(),
  /** A verification link's own sign-up: the password (hashed) and name it activates. */
  password_hash: text('password_hash'),
  full_name: text('full_name'),
});

/** Mail waiting to be sent (or, locally, written to the log): not the app's queue of writes. */
export const mailOutbox = sqliteTable('outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  to_email: text('to_email').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  created_at: integer('created_at').notNull(),
});

// The throttle table (key, count, reset_at) is read and written by raw SQL only: worker/store/d1/throttle.ts.

export const practices = sqliteTable('practices', {
  id: text('id').primaryKey(),
  user_id: text('user_id').notNull(),
  name: text('name').notNull(),
  date: text('date').notNull(),
  practice_type: text('practice_type', { enum: ['individual', 'team'] }).notNull(),
  weapon: text('weapon', { enum: ['epee', 'foil', 'sabre'] }).notNull(),
  room_code: text('room_code').notNull(),
  allow_guest_access: integer('allow_guest_access', { mode: 'boolean' }).notNull(),
  board_id: text('board_id').notNull(),
  guest_epoch: integer('guest_epoch').notNull(),
  sharing_expires_at: integer('sharing_expires_at').notNull(),
  created_at: integer('created_at').notNull(),
  updated_at: integer('updated_at').notNull(),
});

export const athletes = sqliteTable('athletes', {
  id: text('id').primaryKey(),
  user_id: text('user_id').notNull(),
  name: text('name').notNull(),
  club: text('club'),
  ranking: integer('ranking'),
  created_at: integer('created_at').notNull(),
  // Issue 30: what federation files say beyond name, club and ranking (core/athlete-details.ts).
  licence: text('licence'),
  nation: text('nation'),
  birth_date: text('birth_date'),
  laterality: text('laterality', { enum: ['R', 'L'] }),
  gender: text('gender', { enum: ['M', 'F'] }),
  region: text('region'),
  rating_system: text('rating_system', { enum: ['usaf'] }),
  rating: text('rating'),
});

export const athleteNotes = sqliteTable('athlete_notes', {
  id: text('id').primaryKey(),
  athlete_id: text('athlete_id').notNull(),
  user_id: text('user_id').notNull(),
  note: text('note').notNull(),
  created_at: integer('created_at').notNull(),
});

export const feedback = sqliteTable('feedback', {
  id: text('id').primaryKey(),
  user_id: text('user_id').notNull(),
  user_email: text('user_email').notNull(),
  message: text('message').notNull(),
  feedback_type: text('feedback_type', { enum: ['report_issue', 'suggest_feature'] }).notNull(),
  status: text('status').notNull(),
  created_at: integer('created_at').notNull(),
});

// A practice's pools, their entries and their bouts: the SQL tables keep the names SPEC.md gave them
// (tournaments, players, matches); the code calls them what they hold.
export const pools = sqliteTable('tournaments', {
  id: text('id').primaryKey(),
  practice_id: text('practice_id').notNull(),
  user_id: text('user_id').notNull(),
  name: text('name').notNull(),
  version: integer('version').notNull(),
  /** 1, or 2 for a second round of pools (issue 28). */
  round: integer('round').notNull().default(1),
  created_at: integer('created_at').notNull(),
  updated_at: integer('updated_at').notNull(),
});

export const poolEntries = sqliteTable('players', {
  id: text('id').primaryKey(),
  tournament_id: text('tournament_id').notNull(),
  athlete_id: text('athlete_id'),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  status: text('status', { enum: ['withdrawn', 'excluded'] }),
  /** A second round's entry (issue 28): its seed from round 1's ranking, and the round-1 entry it continues. */
  seed: integer('seed'),
  first_round_id: text('first_round_id'),
  created_at: integer('created_at').notNull(),
  updated_at: integer('updated_at').notNull(),
});

export const tableauFormats = sqliteTable('tableau_formats', {
  practice_id: text('practice_id').primaryKey(),
  cut_kind: text('cut_kind', { enum: ['all', 'top', 'percent'] }).notNull(),
  cut_value: integer('cut_value'),
  third_place: text('third_place', { enum: ['shared', 'bout'] }).notNull(),
  places_5_8: integer('places_5_8', { mode: 'boolean' }).notNull(),
  updated_at: integer('updated_at').notNull(),
});

export const absentees = sqliteTable('absentees', {
  practice_id: text('practice_id').notNull(),
  name: text('name').notNull(),
  athlete_id: text('athlete_id'),
  created_at: integer('created_at').notNull(),
});

export const poolBouts = sqliteTable('matches', {
  id: text('id').primaryKey(),
  tournament_id: text('tournament_id').notNull(),
  player1_id: text('player1_id').notNull(),
  player2_id: text('player2_id').notNull(),
  score1: integer('score1').notNull(),
  score2: integer('score2').notNull(),
  priority_id: text('priority_id'),
  updated_at: integer('updated_at').notNull(),
  version: integer('version').notNull(),
  /** The referee's cards (issue 29), JSON (core/fencing/bout-cards); null when none were given. */
  cards: text('cards'),
});

export const brackets = sqliteTable('brackets', {
  practice_id: text('practice_id').primaryKey(),
  user_id: text('user_id').notNull(),
  seeding: text('seeding').notNull(),
  version: integer('version').notNull(),
  created_at: integer('created_at').notNull(),
  updated_at: integer('updated_at').notNull(),
});

export const bracketMatches = sqliteTable('bracket_matches', {
  practice_id: text('practice_id').notNull(),
  round: integer('round').notNull(),
  position: integer('position').notNull(),
  player1_id: text('player1_id'),
  player2_id: text('player2_id'),
  player1_score: integer('player1_score'),
  player2_score: integer('player2_score'),
  winner_id: text('winner_id'),
  updated_at: integer('updated_at').notNull(),
  version: integer('version').notNull(),
  write_token: text('write_token'),
  /** The referee's cards (issue 29), JSON (core/fencing/bout-cards); null when none were given. */
  cards: text('cards'),
});

export const teams = sqliteTable('teams', {
  id: text('id').primaryKey(),
  practice_id: text('practice_id').notNull(),
  team_number: integer('team_number').notNull(),
  user_id: text('user_id').notNull(),
  created_at: integer('created_at').notNull(),
});

export const teamMembers = sqliteTable('team_members', {
  id: text('id').primaryKey(),
  team_id: text('team_id').notNull(),
  athlete_id: text('athlete_id'),
  athlete_name: text('athlete_name').notNull(),
  position: integer('position').notNull(),
  user_id: text('user_id').notNull(),
});

export const teamMatches = sqliteTable('team_matches', {
  practice_id: text('practice_id').notNull(),
  user_id: text('user_id').notNull(),
  match_number: integer('match_number').notNull(),
  fencer_a_number: integer('fencer_a_number').notNull(),
  fencer_b_number: integer('fencer_b_number').notNull(),
  score_a: integer('score_a'),
  score_b: integer('score_b'),
  updated_at: integer('updated_at').notNull(),
  version: integer('version').notNull(),
});

/** A team practice's tableau of team matches (issue 28): its matches are the bracket's, this marks it a team one. */
export const teamTableaux = sqliteTable('team_tableaux', {
  practice_id: text('practice_id').primaryKey(),
  user_id: text('user_id').notNull(),
  seeded_by: text('seeded_by', { enum: ['pools', 'draw'] }).notNull(),
  created_at: integer('created_at').notNull(),
});

/** The relay rows of each team tableau match, by tableau match (round, position) and relay number. */
export const teamRelays = sqliteTable('team_relays', {
  practice_id: text('practice_id').notNull(),
  round: integer('round').notNull(),
  position: integer('position').notNull(),
  match_number: integer('match_number').notNull(),
  fencer_a_number: integer('fencer_a_number').notNull(),
  fencer_b_number: integer('fencer_b_number').notNull(),
  score_a: integer('score_a'),
  score_b: integer('score_b'),
  winner: text('winner', { enum: ['A', 'B'] }),
  updated_at: integer('updated_at').notNull(),
  version: integer('version').notNull(),
});

/** Each team tableau match's line-up (issue 58): the side drawn as team A, and the orders, reserves and substitutions as JSON. */
export const teamLineups = sqliteTable('team_lineups', {
  practice_id: text('practice_id').notNull(),
  round: integer('round').notNull(),
  position: integer('position').notNull(),
  team_a: text('team_a').notNull(),
  drawn: integer('drawn').notNull(),
  lineup: text('lineup').notNull(),
  updated_at: integer('updated_at').notNull(),
  version: integer('version').notNull(),
});

export const appliedWrites = sqliteTable('applied_writes', {
  key: text('key').primaryKey(),
  practice_id: text('practice_id').notNull(),
  created_at: integer('created_at').notNull(),
});

/** A competition day (issue 28): the index only; its pistes and placements are its room's (worker/day/). */
export const days = sqliteTable('days', {
  id: text('id').primaryKey(),
  user_id: text('user_id').notNull(),
  name: text('name').notNull(),
  date: text('date').notNull(),
  venue: text('venue'),
  board_id: text('board_id').notNull(),
  board_shared: integer('board_shared', { mode: 'boolean' }).notNull(),
  starts_at: text('starts_at'),
  minutes: text('minutes', { mode: 'json' }).$type<DayMinutes>(),
  guests_call: integer('guests_call', { mode: 'boolean' }).notNull(),
  created_at: integer('created_at').notNull(),
  updated_at: integer('updated_at').notNull(),
});

/** Which practices a day groups: a practice is in one day at most. */
export const dayEvents = sqliteTable('day_events', {
  practice_id: text('practice_id').primaryKey(),
  day_id: text('day_id').notNull(),
  position: integer('position').notNull(),
  created_at: integer('created_at').notNull(),
});
