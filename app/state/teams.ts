import { atom, getDefaultStore } from 'jotai';
import { apiPaths, type Team, type TeamMatchRow } from '../../core/api';
import { api } from '../lib/api';

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

export function applySheet(practiceId: string, sheet: TeamMatchRow[]) {
  store.set(teamsAtom, (s) => (s.practiceId === practiceId ? { ...s, sheet } : s));
}

export async function loadTeams(practiceId: string): Promise<boolean> {
  store.set(teamsAtom, (s) => (s.practiceId === practiceId ? s : { practiceId, status: 'loading', teams: [], sheet: [] }));
  try {
    const [teams, sheet] = await Promise.all([api<Team[]>('GET', apiPaths.teams(practiceId)), api<TeamMatchRow[]>('GET', apiPaths.teamSheet(practiceId))]);
    store.set(teamsAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'ready', teams, sheet } : s));
    return true;
  } catch {
    store.set(teamsAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'error' } : s));
    return false;
  }
}
