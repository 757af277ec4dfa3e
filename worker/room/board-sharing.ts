import type { LiveMessage } from '../../core/live-messages';
import { BOARD_PAUSED } from '../../core/room-code';
import { TABLES } from './schema';
import type { SharingClock } from './sharing-clock';
import { closeTagged, isMuted, muteRole, reasonOf, sendTagged, type SocketTag } from './sockets';

/**
 * A practice's live board while sharing goes on and off: the boards hear the practice only while it shares.
 * Sharing off pauses them (they stay open, are told why, then hear nothing), so a TV on the wall comes back by
 * itself when the coach shares again; a new board link shows out the screens opened with the old one.
 */
export class BoardSharing {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly clock: SharingClock,
    /** The practice the room holds (null: none yet). */
    private readonly held: () => string | null,
    /** What a board hears when it comes in, or back from a pause. */
    private readonly greeting: (practiceId: string) => LiveMessage[],
  ) {}

  /** Whether the boards are paused now. */
  paused(): boolean {
    return isMuted(this.ctx, 'spectator');
  }

  /** A board hears nothing while its practice does not share (./sockets `muteRole`), as the room's copy of the index says. */
  muteUnlessShared() {
    const row = this.ctx.storage.sql.exec<{ allow_guest_access: number }>('SELECT allow_guest_access FROM practices LIMIT 1').toArray()[0];
    muteRole(this.ctx, 'spectator', row !== undefined && row.allow_guest_access === 0);
  }

  /** Sharing ended (turned off, or run out): the boards stay open, are told why and then hear nothing (`resume`). */
  pause(reason: string) {
    const practiceId = this.held();
    // No practice held yet: nothing a board could hear; any board there is shown out as before.
    // (A room that holds no practice has no relays: they are opened for a practice's board.)
    if (practiceId === null) return void closeTagged(this.ctx, 'spectator', reason);
    // The room's copy says so at once (a wake mutes the boards again from it), whatever becomes of the index's word.
    this.ctx.storage.sql.exec('UPDATE practices SET allow_guest_access = 0 WHERE id = ?', practiceId);
    muteRole(this.ctx, 'spectator', true);
    sendTagged(this.ctx, 'spectator', { type: 'paused', practiceId, ...reasonOf(reason) });
  }

  /**
   * Sharing is back: each paused board hears the room again, with a hello (it reads the practice anew) and what
   * is on the piste; the sharing clock watches the new expiry (boards alone may be all that is left to close).
   */
  async resume(practiceId: string, expiresAt: number) {
    muteRole(this.ctx, 'spectator', false);
    await this.clock.watch(practiceId, expiresAt);
    sendTagged(this.ctx, 'spectator', ...this.greeting(practiceId));
  }

  /** What a board hears on coming in: a paused word while its practice does not share, else the greeting. */
  opening(practiceId: string): LiveMessage[] {
    return this.paused() ? [pausedWord(practiceId)] : this.greeting(practiceId);
  }

  /** A board opened with a link the room no longer has (replaced meanwhile). */
  linkEnded(tag: SocketTag): boolean {
    const board = this.link();
    return board !== null && board !== tag.boardId;
  }

  /** The board link as the room last heard it from the index (null: not yet). */
  link(): string | null {
    return this.ctx.storage.sql.exec<{ board_id: string | null }>(`SELECT board_id FROM ${TABLES.room}`).one().board_id;
  }
}

/** What a board hears while its practice does not share. */
const pausedWord = (practiceId: string): LiveMessage => ({ type: 'paused', practiceId, ...reasonOf(BOARD_PAUSED) });
