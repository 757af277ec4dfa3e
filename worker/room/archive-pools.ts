import { insertStatements } from './practice-store';
import { BRACKET_MARK, MATCH_MARK } from './schema';

/**
 * The archive's write of the pools that changed (issue 33): a score changes one pool's bouts and counters, so
 * a write under a stream of scores replaces those pools' rows in D1 (their entries and bouts, their own row's
 * counters) instead of the whole practice, whose copy grew with the event (hundreds of statements at 500
 * fencers). Same guards as the whole copy (./practice-store `archiveStatements`): idempotent, nothing for a
 * practice deleted from the index, a link to a deleted athlete archived as none.
 */

type Rows = { columns: string[]; rows: unknown[][] };

/** The rows a query of the room's SQLite reads, with their columns, as the archive writes them. */
function readRows(sql: SqlStorage, query: string, ...binds: (string | number)[]): Rows {
  const cursor = sql.exec(query, ...binds);
  const rows = [...cursor.raw()];
  return { columns: cursor.columnNames, rows };
}

/** The pool `poolId` of the practice as the room holds it: its own row (none once gone), its entries and bouts. */
export function readPoolRows(sql: SqlStorage, practiceId: string, poolId: string): { poolId: string; tournaments: Rows; players: Rows; matches: Rows } {
  const read = (query: string, ...binds: string[]) => readRows(sql, query, ...binds);
  return {
    poolId,
    tournaments: read('SELECT * FROM tournaments WHERE id = ? AND practice_id = ?', poolId, practiceId),
    players: read('SELECT * FROM players WHERE tournament_id = ?', poolId),
    matches: read('SELECT * FROM matches WHERE tournament_id = ?', poolId),
  };
}

/** The D1 batch that makes the archive of each pool read (readPoolRows) what the room holds. */
export function poolArchiveStatements(d1: D1Database, practiceId: string, pools: ReturnType<typeof readPoolRows>[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const ofPractice = 'tournament_id = ?1 AND tournament_id IN (SELECT id FROM tournaments WHERE practice_id = ?2)';
  for (const pool of pools) {
    statements.push(d1.prepare(`DELETE FROM matches WHERE ${ofPractice}`).bind(pool.poolId, practiceId));
    statements.push(d1.prepare(`DELETE FROM players WHERE ${ofPractice}`).bind(pool.poolId, practiceId));
    if (pool.tournaments.rows.length === 0) {
      statements.push(d1.prepare('DELETE FROM tournaments WHERE id = ?1 AND practice_id = ?2').bind(pool.poolId, practiceId));
      continue;
    }
    statements.push(...insertStatements(d1, practiceId, 'tournaments', pool.tournaments, true));
    statements.push(...insertStatements(d1, practiceId, 'players', pool.players));
    statements.push(...insertStatements(d1, practiceId, 'matches', pool.matches));
  }
  return statements;
}

/** A tableau's marks (schema step 13): its own row, and each match a score wrote. */
export const isBracketMark = (mark: string) => mark === BRACKET_MARK || mark.startsWith(MATCH_MARK);

/** The tableau's rows the marks name, as the room holds them: its own row (when marked) and each marked match. */
export function readBracketRows(sql: SqlStorage, practiceId: string, marks: readonly string[]): { bracket: Rows | null; matches: { round: number; position: number; rows: Rows }[]; all: Rows | null } {
  const read = (query: string, ...binds: (string | number)[]) => readRows(sql, query, ...binds);
  const bracket = marks.includes(BRACKET_MARK) ? read('SELECT * FROM brackets WHERE practice_id = ?', practiceId) : null;
  const matchMarks = marks.filter((m) => m.startsWith(MATCH_MARK));
  // Many matches (a freeze writes every one): the whole tableau, a few rows a statement, is fewer statements.
  if (matchMarks.length > WHOLE_TABLEAU_PAST) return { bracket, matches: [], all: read('SELECT * FROM bracket_matches WHERE practice_id = ?', practiceId) };
  const matches = matchMarks
    .map((m) => m.slice(MATCH_MARK.length).split(':').map(Number) as [number, number])
    .filter(([round, position]) => Number.isInteger(round) && Number.isInteger(position))
    .map(([round, position]) => ({ round, position, rows: read('SELECT * FROM bracket_matches WHERE practice_id = ? AND round = ? AND position = ?', practiceId, round, position) }));
  return { bracket, matches, all: null };
}

/** Marked matches past which the archive copies the whole tableau instead (two statements a match against one for a few). */
const WHOLE_TABLEAU_PAST = 16;

/** The D1 batch that makes the archive's copy of those tableau rows what the room holds (each replaced, or gone). */
export function bracketArchiveStatements(d1: D1Database, practiceId: string, { bracket, matches, all }: ReturnType<typeof readBracketRows>): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  if (all) {
    statements.push(d1.prepare('DELETE FROM bracket_matches WHERE practice_id = ?1').bind(practiceId));
    statements.push(...insertStatements(d1, practiceId, 'bracket_matches', all));
  }
  if (bracket) {
    statements.push(d1.prepare('DELETE FROM brackets WHERE practice_id = ?1').bind(practiceId));
    statements.push(...insertStatements(d1, practiceId, 'brackets', bracket));
  }
  for (const m of matches) {
    statements.push(d1.prepare('DELETE FROM bracket_matches WHERE practice_id = ?1 AND round = ?2 AND position = ?3').bind(practiceId, m.round, m.position));
    statements.push(...insertStatements(d1, practiceId, 'bracket_matches', m.rows));
  }
  return statements;
}
