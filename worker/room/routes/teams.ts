import { Hono } from 'hono';
import type { Context } from 'hono';
import type { RelayConflict } from '../../../core/contracts/teams';
import { athleteIdsOf, planTeamPools, planTeams, resolveEntries } from '../../../core/fencing/planning';
import { createTeamsSchema, relayRowSchema, teamPoolsSchema } from '../../../core/validation';
import type { RoomEnv } from '../../env';
import { HttpError, notFound } from '../../errors';
import { answerWithGeneratedPools } from './answers';
import { authorize, practiceFor } from '../../auth/access';
import { coachOf } from '../../middleware/session';
import { publish } from '../here';
import { randomUnit } from '../../random';
import { listAthletesByIds } from '../../store/d1/athletes';
import { listTeams, loadSheet, replaceTeams, writeRelay } from '../../store/room/teams';
import { hasTeamTableau } from '../../store/room/team-tableau';
import { ERROR_MESSAGES, errorBody } from '../../../core/messages';
import { defaultNames, nextPoolNumber, numberedFrom } from '../../../core/defaults';
import { listPoolSnapshots } from '../../store/room/pools';
import { json, readIdempotencyKey } from '../../validate';
import { archivedBehind } from '../archive-timing';

const practiceOf = (c: Context<RoomEnv>) => practiceFor(c, c.req.param('practiceId')!);

/** While a team tableau stands (issue 28) its matches name the teams: teams drawn again, or their pools, would leave it naming none. */
async function keepTeams(c: Context<RoomEnv>, practiceId: string) {
  if (await hasTeamTableau(c.get('db'), practiceId)) throw new HttpError(409, ERROR_MESSAGES.team_tableau_stands);
}

/** Teams of a practice and the pools drawn from them. Mounted at /practices/:practiceId/teams. */
export const teamRoutes = new Hono<RoomEnv>()
  .get('/', authorize('teams.read'), async (c) => c.json(await listTeams(c.get('db'), (await practiceOf(c)).id)))
  .post('/', authorize('teams.manage'), json(createTeamsSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceOf(c);
    const input = c.req.valid('json');
    await keepTeams(c, practice.id);
    const entries = resolveEntries(input.entries, await listAthletesByIds(c.get('d1'), coachOf(c).id, athleteIdsOf(input.entries)));
    if (!entries) throw notFound('Athlete');
    const groups = planTeams(entries, input.method, randomUnit, input.teams);
    await replaceTeams(db, practice, groups.map((g) => g.map((m) => ({ name: m.name, athleteId: m.athleteId }))));
    const teams = await listTeams(db, practice.id);
    await publish(c, { type: 'teams', practiceId: practice.id, teams });
    return c.json(teams, 201);
  })
  .post('/pools', authorize('teams.manage'), json(teamPoolsSchema), async (c) => {
    const practice = await practiceOf(c);
    const input = c.req.valid('json');
    await keepTeams(c, practice.id);
    const teams = await listTeams(c.get('db'), practice.id);
    // Issue 33: pools added beside earlier ones continue their numbering.
    const names = numberedFrom(defaultNames(input.lang), nextPoolNumber((await listPoolSnapshots(c.get('db'), practice.id)).map((p) => p.name)));
    return answerWithGeneratedPools(c, practice, planTeamPools(teams.map((t) => t.team_number), input.method, input.pool_count, randomUnit, names));
  });

const RELAY_CHANGED = 'Someone else changed this relay meanwhile. The sheet shows their touches: enter yours again to replace them.';

/** The nine-relay sheet. Mounted at /practices/:practiceId/team-matches. */
export const teamSheetRoutes = new Hono<RoomEnv>()
  .get('/', authorize('teams.read'), async (c) => c.json(await loadSheet(c.get('db'), (await practiceOf(c)).id)))
  .put('/:n', archivedBehind, authorize('relay.write'), json(relayRowSchema), async (c) => {
    const practice = await practiceOf(c);
    const n = Number(c.req.param('n'));
    if (!Number.isInteger(n) || n < 1 || n > 9) throw new HttpError(404, 'Relay not found');
    const { version, ...row } = c.req.valid('json');
    const result = await writeRelay(c.get('db'), practice, n, row, version, { key: readIdempotencyKey(c), practiceId: practice.id });
    if (!result.ok) {
      return c.json({ ...errorBody(RELAY_CHANGED), current: result.row } satisfies RelayConflict, 409);
    }
    // A delta: the one row, with its new version.
    await publish(c, { type: 'relay', practiceId: practice.id, row: result.row });
    return c.json(result.row, 200);
  });
