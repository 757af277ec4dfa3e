import { asc, eq, sql } from 'drizzle-orm';
import type { BracketSnapshot, MatchesDelta, TableauFormat } from '../../../core/contracts/tableau';
import type { Practice } from '../../../core/contracts/practices';
import type { SavedBracketMatch } from '../../../core/fencing/bracket';
import { readCards, storedCards, type BoutCards } from '../../../core/fencing/bout-cards';
import { DEFAULT_FORMAT } from '../../../core/fencing/tableau';
import type { BracketMatch, MatchChange, Seed } from '../../../core/fencing/bracket';
import { isSynchronous, type RoomDb } from '../../db/client';
import { absentees, bracketMatches, brackets, tableauFormats, teamLineups, teamRelays, teamTableaux } from '../../db/schema';
import { keyedWrite, notApplied, type WriteKey } from './applied-writes';
import { refereeKey } from '../../../core/refereeing';
import { TABLES } from '../../room/schema';
import { readBarrage } from './barrage';

const toSaved = ({ round, position, player1_id, player2_id, player1_score, player2_score, winner_id, version, cards }: typeof bracketMatches.$inferSelect): SavedBracketMatch => {
  const kept = readCards(cards);
  return { round, position, player1_id, player2_id, player1_score, player2_score, winner_id, version, ...(kept ? { cards: kept } : {}) };
};

type BracketRows = readonly [
  (typeof brackets.$inferSelect)[],
  (typeof bracketMatches.$inferSelect)[],
  (typeof tableauFormats.$inferSelect)[],
  (typeof absentees.$inferSelect)[],
];

/** A stored format row as the API shows it; no row is the default (everyone goes through, 3rd shared). */
export function formatOf(row: typeof tableauFormats.$inferSelect | undefined): TableauFormat {
  if (!row) return DEFAULT_FORMAT;
  const cut: TableauFormat['cut'] = row.cut_kind === 'all' || row.cut_value === null ? { kind: 'all' } : { kind: row.cut_kind, value: row.cut_value };
  return { cut, third_place: row.third_place, places_5_8: row.places_5_8 };
}

function toSnapshot(practiceId: string, [rows, matches, formats, absent]: BracketRows): BracketSnapshot {
  const row = rows[0];
  return {
    practice_id: practiceId,
    version: row?.version ?? 0,
    seeding: row ? (JSON.parse(row.seeding) as Seed[]) : null,
    matches: matches.map(toSaved),
    format: formatOf(formats[0]),
    did_not_start: absent.map((a) => a.name),
  };
}

const bracketReads = (db: RoomDb, practiceId: string) =>
  [
    db.select().from(brackets).where(eq(brackets.practice_id, practiceId)),
    db.select().from(bracketMatches).where(eq(bracketMatches.practice_id, practiceId)).orderBy(asc(bracketMatches.round), asc(bracketMatches.position)),
    db.select().from(tableauFormats).where(eq(tableauFormats.practice_id, practiceId)),
    db.select().from(absentees).where(eq(absentees.practice_id, practiceId)).orderBy(asc(absentees.name)),
  ] as const;

export async function loadBracket(db: RoomDb, practiceId: string): Promise<BracketSnapshot> {
  const snapshot = toSnapshot(practiceId, await db.batch(bracketReads(db, practiceId)));
  // Issue 58: a barrage at the cut, the room's own (the archive's tableau has none).
  const { ties, bouts } = await readBarrage(db);
  return { ...snapshot, format: ties === 'barrage' ? { ...snapshot.format, ties } : snapshot.format, ...(bouts.length ? { barrage: bouts } : {}) };
}

/**
 * Freezes a drawn tableau before its first score: the seeding, and every match as drawn (version 0), so later
 * pool changes cannot reshuffle it and every score after is a write to one stored match. Two screens
 * freezing at once store the same draw; a draw that lost to a different one (the pools changed in between)
 * writes no match.
 */
export async function freezeBracket(db: RoomDb, practice: Practice, seeding: Seed[], matches: BracketMatch[]) {
  const d1 = db.$client;
  const now = Date.now();
  const frozen = JSON.stringify(seeding);
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO brackets (practice_id, user_id, seeding, version, created_at, updated_at)
         VALUES (?1, ?2, ?3, 0, ?4, ?4) ON CONFLICT(practice_id) DO NOTHING`,
      )
      .bind(practice.id, practice.user_id, frozen, now),
    // A few matches a statement (13: 94 values, within D1's 100), the draw compared once for each: a 512-fencer
    // tableau's freeze was 512 statements, each comparing the whole seeding.
    ...chunks(matches, FROZEN_PER_STATEMENT).map((chunk) =>
      d1
        .prepare(
          `INSERT INTO bracket_matches (practice_id, round, position, player1_id, player2_id, player1_score, player2_score, winner_id, updated_at, version)
           SELECT ?1, column1, column2, column3, column4, column5, column6, column7, ?2, 0
           FROM (VALUES ${chunk.map((_, i) => `(${Array.from({ length: 7 }, (_, k) => `?${4 + 7 * i + k}`).join(', ')})`).join(', ')})
           WHERE EXISTS (SELECT 1 FROM brackets WHERE practice_id = ?1 AND seeding = ?3)
           ON CONFLICT(practice_id, round, position) DO NOTHING`,
        )
        .bind(practice.id, now, frozen, ...chunk.flatMap((m) => [m.round, m.position, m.player1_id, m.player2_id, m.player1_score, m.player2_score, m.winner_id])),
    ),
  ]);
}

/** Matches written a statement when a tableau is frozen. */
const FROZEN_PER_STATEMENT = 13;

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** SQL and bindings for "these columns of this match hold these values" (IS, so null compares equal). */
function holds(values: Partial<Record<string, string | number | null>>, first: number) {
  const keys = Object.keys(values);
  return { sql: keys.map((k, i) => `${k} IS ?${first + i}`).join(' AND ') || '1', params: keys.map((k) => values[k] ?? null) };
}

/** A score column's new value as the audit list keeps it: a number, or null (cleared). */
const scoreOf = (v: string | number | null | undefined) => (typeof v === 'number' ? v : null);

export type MatchWrite = { ok: true; delta: MatchesDelta } | { ok: false; reason: 'conflict' | 'moved-on'; current: SavedBracketMatch | null };

/**
 * Writes a score to one stored match, if that match is still at the version the writer saw and between
 * the same two fencers, together with what it changes in later matches, in one batch that also reads back
 * the matches it wrote. Versions belong to matches: two screens scoring different matches never refuse each
 * other. The later matches are guarded by what the score expects to find there (`MatchChange.expect`):
 * if one of them moved on meanwhile (a later round was scored), nothing is written and the answer is
 * 'moved-on', so the caller computes the change again on the fresh tableau. A write whose idempotency key
 * already applied changes nothing and counts as done. Raw SQL: the target's UPDATE carries every guard, and
 * the later writes apply only where it stamped its write token (D1 has no transaction to abort).
 */
export async function writeMatchScore(db: RoomDb, practiceId: string, target: MatchChange, players: [string, string], version: number, later: MatchChange[], write: WriteKey, cards: BoutCards | null = null): Promise<MatchWrite> {
  const d1 = db.$client;
  const now = Date.now();
  const token = crypto.randomUUID();
  const touched = [target, ...later];
  // ?1 practice, ?2 round, ?3 position, ?4 version, ?5 ?6 fencers, ?7 key, ?8 token, ?9 now, ?10–12 result, ?13 cards; guards from ?14.
  const guards: string[] = [];
  const params: (string | number | null)[] = [];
  for (const m of later) {
    const at = 14 + params.length;
    const cond = holds(m.expect, at + 2);
    guards.push(`EXISTS (SELECT 1 FROM bracket_matches WHERE practice_id = ?1 AND round = ?${at} AND position = ?${at + 1} AND ${cond.sql})`);
    params.push(m.round, m.position, ...cond.params);
  }
  const claim = d1
    .prepare(
      // Cards (issue 29): a refereed match's are kept, a score corrected by hand keeps them, a cleared score clears them.
      `UPDATE bracket_matches SET player1_score = ?10, player2_score = ?11, winner_id = ?12, version = version + 1, write_token = ?8, updated_at = ?9,
         cards = CASE WHEN ?10 IS NULL THEN NULL ELSE COALESCE(?13, cards) END
       WHERE practice_id = ?1 AND round = ?2 AND position = ?3 AND version = ?4 AND player1_id IS ?5 AND player2_id IS ?6
         AND ${notApplied(7)} ${guards.map((g) => `AND ${g}`).join(' ')}`,
    )
    .bind(
      practiceId, target.round, target.position, version, players[0], players[1], write.key, token, now,
      target.set.player1_score ?? null, target.set.player2_score ?? null, target.set.winner_id ?? null, storedCards(cards), ...params,
    );
  const claimed = `EXISTS (SELECT 1 FROM bracket_matches WHERE practice_id = ?1 AND round = ?2 AND position = ?3 AND write_token = ?4)`;
  // ?1 practice, ?2 ?3 the target match, ?4 token, ?5 now, ?6 ?7 this later match; its new values from ?8.
  const follow = later.map((m) => {
    const cols = Object.keys(m.set) as (keyof MatchChange['set'])[];
    return d1
      .prepare(
        `UPDATE bracket_matches SET ${cols.map((k, i) => `${k} = ?${8 + i}`).join(', ')}, version = version + 1, updated_at = ?5${'player1_score' in m.set && m.set.player1_score === null ? ', cards = NULL' : ''}
         WHERE practice_id = ?1 AND round = ?6 AND position = ?7 AND ${claimed}`,
      )
      .bind(practiceId, target.round, target.position, token, now, m.round, m.position, ...cols.map((k) => m.set[k] ?? null));
  });
  const { done, reads } = await keyedWrite(d1, write, now, {
    apply: [claim],
    audit: { bout: refereeKey({ kind: 'tableau', round: target.round, position: target.position }), score1: scoreOf(target.set.player1_score), score2: scoreOf(target.set.player2_score) },
    then: [
      ...follow,
      d1.prepare(`UPDATE brackets SET version = version + 1, updated_at = ?5 WHERE practice_id = ?1 AND ${claimed}`).bind(practiceId, target.round, target.position, token, now),
    ],
    // Read back only what the score changed (issue 13: deltas, not snapshots), and the tableau's version.
    read: [
      d1.prepare('SELECT version FROM brackets WHERE practice_id = ?1').bind(practiceId),
      d1
        .prepare(`SELECT * FROM bracket_matches WHERE practice_id = ?1 AND (${touched.map((_, i) => `(round = ?${2 + 2 * i} AND position = ?${3 + 2 * i})`).join(' OR ')}) ORDER BY round, position`)
        .bind(practiceId, ...touched.flatMap((m) => [m.round, m.position])),
    ],
  });
  const [tableau, saved] = reads;
  const tableauVersion = (tableau!.results[0] as { version: number } | undefined)?.version ?? 0;
  const matches = (saved!.results as (typeof bracketMatches.$inferSelect)[]).map(toSaved);
  if (done) {
    return { ok: true, delta: { practice_id: practiceId, version: tableauVersion, matches } };
  }
  const current = matches.find((m) => m.round === target.round && m.position === target.position) ?? null;
  const unchanged = current && current.version === version && current.player1_id === players[0] && current.player2_id === players[1];
  return { ok: false, reason: unchanged ? 'moved-on' : 'conflict', current };
}

/** Forgets the tableau (its seeding and every saved match, a team tableau's sheets too), so it is drawn again from the pools. */
export async function resetBracket(db: RoomDb, practiceId: string) {
  await db.batch([
    db.delete(teamRelays).where(eq(teamRelays.practice_id, practiceId)),
    db.delete(teamLineups).where(eq(teamLineups.practice_id, practiceId)),
    db.delete(teamTableaux).where(eq(teamTableaux.practice_id, practiceId)),
    db.delete(bracketMatches).where(eq(bracketMatches.practice_id, practiceId)),
    db.delete(brackets).where(eq(brackets.practice_id, practiceId)),
    // The rounds are drawn again: a round checked before (issue 58, the room's own) is not the round drawn now, and
    // a match's list of score changes belonged to the fencers drawn there before.
    ...(isSynchronous(db)
      ? [db.run(sql.raw(`DELETE FROM ${TABLES.resultChecks} WHERE scope LIKE 'round:%'`)), db.run(sql.raw(`DELETE FROM ${TABLES.resultAudit} WHERE bout LIKE 'tableau:%'`))]
      : []),
  ]);
}
