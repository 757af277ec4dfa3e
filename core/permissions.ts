/**
 * Who is asking: a signed-in coach, a guest holding a room session, a spectator on the live board, a venue
 * bridge holding a day's bridge key (issue 57), or nobody. Over HTTP a spectator is anonymous (the board link
 * is all they hold); sockets carry the role.
 */
export type Role = 'coach' | 'guest' | 'spectator' | 'anonymous' | 'machine';

/**
 * Everything a request or a screen may ask to do (SPEC §6). Every API route declares one of these through
 * `authorize(action)`, and the app hides a control by asking `can(role, action)`: this table is the one
 * place that decides.
 */
export const ACTIONS = [
  // Open to everyone: the auth screens, joining by room code, the read-only board and its socket.
  'auth.use',
  'health.read',
  'room.join',
  'board.read',
  'live.watch',
  // A guest's own session: validate, renew, leave.
  'guest.session',
  // The coach's workspace.
  'practice.create',
  'practice.read',
  'practice.delete',
  // The practice's weapon (issue 18), until its first bout.
  'practice.weapon',
  'roomCode.read',
  'roomCode.manage',
  'board.manage',
  'room.manage',
  'roster.read',
  'roster.write',
  'feedback.send',
  // The whole account out (a backup file) and back in (a restore): the coach's own data only.
  'account.backup',
  // The coach's own password, changed with the current one (every other session ends).
  'account.password',
  'teams.read',
  'teams.manage',
  'relay.write',
  'pool.manage',
  'bracket.manage',
  // Results checked and locked (issue 58): mark a pool, a tableau round or the event checked, and read who changed
  // each bout's score and when. The coach's alone.
  'results.check',
  // Shared with guests (and, read-only, spectators).
  'pool.read',
  'results.read',
  'bout.write',
  'bracket.write',
  // Referee mode (issue 18): score a bout touch by touch from a phone; coaches and guests, never spectators.
  'bout.referee',
  // A competition day (issue 28): its events, pistes and the placement of its pools; the coach's alone.
  'day.manage',
  // A step on a called match of the day (the fencers are on piste): the coach, and the event's guests while the
  // coach lets them (the day checks that).
  'call.step',
  // Anyone holding a shared hall board's link follows a fencer of the day (a push when they are called).
  'hall.follow',
  // A venue bridge (issue 57), by the day's bridge key: it reports the machines' frames of the matches called on
  // the day's pistes, and reads what to load on them. Nothing else: the key is never a coach's session.
  'machine.report',
] as const;

export type Action = (typeof ACTIONS)[number];

const OPEN: Action[] = ['auth.use', 'health.read', 'room.join', 'board.read', 'live.watch', 'hall.follow'];

// SPEC §6: a spectator watches the shared pools and results, read-only.
const SPECTATOR: Action[] = [...OPEN, 'pool.read', 'results.read'];

// SPEC §6: a guest reads the shared pools and enters bouts and bracket scores; nothing else.
const GUEST: Action[] = [...SPECTATOR, 'guest.session', 'bout.write', 'bracket.write', 'bout.referee', 'call.step'];

// SPEC §6: the signed-in coach does everything but hold a guest session.
const COACH: Action[] = ACTIONS.filter((a) => a !== 'guest.session' && a !== 'machine.report');

// Issue 57: the bridge's key reports machine frames; it opens nothing a person uses.
const MACHINE: Action[] = ['health.read', 'machine.report'];

const TABLE: Record<Role, ReadonlySet<Action>> = {
  coach: new Set(COACH),
  guest: new Set(GUEST),
  spectator: new Set(SPECTATOR),
  anonymous: new Set(OPEN),
  machine: new Set(MACHINE),
};

/** Whether a role may perform an action; unknown roles and unknown actions may do nothing. */
export function can(role: Role, action: Action): boolean {
  return TABLE[role]?.has(action) ?? false;
}

export const ALL_ACTIONS: readonly Action[] = ACTIONS;
