import type { Team, TeamMatchRow } from '../../../core/contracts/teams';
import type { SheetNames } from '../../../app/state/write-kind';

/** The names the header reads a write with: fencers by id, and the teams and relay sheet of a team match. */
export const sheetOf = (names: Record<string, string>, teams: Team[] = [], relays: TeamMatchRow[] = []): SheetNames => ({ names: new Map(Object.entries(names)), teams, relays });
