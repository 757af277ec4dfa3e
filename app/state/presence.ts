import { atom, getDefaultStore } from 'jotai';
import type { RoomPresence } from '../../core/contracts/practices';
import { call, client } from '../lib/api';

/** Who is in the current practice's room (coach only): guests with their join time, and live-board screens. */
export const presenceAtom = atom<{ practiceId: string; presence: RoomPresence } | null>(null);

const store = getDefaultStore();

export function applyPresence(practiceId: string, presence: RoomPresence) {
  store.set(presenceAtom, { practiceId, presence });
}

/** Removes a guest: their session and sockets end at once; the room's presence message updates the list. */
export async function removeGuest(practiceId: string, guestId: string) {
  await call(client.practices[':practiceId'].guests[':sessionId'].$delete({ param: { practiceId, sessionId: guestId } }));
  store.set(presenceAtom, (s) =>
    s?.practiceId === practiceId ? { practiceId, presence: { ...s.presence, guests: s.presence.guests.filter((g) => g.id !== guestId) } } : s,
  );
}
