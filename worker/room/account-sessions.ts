import { TABLES } from './schema';

/**
 * The owner's sessions as the room knows them (DESIGN, Auth): the account's session version below which an
 * access token is void. The worker tells the room when the account's sessions end (sign-out, a reset, a
 * password change); a token naming a newer version teaches it too. Kept in the room's SQLite and read once, so
 * the check on a score's path is a comparison, never a D1 read.
 */
export class AccountSessions {
  private version: number | null = null;

  constructor(private readonly sql: SqlStorage) {}

  private current(): number {
    this.version ??= this.sql.exec<{ owner_sessions: number }>(`SELECT owner_sessions FROM ${TABLES.room}`).one().owner_sessions;
    return this.version;
  }

  /** Raises the version (a lower one changes nothing); true when it rose. */
  raise(version: number): boolean {
    if (version <= this.current()) return false;
    this.sql.exec(`UPDATE ${TABLES.room} SET owner_sessions = ?`, version);
    this.version = version;
    return true;
  }

  /** Whether an owner's token minted under `sv` still stands; a newer version than the room's is learned. */
  stands(sv: number): boolean {
    if (sv < this.current()) return false;
    this.raise(sv);
    return true;
  }
}
