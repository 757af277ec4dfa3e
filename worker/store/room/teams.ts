import { and, asc, eq } from 'drizzle-orm';
import type { Practice } from '../../../core/contracts/practices';
import type { Team, TeamMatchRow } from '../../../core/contracts/teams';
import { RELAY_ORDER } from '../../../core/fencing/team-relay';
import type { RoomDb } from '../../db/client';
import { keyedWrite, notApplied, statement, type WriteKey } from './applied-writes';
import { teamMatches, teamMembers, teams } from '../../db/schema';

/** SPEC §7: a practice's teams with their members, by team number. */
export async function listTeams(db: RoomDb, practiceId: string): Promise<Team[]> {
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
export async function replaceTeams(db: RoomDb, practice: Practice, groups: NewMember[][]) {
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

const toSheet = (saved: (typeof teamMatches.$inferSelect)[]): TeamMatchRow[] =>
  RELAY_ORDER.map(([a, b], i) => {
    const row = saved.find((r) => r.match_number === i + 1);
    return { match_number: i + 1, fencer_a_number: a, fencer_b_number: b, score_a: row?.score_a ?? null, score_b: row?.score_b ?? null, version: row?.version ?? 0 };
  });

/** A practice's relay rows (or just relay `n`). */
const sheetRead = (db: RoomDb, practiceId: string, n?: number) =>
  db.select().from(teamMatches).where(n === undefined ? eq(teamMatches.practice_id, practiceId) : and(eq(teamMatches.practice_id, practiceId), eq(teamMatches.match_number, n)));

/** The nine relays in order, with the saved touch scores (null where none is entered yet). */
export async function loadSheet(db: RoomDb, practiceId: string): Promise<TeamMatchRow[]> {
  return toSheet(await sheetRead(db, practiceId).all());
}

export type RelayWrite = { ok: boolean; row: TeamMatchRow };

/**
 * Stores one relay's touches if the row is still at the version the writer saw (0: nothing stored yet),
 * moving its version on, and reads that row back, in one batch. A write whose idempotency key already
 * applied changes nothing and counts as done. Raw SQL for the INSERT … SELECT … ON CONFLICT DO UPDATE … WHERE.
 */
export async function writeRelay(db: RoomDb, practice: Practice, n: number, row: { score_a: number | null; score_b: number | null }, version: number, write: WriteKey): Promise<RelayWrite> {
  const d1 = db.$client;
  const now = Date.now();
  const [a, b] = RELAY_ORDER[n - 1]!;
  const stored = d1
    .prepare(
      `INSERT INTO team_matches (practice_id, user_id, match_number, fencer_a_number, fencer_b_number, score_a, score_b, updated_at, version)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 1
       WHERE (?9 = 0 OR EXISTS (SELECT 1 FROM team_matches WHERE practice_id = ?1 AND match_number = ?3))
         AND ${notApplied(10)}
       ON CONFLICT(practice_id, match_number) DO UPDATE SET
         score_a = excluded.score_a, score_b = excluded.score_b, updated_at = excluded.updated_at, version = team_matches.version + 1
       WHERE team_matches.version = ?9`,
    )
    .bind(practice.id, practice.user_id, n, a, b, row.score_a, row.score_b, now, version, write.key);
  const { done, reads } = await keyedWrite(d1, write, now, { apply: [stored], read: [statement(d1, sheetRead(db, practice.id, n))] });
  return { ok: done, row: toSheet(reads[0]!.results as (typeof teamMatches.$inferSelect)[])[n - 1]! };
}
