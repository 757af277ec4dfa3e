import type { GuestList } from './guests';
import type { Presence } from './presence';
import type { RefereeDesk } from './referee-desk';
import type { SharingClock } from './sharing-clock';
import { closeTagged } from './sockets';

const SESSION_ENDED = 'Your guest session has ended. Join again with the room code.';

/**
 * Guests coming and going, as the worker tells the room (a join, a renewal, leaving, a removal): their list
 * (./guests), their sockets, the sharing clock, who is in the room (./presence), and the refereed bouts they held.
 */
export class GuestSessions {
  constructor(
    private readonly ctx: DurableObjectState,
    readonly list: GuestList,
    private readonly desk: RefereeDesk,
    private readonly clock: SharingClock,
    private readonly people: Presence,
    /** The practice the room holds (null: none yet). */
    private readonly held: () => string | null,
    /** The coach of a practice (null: none held). */
    private readonly owner: (practiceId: string) => string | null,
  ) {}

  /** Registers a guest session unless its epoch is already void or the room holds its most guests. */
  async add(sessionId: string, name: string, epoch: number, expiresAt: number, practiceId: string): Promise<'added' | 'void' | 'full'> {
    const added = this.list.add(sessionId, name, epoch, expiresAt);
    if (added === 'void' || added === 'full') return added;
    // The sessions of an older epoch ended with this join (the index's word is on its way): their screens go too.
    if (added === 'added-ending') {
      closeTagged(this.ctx, 'guest', SESSION_ENDED);
      this.gone();
    }
    await this.clock.watch(practiceId, expiresAt);
    this.people.changed();
    return 'added';
  }

  /** Ends one guest's session (they left, or the coach removed them) and closes their sockets at once. */
  async remove(sessionId: string, reason: string): Promise<boolean> {
    const existed = await this.list.remove(sessionId);
    closeTagged(this.ctx, `subject:${sessionId}`, reason);
    this.gone();
    this.people.changed();
    return existed;
  }

  /** Guest sessions ended: the bouts their referee views held are handed over (./referee-desk `handOverFrom`). */
  gone() {
    const practiceId = this.held();
    if (practiceId === null) return;
    const coach = this.owner(practiceId);
    this.desk.handOverFrom(practiceId, (subject) => subject !== coach && !this.list.has(subject));
  }
}
