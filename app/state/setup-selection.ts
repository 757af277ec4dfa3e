import { atom } from 'jotai';

/** A fencer chosen in step 1: a roster athlete or a typed name. */
export type SetupEntry = { athlete_id: string; name: string } | { name: string };

/** What step 1 selected, kept while the coach moves to step 2 or to the manual assignment. */
export const setupSelectionAtom = atom<SetupEntry[]>([]);

/** The request body form of an entry. */
export const toRequestEntry = (e: SetupEntry) => ('athlete_id' in e ? { athlete_id: e.athlete_id } : { name: e.name });
