import type { EventCalls } from '../../core/contracts/days';
import type { Weapon } from '../../core/fencing/referee';
import type { RoomDb } from '../db/client';
import { getDayRoom } from '../day/day';
import type { Env } from '../env';
import { forgetDayCalls, keepDayCalls, readDayCalls, type HeldCalls } from './day-calls';
import { DayLink } from './day-link';
import { dayWordOf } from './day-word';
import { TABLES } from './schema';
import { fanOut } from './sockets';

/**
 * The practice as an event of a competition day: its word to the day after every change (./day-link, ./day-word)
 * and the day's word back, its calls and pistes (./day-calls), which every screen of the event hears.
 */
export class EventDay {
  /** The practice's word to its day, when it is an event of one. */
  readonly link: DayLink;

  constructor(
    private readonly ctx: DurableObjectState,
    store: RoomDb,
    env: () => Env,
    /** The practice the room holds (null: none yet). */
    private readonly held: () => string | null,
    wakeBy: (at: number) => Promise<void>,
  ) {
    this.link = new DayLink(
      ctx.storage,
      async () => {
        const practiceId = held();
        if (practiceId === null) return null;
        const { weapon, practice_type: type } = ctx.storage.sql.exec<{ weapon: Weapon; practice_type: string }>('SELECT weapon, practice_type FROM practices WHERE id = ?', practiceId).one();
        // Its pools, its tableau's rounds and matches; a team event's of its team tableau (./day-word).
        return dayWordOf(store, practiceId, weapon, type);
      },
      (dayId, seq, word) => getDayRoom(env(), dayId).eventChanged(seq, word),
      wakeBy,
    );
  }

  /** A change was made: the practice's day (if it is an event of one) hears of it behind the answer. */
  changed() {
    if (this.link.changed()) this.ctx.waitUntil(this.link.flush());
  }

  /** The practice joined a competition day, or left it (null): the day hears its pools from now on. */
  async linked(practiceId: string, dayId: string | null): Promise<void> {
    const { sql } = this.ctx.storage;
    // What another day (or none) said of the calls and pistes holds no more.
    if (readDayCalls(sql)?.dayId !== dayId && forgetDayCalls(sql)) fanOut(this.ctx, { type: 'day-calls', practiceId, calls: null });
    await this.link.linked(dayId);
  }

  /** The day tells the event its calls and where its pools fence (./day-calls). False: too early, tell again. */
  calls(dayId: string, word: EventCalls): boolean {
    const practiceId = this.held();
    if (practiceId === null) return true;
    const kept = keepDayCalls(this.ctx.storage.sql, dayId, word);
    if (kept === 'early') return false;
    if (kept !== 'unchanged') fanOut(this.ctx, { type: 'day-calls', practiceId, calls: kept });
    return true;
  }

  /** What the day last told the event of its calls and pistes (null: none). */
  heldCalls(): HeldCalls | null {
    return readDayCalls(this.ctx.storage.sql);
  }

  /** The day the practice is an event of, as its room holds it (null: none). */
  dayId(): string | null {
    return this.ctx.storage.sql.exec<{ day_id: string | null }>(`SELECT day_id FROM ${TABLES.room}`).one().day_id;
  }
}
