import { describe, expect, it } from 'vitest';
import { seeded } from '../../helpers/random';
import {
  RELAY_ORDER, relayMatchWinner, relayRowWinner, relayTarget, runningTotals, type RelayRow,
} from '../../../core/fencing/team-relay';
import { assignTeams, canFormTeams, distributeRandomly, maxTeamPools, teamCount, validTeamSizes } from '../../../core/fencing/teams';


describe('team rules (SPEC §5)', () => {
  it('teams = ceil(athletes / 4)', () => {
    expect([3, 4, 5, 7, 8, 9, 12, 13].map(teamCount)).toEqual([1, 1, 2, 2, 2, 3, 3, 4]);
  });

  it('a team has 3 or 4 members', () => {
    expect(validTeamSizes([3, 4, 4])).toBe(true);
    expect(validTeamSizes([4, 2])).toBe(false);
    expect(validTeamSizes([5, 3])).toBe(false);
    expect(validTeamSizes([])).toBe(false);
  });

  it('ceil(n/4) teams of 3–4 exist for every count but 1, 2 and 5', () => {
    const impossible = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => !canFormTeams(n));
    expect(impossible).toEqual([1, 2, 5]);
  });

  it('a random distribution is always valid, over many seeds and sizes', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const n = [3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 17, 23, 40][seed % 13]!;
      const entries = Array.from({ length: n }, (_, i) => i);
      const teams = distributeRandomly(entries, seeded(seed));
      expect(teams).toHaveLength(teamCount(n));
      expect(validTeamSizes(teams.map((t) => t.length))).toBe(true);
      expect(teams.flat().sort((a, b) => a - b)).toEqual(entries);
    }
  });

  it('7 athletes make two teams of 4 and 3', () => {
    expect(distributeRandomly([1, 2, 3, 4, 5, 6, 7], seeded(1)).map((t) => t.length)).toEqual([4, 3]);
  });

  it('manual assignment groups by team number and counts who is left out', () => {
    const { groups, unassigned } = assignTeams(['a', 'b', 'c', 'd'], (e) => ({ a: 1, b: 2, c: 1 })[e], 2);
    expect(groups).toEqual([['a', 'c'], ['b']]);
    expect(unassigned).toBe(1);
  });

  it('a random team pool split has at most floor(teams/2) pools', () => {
    expect([2, 3, 4, 5, 9].map(maxTeamPools)).toEqual([1, 1, 2, 2, 4]);
  });
});

describe('the relay sheet (FENCING.md o.99, t.41)', () => {
  const rows = (scores: [number | null, number | null][]): RelayRow[] => scores.map(([a, b], i) => ({ match_number: i + 1, score_a: a, score_b: b }));

  it('fences the nine relays in the fixed order', () => {
    expect(RELAY_ORDER.map(([a, b]) => `${a}v${b}`)).toEqual(['6v3', '5v1', '4v2', '6v1', '4v3', '5v2', '4v1', '6v2', '5v3']);
  });

  it('each relay ends at 5, 10, … 45', () => {
    expect(RELAY_ORDER.map((_, i) => relayTarget(i + 1))).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45]);
  });

  it('keeps running team scores down the rows', () => {
    expect(runningTotals(rows([[5, 3], [4, 7], [null, null], [6, 0]]))).toEqual([
      { a: 5, b: 3 }, { a: 9, b: 10 }, { a: 9, b: 10 }, { a: 15, b: 10 },
    ]);
  });

  it('colours a row by who scored more in it', () => {
    expect(relayRowWinner({ match_number: 1, score_a: 5, score_b: 2 })).toBe('A');
    expect(relayRowWinner({ match_number: 1, score_a: 1, score_b: 2 })).toBe('B');
    expect(relayRowWinner({ match_number: 1, score_a: 2, score_b: 2 })).toBeNull();
    expect(relayRowWinner({ match_number: 1, score_a: 2, score_b: null })).toBeNull();
  });

  it('the first team to 45 wins, even before the ninth relay', () => {
    const r = rows([[5, 2], [5, 4], [5, 5], [5, 4], [5, 5], [5, 5], [5, 5], [10, 5], [4, 9]]);
    expect(relayMatchWinner(r)).toEqual({ winner: 'A', relay: 8 });
  });

  it('otherwise the leader after the ninth relay wins; undecided before or when level', () => {
    const full = rows([[5, 2], [5, 4], [5, 5], [5, 4], [5, 5], [5, 5], [1, 5], [2, 5], [4, 9]]);
    expect(relayMatchWinner(full)).toEqual({ winner: 'B', relay: 9 });
    expect(relayMatchWinner(full.slice(0, 8))).toBeNull();
    expect(relayMatchWinner(rows(Array(9).fill([3, 3])))).toBeNull();
  });
});
