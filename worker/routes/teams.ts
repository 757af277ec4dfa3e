import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Practice } from '../../core/api';
import { randomPools, singlePool } from '../../core/fencing/pool-generation';
import { assignTeams, distributeRandomly, maxTeamPools, teamCount, teamEntryName, TEAM_MESSAGES, validTeamSizes } from '../../core/fencing/teams';
import { createTeamsSchema, relayRowSchema, relaySheetSchema, teamPoolsSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { getDb, type Db } from '../db/client';
import { HttpError, notFound } from '../errors';
import { authorize, practiceFor } from '../auth/access';
import { coachOf } from '../middleware/session';
import { publish } from '../room/room';
import { listAthletesByIds } from '../store/athletes';
import { listTeams, loadSheet, replaceTeams, saveSheetRows, type NewMember } from '../store/teams';
import { readJson } from '../validate';
import { answerWithGeneratedPools } from './pools';

const random = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

async function practiceOf(c: Context<AppEnv>, db: Db): Promise<Practice> {
  return practiceFor(c, db, c.req.param('practiceId')!);
}

/** Teams of a practice and the pools drawn from them. Mounted at /practices/:practiceId/teams. */
export const teamRoutes = new Hono<AppEnv>()
  .get('/', authorize('teams.read'), async (c) => {
    const db = getDb(c.env.DB);
    return c.json(await listTeams(db, (await practiceOf(c, db)).id));
  })
  .post('/', authorize('teams.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const practice = await practiceOf(c, db);
    const input = await readJson(c, createTeamsSchema);
    const athleteIds = input.entries.flatMap((e) => ('athlete_id' in e ? [e.athlete_id] : []));
    const athletes = await listAthletesByIds(db, coachOf(c).id, athleteIds);
    if (athletes.size !== new Set(athleteIds).size) throw notFound('Athlete');
    const entries = input.entries.map((e) => {
      const athlete = 'athlete_id' in e ? athletes.get(e.athlete_id)! : null;
      return { name: athlete?.name ?? (e as { name: string }).name, athleteId: athlete?.id ?? null, team: e.team };
    });
    const count = input.teams ?? teamCount(entries.length);
    let groups: typeof entries[];
    if (input.method === 'random') {
      groups = distributeRandomly(entries, random, count);
    } else {
      const assigned = assignTeams(entries, (e) => e.team, count);
      if (assigned.unassigned > 0) throw new HttpError(400, TEAM_MESSAGES.incomplete.description);
      groups = assigned.groups;
    }
    if (!validTeamSizes(groups.map((g) => g.length))) throw new HttpError(400, TEAM_MESSAGES.sizes.description);
    await replaceTeams(db, practice, groups.map((g) => g.map((m): NewMember => ({ name: m.name, athleteId: m.athleteId }))));
    const teams = await listTeams(db, practice.id);
    await publish(c.env, practice.id, { type: 'teams', practiceId: practice.id, teams });
    return c.json(teams, 201);
  })
  .post('/pools', authorize('teams.manage'), async (c) => {
    const db = getDb(c.env.DB);
    const practice = await practiceOf(c, db);
    const input = await readJson(c, teamPoolsSchema);
    const teams = await listTeams(db, practice.id);
    if (teams.length === 0) throw new HttpError(400, TEAM_MESSAGES.noTeams.description);
    const entries = teams.map((t) => ({ name: teamEntryName(t.team_number), athleteId: null }));
    let pools;
    if (input.method === 'single') pools = singlePool(entries);
    else {
      const max = maxTeamPools(teams.length);
      if (max < 2) throw new HttpError(400, 'A random split needs at least 4 teams');
      if (input.pool_count === undefined || input.pool_count < 2 || input.pool_count > max) {
        throw new HttpError(400, `Pool count must be a whole number from 2 to ${max}`);
      }
      pools = randomPools(entries, input.pool_count, random);
    }
    return answerWithGeneratedPools(c, db, practice, pools);
  });

/** The nine-relay sheet. Mounted at /practices/:practiceId/team-matches. */
export const teamSheetRoutes = new Hono<AppEnv>()
  .get('/', authorize('teams.read'), async (c) => {
    const db = getDb(c.env.DB);
    return c.json(await loadSheet(db, (await practiceOf(c, db)).id));
  })
  .put('/', authorize('relay.write'), async (c) => {
    const db = getDb(c.env.DB);
    const practice = await practiceOf(c, db);
    const { rows } = await readJson(c, relaySheetSchema);
    await saveSheetRows(db, practice, rows);
    return answerWithSheet(c, db, practice);
  })
  .put('/:n', authorize('relay.write'), async (c) => {
    const db = getDb(c.env.DB);
    const practice = await practiceOf(c, db);
    const n = Number(c.req.param('n'));
    if (!Number.isInteger(n) || n < 1 || n > 9) throw new HttpError(404, 'Relay not found');
    const row = await readJson(c, relayRowSchema);
    await saveSheetRows(db, practice, [{ match_number: n, ...row }]);
    return answerWithSheet(c, db, practice);
  });

async function answerWithSheet(c: Context<AppEnv>, db: Db, practice: Practice) {
  const rows = await loadSheet(db, practice.id);
  await publish(c.env, practice.id, { type: 'team-sheet', practiceId: practice.id, rows });
  return c.json(rows);
}
