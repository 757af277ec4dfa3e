import { TABLES } from './schema';
import { MAX_GUESTS } from './sockets';

/**
 * The live guest sessions of a practice and its guest epoch, in the room's tables: until removed, expired
 * or voided by a newer epoch, a guest's token works.
 */
export class GuestList {
  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql() {
    return this.storage.sql;
  }

  epoch(): number {
    return this.sql.exec<{ guest_epoch: number }>(`SELECT guest_epoch FROM ${TABLES.room}`).one().guest_epoch;
  }

  /**
   * Registers a session unless its epoch is already void or the room holds its most guests. A session of an
   * epoch past the room's (its join read D1 before the index's word reached the room) moves the room's epoch on
   * and ends the sessions of the older one ('added-ending': the room shows them out): every live session is of
   * the room's epoch, so an index word with a later one voids them all.
   */
  add(sessionId: string, name: string, epoch: number, expiresAt: number): 'added' | 'added-ending' | 'void' | 'full' {
    const current = this.epoch();
    if (epoch < current) return 'void';
    const ending = epoch > current;
    if (!ending && this.list().length >= MAX_GUESTS) return 'full';
    this.storage.transactionSync(() => {
      if (ending) this.endAll(epoch);
      this.sql.exec(`INSERT OR REPLACE INTO ${TABLES.guests} (session_id, name, joined_at, expires_at) VALUES (?, ?, ?, ?)`, sessionId, name, Date.now(), expiresAt);
    });
    return ending ? 'added-ending' : 'added';
  }

  /** Moves a live session's expiry on (the practice's sharing was extended). */
  renew(sessionId: string, expiresAt: number): boolean {
    return this.sql.exec(`UPDATE ${TABLES.guests} SET expires_at = max(expires_at, ?) WHERE session_id = ? AND expires_at > ?`, expiresAt, sessionId, Date.now()).rowsWritten > 0;
  }

  has(sessionId: string): boolean {
    return this.sql.exec(`SELECT 1 FROM ${TABLES.guests} WHERE session_id = ? AND expires_at > ?`, sessionId, Date.now()).toArray().length > 0;
  }

  remove(sessionId: string): boolean {
    return this.sql.exec(`DELETE FROM ${TABLES.guests} WHERE session_id = ?`, sessionId).rowsWritten > 0;
  }

  /** Every session ends, and the epoch moves on to `epoch` (never back), together. */
  endAll(epoch: number): void {
    this.storage.transactionSync(() => {
      this.sql.exec(`UPDATE ${TABLES.room} SET guest_epoch = max(guest_epoch, ?)`, epoch);
      this.sql.exec(`DELETE FROM ${TABLES.guests}`);
    });
  }

  /** The live sessions with their join time, first joined first. */
  list(): { id: string; name: string; joined_at: number }[] {
    return this.sql
      .exec<{ id: string; name: string; joined_at: number }>(`SELECT session_id AS id, name, joined_at FROM ${TABLES.guests} WHERE expires_at > ? ORDER BY joined_at, session_id`, Date.now())
      .toArray();
  }
}
