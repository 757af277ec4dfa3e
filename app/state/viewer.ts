import { atom, useAtomValue } from 'jotai';
import type { GuestPractice, Practice } from '../../core/api';
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
  spectateCode?: string;
};

export function useRole() {
  return useAtomValue(roleAtom);
}
