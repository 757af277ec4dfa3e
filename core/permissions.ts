/** Who is asking: a signed-in coach, a guest holding a room session, a spectator, or nobody. */
export type Role = 'coach' | 'guest' | 'spectator' | 'anonymous';

/** Everything a request or a screen may ask to do (SPEC §6). */
export type Action =
  | 'practice.create'
  | 'practice.delete'
  | 'practice.read'
  | 'roomCode.read'
  | 'roomCode.manage'
  | 'roster.read'
  | 'roster.write'
  | 'feedback.send'
  | 'pool.manage'
  | 'pool.read'
  | 'bout.write'
  | 'bracket.write'
  | 'results.read';

const COACH: ReadonlySet<Action> = new Set<Action>([
  'practice.create', 'practice.delete', 'practice.read', 'roomCode.read', 'roomCode.manage',
  'roster.read', 'roster.write', 'feedback.send', 'pool.manage', 'pool.read', 'bout.write',
  'bracket.write', 'results.read',
]);

// SPEC §6: a guest reads the shared pools and enters bouts and bracket scores; nothing else.
const GUEST: ReadonlySet<Action> = new Set<Action>(['pool.read', 'bout.write', 'bracket.write', 'results.read']);

const SPECTATOR: ReadonlySet<Action> = new Set<Action>(['pool.read', 'results.read']);

const TABLE: Record<Role, ReadonlySet<Action>> = {
  coach: COACH,
  guest: GUEST,
  spectator: SPECTATOR,
  anonymous: new Set<Action>(),
};

/** Whether a role may perform an action; unknown roles may do nothing. */
export function can(role: Role, action: Action): boolean {
  return TABLE[role]?.has(action) ?? false;
}

export const ALL_ACTIONS: readonly Action[] = [...COACH];
