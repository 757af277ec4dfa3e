import type { Day, DayCall, DayEvent, DayHeld, DayMatch, DayPiste, DayPlacement, DayPool, DayReferee, DaySnapshot, DayTableau } from '../../core/contracts/days';
import { DAY_TABLES as T } from './schema';

/** A day room's SQLite, read and written row by row (issue 28): the day room's one place for its statements. */

export function readFacts(sql: SqlStorage): { day: Day | null; version: number } {
  const row = sql.exec<{ facts: string | null; version: number }>(`SELECT facts, version FROM ${T.day}`).one();
  return { day: row.facts ? (JSON.parse(row.facts) as Day) : null, version: row.version };
}

export function readEvents(sql: SqlStorage): DayEvent[] {
  return sql
    .exec<{ practice_id: string; position: number; name: string; weapon: DayEvent['weapon']; practice_type: DayEvent['practice_type']; pools: string; tableau: string | null }>(
      `SELECT practice_id, position, name, weapon, practice_type, pools, tableau FROM ${T.events} ORDER BY position`,
    )
    .toArray()
    .map((e) => ({ ...e, pools: JSON.parse(e.pools) as DayPool[], tableau: e.tableau === null ? null : (JSON.parse(e.tableau) as DayTableau) }));
}

export function readPistes(sql: SqlStorage): DayPiste[] {
  return sql.exec<{ id: string; name: string; final: number; position: number }>(`SELECT id, name, final, position FROM ${T.pistes} ORDER BY position`).toArray().map((p) => ({ ...p, final: p.final === 1 }));
}

export function readPlacements(sql: SqlStorage): DayPlacement[] {
  return sql
    .exec<{ pool_id: string; practice_id: string; piste_id: string; flight: number; pinned: number; referee_id: string | null; referee_override: number; neutral: number }>(
      `SELECT pool_id, practice_id, piste_id, flight, pinned, referee_id, referee_override, neutral FROM ${T.placements} ORDER BY flight, pool_id`,
    )
    .toArray()
    .map((p) => ({ ...p, pinned: p.pinned === 1, referee_override: p.referee_override === 1, neutral: p.neutral === 1 }));
}

/** Every placement at once: the day is placed as a whole. */
export function writePlacements(sql: SqlStorage, placed: readonly DayPlacement[]) {
  sql.exec(`DELETE FROM ${T.placements}`);
  for (const p of placed) {
    sql.exec(
      `INSERT INTO ${T.placements} (pool_id, practice_id, piste_id, flight, pinned, referee_id, referee_override, neutral) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      p.pool_id, p.practice_id, p.piste_id, p.flight, p.pinned ? 1 : 0, p.referee_id, p.referee_override ? 1 : 0, p.neutral ? 1 : 0,
    );
  }
}

export function readReferees(sql: SqlStorage): DayReferee[] {
  return sql.exec<{ id: string; name: string; club: string | null; athlete_id: string | null; position: number }>(`SELECT id, name, club, athlete_id, position FROM ${T.referees} ORDER BY position`).toArray();
}

/** The clubs of the events' roster athletes, by athlete id. */
export function readClubs(sql: SqlStorage): Map<string, string | null> {
  return new Map(sql.exec<{ athlete_id: string; club: string | null }>(`SELECT athlete_id, club FROM ${T.clubs}`).toArray().map((c) => [c.athlete_id, c.club]));
}

/** Keeps the clubs the worker read from the roster (a club changed there is changed here at the next placing). */
export function keepClubs(sql: SqlStorage, clubs: Record<string, string | null>) {
  for (const [athlete, club] of Object.entries(clubs)) {
    sql.exec(`INSERT INTO ${T.clubs} (athlete_id, club) VALUES (?, ?) ON CONFLICT (athlete_id) DO UPDATE SET club = excluded.club`, athlete, club);
  }
}

/**
 * The day as the hall board shows it to anyone holding its link: without the roster's ids (which athletes
 * fence in a pool, which referee is which roster athlete) and without the link itself (`board_id` is empty:
 * a board knows the link it opened, and a new one reaches only the coach); names, pistes, flights and
 * progress stay.
 */
export function forSpectators(day: DaySnapshot): DaySnapshot {
  return {
    ...day,
    day: { ...day.day, board_id: '' },
    events: day.events.map((e) => ({ ...e, pools: e.pools.map((p) => ({ ...p, athletes: [] })) })),
    referees: day.referees.map((r) => ({ ...r, athlete_id: null })),
    calls: day.calls.map((c) => ({ ...c, keys: [null, null] })),
    held: [],
  };
}

/** Each event's tableau matches as its room last told them (not part of the snapshot: the calls are). */
export function readMatches(sql: SqlStorage): { practiceId: string; matches: DayMatch[] }[] {
  return sql
    .exec<{ practice_id: string; matches: string }>(`SELECT practice_id, matches FROM ${T.events} ORDER BY position`)
    .toArray()
    .map((e) => ({ practiceId: e.practice_id, matches: JSON.parse(e.matches) as DayMatch[] }));
}

export function readCalls(sql: SqlStorage): DayCall[] {
  return sql
    .exec<{ id: string; practice_id: string; match_id: string; round: number; position: number; names: string; keys: string; piste_id: string; referee_id: string | null; neutral: number; state: DayCall['state']; called_at: number; version: number }>(
      `SELECT id, practice_id, match_id, round, position, names, keys, piste_id, referee_id, neutral, state, called_at, version FROM ${T.calls} ORDER BY seq`,
    )
    .toArray()
    .map((c) => ({ ...c, names: JSON.parse(c.names) as DayCall['names'], keys: JSON.parse(c.keys) as DayCall['keys'], neutral: c.neutral === 1 }));
}

/** The day's active calls, all at once, in the order they were called. */
export function writeCalls(sql: SqlStorage, calls: readonly DayCall[]) {
  sql.exec(`DELETE FROM ${T.calls}`);
  calls.forEach((c, seq) => {
    sql.exec(
      `INSERT INTO ${T.calls} (id, practice_id, match_id, round, position, names, keys, piste_id, referee_id, neutral, state, called_at, version, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      c.id, c.practice_id, c.match_id, c.round, c.position, JSON.stringify(c.names), JSON.stringify(c.keys), c.piste_id, c.referee_id, c.neutral ? 1 : 0, c.state, c.called_at, c.version, seq,
    );
  });
}

export function readHeld(sql: SqlStorage): DayHeld[] {
  return sql.exec<{ id: string; practice_id: string; names: string }>(`SELECT id, practice_id, names FROM ${T.held} ORDER BY rowid`).toArray().map((h) => ({ ...h, names: JSON.parse(h.names) as DayHeld['names'] }));
}

/** Holds a match back (its call cancelled); held matches whose match is gone or done are let go by `writeHeld`. */
export function hold(sql: SqlStorage, call: Pick<DayCall, 'id' | 'practice_id' | 'names'>) {
  sql.exec(`INSERT OR REPLACE INTO ${T.held} (id, practice_id, names) VALUES (?, ?, ?)`, call.id, call.practice_id, JSON.stringify(call.names));
}

/** Lets a held match go (the coach calls it again, or it is no longer to fence): true when it was held. */
export function release(sql: SqlStorage, id: string): boolean {
  return sql.exec(`DELETE FROM ${T.held} WHERE id = ? RETURNING id`, id).toArray().length > 0;
}
