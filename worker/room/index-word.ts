import { publicPractice, type PracticeRecord } from '../store/d1/practices';
import type { BoardSharing } from './board-sharing';
import type { Crowd } from './crowd';
import type { GuestSessions } from './guest-sessions';
import type { Presence } from './presence';
import { indexAppliedAt, updateIndexFacts } from './practice-store';
import { TABLES } from './schema';
import type { SharingClock } from './sharing-clock';
import { closeTagged, fanOut } from './sockets';

/** Why guests or boards were shown out or paused by a word of the index: core/messages has their codes. */
const CODE_CHANGED = 'The coach changed the room code. Join again with the new code.';
const SHARING_OFF = 'The coach turned off guest access.';
const SHARING_EXPIRED = 'Guest access ended: no scores were entered for a while.';
const BOARD_CHANGED = 'The coach changed the live board link.';

/** What the room lends the index's words. */
export interface IndexHost {
  ctx: DurableObjectState;
  guests: GuestSessions;
  sharing: BoardSharing;
  crowd: Crowd;
  people: Presence;
  clock: SharingClock;
  /** The practice the room holds (null: none yet). */
  held(): string | null;
  /** The practice in the room's SQLite, taken from D1 once (./practice-store `HeldPractice`). */
  ensurePractice(practiceId: string): Promise<boolean>;
}

/**
 * The D1 index's words about the practice (sharing on or off or run out, a new room code or board link), as its
 * room applies them: its copy follows, and its guests, boards and the coach's screens hear what they mean.
 */
export class IndexWords {
  constructor(private readonly room: IndexHost) {}

  /**
   * A word of the index: the room's copy follows, and what the word means is read from the facts against the
   * room's own. A guest epoch past the room's ends every guest session (a new code; sharing off or run out, which
   * move it on too); sharing off pauses the boards and sharing on resumes them; a new board link shows the old
   * one's screens out. The coach's screens hear the practice as it now stands, which is the answer (the weapon is
   * the room's own).
   *
   * Words apply in D1's order (its stamp, `updated_at`), not in the order their calls arrive: a word older than the
   * last one applied (two screens flipping the switch at once, their calls crossing on the way) changes nothing,
   * as the newer one said all of it. Null for such a word.
   */
  async changed(practice: PracticeRecord, { expired = false } = {}): Promise<PracticeRecord | null> {
    const { ctx, guests, sharing, crowd } = this.room;
    const { sql } = ctx.storage;
    if (practice.updated_at < indexAppliedAt(sql)) return null;
    const held = this.room.held() === practice.id;
    const before = held ? sql.exec<{ room_code: string; weapon: PracticeRecord['weapon'] }>('SELECT room_code, weapon FROM practices WHERE id = ?', practice.id).one() : null;
    const shared = practice.allow_guest_access;
    const guestsVoid = practice.guest_epoch > guests.list.epoch();
    ctx.storage.transactionSync(() => {
      sql.exec(`UPDATE ${TABLES.room} SET index_at = ?, board_id = ?`, practice.updated_at, practice.board_id);
      if (held) updateIndexFacts(sql, practice);
      // The epoch moves on with the sessions' end: a join or upgrade still in flight with the old one is refused.
      if (guestsVoid) guests.list.endAll(practice.guest_epoch);
    });
    const sharingEnded = expired ? SHARING_EXPIRED : SHARING_OFF;
    if (guestsVoid) {
      const codeChanged = before ? before.room_code !== practice.room_code : shared;
      closeTagged(ctx, 'guest', shared && codeChanged ? CODE_CHANGED : sharingEnded);
      guests.gone();
    }
    // Spectators came by the board link, not the code: a new code leaves them watching, a new link shows out
    // every screen opened with another.
    closeTagged(ctx, 'spectator', BOARD_CHANGED, (tag) => tag?.boardId !== practice.board_id);
    crowd.close(BOARD_CHANGED, practice.board_id);
    if (!shared && !sharing.paused()) sharing.pause(sharingEnded);
    else if (shared && sharing.paused()) await sharing.resume(practice.id, practice.sharing_expires_at);
    this.room.people.changed();
    const now = before ? { ...practice, weapon: before.weapon } : practice;
    fanOut(ctx, { type: 'practice', practice: publicPractice(now) });
    return now;
  }

  /**
   * A board coming in, with the practice as the worker read it from the index: the room holds its practice first
   * (a board hears it from the room), then agrees with the word. One newer than the room's last (its call still on
   * its way, or lost: a 503 after D1 took it) is applied now: D1's stands. A practice the index says does not share
   * while the room's boards still watch has run out, and the alarm has not rung yet: it ends now. So the room's
   * boards are paused (muted) exactly when the practice does not share, and a board learns nothing of it then.
   */
  async boardComesIn(practiceId: string, word: PracticeRecord | null) {
    await this.room.ensurePractice(practiceId);
    if (!word) return;
    const { sharing } = this.room;
    if (word.updated_at > indexAppliedAt(this.room.ctx.storage.sql)) await this.changed(word);
    // Not ended by this (not run out in D1): the room's copy is as new as the word, and says whether boards watch.
    else if (!word.allow_guest_access && !sharing.paused() && !(await this.endIfExpired(practiceId))) sharing.muteUnlessShared();
  }

  /**
   * Turns the practice's sharing off if it has run out (epoch on, guest sockets closed, boards paused, the
   * coach's screens told); otherwise wakes again when it would. True when this call turned it off.
   */
  async endIfExpired(practiceId: string): Promise<boolean> {
    const ended = await this.room.clock.endIfExpired(practiceId);
    if (!ended) return false;
    await this.changed(ended, { expired: true });
    return true;
  }
}
