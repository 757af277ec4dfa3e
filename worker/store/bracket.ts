import { asc, eq } from 'drizzle-orm';
import type { BracketSnapshot, Practice } from '../../core/api';
import type { BracketMatch, Seed } from '../../core/fencing/bracket';
import type { Db } from '../db/client';
import { bracketMatches, brackets } from '../db/schema';

export async function loadBracket(db: Db, practiceId: string): Promise<BracketSnapshot> {
  const [rows, matches] = await db.batch([
    db.select().from(brackets).where(eq(brackets.practice_id, practiceId)),
    db.select().from(bracketMatches).where(eq(bracketMatches.practice_id, practiceId)).orderBy(asc(bracketMatches.round), asc(bracketMatches.position)),
  ]);
  const row = rows[0];
  return {
    practice_id: practiceId,
    version: row?.version ?? 0,
    seeding: row ? (JSON.parse(row.seeding) as Seed[]) : null,
    matches: matches.map(({ round, position, player1_id, player2_id, player1_score, player2_score, winner_id }) => ({
      round, position, player1_id, player2_id, player1_score, player2_score, winner_id,
    })),
  };
}

/**
 * Saves matches in one batch, only if the tableau is still at `version` (a first save freezes the seeding).
 * The first statement moves the version and stamps a token; every match write applies only while that
 * token is there, so a save that lost the race writes nothing. Returns false when it lost. Raw SQL because
 * each write is an INSERT … SELECT … WHERE EXISTS … ON CONFLICT DO UPDATE, which drizzle cannot express.
 */
export async function saveBracketMatches(db: Db, practice: Practice, version: number, seeding: Seed[], matches: BracketMatch[]): Promise<boolean> {
  const d1 = db.$client;
  const token = crypto.randomUUID();
  const now = Date.now();
  const claim =
    version === 0
      ? d1
          .prepare(
            `INSERT INTO brackets (practice_id, user_id, seeding, version, write_token, created_at, updated_at)
             VALUES (?1, ?2, ?3, 1, ?4, ?5, ?5) ON CONFLICT(practice_id) DO NOTHING`,
          )
          .bind(practice.id, practice.user_id, JSON.stringify(seeding), token, now)
      : d1
          .prepare('UPDATE brackets SET version = version + 1, write_token = ?1, updated_at = ?2 WHERE practice_id = ?3 AND version = ?4')
          .bind(token, now, practice.id, version);
  const writes = matches.map((m) =>
    d1
      .prepare(
        `INSERT INTO bracket_matches (practice_id, round, position, player1_id, player2_id, player1_score, player2_score, winner_id, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE EXISTS (SELECT 1 FROM brackets WHERE practice_id = ?1 AND write_token = ?10)
         ON CONFLICT(practice_id, round, position) DO UPDATE SET
           player1_id = excluded.player1_id, player2_id = excluded.player2_id, player1_score = excluded.player1_score,
           player2_score = excluded.player2_score, winner_id = excluded.winner_id, updated_at = excluded.updated_at`,
      )
      .bind(practice.id, m.round, m.position, m.player1_id, m.player2_id, m.player1_score, m.player2_score, m.winner_id, now, token),
  );
  const [claimed] = await d1.batch([claim, ...writes]);
  return claimed!.meta.changes === 1;
}

/** Forgets the tableau (its seeding and every saved match), so it is drawn again from the pools. */
export async function resetBracket(db: Db, practiceId: string) {
  await db.batch([
    db.delete(bracketMatches).where(eq(bracketMatches.practice_id, practiceId)),
    db.delete(brackets).where(eq(brackets.practice_id, practiceId)),
  ]);
}
