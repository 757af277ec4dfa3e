import type { EventCalls } from '../../core/contracts/days';
import { TABLES } from './schema';

/** What the event's day last told it (issue 28): its calls and where its pools fence, and which day said so. */
export type HeldCalls = EventCalls & { dayId: string };

/** The day's last word, or null when the practice is in no day (or its day has told it nothing yet). */
export function readDayCalls(sql: SqlStorage): HeldCalls | null {
  const { day_calls: text } = sql.exec<{ day_calls: string | null }>(`SELECT day_calls FROM ${TABLES.room}`).one();
  return text ? (JSON.parse(text) as HeldCalls) : null;
}

/**
 * Keeps a word from a day: the newest of the practice's own day (an older or repeated one is dropped), or the
 * word of a day the practice has left, which takes away what that day said. Answers what the screens now
 * show (null: nothing of any day) when it changed, `unchanged`, or `early`: a day's word with calls or
 * pistes reached the room before the room heard it joined that day (the day links its event, then the
 * room), so the day tells it again.
 */
export function keepDayCalls(sql: SqlStorage, dayId: string, word: EventCalls): HeldCalls | null | 'unchanged' | 'early' {
  const { day_id: current } = sql.exec<{ day_id: string | null }>(`SELECT day_id FROM ${TABLES.room}`).one();
  const held = readDayCalls(sql);
  if (current !== dayId) {
    if (held?.dayId !== dayId) return current === null && (word.calls.length > 0 || word.pools.length > 0) ? 'early' : 'unchanged';
    sql.exec(`UPDATE ${TABLES.room} SET day_calls = NULL`);
    return null;
  }
  if (held?.dayId === dayId && word.seq <= held.seq) return 'unchanged';
  const kept: HeldCalls = { ...word, dayId };
  sql.exec(`UPDATE ${TABLES.room} SET day_calls = ?`, JSON.stringify(kept));
  return kept;
}

/** The practice left its day: nothing the day said holds any more. True when something was taken away. */
export function forgetDayCalls(sql: SqlStorage): boolean {
  return sql.exec(`UPDATE ${TABLES.room} SET day_calls = NULL WHERE day_calls IS NOT NULL`).rowsWritten > 0;
}
