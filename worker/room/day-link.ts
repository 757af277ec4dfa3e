import type { DayMatch, DayPool, DayTableau } from '../../core/contracts/days';
import type { Weapon } from '../../core/fencing/referee';
import { archiveBackoffMs } from './archive';
import { TABLES } from './schema';

/** The least time between two words to the day under a stream of scores (a word after a quiet spell goes at once). */
export const DAY_GAP_MS = 500;

/** What the day hears of its event: the pools and the tableau as they stand, and the weapon (it changes until the first bout). */
export interface EventWord {
  practiceId: string;
  weapon: Weapon;
  pools: DayPool[];
  tableau: DayTableau | null;
  /** The tableau's main matches, for the day's calls. */
  matches: DayMatch[];
}

/** How the room reaches its day's room (a stub's method, or a test's stand-in). */
export type TellDay = (dayId: string, seq: number, word: EventWord) => Promise<boolean>;

/**
 * The practice's word to its competition day (issue 28): after every change, the day hears the practice's
 * pools as they now stand (`DayPool`: fencers, bouts, bouts done), numbered. Like the archive (./archive),
 * it goes behind the answer, coalesced (a burst of scores is one word), in order (one at a time) and
 * retried by the room's alarm until the day answers; the day keeps only the highest number, so a word
 * repeated after a failure changes nothing. The practice never waits on its day, and never asks it anything.
 */
export class DayLink {
  constructor(
    private readonly storage: DurableObjectStorage,
    /** The practice as the day sees it, read when a word is sent (null before the room holds it). */
    private readonly word: () => Promise<EventWord | null>,
    private readonly tell: TellDay,
    private readonly wakeBy: (at: number) => Promise<void>,
  ) {}

  private state() {
    return this.storage.sql
      .exec<{ day_id: string | null; day_seq: number; day_told: number; day_failures: number }>(`SELECT day_id, day_seq, day_told, day_failures FROM ${TABLES.room}`)
      .one();
  }

  /** Whether the day lacks a change the room made. */
  behind(): boolean {
    const s = this.state();
    return s.day_id !== null && s.day_seq > s.day_told;
  }

  /**
   * The day the practice is an event of, read once and kept: only `linked` and a day that no longer counts
   * the practice change it, and `forget` when the room's storage is erased. A practice in no day (most of
   * them) then pays nothing on a score's path.
   */
  private day: string | null | undefined;

  private dayId(): string | null {
    if (this.day === undefined) this.day = this.state().day_id;
    return this.day;
  }

  /** The room's storage was erased (its practice deleted): the day is read again from it. */
  forget() {
    this.day = undefined;
  }

  /** The practice joined a day (or left it: null); a new day hears its pools at once. */
  async linked(dayId: string | null): Promise<void> {
    this.storage.sql.exec(`UPDATE ${TABLES.room} SET day_id = ?, day_seq = day_seq + 1, day_failures = 0`, dayId);
    this.day = dayId;
    if (dayId !== null) await this.flush();
  }

  /** A change was made: one more word is due (nothing, and no storage call, when the practice is no day's event). */
  changed(): boolean {
    if (this.dayId() === null) return false;
    this.storage.sql.exec(`UPDATE ${TABLES.room} SET day_seq = day_seq + 1`);
    return true;
  }

  private running: Promise<boolean> | null = null;
  private again = false;
  private lastStart = 0;

  /** Tells the day now if it is behind; true once it holds every change made before the call. */
  flush(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let ok = true;
      do {
        this.again = false;
        const wait = DAY_GAP_MS - (Date.now() - this.lastStart);
        if (this.lastStart && wait > 0) await new Promise((r) => setTimeout(r, wait));
        this.lastStart = Date.now();
        ok = await this.tellOnce().catch(() => false);
      } while (ok && (this.again || this.behind()));
      return ok;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async tellOnce(): Promise<boolean> {
    const s = this.state();
    if (s.day_id === null || s.day_seq <= s.day_told) return true;
    const seq = s.day_seq;
    const word = await this.word();
    if (!word) return true;
    try {
      const member = await this.tell(s.day_id, seq, word);
      // The day no longer counts the practice among its events: the room stops telling it.
      if (!member) {
        this.storage.sql.exec(`UPDATE ${TABLES.room} SET day_id = NULL WHERE day_id = ?`, s.day_id);
        this.day = undefined;
      }
    } catch (e) {
      const failures = s.day_failures + 1;
      this.storage.sql.exec(`UPDATE ${TABLES.room} SET day_failures = ?`, failures);
      console.warn('day word failed', failures, e instanceof Error ? e.message : 'error');
      await this.wakeBy(Date.now() + archiveBackoffMs(failures));
      return false;
    }
    this.storage.sql.exec(`UPDATE ${TABLES.room} SET day_told = max(day_told, ?), day_failures = 0`, seq);
    return true;
  }
}
