import { bracketArchiveStatements, isBracketMark, poolArchiveStatements, readBracketRows, readPoolRows } from './archive-pools';
import { archiveStatements, readPracticeRows } from './practice-store';
import { ARCHIVE_FULL, TABLES } from './schema';

/** Waits between failed archive writes: 1 s doubling to a minute. */
export const archiveBackoffMs = (failures: number) => Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));

/** A write still unarchived after this long is sent again by the alarm, even if the room was evicted meanwhile. */
const BACKSTOP_MS = 30_000;

/**
 * The least time between the starts of two archive writes. A change after a quiet spell (this long since the
 * last write began) is written at once; changes that come sooner, or while a write is in flight, are written
 * together, this long after the last write began. So under a stream of scores D1 hears at most four writes a
 * second, each copying the pools that changed, and is never more than about a quarter of a second behind
 * (athlete history, seeding and backups read it). Issue 26's bench (10 writers on 10 pools): the room's CPU per
 * score went from about 2.3 ms to 1.6 ms once the gap held across runs (before, every run that caught up ended
 * the gap, and the pools were copied after nearly every score); a second apart measured the same.
 */
export const ARCHIVE_GAP_MS = 250;

/** How long the room keeps a score's idempotency key. */
const KEYS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The archive writer (issue 26): D1 keeps a copy of every practice's results in the relational tables that
 * athlete history, exports, FIE XML and backups read; the room writes it behind its answers. Each change marks
 * what it touched (a pool, or the whole practice) in the room's SQLite, in the change's own transaction (the
 * triggers of schema step 9), and the marks are numbered (`archive_marks`). A write copies what is marked in
 * one D1 batch and records the last number it covered (`archived`) once D1 acknowledges. So a burst of touches
 * is one batch (coalesced: while one is in flight, the next waits and covers them all), writes go in order (one
 * at a time), and a write repeated after a failure leaves the same archive (idempotent). A failed write is
 * retried by the room's alarm, backing off, until D1 answers.
 *
 * Nothing is written to count a change: a write of its own, outside the change's transaction, cost a score
 * about 0.2 ms of the room's CPU in issue 26's bench (a second transaction to commit), a fifth of the whole.
 */
export class ArchiveWriter {

  constructor(
    private readonly storage: DurableObjectStorage,
    /** D1, as the room reaches it (the bench's far database wraps it). */
    private readonly d1: () => D1Database,
    /** Sets the room's alarm no later than `at` (the room shares one alarm with its sharing clock). */
    private readonly wakeBy: (at: number) => Promise<void>,
  ) {}

  private state() {
    return this.storage.sql
      .exec<{ practice_id: string | null; imported: number; archived: number; archive_failures: number; archive_marks: number; archive_full: number; behind: number }>(
        `SELECT practice_id, imported, archived, archive_failures, archive_marks, archive_full, EXISTS (SELECT 1 FROM ${TABLES.archiveDirty}) AS behind FROM ${TABLES.room}`,
      )
      .one();
  }

  /** What changed since the last write (schema step 9): pool ids, or ARCHIVE_FULL. */
  private marks(): string[] {
    return this.storage.sql.exec<{ pool_id: string }>(`SELECT pool_id FROM ${TABLES.archiveDirty}`).toArray().map((m) => m.pool_id);
  }

  /** Whether D1 lacks changes the room made (something is marked). */
  behind(): boolean {
    const s = this.state();
    return s.imported === 1 && s.behind === 1;
  }

  /** Whether the alarm's backstop is set for the marks there are (cleared once the archive catches up). */
  private armed = false;

  /**
   * A change was made (in the request about to be answered): answers the number of the last mark made so far,
   * which `flush` waits for. When the archive is behind and the backstop is not set since it last caught up,
   * sets it, so an evicted room still writes (a room that starts behind sets it too: `started`).
   */
  async changed(): Promise<number> {
    const s = this.state();
    if (s.imported === 1 && s.behind === 1 && !this.armed) {
      this.armed = true;
      await this.wakeBy(Date.now() + BACKSTOP_MS);
    }
    return s.archive_marks;
  }

  /** The room started (or restarted after an eviction): marks left unwritten are written by the alarm. */
  async started(): Promise<void> {
    await this.changed();
  }

  /**
   * Writes the archive now if it is behind. Answers true once D1 holds every change the room had made when
   * it was called, false when a write failed (the alarm tries again). Calls meanwhile share the writes: one
   * at a time, each copying all that is due. Under a stream of scores a write waits out the gap after the one
   * before; an `urgent` call (a change that is not a score: a draw, a new fencer) does not wait for it. `due`:
   * the mark `changed` answered, when the caller made a change (saves reading it again on a score's path); a
   * mark read later is only larger, so the call then waits for changes made meanwhile too.
   */
  flush(urgent = false, due = this.state().archive_marks): Promise<boolean> {
    const done = new Promise<boolean>((resolve) => this.waiters.push({ due, resolve }));
    if (urgent) {
      this.urgent = true;
      this.endGap?.();
    }
    if (!this.running) {
      this.running = true;
      void this.loop().finally(() => {
        this.running = false;
      });
    }
    return done;
  }

  private running = false;
  /**
   * When the last write began (0: none yet). Kept across runs of the loop: a run ends once the archive has
   * caught up, and under a stream of scores that is after nearly every write, so a gap counted from the start
   * of each run wrote the archive after nearly every score (about 80 times a second in issue 26's bench).
   */
  private lastStart = 0;
  private urgent = false;
  private endGap: (() => void) | null = null;
  private waiters: { due: number; resolve: (ok: boolean) => void }[] = [];

  private async loop(): Promise<void> {
    while (this.waiters.length) {
      const gap = ARCHIVE_GAP_MS - (Date.now() - this.lastStart);
      if (!this.urgent && gap > 0) {
        await new Promise<void>((r) => {
          const timer = setTimeout(r, gap);
          this.endGap = () => {
            clearTimeout(timer);
            r();
          };
        });
        this.endGap = null;
      }
      this.urgent = false;
      this.lastStart = Date.now();
      // Anything unforeseen (not D1's refusal, which writeOnce answers) fails the waiters like a refusal would.
      const ok = await this.writeOnce().catch(() => false);
      const { archived } = this.state();
      const caughtUp = !this.behind();
      if (caughtUp) this.armed = false;
      const waiting = this.waiters;
      this.waiters = [];
      for (const w of waiting) {
        if (!ok) w.resolve(false);
        else if (caughtUp || w.due <= archived) w.resolve(true);
        else this.waiters.push(w);
      }
    }
  }

  private async writeOnce(): Promise<boolean> {
    const s = this.state();
    if (s.imported !== 1 || !s.practice_id || s.behind === 0) return true;
    const marks = this.marks();
    const { archive_marks: marked, practice_id: practiceId } = s;
    const d1 = this.d1();
    // The pools that changed, or the whole practice after an import, a failed write, or a change of its shape.
    const statements =
      s.archive_full === 1 || marks.includes(ARCHIVE_FULL)
        ? archiveStatements(d1, practiceId, readPracticeRows(this.storage.sql, practiceId))
        : [
            ...poolArchiveStatements(d1, practiceId, marks.filter((m) => !isBracketMark(m)).map((poolId) => readPoolRows(this.storage.sql, practiceId, poolId))),
            // A tableau's score: the matches it wrote and the tableau's row (schema step 13), not the practice.
            ...bracketArchiveStatements(d1, practiceId, readBracketRows(this.storage.sql, practiceId, marks.filter(isBracketMark))),
          ];
    try {
      // A change that touched no archived row (a refused or replayed write, the same weapon again) has nothing to send.
      if (statements.length > 0) await d1.batch(statements);
    } catch (e) {
      const failures = s.archive_failures + 1;
      // Its marks stay; the next write copies the whole practice.
      this.storage.sql.exec(`UPDATE ${TABLES.room} SET archive_failures = ?, archive_full = 1`, failures);
      console.warn('archive write failed', failures, e instanceof Error ? e.message : 'error');
      await this.wakeBy(Date.now() + archiveBackoffMs(failures));
      return false;
    }
    // The practice may have been erased while D1 answered (deleted): nothing to record then.
    this.storage.sql.exec(`UPDATE ${TABLES.room} SET archived = max(archived, ?), archive_failures = 0, archive_full = 0 WHERE imported = 1`, marked);
    // The marks it read go; a change made while D1 answered keeps its mark (a later number) for the next write.
    this.storage.sql.exec(`DELETE FROM ${TABLES.archiveDirty} WHERE seq <= ?`, marked);
    // Idempotency keys older than a week go (no client retries that late), as D1's do in the scheduled clean-up.
    this.storage.sql.exec('DELETE FROM applied_writes WHERE created_at <= ?', Date.now() - KEYS_KEPT_MS);
    return true;
  }
}
