import type { DayRestore } from '../../core/interop/backup-days';
import { writePlacements } from './day-store';
import { DAY_TABLES as T } from './schema';

/**
 * A restored day's room filled from a backup (issue 28) in one transaction: its facts, pistes, referees and
 * placements. Its events are not written here: the first read of the day links them from D1 (routes/days
 * `snapshotOf`), which also makes each event's room tell the day its pools (a room that already listed them
 * would never be linked). A room that already holds a day is never overwritten (false).
 */
export function fillRestoredDay(storage: DurableObjectStorage, restored: DayRestore): boolean {
  const sql = storage.sql;
  const holds = sql.exec<{ day_id: string | null }>(`SELECT day_id FROM ${T.day}`).one().day_id !== null || sql.exec(`SELECT 1 FROM ${T.pistes} LIMIT 1`).toArray().length > 0;
  if (holds) return false;
  storage.transactionSync(() => {
    sql.exec(`UPDATE ${T.day} SET day_id = ?, owner_id = ?, facts = ?, version = 1`, restored.day.id, restored.ownerId, JSON.stringify(restored.day));
    for (const p of restored.pistes) sql.exec(`INSERT INTO ${T.pistes} (id, name, final, position) VALUES (?, ?, ?, ?)`, p.id, p.name, p.final ? 1 : 0, p.position);
    for (const r of restored.referees) sql.exec(`INSERT INTO ${T.referees} (id, name, club, athlete_id, position) VALUES (?, ?, ?, ?, ?)`, r.id, r.name, r.club, r.athlete_id, r.position);
    writePlacements(sql, restored.placements);
  });
  return true;
}
