import { archiveStatements, readPracticeRows } from './practice-store';
import { TABLES } from './schema';

/** Waits between failed archive writes: 1 s doubling to a minute. */
export const archiveBackoffMs = (failures: number) => Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));

/** A write still unarchived after this long is sent again by the alarm, even if the room was evicted meanwhile. */
const BACKSTOP_MS = 30_000;

/**
 * The least time between the starts of two archive writes in a row. A change after a quiet spell is written at
 * once; changes that come while a write is in flight are written together, at most this soon after it began.
 */
export const ARCHIVE_GAP_MS = 250;

/** How long the room keeps a score's idempotency key. */
const KEYS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The archive writer (issue 26): D1 keeps a copy of every practice's results in the relational tables that
 * athlete history, exports, FIE XML and backups read; the room writes it behind its answers. Each change
 * counts one more change due (`archive_due`, in the room's SQLite); a write copies the practice as it then
 * stands in one D1 batch and records the count it covered (`archived`) once D1 acknowledges. So a burst of
 * touches is one batch (coalesced: while one is in flight, the next waits and covers them all), writes go in
 * order (one at a time), and a write repeated after a failure leaves the same archive (idempotent). A failed
 * write is retried by the room's alarm, backing off, until D1 answers.
 */
export class ArchiveWriter {
  private running: Promise<boolean> | null = null;
  private again = false;

  constructor(
    private readonly storage: DurableObjectStorage,
    /** D1, as the room reaches it (the bench's far database wraps it). */
    private readonly d1: () => D1Database,
    /** Sets the room's alarm no later than `at` (the room shares one alarm with its sharing clock). */
    private readonly wakeBy: (at: number) => Promise<void>,
  ) {}

  private state() {
    return this.storage.sql
      .exec<{ practice_id: string | null; imported: number; archive_due: number; archived: number; archive_failures: number }>(
        `SELECT practice_id, imported, archive_due, archived, archive_failures FROM ${TABLES.room}`,
      )
      .one();
  }

  /** Whether D1 lacks changes the room made. */
  behind(): boolean {
    const s = this.state();
    return s.imported === 1 && s.archive_due > s.archived;
  }

  /**
   * A change was made (or is about to be, in the same request): one more change is due. Called before the
   * write's answer; from a caught-up archive it also sets the alarm backstop, so an evicted room still writes.
   */
  async changed(): Promise<void> {
    const s = this.storage.sql
      .exec<{ imported: number; archive_due: number; archived: number }>(`UPDATE ${TABLES.room} SET archive_due = archive_due + 1 RETURNING imported, archive_due, archived`)
      .one();
    const wasBehind = s.imported === 1 && s.archive_due - 1 > s.archived;
    if (!wasBehind) await this.wakeBy(Date.now() + BACKSTOP_MS);
  }

  /**
   * Writes the archive now if it is behind: true when D1 has everything the room had when this write began.
   * Concurrent calls share the write in flight and one more after it.
   */
  flush(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<boolean> {
    let ok = true;
    do {
      this.again = false;
      const started = Date.now();
      ok = await this.writeOnce();
      // Under a stream of scores the next copy waits out the gap: a few D1 batches a second, however many scores.
      if (ok && this.again) await new Promise((r) => setTimeout(r, Math.max(0, ARCHIVE_GAP_MS - (Date.now() - started))));
    } while (ok && this.again);
    return ok;
  }

  private async writeOnce(): Promise<boolean> {
    const s = this.state();
    if (s.imported !== 1 || !s.practice_id || s.archive_due <= s.archived) return true;
    const due = s.archive_due;
    const d1 = this.d1();
    const statements = archiveStatements(d1, s.practice_id, readPracticeRows(this.storage.sql, s.practice_id));
    try {
      await d1.batch(statements);
    } catch (e) {
      const failures = s.archive_failures + 1;
      this.storage.sql.exec(`UPDATE ${TABLES.room} SET archive_failures = ?`, failures);
      console.warn('archive write failed', failures, e instanceof Error ? e.message : 'error');
      await this.wakeBy(Date.now() + archiveBackoffMs(failures));
      return false;
    }
    // The practice may have been erased while D1 answered (deleted): nothing to record then.
    this.storage.sql.exec(`UPDATE ${TABLES.room} SET archived = max(archived, ?), archive_failures = 0 WHERE imported = 1`, due);
    // Idempotency keys older than a week go (no client retries that late), as D1's do in the scheduled clean-up.
    this.storage.sql.exec('DELETE FROM applied_writes WHERE created_at <= ?', Date.now() - KEYS_KEPT_MS);
    return true;
  }
}
