import { d1For } from '../db/client';
import type { Env } from '../env';
import { endExpiredSharing, getSharedPractice, type PracticeRecord } from '../store/d1/practices';
import { TABLES } from './schema';

/**
 * The sharing clock of a practice: the room wakes (its alarm) at the moment sharing would expire, and ends
 * guest access then unless a score extended it meanwhile.
 */
export class SharingClock {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
    /** Sets the room's one alarm no later than `at` (the archive's retries share it). */
    private readonly wakeBy: (at: number) => Promise<void>,
  ) {}

  /** Remembers the practice and wakes no later than `expiresAt`. */
  async watch(practiceId: string, expiresAt: number | undefined): Promise<void> {
    this.storage.sql.exec(`UPDATE ${TABLES.room} SET practice_id = ?`, practiceId);
    if (!expiresAt) return;
    await this.wakeBy(expiresAt);
  }

  /** The practice this room belongs to, once known. */
  practiceId(): string | undefined {
    return this.storage.sql.exec<{ practice_id: string | null }>(`SELECT practice_id FROM ${TABLES.room}`).one().practice_id ?? undefined;
  }

  /**
   * Turns the practice's sharing off in D1 if it has run out and answers the practice as it now stands (the
   * caller ends guest access); otherwise sets the next wake-up, and answers null.
   */
  async endIfExpired(practiceId: string): Promise<PracticeRecord | null> {
    const db = d1For(this.env.DB);
    const ended = await endExpiredSharing(db, practiceId);
    if (ended) return ended;
    const shared = await getSharedPractice(db, practiceId);
    if (shared) await this.wakeBy(shared.sharing_expires_at);
    return null;
  }
}
