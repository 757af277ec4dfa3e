import { describe, expect, it } from 'vitest';
import type { Team, TeamMatchRow } from '../../../core/contracts/teams';
import { relayWrite, withPendingSheet } from '../../../app/state/writes/relay';
import { teamRelayWrite, withPendingTeamSheet } from '../../../app/state/writes/team-relay';
import type { EntryOf } from '../../../app/state/write-kind';
import { sheetOf } from './sheet';

const state = { key: 'k', seq: 1, practiceId: 'x', createdAt: 1 };
const row: TeamMatchRow = { match_number: 1, fencer_a_number: 3, fencer_b_number: 6, score_a: 5, score_b: 4, version: 1 };
const team = (team_number: number, names: string[]): Team => ({ id: `t${team_number}`, practice_id: 'x', team_number, members: names.map((athlete_name, i) => ({ id: `${team_number}${i}`, athlete_id: null, athlete_name, position: i + 1 })) });
const relay = (score_a: number, score_b: number): EntryOf<'relay'> => ({ kind: 'relay', matchNumber: 1, body: { score_a, score_b, version: 1 }, ...state });

describe('the relay write (SPEC §7)', () => {
  it('shows a waiting relay’s touches on the sheet, moved on one version', () => {
    const shown = withPendingSheet('x', [row], [relay(10, 7)]);
    expect(shown.sheet[0]).toMatchObject({ score_a: 10, score_b: 7, version: 2 });
    expect(shown.pending).toEqual(new Set([1]));
  });

  it('names the relay’s fencers in the header, by their places in the teams', () => {
    const sheet = sheetOf({}, [team(1, ['ANN', 'AVA', 'AMY']), team(2, ['BOB', 'BEN', 'BEA'])], [row]);
    expect(relayWrite.header?.result(relay(10, 7), sheet)).toBe('Relay 1: AMY 10 – 7 BEA');
    expect(relayWrite.header?.sides({ ...relay(10, 7), conflict: { current: { ...row, score_a: 9, score_b: 9 } } }, sheet)).toEqual({ mine: 'Relay 1: AMY 10 – 7 BEA', theirs: 'Relay 1: AMY 9 – 9 BEA', keepable: true });
    // Teams not known yet: the fencers by their numbers on the sheet.
    expect(relayWrite.header?.result(relay(10, 7), sheetOf({}, [], [row]))).toBe('Relay 1: Fencer 3 10 – 7 Fencer 6');
  });
});

describe('the team tableau relay write (SPEC §7)', () => {
  const teamRow = { ...row, round: 1, position: 0, winner: null };
  const entry = (winner: 'A' | 'B' | null): EntryOf<'team-relay'> => ({ kind: 'team-relay', round: 1, position: 0, matchNumber: 1, body: { score_a: 5, score_b: 5, winner, version: 1 }, ...state });

  it('waits in the tableau’s line, and shows a deciding winner on its own match’s sheet only', () => {
    expect(teamRelayWrite.line(entry('A'))).toBe('tableau:x');
    expect(withPendingTeamSheet('x', [teamRow], [entry('A')]).sheet[0]).toMatchObject({ winner: 'A', version: 2 });
    expect(withPendingTeamSheet('x', [{ ...teamRow, position: 1 }], [entry('A')]).pending.size).toBe(0);
  });

  it('reads in the header by the teams’ letters', () => {
    expect(teamRelayWrite.header?.result(entry(null), sheetOf({}))).toBe('Relay 1: A 5 – 5 B');
  });
});
