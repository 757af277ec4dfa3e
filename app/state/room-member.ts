import { getDefaultStore } from 'jotai';
import type { LiveMessage } from '../../core/live-messages';
import { can, type Role } from '../../core/permissions';
import { call, client } from '../lib/api';
import { loadOrRecall, offlineViewAtom, rememberChanges } from '../lib/offline-cache';
import { bracketAtom } from './bracket';
import { applyPoolList, poolsAtom } from './pools';
import { removePractice, upsertPractice } from './practices';
import { applyPresence, loadPresence } from './presence';
import { applyRelayRow, applySheet, applyTeams, loadTeams } from './teams';
import { applyTeamRelay, applyTeamTableau, loadTeamTableau } from './team-tableau';

/**
 * What the coach's and a guest's screens do with a practice's room beyond what a spectator's board does:
 * load through the offline cache and keep what live updates bring for an offline reload, and follow the
 * teams, the relay sheet, the practice list and who is in the room. Loaded on demand by `useLivePractice`,
 * so the live board's first load carries none of it (issue 13).
 */
const store = getDefaultStore();

/** Loads every pool of a practice; on failure the last known state stays (SPEC §8 warning). */
async function loadPools(practiceId: string): Promise<boolean> {
  store.set(poolsAtom, (s) => (s.practiceId === practiceId ? s : { practiceId, status: 'loading', pools: [] }));
  try {
    applyPoolList(practiceId, await loadOrRecall(`pools:${practiceId}`, () => call(client.practices[':practiceId'].pools.$get({ param: { practiceId } }))));
    return true;
  } catch {
    store.set(poolsAtom, (s) => (s.practiceId === practiceId && s.status === 'loading' ? { ...s, status: 'error' } : s));
    return false;
  }
}

async function loadBracket(practiceId: string): Promise<boolean> {
  store.set(bracketAtom, (s) => (s.practiceId === practiceId ? s : { practiceId, status: 'loading', bracket: null }));
  try {
    const bracket = await loadOrRecall(`bracket:${practiceId}`, () => call(client.practices[':practiceId'].bracket.$get({ param: { practiceId } })));
    store.set(bracketAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'ready', bracket } : s));
    return true;
  } catch {
    // SPEC §8: a token or session error while loading clears the bracket.
    store.set(bracketAtom, (s) => (s.practiceId === practiceId ? { ...s, status: 'error', bracket: null } : s));
    return false;
  }
}

/** Everything the practice's screens show, loaded on open and again on every (re)connect. */
export function memberLoads(practiceId: string, role: Role): Promise<boolean>[] {
  return [
    loadPools(practiceId),
    loadBracket(practiceId),
    loadTeamTableau(practiceId),
    ...(can(role, 'teams.read') ? [loadTeams(practiceId)] : []),
    ...(can(role, 'room.manage') ? [loadPresence(practiceId)] : []),
  ];
}

/** Whether the last loads came from the server, not from this device's saved state (no network). */
export const fromNetwork = () => !store.get(offlineViewAtom);

/** Applies the messages only members receive; false for any other. */
export function applyMemberMessage(practiceId: string, msg: LiveMessage): boolean {
  switch (msg.type) {
    case 'relay':
      applyRelayRow(practiceId, msg.row);
      return true;
    case 'team-tableau':
      applyTeamTableau(practiceId, msg.tableau);
      return true;
    case 'team-relay':
      applyTeamRelay(practiceId, msg.row);
      return true;
    case 'teams':
      applyTeams(practiceId, msg.teams);
      return true;
    case 'team-sheet':
      applySheet(practiceId, msg.rows);
      return true;
    case 'practice':
      upsertPractice(msg.practice);
      return true;
    case 'practice-deleted':
      removePractice(msg.practiceId);
      return true;
    case 'presence':
      applyPresence(msg.practiceId, msg.presence);
      return true;
    default:
      return false;
  }
}

// What live updates bring is remembered too, so an offline reload shows the latest state this screen saw.
rememberChanges(poolsAtom, (s) => (s.practiceId && s.status === 'ready' ? { key: `pools:${s.practiceId}`, value: s.pools } : null));
rememberChanges(bracketAtom, (s) => (s.practiceId && s.bracket ? { key: `bracket:${s.practiceId}`, value: s.bracket } : null));
