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

export interface Variables {
  user: AuthUser | null;
  accessExp: number | null;
}

export type AppEnv = { Bindings: Env; Variables: Variables };
