import { insertStatements } from './practice-store';

/**
 * The archive's write of the pools that changed (issue 33): a score changes one pool's bouts and counters, so
 * a write under a stream of scores replaces those pools' rows in D1 (their entries and bouts, their own row's
 * counters) instead of the whole practice, whose copy grew with the event (hundreds of statements at 500
 * fencers). Same guards as the whole copy (./practice-store `archiveStatements`): idempotent, nothing for a
 * practice deleted from the index, a link to a deleted athlete archived as none.
 */

type Rows = { columns: string[]; rows: unknown[][] };

/** The pool `poolId` of the practice as the room holds it: its own row (none once gone), its entries and bouts. */
export function readPoolRows(sql: SqlStorage, practiceId: string, poolId: string): { poolId: string; tournaments: Rows; players: Rows; matches: Rows } {
  const read = (query: string, ...binds: string[]) => {
    const cursor = sql.exec(query, ...binds);
    const rows = [...cursor.raw()];
    return { columns: cursor.columnNames, rows };
  };
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
