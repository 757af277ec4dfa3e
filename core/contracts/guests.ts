/** Guests and spectators: a guest's session and what they see, the live board's snapshot. Shapes shared by the worker's routes and the app (issue 27: contracts by feature). */
import type { Weapon } from '../fencing/referee';
import type { PoolSnapshot } from './pools';
import type { PracticeType } from './practices';
import type { BracketSnapshot } from './tableau';

/** A pool as a guest lists it (SPEC §3: id, name and created_at). */
export interface GuestTournament {
  id: string;
  name: string;
  created_at: number;
}

/** The practice a guest joined, as the guest screens show it. */
export interface GuestPractice {
  id: string;
  name: string;
  date: string;
  practice_type: PracticeType;
  weapon: Weapon;
}

/** SPEC §7 guest-join and guest-validate-session answers. */
export interface GuestSession {
  tournaments: GuestTournament[];
  practice: GuestPractice;
  guest_name: string;
  /** Epoch ms when this guest session ends unless renewed (never after the practice's sharing expires). */
  expires_at: number;
}

export interface GuestJoinAnswer extends GuestSession {
  sessionToken: string;
}

/** The answer to validating a stored guest session: the session, and a renewed token when sharing goes on. */
export type GuestValidateAnswer = GuestSession & { sessionToken: string };

/** Everything a spectator board shows, read-only. */
export interface SpectatorSnapshot {
  practice: GuestPractice;
  pools: PoolSnapshot[];
  bracket: BracketSnapshot;
  /**
   * The room's change mark when it was read (issue 29): the socket's hello says the room's mark now, and a
   * board page that came with its snapshot reads it again only when they differ (a change while its code loaded).
   */
  mark?: string;
}
