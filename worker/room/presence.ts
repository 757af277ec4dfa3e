import type { RoomPresence } from '../../core/contracts/practices';
import type { Crowd } from './crowd';
import type { GuestList } from './guests';
import { fanOut } from './sockets';

/** Who is in a practice's room: its guests, and its live boards (its own sockets and its relays'). */
export class Presence {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly guests: GuestList,
    private readonly crowd: Crowd,
    /** The practice whose screens hear it (null: none held). */
    private readonly practiceId: () => string | null,
  ) {}

  /** Guests in the room with their join time, and the number of live-board screens. */
  now(): RoomPresence {
    return { guests: this.guests.list(), spectators: this.ctx.getWebSockets('spectator').length + this.crowd.spectators() };
  }

  /** Tells the coach's screens who is in the room, at most once a second however many come and go. */
  changed() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const practiceId = this.practiceId();
      if (practiceId) fanOut(this.ctx, { type: 'presence', practiceId, presence: this.now() });
    }, 1_000);
  }
}
