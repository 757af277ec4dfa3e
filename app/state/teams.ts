import { atom, getDefaultStore } from 'jotai';
import type { Team, TeamMatchRow } from '../../core/contracts/teams';
import { call, client } from '../lib/api';
import { loadOrRecall, rememberChanges } from '../lib/offline-cache';

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

export async function loadTeams(practiceId: string): Promise<boolean> {
  store.set(teamsAtom, (s) => (s.practiceId === practiceId ? s : { practiceId, status: 'loading', teams: [], sheet: [] }));
  try {
    const [teams, sheet] = await Promise.all([
      loadOrRecall(`teams:${practiceId}`, () => call(client.practices[':practiceId'].teams.$get({ param: { practiceId } }))),
      loadOrRecall(`team-sheet:${practiceId}`, () => call(client.practices[':practiceId']['team-matches'].$get({ param: { practiceId } }))),
    ]);
    store.set(teamsAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'ready', teams, sheet } : s));
    return true;
  } catch {
    store.set(teamsAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'error' } : s));
    return false;
  }
}

// Live updates are remembered too, so an offline reload shows the latest sheet this screen saw.
rememberChanges(teamsAtom, (s) => (s.practiceId && s.status === 'ready' ? { key: `team-sheet:${s.practiceId}`, value: s.sheet } : null));
