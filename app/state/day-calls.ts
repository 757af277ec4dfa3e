import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { EventCalls } from '../../core/contracts/days';


/**
 * What the competition day tells a practice that is one of its events (issue 28): its tableau matches called
 * to pistes, where its pools fence, and whether its guests may mark a call on piste. Sent by the practice's
 * room on every (re)connect and change; the newest (by the day's version) is kept per practice.
 */
export const dayCallsAtom = atom<ReadonlyMap<string, EventCalls>>(new Map());

const store = getDefaultStore();

/** Keeps the day's word for a practice (null: the practice is in no day now); an older word changes nothing. */
export function applyDayCalls(practiceId: string, calls: EventCalls | null) {
  store.set(dayCallsAtom, (map) => {
    const held = map.get(practiceId);
    if (calls === null) {
      if (!held) return map;
      const next = new Map(map);
      next.delete(practiceId);
      return next;
    }
    if (held && held.seq > calls.seq) return map;
    return new Map(map).set(practiceId, calls);
  });
}

/** The day's calls and pistes of a practice, or null when it is no day's event. */
export function useDayCalls(practiceId: string | null | undefined): EventCalls | null {
  return useAtomValue(dayCallsAtom).get(practiceId ?? '') ?? null;
}

