// The roster import, the account backup and its restore in D1 (issue 15). One file: the backup's reads and the
// restore's batched inserts cover the same tables (core/interop/backup RESTORE_TABLES) and change together.
import { eq } from 'drizzle-orm';
import type { Athlete } from '../../../core/contracts/athletes';
import { athleteDetailsSchema, NO_DETAILS, type AthleteDetails } from '../../../core/athlete-details';
import { BACKUP_FORMAT, BACKUP_VERSION, RESTORE_TABLES, restoreRows, type AccountBackup, type RestoreRows, type RestoreSummary, type RestoreTable } from '../../../core/interop/backup';
import { readCards } from '../../../core/fencing/bout-cards';
import { dayForBackup, type DayIndexRow } from '../../../core/interop/backup-days';
import { lineupForBackup } from '../../../core/interop/backup-rounds';
import type { TeamLineup } from '../../../core/contracts/team-tableau';
import { classifyImport, type ImportStatus } from '../../../core/interop/roster-import';
import { MAX_COACH_DAYS, MAX_COACH_PRACTICES } from '../../../core/limits';
import { sameNameKey } from '../../../core/names';
import { makeRoomCode } from '../../../core/room-code';
import { athleteSchema, firstIssue } from '../../../core/validation';
import type { D1Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { athletes } from '../../db/schema';
import type { DayRooms } from '../../day/day-backup';
import { COACH_DAYS_FULL } from './days';
import { HttpError } from '../../errors';
import { COACH_PRACTICES_FULL, cryptoUint32, newBoardId } from './practices';

/**
 * Issue 15 writes and reads that move a coach's data in and out: the roster import, the account backup and
 * its restore. Every write is one D1 batch (all or nothing); rows go in through `json_each` over one bound
 * JSON text per table (D1 allows 100 parameters a statement, and a batch of hundreds of single-row inserts
 * costs a round of work each).
 */

/** Largest JSON text bound to one insert (D1 keeps a bound value under 2 MB; stay well inside). */
const CHUNK_BYTES = 400_000;

type Row = Record<string, unknown>;

/** `rows` cut into chunks of at most CHUNK_BYTES of JSON text each. */
function chunksOf(rows: Row[]): Row[][] {
  const chunks: Row[][] = [];
  let chunk: Row[] = [];
  let size = 0;
  for (const row of rows) {
    const bytes = JSON.stringify(row).length;
    if (chunk.length > 0 && size + bytes > CHUNK_BYTES) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(row);
    size += bytes;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** The INSERT of one chunk (bound as JSON text to ?1) into `table`, of the `columns` given; `where` makes it conditional. */
const insertSql = (table: RestoreTable, columns: string[], where = '') =>
  `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.map((c) => `json_extract(value, '$.${c}')`).join(', ')} FROM json_each(?1)${where ? ` WHERE ${where}` : ''}`;

/** INSERTs of `rows` into `table`, a statement per chunk; the columns are the first row's keys. */
function insertRows(d1: D1Database, table: RestoreTable, rows: Row[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const sql = insertSql(table, Object.keys(rows[0]!));
  return chunksOf(rows).map((chunk) => d1.prepare(sql).bind(JSON.stringify(chunk)));
}

export interface ImportResult {
  line: number;
  name: string;
  status: ImportStatus;
  reason: string | null;
}

/**
 * Imports roster rows: each row checked on its own (a bad one is reported and skipped, never blocks the
 * others), names already in the roster (or repeated in the file) left alone, the new athletes inserted in
 * one statement. Answers each row's fate and the athletes created.
 */
export async function importAthletes(db: D1Db, userId: string, input: unknown[]): Promise<{ results: ImportResult[]; created: Athlete[] }> {
  const rows = input.map((raw, i) => {
    const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const line = typeof r.line === 'number' && Number.isInteger(r.line) && r.line > 0 && r.line < 1e7 ? r.line : i + 1;
    const checked = athleteSchema.safeParse({ name: r.name, club: r.club ?? null, ranking: r.ranking ?? null });
    // Issue 30: licence, nation, birth date, hand, gender, region and national rating, each bounded.
    const details = athleteDetailsSchema.safeParse(r.details && typeof r.details === 'object' ? r.details : {});
    const bad = (error: string) => ({ line, name: typeof r.name === 'string' ? r.name.slice(0, 100) : '', club: null, ranking: null, details: NO_DETAILS, error });
    if (!checked.success) return bad(firstIssue(checked.error));
    if (!details.success) return bad(firstIssue(details.error));
    const known: AthleteDetails = { ...NO_DETAILS, ...Object.fromEntries(Object.entries(details.data).filter(([, v]) => v !== undefined)) };
    return { line, name: checked.data.name, club: checked.data.club, ranking: checked.data.ranking ?? null, details: known, error: null };
  });
  const roster = await db.select({ name: athletes.name }).from(athletes).where(eq(athletes.user_id, userId)).all();
  const decisions = classifyImport(rows, roster.map((r) => r.name));
  const now = Date.now();
  const created: Athlete[] = decisions
    .filter((d) => d.status === 'new')
    .map((d, i) => ({ id: crypto.randomUUID(), user_id: userId, name: d.row.name, club: d.row.club, ranking: d.row.ranking, created_at: now + i, ...d.row.details }));
  const stored = created.map(({ national_rating, ...a }) => ({ ...a, rating_system: national_rating?.system ?? null, rating: national_rating?.value ?? null }));
  if (created.length > 0) await db.$client.batch(insertRows(db.$client, 'athletes', stored));
  return { results: decisions.map((d) => ({ line: d.row.line, name: d.row.name, status: d.status, reason: d.reason })), created };
}

type Q = Record<string, unknown>;

const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A day's index row as the backup reads it, from a raw row of D1's `days`. */
const dayIndexRow = (d: Q): DayIndexRow => ({
  id: String(d.id),
  name: String(d.name),
  date: String(d.date),
  venue: textOrNull(d.venue),
  starts_at: textOrNull(d.starts_at),
  minutes: textOrNull(d.minutes),
  guests_call: d.guests_call === null || d.guests_call === undefined ? null : Number(d.guests_call),
  created_at: Number(d.created_at),
});

/** Everything the coach owns, as one versioned backup file: eighteen reads in one batch, then each competition day's room. */
export async function exportAccount(db: D1Db, userId: string, rooms: Pick<DayRooms, 'read'>): Promise<AccountBackup> {
  const d1 = db.$client;
  const q = (sql: string) => d1.prepare(sql).bind(userId);
  const ownPractice = 'practice_id IN (SELECT id FROM practices WHERE user_id = ?1)';
  const ownPool = 'tournament_id IN (SELECT id FROM tournaments WHERE user_id = ?1)';
  const results = await d1.batch<Q>([
    q('SELECT id, name, club, ranking, created_at, licence, nation, birth_date, laterality, gender, region, rating_system, rating FROM athletes WHERE user_id = ?1 ORDER BY name, id'),
    q('SELECT athlete_id, note, created_at FROM athlete_notes WHERE user_id = ?1 ORDER BY created_at, id'),
    q('SELECT id, name, date, practice_type, weapon, created_at FROM practices WHERE user_id = ?1 ORDER BY date, created_at'),
    q('SELECT id, practice_id, name, round, created_at FROM tournaments WHERE user_id = ?1 ORDER BY created_at, id'),
    q(`SELECT id, tournament_id, athlete_id, name, position, status, seed, first_round_id FROM players WHERE ${ownPool} ORDER BY position`),
    q(`SELECT tournament_id, player1_id, player2_id, score1, score2, priority_id, cards FROM matches WHERE ${ownPool} ORDER BY updated_at, id`),
    q(`SELECT practice_id, cut_kind, cut_value, third_place, places_5_8 FROM tableau_formats WHERE ${ownPractice}`),
    q(`SELECT practice_id, name, athlete_id FROM absentees WHERE ${ownPractice} ORDER BY created_at, name`),
    q('SELECT practice_id, seeding FROM brackets WHERE user_id = ?1'),
    q(`SELECT practice_id, round, position, player1_id, player2_id, player1_score, player2_score, winner_id, cards FROM bracket_matches WHERE ${ownPractice} ORDER BY round, position`),
    q('SELECT id, practice_id, team_number FROM teams WHERE user_id = ?1 ORDER BY team_number'),
    q('SELECT id, team_id, athlete_id, athlete_name, position FROM team_members WHERE user_id = ?1 ORDER BY position'),
    q('SELECT practice_id, match_number, fencer_a_number, fencer_b_number, score_a, score_b FROM team_matches WHERE user_id = ?1 ORDER BY match_number'),
    q('SELECT practice_id, seeded_by FROM team_tableaux WHERE user_id = ?1'),
    q(`SELECT practice_id, round, position, match_number, fencer_a_number, fencer_b_number, score_a, score_b, winner FROM team_relays WHERE ${ownPractice} ORDER BY round, position, match_number`),
    q(`SELECT practice_id, round, position, team_a, drawn, lineup FROM team_lineups WHERE ${ownPractice} ORDER BY round, position`),
    // Every column: `guests_call` exists from migration 0019 on.
    q('SELECT * FROM days WHERE user_id = ?1 ORDER BY date, created_at'),
    q('SELECT practice_id, day_id, position FROM day_events WHERE day_id IN (SELECT id FROM days WHERE user_id = ?1) ORDER BY position'),
  ]);
  const [athleteRows, notes, practiceRows, poolRows, players, bouts, formats, absent, brackets, bracketMatches, teams, members, relays, teamTableaux, teamRelays, teamLineups, dayRows, dayEvents] = results.map((r) => r.results);
  const group = (rows: Q[], key: string) => {
    const map = new Map<unknown, Q[]>();
    for (const r of rows) {
      const list = map.get(r[key]);
      if (list) list.push(r);
      else map.set(r[key], [r]);
    }
    return (id: unknown) => map.get(id) ?? [];
  };
  const notesOf = group(notes!, 'athlete_id');
  const poolsOf = group(poolRows!, 'practice_id');
  const playersOf = group(players!, 'tournament_id');
  const boutsOf = group(bouts!, 'tournament_id');
  const formatOf = group(formats!, 'practice_id');
  const absentOf = group(absent!, 'practice_id');
  const bracketOf = group(brackets!, 'practice_id');
  const bracketMatchesOf = group(bracketMatches!, 'practice_id');
  const teamsOf = group(teams!, 'practice_id');
  const membersOf = group(members!, 'team_id');
  const relaysOf = group(relays!, 'practice_id');
  const teamTableauOf = group(teamTableaux!, 'practice_id');
  const teamRelaysOf = group(teamRelays!, 'practice_id');
  const teamLineupsOf = group(teamLineups!, 'practice_id');
  const eventsOf = group(dayEvents!, 'day_id');
  const dayRooms = await rooms.read(dayRows!.map((d) => String(d.id)));
  const file = { poolsOf: new Map(practiceRows!.map((p) => [String(p.id), new Set(poolsOf(p.id).map((pool) => String(pool.id)))])), athletes: new Set(athleteRows!.map((a) => String(a.id))) };
  const pick = <K extends string>(r: Q, keys: K[]) => Object.fromEntries(keys.map((k) => [k, r[k]])) as Record<K, never>;
  // A refereed result's cards (issue 29) go in the file only when it kept some.
  const keptCards = (stored: unknown) => {
    const cards = readCards(stored);
    return cards ? { cards } : {};
  };
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: Date.now(),
    athletes: athleteRows!.map((a) => ({
      ...pick(a, ['id', 'name', 'club', 'ranking', 'created_at', 'licence', 'nation', 'birth_date', 'laterality', 'gender', 'region']),
      national_rating: a.rating_system && a.rating ? { system: a.rating_system, value: a.rating } : null,
      notes: notesOf(a.id).map((n) => pick(n, ['note', 'created_at'])),
    })),
    practices: practiceRows!.map((p) => {
      const f = formatOf(p.id)[0];
      const b = bracketOf(p.id)[0];
      const tt = teamTableauOf(p.id)[0];
      const bracket = b
        ? { seeding: JSON.parse(b.seeding as string), matches: bracketMatchesOf(p.id).map((m) => ({ ...pick(m, ['round', 'position', 'player1_id', 'player2_id', 'player1_score', 'player2_score', 'winner_id']), ...keptCards(m.cards) })) }
        : null;
      const teams = teamsOf(p.id).map((t) => ({ id: String(t.id), team_number: Number(t.team_number), members: membersOf(t.id).map((m) => pick(m, ['id', 'athlete_id', 'athlete_name', 'position'])) }));
      // Each line-up as the route reads it (core/interop/backup-rounds `lineupForBackup`).
      const lineups = teamLineupsOf(p.id).flatMap((l) => {
        const stored = { ...pick(l, ['round', 'position', 'team_a']), drawn: l.drawn === 1, ...(JSON.parse(l.lineup as string) as Pick<TeamLineup, 'a' | 'b' | 'subs'>) };
        return lineupForBackup({ teams, bracket }, stored) ?? [];
      });
      // A round-2 entry's link to a round-1 entry deleted since is left out (its seed kept): the file names only what it holds.
      const firstRound = new Set(poolsOf(p.id).filter((pool) => pool.round === 1).flatMap((pool) => playersOf(pool.id).map((pl) => pl.id)));
      return {
        ...pick(p, ['id', 'name', 'date', 'practice_type', 'weapon', 'created_at']),
        pools: poolsOf(p.id).map((pool) => ({
          ...pick(pool, ['id', 'name', 'round', 'created_at']),
          players: playersOf(pool.id).map((pl) => ({ ...pick(pl, ['id', 'athlete_id', 'name', 'position', 'status', 'seed']), first_round_id: firstRound.has(pl.first_round_id) ? pl.first_round_id : null })),
          bouts: boutsOf(pool.id).map((bt) => ({ ...pick(bt, ['player1_id', 'player2_id', 'score1', 'score2', 'priority_id']), ...keptCards(bt.cards) })),
        })),
        format: f
          ? { cut: f.cut_kind === 'all' ? { kind: 'all' } : { kind: f.cut_kind, value: f.cut_value }, third_place: f.third_place, places_5_8: f.places_5_8 === 1 }
          : null,
        absentees: absentOf(p.id).map((a) => pick(a, ['name', 'athlete_id'])),
        bracket,
        teams,
        relays: relaysOf(p.id).map((r) => pick(r, ['match_number', 'fencer_a_number', 'fencer_b_number', 'score_a', 'score_b'])),
        team_tableau: tt
          ? {
            seeded_by: tt.seeded_by,
            relays: teamRelaysOf(p.id).map((r) => pick(r, ['round', 'position', 'match_number', 'fencer_a_number', 'fencer_b_number', 'score_a', 'score_b', 'winner'])),
            lineups,
          }
          : null,
      };
    }),
    days: dayRows!.map((d) => dayForBackup(dayIndexRow(d), eventsOf(d.id).map((e) => ({ practice_id: String(e.practice_id), position: Number(e.position) })), dayRooms.get(String(d.id)) ?? null, file)),
  } as AccountBackup;
}

/** What an account keeps of each kind a restore adds and the most it may keep (core/limits), with the refusal past it. */
const ACCOUNT_BOUNDS = [
  { table: 'practices', most: MAX_COACH_PRACTICES, full: COACH_PRACTICES_FULL },
  { table: 'days', most: MAX_COACH_DAYS, full: COACH_DAYS_FULL },
] as const;

/** How many practices and days the account keeps now. */
const ACCOUNT_COUNTS = 'SELECT (SELECT count(*) FROM practices WHERE user_id = ?1) AS practices, (SELECT count(*) FROM days WHERE user_id = ?1) AS days';

type AccountCounts = Record<(typeof ACCOUNT_BOUNDS)[number]['table'], number>;

/** The bound the restore's rows would take the account past, given what it keeps (`counts`), or null when they fit. */
function boundPassed(counts: AccountCounts, rows: RestoreRows) {
  return ACCOUNT_BOUNDS.find((b) => rows[b.table].length > 0 && counts[b.table] + rows[b.table].length > b.most) ?? null;
}

/**
 * The restore's INSERTs, all or none of them writing: the first statement holds the first chunk of the file's
 * practices (or, with none, of its days) and writes only while the account stays within ACCOUNT_BOUNDS once
 * the whole file is in, counted as the batch runs, so whatever was created meanwhile counts too. Every other
 * statement writes only when that chunk's first row was written. A bound the file adds nothing to is not
 * checked (an account past it from before the bounds still takes a file of athletes).
 */
function boundedInserts(d1: D1Database, userId: string, rows: RestoreRows): D1PreparedStatement[] {
  const bounds = ACCOUNT_BOUNDS.filter((b) => rows[b.table].length > 0);
  if (bounds.length === 0) return RESTORE_TABLES.flatMap((table) => insertRows(d1, table, rows[table]));
  const anchor = bounds[0]!.table;
  const [first, ...others] = chunksOf(rows[anchor]);
  const columns = (table: RestoreTable) => Object.keys(rows[table][0]!);
  const fits = bounds.map((b, i) => `(SELECT count(*) FROM ${b.table} WHERE user_id = ?2) + ?${i + 3} <= ${b.most}`).join(' AND ');
  const anchored = `EXISTS (SELECT 1 FROM ${anchor} WHERE id = ?2)`;
  const after = (table: RestoreTable, chunks: Row[][]) => {
    const sql = insertSql(table, columns(table), anchored);
    return chunks.map((chunk) => d1.prepare(sql).bind(JSON.stringify(chunk), first![0]!.id));
  };
  return [
    d1.prepare(insertSql(anchor, columns(anchor), fits)).bind(JSON.stringify(first), userId, ...bounds.map((b) => rows[b.table].length)),
    ...RESTORE_TABLES.flatMap((table) => (rows[table].length === 0 ? [] : after(table, table === anchor ? others : chunksOf(rows[table])))),
  ];
}

/**
 * Restores a checked backup into the coach's account in one batch: new ids throughout, athletes already in
 * the roster (same name) reused, each practice with fresh secrets and sharing off, each competition day with
 * a new hall board link, not shared. The days' rooms are filled first, under ids no D1 row names yet, and
 * emptied again if the batch fails. A clash of room codes (a one-in-a-million draw) retries the whole restore
 * with new codes; nothing is ever half-restored. A file that would take the account past the practices or the
 * days it may keep (core/limits) is refused (409) and writes nothing, checked in the batch itself, so restores
 * and creations at the same moment cannot pass the bound together, and the account's backup always restores.
 */
export async function restoreAccount(db: D1Db, userId: string, backup: AccountBackup, rooms: Pick<DayRooms, 'fill' | 'erase'>): Promise<{ summary: RestoreSummary; practiceIds: string[] }> {
  const [roster, counts] = await Promise.all([
    db.select({ id: athletes.id, name: athletes.name }).from(athletes).where(eq(athletes.user_id, userId)).all(),
    db.$client.prepare(ACCOUNT_COUNTS).bind(userId).first<AccountCounts>(),
  ]);
  const byName = new Map(roster.map((a) => [sameNameKey(a.name), a.id]));
  for (let attempt = 0; ; attempt++) {
    const rows = restoreRows(backup, {
      userId,
      now: Date.now(),
      newId: () => crypto.randomUUID(),
      roster: byName,
      secrets: () => ({ room_code: makeRoomCode(cryptoUint32), board_id: newBoardId() }),
    });
    // Refused at once when the account is already too full: no day room filled for nothing.
    const passed = counts && boundPassed(counts, rows);
    if (passed) throw new HttpError(409, passed.full);
    const statements = boundedInserts(db.$client, userId, rows);
    await rooms.fill(rows.dayRooms);
    let written: D1Result<AccountCounts>[];
    try {
      written = statements.length > 0 ? await db.$client.batch<AccountCounts>([...statements, db.$client.prepare(ACCOUNT_COUNTS).bind(userId)]) : [];
    } catch (e) {
      await rooms.erase(rows.dayRooms);
      if (attempt < 3 && isUniqueViolation(e, 'practices.room_code')) continue;
      throw e;
    }
    if (written.length > 0 && written[0]!.meta.changes === 0) {
      // Practices or days were made since the counts were read: the batch wrote nothing, and its last read says which bound.
      await rooms.erase(rows.dayRooms);
      const kept = written.at(-1)!.results[0];
      throw new HttpError(409, ((kept && boundPassed(kept, rows)) ?? ACCOUNT_BOUNDS[0]).full);
    }
    const summary = { athletes: rows.athletes.length, practices: rows.practices.length, pools: rows.tournaments.length, bouts: rows.matches.length, days: rows.days.length };
    return { summary, practiceIds: rows.practices.map((p) => String(p.id)) };
  }
}
