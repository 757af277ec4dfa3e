import type { PracticeRoom } from './room/practice-room';

export interface Env {
  DB: D1Database;
  PRACTICE_ROOM: DurableObjectNamespace<PracticeRoom>;
  ASSETS?: Fetcher;
  JWT_SECRET: string;
  /** Seconds an access token lives (default 900). */
  ACCESS_TOKEN_TTL?: string;
  /** '1' only in the browser-test harness: enables /api/live/test-drop. */
  TEST_HOOKS?: string;
}

export interface AuthUser {
  id: string;
  email: string;
}

export interface GuestUser {
  practiceId: string;
  sessionId: string;
  name: string;
}

export interface Variables {
  user: AuthUser | null;
  accessExp: number | null;
  /** A guest holding a live room session (bearer token), or null. */
  guest: GuestUser | null;
  /** A guest token was sent but its session is over (left, revoked, expired). */
  guestEnded: boolean;
}

export type AppEnv = { Bindings: Env; Variables: Variables };
