import type { Role } from '../core/permissions';
import type { PracticeRecord } from './store/d1/practices';
import type { D1Db, RoomDb } from './db/client';
import type { PracticeRoom } from './room/practice-room';
import type { DayRoom } from './day/day-room';
import type { BoardRelay } from './room/relay';
import type { RoomHere } from './room/here';
import type { ArchiveTiming } from './room/archive-timing';

export interface Env {
  DB: D1Database;
  PRACTICE_ROOM: DurableObjectNamespace<PracticeRoom>;
  /** A competition day's room (issue 28): its pistes and placements, and the hall board's sockets. */
  DAY_ROOM: DurableObjectNamespace<DayRoom>;
  /** A relay room (issue 55): a practice's board or a day's hall board's spectators beyond what their room holds. */
  BOARD_RELAY: DurableObjectNamespace<BoardRelay>;
  ASSETS?: Fetcher;
  JWT_SECRET: string;
  /** Seconds an access token lives (default 900). */
  ACCESS_TOKEN_TTL?: string;
  /** The origin mailed links point to (e.g. https://piste.example); never taken from the request. */
  APP_ORIGIN?: string;
  /** '1' for local runs and tests only: mail goes to the outbox table and the log, links and all. */
  MAIL_OUTBOX?: string;
  /** Cloudflare Email Sending ([[send_email]] name = "EMAIL"): verification and reset mail in production. */
  EMAIL?: SendEmail;
  /** The sender of that mail, on the domain onboarded for Email Sending (e.g. "Piste <no-reply@piste.example>"). */
  MAIL_FROM?: string;
  /** Hours without a write after which a practice's guest access turns itself off (default 12). */
  GUEST_IDLE_HOURS?: string;
  /** Caps on live sockets per practice room (default 5,000) and on spectator sockets per network in a room (default 1,000). */
  ROOM_SOCKET_LIMIT?: string;
  ADDRESS_SOCKET_LIMIT?: string;
  /** Cloudflare Turnstile (the human check the lookup limiter asks for): the public site key and its secret. */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** '1' for local runs and tests only: the check is answered locally, honouring Turnstile's test keys. */
  TURNSTILE_STANDIN?: string;
  /** Cap on spectator sockets per block (IPv4 /24, IPv6 /48) in a room (default 2,000). */
  BLOCK_SOCKET_LIMIT?: string;
  /** Spectators a room holds itself before boards go to relay rooms (default 500), and boards per relay (default 2,000): ./room/crowd. */
  RELAY_AFTER?: string;
  RELAY_SOCKETS?: string;
  /**
   * Web Push (issue 28: a fencer followed is told when called): the server's VAPID key, a P-256 private key
   * as PKCS#8 in base64url (`npm start` writes one into .dev.vars; scripts/vapid-key.mjs prints one), and who
   * push services may contact about it (a mailto: or https: URL; default APP_ORIGIN).
   */
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** '1' for local runs and tests only: pushes go to the local stand-in (worker/day/push.ts), never over the network. */
  PUSH_STANDIN?: string;
  /** '1' only in the browser-test harness: enables /api/live/test-drop. */
  TEST_HOOKS?: string;
  /** Bench only (issue 26's far-database run): every D1 call waits this many ms first (worker/db/slow-d1.ts). */
  BENCH_D1_DELAY_MS?: string;
}

export interface AuthUser {
  id: string;
  email: string;
  /** The account's session version the access token was minted under (auth/session-versions). */
  sv: number;
}

export interface GuestUser {
  practiceId: string;
  sessionId: string;
  name: string;
  /** The practice's guest epoch when the token was issued: a later epoch voids it. */
  epoch: number;
}

/**
 * What a route's context holds. `db` is the store of the place the route runs in: D1 in the worker (`AppEnv`), the
 * room's SQLite in a practice's room (`RoomEnv`).
 */
/** A venue bridge, as the worker checked its key (auth/bridge-key and the day's room): the day whose matches it reports. */
export interface MachineCaller {
  dayId: string;
}

export interface Variables<Store> {
  /** The place's store: in the worker, D1 (the index, the roster and the archive); in a room, its live state. */
  db: Store;
  /** D1, also from a room: what crosses practices (the roster, ratings, past results, users). */
  d1: D1Db;
  user: AuthUser | null;
  accessExp: number | null;
  /** A guest holding a live room session (bearer token), or null. */
  guest: GuestUser | null;
  /** A guest token was sent but its session is over (left, revoked, expired). */
  guestEnded: boolean;
  /** A venue bridge by its day's bridge key (issue 57): the day it reports on. Null for everyone else. */
  machine?: MachineCaller | null;
  /** Who is asking, as `authorize` decided it from the permission table. */
  role: Role;
  /** The practice a route acts on, once `practiceFor`/`poolFor` found it (for activity after writes). */
  practice: PracticeRecord | null;
  /** Inside a practice's room: the practice it holds and its coach (null before it holds one). Unset in the worker. */
  roomPractice?: { id: string; ownerId: string } | null;
  /** Inside a practice's room: the room itself, as its routes reach it (room/here). Unset in the worker. */
  here?: RoomHere;
  /** How a change of the room's archive is written, as its route declares it (room/archive-timing); unset: before the answer. */
  archiveAs?: ArchiveTiming;
}

/** The worker's routes: `db` is D1. */
export type AppEnv = { Bindings: Env; Variables: Variables<D1Db> };

/** A practice's routes, run in its room (room/http): `db` is the room's SQLite. */
export type RoomEnv = { Bindings: Env; Variables: Variables<RoomDb> };

/** What both run (the session, authorisation, validation, errors): `db` is either store. */
export type EitherEnv = { Bindings: Env; Variables: Variables<D1Db | RoomDb> };
