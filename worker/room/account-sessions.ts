import { TABLES } from './schema';

/**
 * The owner's sessions as the room knows them (DESIGN, Auth): the account's session version below which an
 * access token is void. The worker tells the room when the account's sessions end (sign-out, a reset, a
 * password change); a token naming a newer version teaches it too. A room never told anything (new, or from
 * before versions) reads the version from D1 once, and keeps it in its SQLite from then on: the check on a
 * score's path is a comparison, never a D1 read.
 */
export class AccountSessions {
  private version: number | null = null;

  constructor(
    private readonly sql: SqlStorage,
    private readonly d1: () => D1Database,
  ) {}

  /** The version the room holds; -1 while it was never told one. */
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

  /** Whether the owner's token minted under `sv` still stands; a newer version than the room's is learned. */
  async stands(ownerId: string, sv: number): Promise<boolean> {
    if (this.current() < 0) {
      const row = await this.d1().prepare('SELECT session_version FROM users WHERE id = ?').bind(ownerId).first<{ session_version: number }>();
      this.raise(row?.session_version ?? 0);
    }
    if (sv < this.current()) return false;
    this.raise(sv);
    return true;
  }
}
