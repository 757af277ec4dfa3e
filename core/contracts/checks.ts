/**
 * Results checked and locked (issue 58): the coach marks a pool, a tableau round or the whole event checked
 * once its sheets are signed. A checked result is final for guests (their writes are refused), and every
 * score change keeps who made it and when (the audit list of a bout).
 */

/** What a check covers: one pool, one round of the tableau (its `round` number), or the whole event. */
export type CheckScope = { kind: 'pool'; pool_id: string } | { kind: 'round'; round: number } | { kind: 'event' };

/** A check as sent to every screen: its scope and when the coach marked it (the practice's one coach). */
export interface ResultCheck {
  scope: CheckScope;
  at: number;
}

/** Who made a score change: the coach, a guest (the name they joined with) or a piste's scoring machine. */
export type AuthorRole = 'coach' | 'guest' | 'machine';

export interface Author {
  role: AuthorRole;
  name: string;
}

/**
 * One score change of a bout, oldest first in a list: who, when, the result it left (the scores in the bout's
 * stored order, player1 then player2; null when the result was cleared), and whether the bout was checked then.
 */
export interface AuditEntry extends Author {
  at: number;
  score1: number | null;
  score2: number | null;
  checked: boolean;
}
