import { atom, getDefaultStore } from 'jotai';
import { apiPaths, type BracketSnapshot } from '../../core/api';
import { api } from '../lib/api';
import { loadOrRecall, rememberChanges } from '../lib/offline-cache';

export interface BracketState {
  practiceId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  bracket: BracketSnapshot | null;
}

export const bracketAtom = atom<BracketState>({ practiceId: null, status: 'idle', bracket: null });

const store = getDefaultStore();

/** Applies a snapshot unless a newer one is already shown (a regenerated tableau restarts at 0). */
export function applyBracket(practiceId: string, bracket: BracketSnapshot) {
  store.set(bracketAtom, (s) => {
    if (s.practiceId !== practiceId) return s;
    const stale = s.bracket && bracket.version !== 0 && s.bracket.version > bracket.version;
    return stale ? s : { ...s, status: 'ready', bracket };
  });
}

export async function loadBracket(practiceId: string): Promise<boolean> {
  store.set(bracketAtom, (s) => (s.practiceId === practiceId ? s : { practiceId, status: 'loading', bracket: null }));
  try {
    const bracket = await loadOrRecall(`bracket:${practiceId}`, () => api<BracketSnapshot>('GET', apiPaths.bracket(practiceId)));
    store.set(bracketAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'ready', bracket } : s));
    return true;
  } catch {
    // SPEC §8: a token or session error while loading clears the bracket.
    store.set(bracketAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'error', bracket: null } : s));
    return false;
  }
}

rememberChanges(bracketAtom, (s) => (s.practiceId && s.bracket ? { key: `bracket:${s.practiceId}`, value: s.bracket } : null));
