import { atom, getDefaultStore } from 'jotai';
import type { BracketSnapshot, MatchesDelta } from '../../core/contracts/tableau';
import { requestResync } from './resync';

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

/**
 * Applies a tableau delta (issue 13): the matches a score wrote replace the held ones, if the held tableau is
 * at the version just before it (and frozen, or the delta brings the seeding); otherwise a message was
 * missed and the practice reloads.
 */
export function applyMatchesDelta(practiceId: string, delta: MatchesDelta) {
  const held = store.get(bracketAtom);
  if (held.practiceId !== practiceId || !held.bracket) return;
  const bracket = held.bracket;
  if (bracket.version >= delta.version) return;
  const seeding = delta.seeding ?? bracket.seeding;
  if (bracket.version < delta.version - 1 || !seeding) return requestResync();
  const key = (m: { round: number; position: number }) => `${m.round}:${m.position}`;
  const changed = new Map(delta.matches.map((m) => [key(m), m]));
  const matches = [...bracket.matches.filter((m) => !changed.has(key(m))), ...delta.matches].sort((a, b) => a.round - b.round || a.position - b.position);
  store.set(bracketAtom, (s) => (s.practiceId === practiceId ? { ...s, bracket: { ...bracket, version: delta.version, seeding, matches } } : s));
}
