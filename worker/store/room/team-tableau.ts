import { and, asc, eq } from 'drizzle-orm';
import type { TeamLineup, TeamRelay, TeamTableauSnapshot } from '../../../core/contracts/team-tableau';
import type { Practice } from '../../../core/contracts/practices';
import type { BracketMatch, MatchChange, SavedBracketMatch, Seed } from '../../../core/fencing/bracket';
import { RELAY_ORDER } from '../../../core/fencing/team-relay';
import type { RoomDb } from '../../db/client';
import { teamLineups, teamRelays, teamTableaux } from '../../db/schema';
import { keyedWrite, notApplied, statement, type WriteKey } from './applied-writes';
import { auditStatement } from './checks';
import type { Author } from '../../../core/contracts/checks';
import { refereeKey } from '../../../core/refereeing';

/**
 * A team practice's tableau of team matches (issue 28). Its matches are the bracket's own rows (teams in the
 * fencers' places, the seeding frozen at creation); `team_tableaux` marks the tableau a team one, and
 * `team_relays` holds each match's nine-relay sheet, a version per row. These run in the practice's room, on
 * its SQLite: a write is one batch (one `transactionSync`), so a relay row, the tableau matches its decision
 * changes and its idempotency key are stored together or not at all.
 */

const toRelay = (r: typeof teamRelays.$inferSelect): TeamRelay => ({
  round: r.round, position: r.position, match_number: r.match_number, fencer_a_number: r.fencer_a_number, fencer_b_number: r.fencer_b_number,
  score_a: r.score_a, score_b: r.score_b, winner: r.winner ?? null, version: r.version,
});

/** The nine relays of one match, in order, with what is stored (nothing stored: no touches, version 0). */
export function sheetOf(round: number, position: number, stored: readonly TeamRelay[]): TeamRelay[] {
  return RELAY_ORDER.map(([a, b], i) => {
    const row = stored.find((r) => r.round === round && r.position === position && r.match_number === i + 1);
    return row ?? { round, position, match_number: i + 1, fencer_a_number: a, fencer_b_number: b, score_a: null, score_b: null, winner: null, version: 0 };
  });
}

const toLineup = (r: typeof teamLineups.$inferSelect): TeamLineup => {
  const { a, b, subs } = JSON.parse(r.lineup) as Pick<TeamLineup, 'a' | 'b' | 'subs'>;
  return { round: r.round, position: r.position, team_a: r.team_a, drawn: r.drawn === 1, a, b, subs, version: r.version };
};

const lineupsRead = (db: RoomDb, practiceId: string) =>
  db.select().from(teamLineups).where(eq(teamLineups.practice_id, practiceId)).orderBy(asc(teamLineups.round), asc(teamLineups.position));

export async function loadTeamTableau(db: RoomDb, practiceId: string): Promise<TeamTableauSnapshot> {
  const [marker, relays, lineups] = await db.batch([
    db.select().from(teamTableaux).where(eq(teamTableaux.practice_id, practiceId)),
    db.select().from(teamRelays).where(eq(teamRelays.practice_id, practiceId)).orderBy(asc(teamRelays.round), asc(teamRelays.position), asc(teamRelays.match_number)),
    lineupsRead(db, practiceId),
  ]);
  const row = marker[0];
  return { practice_id: practiceId, created: row !== undefined, seeded_by: row?.seeded_by ?? null, relays: relays.map(toRelay), lineups: lineups.map(toLineup) };
}

/**
 * Stores a match's line-up if it is still at the version the writer saw (0: none stored yet), its version moved on,
 * with the write's idempotency key, in one batch, and reads it back. A write whose key already applied changes
 * nothing and counts as done. Raw SQL for the INSERT … SELECT … ON CONFLICT DO UPDATE … WHERE, as a relay row's.
 */
export async function writeLineup(db: RoomDb, practice: Practice, lineup: Omit<TeamLineup, 'version'>, version: number, write: WriteKey): Promise<{ ok: boolean; lineup: TeamLineup | null }> {
  const d1 = db.$client;
  const now = Date.now();
  const { round, position, team_a, drawn, a, b, subs } = lineup;
  const stored = d1
    .prepare(
      `INSERT INTO team_lineups (practice_id, round, position, team_a, drawn, lineup, updated_at, version)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 1
       WHERE (?8 = 0 OR EXISTS (SELECT 1 FROM team_lineups WHERE practice_id = ?1 AND round = ?2 AND position = ?3))
         AND ${notApplied(9)}
       ON CONFLICT(practice_id, round, position) DO UPDATE SET
         team_a = excluded.team_a, drawn = excluded.drawn, lineup = excluded.lineup, updated_at = excluded.updated_at, version = team_lineups.version + 1
       WHERE team_lineups.version = ?8`,
    )
    .bind(practice.id, round, position, team_a, drawn ? 1 : 0, JSON.stringify({ a, b, subs }), now, version, write.key);
  const read = db.select().from(teamLineups).where(and(eq(teamLineups.practice_id, practice.id), eq(teamLineups.round, round), eq(teamLineups.position, position)));
  const { done, reads } = await keyedWrite(d1, write, now, { apply: [stored], read: [statement(d1, read)] });
  const row = reads[0]!.results[0] as typeof teamLineups.$inferSelect | undefined;
  return { ok: done, lineup: row ? toLineup(row) : null };
}

/** Whether the practice has a team tableau. */
export async function hasTeamTableau(db: RoomDb, practiceId: string): Promise<boolean> {
  return (await db.select({ id: teamTableaux.practice_id }).from(teamTableaux).where(eq(teamTableaux.practice_id, practiceId)).get()) !== undefined;
}

/**
 * Creates the team tableau in one batch: the frozen seeding and every match as drawn (version 0, byes already
 * moved on), the format (everyone goes on, 3rd fenced or shared, no 5–8), and the marker. Answers false,
 * writing nothing, if the practice has a tableau already (a second coach's screen creating at the same moment).
 */
export async function createTeamTableau(db: RoomDb, practice: Practice, seeds: Seed[], matches: BracketMatch[], thirdPlace: boolean, seededBy: 'pools' | 'draw'): Promise<boolean> {
  const d1 = db.$client;
  const now = Date.now();
  const free = 'NOT EXISTS (SELECT 1 FROM brackets WHERE practice_id = ?1) AND NOT EXISTS (SELECT 1 FROM team_tableaux WHERE practice_id = ?1)';
  const results = await d1.batch([
    d1.prepare(`INSERT INTO team_tableaux (practice_id, user_id, seeded_by, created_at) SELECT ?1, ?2, ?3, ?4 WHERE ${free}`).bind(practice.id, practice.user_id, seededBy, now),
    d1
      .prepare(`INSERT INTO brackets (practice_id, user_id, seeding, version, created_at, updated_at) SELECT ?1, ?2, ?3, 0, ?4, ?4 WHERE changes() > 0`)
      .bind(practice.id, practice.user_id, JSON.stringify(seeds), now),
    ...matches.map((m) =>
      d1
        .prepare(
          `INSERT INTO bracket_matches (practice_id, round, position, player1_id, player2_id, player1_score, player2_score, winner_id, updated_at, version)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0 WHERE EXISTS (SELECT 1 FROM team_tableaux WHERE practice_id = ?1 AND created_at = ?9)
           ON CONFLICT(practice_id, round, position) DO NOTHING`,
        )
        .bind(practice.id, m.round, m.position, m.player1_id, m.player2_id, m.player1_score, m.player2_score, m.winner_id, now),
    ),
    d1
      .prepare(
        `INSERT INTO tableau_formats (practice_id, cut_kind, cut_value, third_place, places_5_8, updated_at) VALUES (?1, 'all', NULL, ?2, 0, ?3)
         ON CONFLICT(practice_id) DO UPDATE SET cut_kind = 'all', cut_value = NULL, third_place = excluded.third_place, places_5_8 = 0, updated_at = excluded.updated_at`,
      )
      .bind(practice.id, thirdPlace ? 'bout' : 'shared', now),
  ]);
  return results[0]!.meta.changes > 0;
}

/** Whether a tableau change puts other teams in its match (a winner moving on, or taken back): its line-up goes with it. */
export const movesTeams = (m: MatchChange) => 'player1_id' in m.set || 'player2_id' in m.set;

export interface RelayStore {
  row: { match_number: number; score_a: number | null; score_b: number | null; winner: 'A' | 'B' | null };
  /** The version the writer saw (0: nothing stored yet); checked by the caller against the stored row. */
  version: number;
  /** The tableau matches the sheet's decision changes, each one version on. */
  changes: MatchChange[];
  key: string | null;
  /**
   * The match's audit row (issue 58): who wrote the relay, and the match's running score it left, in the bracket's
   * order (player1, player2). Kept only when the relay row changed.
   */
  audit?: { by: Author & { checked: boolean }; score1: number; score2: number };
}

/**
 * Stores one relay row (its version moved on), the tableau matches its sheet's decision changes (each one
 * version on, the tableau's version with them) and the write's idempotency key, in one batch, and reads back
 * the row, the changed matches and the tableau's version. The caller has checked the version and the key in
 * the same turn of the room (no other request runs in between: the room's SQLite answers synchronously).
 */
export async function storeTeamRelay(db: RoomDb, practice: Practice, round: number, position: number, input: RelayStore) {
  const d1 = db.$client;
  const now = Date.now();
  const { row, changes } = input;
  const [a, b] = RELAY_ORDER[row.match_number - 1]!;
  const matchUpdates = changes.map((m) => {
    const cols = Object.keys(m.set) as (keyof MatchChange['set'])[];
    return d1
      .prepare(`UPDATE bracket_matches SET ${cols.map((k, i) => `${k} = ?${5 + i}`).join(', ')}, version = version + 1, updated_at = ?4 WHERE practice_id = ?1 AND round = ?2 AND position = ?3`)
      .bind(practice.id, m.round, m.position, now, ...cols.map((k) => m.set[k] ?? null));
  });
  const touched = changes.map((m) => `(round = ${Number(m.round)} AND position = ${Number(m.position)})`);
  // A later match whose teams the decision changes loses its line-up: its lot and orders were for other teams.
  const moved = changes.filter(movesTeams).map((m) => `(round = ${Number(m.round)} AND position = ${Number(m.position)})`);
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO team_relays (practice_id, round, position, match_number, fencer_a_number, fencer_b_number, score_a, score_b, winner, updated_at, version)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1)
         ON CONFLICT(practice_id, round, position, match_number) DO UPDATE SET
           score_a = excluded.score_a, score_b = excluded.score_b, winner = excluded.winner, updated_at = excluded.updated_at, version = team_relays.version + 1`,
      )
      .bind(practice.id, round, position, row.match_number, a, b, row.score_a, row.score_b, row.winner, now),
    ...(input.audit ? [auditStatement(d1, now, { bout: refereeKey({ kind: 'tableau', round, position }), score1: input.audit.score1, score2: input.audit.score2, ...input.audit.by })] : []),
    d1.prepare('INSERT INTO applied_writes (key, practice_id, created_at) SELECT ?1, ?2, ?3 WHERE ?1 IS NOT NULL').bind(input.key, practice.id, now),
    ...matchUpdates,
    ...(changes.length ? [d1.prepare('UPDATE brackets SET version = version + 1, updated_at = ?2 WHERE practice_id = ?1').bind(practice.id, now)] : []),
    ...(moved.length ? [d1.prepare(`DELETE FROM team_lineups WHERE practice_id = ?1 AND (${moved.join(' OR ')})`).bind(practice.id)] : []),
    d1.prepare('SELECT * FROM team_relays WHERE practice_id = ?1 AND round = ?2 AND position = ?3 AND match_number = ?4').bind(practice.id, round, position, row.match_number),
    d1.prepare('SELECT version FROM brackets WHERE practice_id = ?1').bind(practice.id),
    d1.prepare(`SELECT * FROM bracket_matches WHERE practice_id = ?1 AND (${touched.join(' OR ') || '0'}) ORDER BY round, position`).bind(practice.id),
  ]);
  const [stored, tableau, matches] = results.slice(-3) as [D1Result, D1Result, D1Result];
  return {
    row: toRelay(stored.results[0] as typeof teamRelays.$inferSelect),
    version: (tableau.results[0] as { version: number } | undefined)?.version ?? 0,
    matches: (matches.results as (SavedBracketMatch & { practice_id: string })[]).map(
      ({ round: r, position: p, player1_id, player2_id, player1_score, player2_score, winner_id, version }): SavedBracketMatch => ({
        round: r, position: p, player1_id, player2_id, player1_score, player2_score, winner_id, version,
      }),
    ),
  };
}
