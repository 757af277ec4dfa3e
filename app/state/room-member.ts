import { getDefaultStore } from 'jotai';
import type { LiveMessage } from '../../core/live-messages';
import { can, type Role } from '../../core/permissions';
import type { PracticeSnapshot } from '../../core/contracts/snapshot';
import type { TeamTableauSnapshot } from '../../core/contracts/team-tableau';
import type { Team, TeamMatchRow } from '../../core/contracts/teams';
import { isNetworkError, offlineViewAtom, recall, remember, rememberChanges } from '../lib/offline-cache';
import { bracketAtom } from './bracket';
import { fetchSnapshot, takeFirstSnapshot } from './first-snapshot';

import { applyPoolList, poolsAtom } from './pools';
import { removePractice, upsertPractice } from './practices';
import { applyPresence, presenceAtom } from './presence';
import { applyChecks, checksAtom } from './checks';
import type { ResultCheck } from '../../core/contracts/checks';
import { applyRelayRow, applySheet, applyTeams, teamsAtom } from './teams';
import { applyTeamLineup, applyTeamLineups, applyTeamRelay, applyTeamTableau, teamTableauAtom } from './team-tableau';

/**
 * What the coach's and a guest's screens do with a practice's room beyond what a spectator's board does:
 * load through the offline cache and keep what live updates bring for an offline reload, and follow the
 * teams, the relay sheet, the practice list and who is in the room. Loaded on demand by `useLivePractice`,
 * so the live board's first load carries none of it (issue 13).
 */
const store = getDefaultStore();

/** Whether a piece of state is `practiceId`'s. */
const mineOf = (practiceId: string) => <S extends { practiceId: string | null }>(s: S) => s.practiceId === practiceId;

/** The pieces of a snapshot this device keeps for an offline reload, under the keys the screens' live updates keep them. */
function rememberSnapshot(practiceId: string, s: PracticeSnapshot) {
  void remember(`pools:${practiceId}`, s.pools);
  void remember(`bracket:${practiceId}`, s.bracket);
  if (s.teamTableau) void remember(`team-tableau:${practiceId}`, s.teamTableau);
  if (s.teams) void remember(`teams:${practiceId}`, s.teams.teams);
  if (s.teams) void remember(`team-sheet:${practiceId}`, s.teams.sheet);
  void remember(`checks:${practiceId}`, s.checks);
}

/** What this device last kept of the practice (no network), as a snapshot with no mark; null if it kept no pools. */
async function recallSnapshot(practiceId: string): Promise<PracticeSnapshot | null> {
  const [pools, bracket, teamTableau, teams, sheet, checks] = await Promise.all([
    recall<PracticeSnapshot['pools']>(`pools:${practiceId}`),
    recall<PracticeSnapshot['bracket']>(`bracket:${practiceId}`),
    recall<TeamTableauSnapshot>(`team-tableau:${practiceId}`),
    recall<Team[]>(`teams:${practiceId}`),
    recall<TeamMatchRow[]>(`team-sheet:${practiceId}`),
    recall<ResultCheck[]>(`checks:${practiceId}`),
  ]);
  if (pools === undefined || bracket === undefined) return null;
  return { mark: '', pools, bracket, teamTableau: teamTableau ?? null, teams: teams && sheet ? { teams, sheet } : null, presence: null, checks: checks ?? [] };
}

/** The practice's snapshot: the boot's read when it is this one, else one read; offline, what this device kept. */
async function readSnapshot(practiceId: string, role: Role): Promise<PracticeSnapshot & { offline: boolean; shown?: boolean }> {
  try {
    // The boot's read failed (a session that had ended, since renewed)? Read again rather than show a failure.
    // One read long ago is no harm: its mark then differs from the socket's hello, which reads again.
    const boot = role === 'coach' || role === 'guest' ? takeFirstSnapshot(practiceId, role) : null;
    const booted = boot ? await boot.answer.catch(() => null) : null;
    // The snapshot the page came with is already shown (issue 33): shown again, it would undo a score saved since.
    const snapshot = booted ?? (await fetchSnapshot(practiceId));
    rememberSnapshot(practiceId, snapshot);
    return { ...snapshot, offline: false, shown: booted !== null && boot!.shown };
  } catch (e) {
    const kept = isNetworkError(e) ? await recallSnapshot(practiceId) : null;
    if (!kept) throw e;
    return { ...kept, offline: true };
  }
}

/**
 * Everything the practice's screens show, in one read (issue 33: pools, tableau, and only for a team practice
 * its teams, relays and team tableau), on open and again on every (re)connect. Answers the room's change mark
 * of the read (null: it failed, or came from this device's saved state, which is not caught up).
 */
export async function loadMember(practiceId: string, role: Role): Promise<string | null> {
  const mine = mineOf(practiceId);
  holdFor(practiceId);
  let snapshot: Awaited<ReturnType<typeof readSnapshot>>;
  try {
    snapshot = await readSnapshot(practiceId, role);
  } catch {
    // On failure the last known state stays (SPEC §8 warning); a session error clears the bracket.
    store.set(poolsAtom, (s) => (mine(s) && s.status === 'loading' ? { ...s, status: 'error' } : s));
    store.set(bracketAtom, (s) => (mine(s) ? { ...s, status: 'error', bracket: null } : s));
    store.set(teamsAtom, (s) => (mine(s) ? { ...s, status: 'error' } : s));
    return null;
  }
  store.set(offlineViewAtom, snapshot.offline);
  if (!snapshot.shown) showSnapshot(practiceId, snapshot, role);
  return snapshot.offline ? null : snapshot.mark;
}

/** The practice's pieces held for `practiceId` (loading until its snapshot is shown), unless they are already its. */
function holdFor(practiceId: string) {
  const mine = mineOf(practiceId);
  store.set(poolsAtom, (s) => (mine(s) ? s : { practiceId, status: 'loading', pools: [] }));
  store.set(bracketAtom, (s) => (mine(s) ? s : { practiceId, status: 'loading', bracket: null }));
  store.set(teamsAtom, (s) => (mine(s) ? s : { practiceId, status: 'loading', teams: [], sheet: [] }));
  store.set(teamTableauAtom, (s) => (mine(s) ? s : { practiceId, snapshot: null }));
}

/**
 * Forgets every practice's pieces: the worker's render of a coach's screen (issue 33) is over, and the next
 * render may be another coach's.
 */
export function dropSnapshot() {
  store.set(poolsAtom, { practiceId: null, status: 'idle', pools: [] });
  store.set(bracketAtom, { practiceId: null, status: 'idle', bracket: null });
  store.set(teamsAtom, { practiceId: null, status: 'idle', teams: [], sheet: [] });
  store.set(teamTableauAtom, { practiceId: null, snapshot: null });
  store.set(presenceAtom, null);
  store.set(checksAtom, { practiceId: null, checks: [] });
}

/** Shows a member's snapshot of the practice: its pools, tableau, teams (a team practice) and, for whoever manages the room, its presence. */
export function showSnapshot(practiceId: string, snapshot: PracticeSnapshot, role: Role) {
  const mine = mineOf(practiceId);
  holdFor(practiceId);
  applyPoolList(practiceId, snapshot.pools);
  store.set(bracketAtom, (s) => (mine(s) ? { ...s, status: 'ready', bracket: snapshot.bracket } : s));
  if (snapshot.teamTableau) applyTeamTableau(practiceId, snapshot.teamTableau);
  if (snapshot.teams) applyTeams(practiceId, snapshot.teams.teams);
  if (snapshot.teams) applySheet(practiceId, snapshot.teams.sheet);
  // An individual practice has no teams: its team screens are never shown, and hold nothing.
  store.set(teamsAtom, (s) => (mine(s) ? { ...s, status: 'ready' } : s));
  if (snapshot.presence && can(role, 'room.manage')) applyPresence(practiceId, snapshot.presence);
  applyChecks(practiceId, snapshot.checks ?? []);
}

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
    case 'team-lineup':
      applyTeamLineup(practiceId, msg.lineup);
      return true;
    case 'team-lineups':
      applyTeamLineups(practiceId, msg.lineups);
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
    case 'checks':
      applyChecks(practiceId, msg.checks);
      return true;
    default:
      return false;
  }
}

// What live updates bring is remembered too, so an offline reload shows the latest state this screen saw.
rememberChanges(poolsAtom, (s) => (s.practiceId && s.status === 'ready' ? { key: `pools:${s.practiceId}`, value: s.pools } : null));
rememberChanges(bracketAtom, (s) => (s.practiceId && s.bracket ? { key: `bracket:${s.practiceId}`, value: s.bracket } : null));
