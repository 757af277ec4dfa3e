import { Hono } from 'hono';
import type { PracticeSnapshot } from '../../../core/contracts/snapshot';
import { can } from '../../../core/permissions';
import type { RoomEnv } from '../../env';
import { authorize, practiceFor } from '../../auth/access';
import { roomHere } from '../here';
import { loadBracket } from '../../store/room/bracket';
import { listPoolSnapshots } from '../../store/room/pools';
import { listChecks } from '../../store/room/checks';
import { loadTeamTableau } from '../../store/room/team-tableau';
import { teamTableauFor } from './team-tableau';
import { listTeams, loadSheet } from '../../store/room/teams';

/**
 * A member's whole practice in one read (issue 33), answered by its room: what the pools, tableau and team
 * routes answer one by one, under the same rules (a guest of the practice reads what it shares; teams and
 * presence only for the roles that may), with the room's change mark read first, so a change made during the
 * read moves the mark the socket's hello then carries. Mounted at /practices/:practiceId/snapshot.
 */
export const snapshotRoutes = new Hono<RoomEnv>().get('/', authorize('pool.read'), async (c) => {
  const db = c.get('db');
  const practice = await practiceFor(c, c.req.param('practiceId')!);
  const role = c.get('role');
  const room = roomHere(c);
  const mark = room.changeMark();
  const team = practice.practice_type === 'team';
  const [pools, bracket, teamTableau, teams, sheet, presence, checks] = await Promise.all([
    listPoolSnapshots(db, practice.id),
    loadBracket(db, practice.id),
    team ? loadTeamTableau(db, practice.id) : null,
    team && can(role, 'teams.read') ? listTeams(db, practice.id) : null,
    team && can(role, 'teams.read') ? loadSheet(db, practice.id) : null,
    can(role, 'room.manage') ? room.presence() : null,
    listChecks(db),
  ]);
  return c.json({ mark, pools, bracket, teamTableau: teamTableau && teamTableauFor(role, teamTableau), teams: teams && sheet ? { teams, sheet } : null, presence, checks } satisfies PracticeSnapshot);
});
