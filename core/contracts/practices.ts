/** A practice as the index keeps it, and who is in its room. Shapes shared by the worker's routes and the app (issue 27: contracts by feature). */
import type { Weapon } from '../fencing/referee';

export type PracticeType = 'individual' | 'team';

export interface Practice {
  id: string;
  name: string;
  /** Date only, YYYY-MM-DD. */
  date: string;
  user_id: string;
  practice_type: PracticeType;
  /** The weapon (issue 18): the referee's rules follow it. Chosen at creation, changeable until the first bout. */
  weapon: Weapon;
  room_code: string;
  /** Guests may join with the room code, and the board link shows the live board, while this is on. */
  allow_guest_access: boolean;
  /** The live board's own read-only id (`/live/{board_id}`): it never lets anyone join as a guest. */
  board_id: string;
  /** Epoch ms when guest access turns itself off unless a write extends it (0 while off). */
  sharing_expires_at: number;
  created_at: number;
  updated_at: number;
}

/** Who is in a practice's room, as its coach sees it. */
export interface RoomPresence {
  guests: { id: string; name: string; joined_at: number }[];
  /** Open live-board sockets. */
  spectators: number;
}
