import { asc, eq } from 'drizzle-orm';
import type { Practice, Team, TeamMatchRow } from '../../core/api';
import { RELAY_ORDER } from '../../core/fencing/team-relay';
import type { Db } from '../db/client';
import { teamMatches, teamMembers, teams } from '../db/schema';

/** SPEC §7: a practice's teams with their members, by team number. */
export async function listTeams(db: Db, practiceId: string): Promise<Team[]> {
  const rows = await db
    .select({ team: teams, member: teamMembers })
    .from(teams)
    .leftJoin(teamMembers, eq(teamMembers.team_id, teams.id))
    .where(eq(teams.practice_id, practiceId))
    .orderBy(asc(teams.team_number), asc(teamMembers.position))
    .all();
  const out = new Map<string, Team>();
  for (const { team, member } of rows) {
    if (!out.has(team.id)) out.set(team.id, { id: team.id, practice_id: team.practice_id, team_number: team.team_number, members: [] });
    if (member) out.get(team.id)!.members.push({ id: member.id, athlete_id: member.athlete_id, athlete_name: member.athlete_name, position: member.position });
  }
  return [...out.values()];
}

export interface NewMember {
  name: string;
  athleteId: string | null;
}

/** Replaces a practice's teams with new ones (numbered from 1) and their members, in one batch. */
export async function replaceTeams(db: Db, practice: Practice, groups: NewMember[][]) {
  const now = Date.now();
  const statements = [db.delete(teams).where(eq(teams.practice_id, practice.id))];
  groups.forEach((members, i) => {
    const teamId = crypto.randomUUID();
    statements.push(db.insert(teams).values({ id: teamId, practice_id: practice.id, team_number: i + 1, user_id: practice.user_id, created_at: now }) as never);
    members.forEach((m, j) => {
      statements.push(
        db.insert(teamMembers).values({ id: crypto.randomUUID(), team_id: teamId, athlete_id: m.athleteId, athlete_name: m.name, position: j + 1, user_id: practice.user_id }) as never,
      );
    });
  });
  await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
}

/** The nine relays in order, with the saved touch scores (null where none is entered yet). */
export async function loadSheet(db: Db, practiceId: string): Promise<TeamMatchRow[]> {
  const saved = await db.select().from(teamMatches).where(eq(teamMatches.practice_id, practiceId)).all();
  return RELAY_ORDER.map(([a, b], i) => {
    const row = saved.find((r) => r.match_number === i + 1);
    return { match_number: i + 1, fencer_a_number: a, fencer_b_number: b, score_a: row?.score_a ?? null, score_b: row?.score_b ?? null };
  });
}

/** Upserts relays on (practice, match number), all in one batch. */
export async function saveSheetRows(db: Db, practice: Practice, rows: { match_number: number; score_a: number | null; score_b: number | null }[]) {
  if (rows.length === 0) return;
  const now = Date.now();
  const statements = rows.map((r) => {
    const [a, b] = RELAY_ORDER[r.match_number - 1]!;
    return db
      .insert(teamMatches)
      .values({ practice_id: practice.id, user_id: practice.user_id, match_number: r.match_number, fencer_a_number: a, fencer_b_number: b, score_a: r.score_a, score_b: r.score_b, updated_at: now })
      .onConflictDoUpdate({ target: [teamMatches.practice_id, teamMatches.match_number], set: { score_a: r.score_a, score_b: r.score_b, updated_at: now } });
  });
  await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
}
