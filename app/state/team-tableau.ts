import { atom, getDefaultStore } from 'jotai';
import type { TeamLineup, TeamRelay, TeamTableauSnapshot } from '../../core/contracts/team-tableau';
import { RELAY_ORDER } from '../../core/fencing/team-relay';
import { rememberChanges } from '../lib/offline-cache';

/** A team practice's tableau of team matches (issue 28): whether it exists and its matches' relay rows. */
export interface TeamTableauState {
  practiceId: string | null;
  snapshot: TeamTableauSnapshot | null;
}

export const teamTableauAtom = atom<TeamTableauState>({ practiceId: null, snapshot: null });

const store = getDefaultStore();

/** The nine relays of one match, in order: what is stored, else an empty row at version 0 (as the server reads it). */
export function sheetOfMatch(relays: readonly TeamRelay[], round: number, position: number): TeamRelay[] {
  return RELAY_ORDER.map(([a, b], i) => {
    const row = relays.find((r) => r.round === round && r.position === position && r.match_number === i + 1);
    return row ?? { round, position, match_number: i + 1, fencer_a_number: a, fencer_b_number: b, score_a: null, score_b: null, winner: null, version: 0 };
  });
}
const sameRow = (a: TeamRelay, b: TeamRelay) => a.round === b.round && a.position === b.position && a.match_number === b.match_number;

/** Applies a snapshot, keeping any row this screen already holds at a newer version. */
export function applyTeamTableau(practiceId: string, snapshot: TeamTableauSnapshot) {
  store.set(teamTableauAtom, (s) => {
    if (s.practiceId !== practiceId) return s;
    const held = s.snapshot?.relays ?? [];
    const relays = snapshot.relays.map((r) => {
      const mine = held.find((h) => sameRow(h, r));
      return mine && mine.version > r.version ? mine : r;
    });
    const lineups = (snapshot.lineups ?? []).map((l) => {
      const mine = s.snapshot?.lineups?.find((h) => sameMatch(h, l));
      return mine && mine.version > l.version ? mine : l;
    });
    return { ...s, snapshot: { ...snapshot, relays, lineups } };
  });
}

const sameMatch = (a: { round: number; position: number }, b: { round: number; position: number }) => a.round === b.round && a.position === b.position;

/** Replaces every line-up (after a decision took some away): the room's list as it stands. */
export function applyTeamLineups(practiceId: string, lineups: TeamLineup[]) {
  store.set(teamTableauAtom, (s) => (s.practiceId !== practiceId || !s.snapshot ? s : { ...s, snapshot: { ...s.snapshot, lineups } }));
}

/** Applies a match's line-up (a delta) unless this screen holds it at a newer version. */
export function applyTeamLineup(practiceId: string, lineup: TeamLineup) {
  store.set(teamTableauAtom, (s) => {
    if (s.practiceId !== practiceId || !s.snapshot) return s;
    const held = (s.snapshot.lineups ?? []).find((l) => sameMatch(l, lineup));
    if (held && held.version >= lineup.version) return s;
    return { ...s, snapshot: { ...s.snapshot, lineups: [...(s.snapshot.lineups ?? []).filter((l) => !sameMatch(l, lineup)), lineup] } };
  });
}

/** Applies one relay row (a delta) unless this screen holds it at a newer version. */
export function applyTeamRelay(practiceId: string, row: TeamRelay) {
  store.set(teamTableauAtom, (s) => {
    if (s.practiceId !== practiceId || !s.snapshot) return s;
    const held = s.snapshot.relays.find((r) => sameRow(r, row));
    if (held && held.version >= row.version) return s;
    return { ...s, snapshot: { ...s.snapshot, relays: [...s.snapshot.relays.filter((r) => !sameRow(r, row)), row] } };
  });
}

// Live updates are remembered too, so an offline reload shows the latest sheets this screen saw.
rememberChanges(teamTableauAtom, (s) => (s.practiceId && s.snapshot ? { key: `team-tableau:${s.practiceId}`, value: s.snapshot } : null));
