import { atom, useAtomValue } from 'jotai';
import type { GuestPractice } from '../../core/contracts/guests';
import type { Practice } from '../../core/contracts/practices';
import { can, type Action } from '../../core/permissions';
import { guestAtom } from './guest';
import { sessionAtom } from './session';

/** Who is using the app: a signed-in coach, a guest holding a room session, or nobody (yet). */
export const roleAtom = atom((get): 'loading' | 'coach' | 'guest' | 'none' => {
  const session = get(sessionAtom);
  const guest = get(guestAtom);
  if (session.status === 'signed-in') return 'coach';
  if (session.status === 'loading' || guest.status === 'checking') return 'loading';
  return guest.status === 'active' ? 'guest' : 'none';
});

/** The practice a screen works on, for a coach (their current practice) or a guest (the one they joined). */
export type PracticeView = GuestPractice & {
  role: 'coach' | 'guest' | 'spectator';
  coach: Practice | null;
  liveUrl: string;
  /** How a spectator (no account) reloads what the board shows; coaches and guests use the API. */
  boardId?: string;
};

export function useRole() {
  return useAtomValue(roleAtom);
}

/** Whether whoever uses the app may do `action`, by the permission table the server enforces too. */
export function useCan(action: Action): boolean {
  const role = useRole();
  return can(role === 'coach' || role === 'guest' ? role : 'anonymous', action);
}
