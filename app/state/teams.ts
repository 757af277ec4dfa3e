import { atom, getDefaultStore } from 'jotai';
import type { Team, TeamMatchRow } from '../../core/contracts/teams';
import { rememberChanges } from '../lib/offline-cache';

export interface TeamsState {
  practiceId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  teams: Team[];
  sheet: TeamMatchRow[];
}

export const teamsAtom = atom<TeamsState>({ practiceId: null, status: 'idle', teams: [], sheet: [] });

const store = getDefaultStore();

export function applyTeams(practiceId: string, teams: Team[]) {
  store.set(teamsAtom, (s) => (s.practiceId === practiceId ? { ...s, teams } : s));
}

/** Applies a sheet row by row, keeping any row this screen already holds at a newer version. */
export function applySheet(practiceId: string, sheet: TeamMatchRow[]) {
  store.set(teamsAtom, (s) => {
    if (s.practiceId !== practiceId) return s;
    const held = new Map(s.sheet.map((r) => [r.match_number, r]));
    return { ...s, sheet: sheet.map((r) => (held.get(r.match_number)?.version ?? -1) > r.version ? held.get(r.match_number)! : r) };
  });
}

/** Applies one relay row (a delta): kept unless this screen holds that row at a newer version. */
export function applyRelayRow(practiceId: string, row: TeamMatchRow) {
  applySheet(practiceId, store.get(teamsAtom).sheet.map((r) => (r.match_number === row.match_number ? row : r)));
}

// Live updates are remembered too, so an offline reload shows the latest sheet this screen saw.
rememberChanges(teamsAtom, (s) => (s.practiceId && s.status === 'ready' ? { key: `team-sheet:${s.practiceId}`, value: s.sheet } : null));
