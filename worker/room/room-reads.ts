import type { PoolSnapshot } from '../../core/contracts/pools';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { LiveMessage } from '../../core/live-messages';
import type { RoomDb } from '../db/client';
import { loadBracket } from '../store/room/bracket';
import { listPoolSnapshots } from '../store/room/pools';
import type { EventDay } from './event-day';
import type { RefereeDesk } from './referee-desk';
import { TABLES } from './schema';
import { changeMark, type SocketTag } from './sockets';

/** The pools and the tableau as the room holds them, with the data version they were read under. */
export interface HeldSnapshot {
  pools: PoolSnapshot[];
  bracket: BracketSnapshot;
  mark: string;
}

/** What the room reads for its screens: its data version, a screen's greeting, a board's snapshot. */
export class RoomReads {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly store: RoomDb,
    private readonly desk: RefereeDesk,
    private readonly day: EventDay,
  ) {}

  /**
   * The room's data version now (./sockets `changeMark`): what a member's snapshot carries, and a board's edge read
   * is keyed by. The archive's marks, raised by triggers on every table of the practice in each write's own
   * transaction (./schema step 9).
   */
  mark(): string {
    return changeMark(this.ctx, this.ctx.storage.sql.exec<{ n: number }>(`SELECT archive_marks AS n FROM ${TABLES.room}`).one().n);
  }

  /**
   * What a screen hears when it comes in (a new socket, or a board back from a pause): the hello with the room's
   * change mark; the bouts on the piste right now and the referee choices, so a screen opened mid-bout shows
   * them at once; the day's calls and pistes (null when the practice is no day's event: a screen back from
   * offline forgets a day left meanwhile).
   */
  greeting(practiceId: string, role: SocketTag['role']): LiveMessage[] {
    return [{ type: 'hello', practiceId, role, mark: this.mark() }, ...this.desk.opening(practiceId), { type: 'day-calls', practiceId, calls: this.day.heldCalls() }];
  }

  /**
   * The pools and the tableau with the data version they were read under (a board's read, through the edge
   * cache: ./board-reads). The reads after the version run no I/O, so nothing else runs in the room between them.
   */
  async snapshot(practiceId: string): Promise<HeldSnapshot> {
    const mark = this.mark();
    const [pools, bracket] = await Promise.all([listPoolSnapshots(this.store, practiceId), loadBracket(this.store, practiceId)]);
    return { pools, bracket, mark };
  }
}
