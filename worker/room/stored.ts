/**
 * Every name a practice room keeps in its storage, declared once (the room's files read and write through
 * these, never a string of their own).
 */
export const STORED = {
  /** The practice this room belongs to (learnt from the first socket or guest). */
  practiceId: 'practiceId',
  /** The latest guest epoch: a join or upgrade naming an older one is refused. */
  epoch: 'epoch',
  /** The current board id: a spectator socket opened with an older one is refused. */
  board: 'board',
  /** A live guest session, by session id. */
  guest: (sessionId: string) => `guest:${sessionId}`,
  guests: 'guest:',
  /** A bout refereed live, by its referee key. */
  referee: (key: string) => `ref:${key}`,
  referees: 'ref:',
  /** The coach's referee choices of a pool, by pool id. */
  duty: (poolId: string) => `duty:${poolId}`,
  duties: 'duty:',
} as const;

/** The id part of a stored name listed under a prefix (`guest:abc` → `abc`). */
export const idOf = (prefix: string, name: string) => name.slice(prefix.length);
