import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { LiveBout } from '../../core/refereeing';
import type { RefereeEndReason } from '../../core/live-messages';
import { poolLiveCells } from '../../core/live-cells';

/**
 * The bouts on the piste right now (issue 18), as the practice's room sends them: one per key, with how far
 * this screen's clock is from the room's (`offset`), so the bout clock reads the same on every screen.
 */
export interface OnPiste {
  bout: LiveBout;
  offset: number;
}

export const liveBoutsAtom = atom<ReadonlyMap<string, OnPiste>>(new Map());

const store = getDefaultStore();

export function applyLiveBout(bout: LiveBout) {
  store.set(liveBoutsAtom, (map) => new Map(map).set(bout.key, { bout, offset: Date.now() - bout.now }));
}

/**
 * The refereed bouts that ended while this screen watched, and why (`referee-end`), by key (several can end at once:
 * a pool redrawn, a tableau correction): a referee view of one says so when it was not its own doing.
 */
export const refereeEndsAtom = atom<ReadonlyMap<string, { why: RefereeEndReason; at: number }>>(new Map());

export function endLiveBout(key: string, why?: RefereeEndReason) {
  if (why) store.set(refereeEndsAtom, (ends) => new Map(ends).set(key, { why, at: Date.now() }));
  store.set(liveBoutsAtom, (map) => {
    if (!map.has(key)) return map;
    const next = new Map(map);
    next.delete(key);
    return next;
  });
}

/** A screen that (re)connects is sent every bout on the piste with its hello: start from none. */
export function clearLiveBouts() {
  store.set(liveBoutsAtom, (map) => (map.size ? new Map() : map));
}

export const useLiveBouts = () => useAtomValue(liveBoutsAtom);

/** The running scores of a pool's bouts on the piste, for its grid (`rowId>colId` → "3–2" and the row fencer's cards, issue 29). */
export function usePoolScores(poolId: string | undefined) {
  const live = useLiveBouts();
  return useMemo(() => (poolId ? poolLiveCells([...live.values()].map((x) => x.bout), poolId) : undefined), [live, poolId]);
}

/** The coach's choices of referees, per pool: ordered fencer ids "a:b" → referee id (issue 18). */
export const dutyAtom = atom<ReadonlyMap<string, Record<string, string>>>(new Map());

export function applyDuty(poolId: string, chosen: Record<string, string>) {
  store.set(dutyAtom, (map) => new Map(map).set(poolId, chosen));
}

const NONE: Record<string, string> = {};
export const usePoolDuty = (poolId: string | undefined) => {
  const map = useAtomValue(dutyAtom);
  return (poolId && map.get(poolId)) || NONE;
};
