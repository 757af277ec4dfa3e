import type { ResultCheck } from './checks';
import type { RoomPresence } from './practices';
import type { PoolSnapshot } from './pools';
import type { BracketSnapshot } from './tableau';
import type { TeamTableauSnapshot } from './team-tableau';
import type { Team, TeamMatchRow } from './teams';

/**
 * Everything a member's screens show of a practice, in one read (issue 33): its pools and tableau; for a team
 * practice only, its team tableau and (where the role reads teams) its teams and relay sheet; who is in the room
 * where the role manages it. `mark`: the room's change mark at the read, which the socket's hello repeats while
 * nothing changed since.
 */
export interface PracticeSnapshot {
  mark: string;
  pools: PoolSnapshot[];
  bracket: BracketSnapshot;
  teamTableau: TeamTableauSnapshot | null;
  teams: { teams: Team[]; sheet: TeamMatchRow[] } | null;
  presence: RoomPresence | null;
  /** The results the coach checked (issue 58): final for guests. */
  checks: ResultCheck[];
}
