import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../../core/contracts/athletes';
import { NO_DETAILS } from '../../../core/athlete-details';
import { toStoredBout } from '../../../core/fencing/bout-result';
import { athleteIdsOf, planPools, planTeamPools, planTeams, PlanError, resolveEntries } from '../../../core/fencing/planning';
import type { PlayerStats } from '../../../core/fencing/pool-stats';

const athlete = (id: string, name: string, club: string | null = null): Athlete => ({ id, name, club, ranking: null, user_id: 'u', created_at: 0, ...NO_DETAILS });
const roster = new Map([athlete('a1', 'Ann', 'Lyon'), athlete('a2', 'Bob', 'Lyon'), athlete('a3', 'Cleo', 'Paris')].map((a) => [a.id, a]));
const fixed = () => 0.5;

describe('resolving the fencers of a request', () => {
  it('fills roster athletes in, keeps typed names, and refuses an id of no roster athlete', () => {
    const input = [{ athlete_id: 'a1' }, { name: 'Dora', pool: 2 }, { athlete_id: 'a3', team: 1 }];
    expect(athleteIdsOf(input)).toEqual(['a1', 'a3']);
    expect(resolveEntries(input, roster)).toEqual([
      { key: '0', name: 'Ann', athleteId: 'a1', club: 'Lyon', group: undefined, rating: null, ranking: null },
      { key: '1', name: 'Dora', athleteId: null, club: null, group: 2, rating: null, ranking: null },
      { key: '2', name: 'Cleo', athleteId: 'a3', club: 'Paris', group: 1, rating: null, ranking: null },
    ]);
    expect(resolveEntries([{ athlete_id: 'someone-else' }], roster)).toBeNull();
  });
});

describe('planning pools', () => {
  const entries = resolveEntries([{ athlete_id: 'a1' }, { athlete_id: 'a2' }, { athlete_id: 'a3' }, { name: 'dora' }], roster)!;

  it('SPEC §4: single is Main Pool, with names upper-cased in order', () => {
    expect(planPools(entries, 'single', undefined, fixed)).toEqual([
      { name: 'Main Pool', members: [{ name: 'ANN', athleteId: 'a1' }, { name: 'BOB', athleteId: 'a2' }, { name: 'CLEO', athleteId: 'a3' }, { name: 'DORA', athleteId: null }] },
    ]);
  });

  it('seeded: ranked by the latest results (Cleo, Ann, Bob), the unranked after, serpentine into 2, Lyon club mates apart', () => {
    const stat = (v: number): PlayerStats => ({ id: 'x', name: 'x', victories: v, defeats: 4 - v, exactRatio: v / 4, ratio: v / 4, touchesScored: 10, touchesReceived: 10, indicator: 0, matches: {} });
    const results = new Map([['a1', stat(3)], ['a2', stat(1)], ['a3', stat(4)]]);
    const pools = planPools(entries, 'seeded', 2, fixed, results);
    expect(pools.map((p) => p.members.map((m) => m.name))).toEqual([['CLEO', 'BOB'], ['ANN', 'DORA']]);
  });

  it('national: serpentine by USA Fencing rating (A23 > A22 > B25 > E25 > U), ties by FIE ranking then Elo, the rest drawn after (issue 30)', () => {
    const rated = (id: string, value: string | null, ranking: number | null = null): Athlete => ({
      ...athlete(id, id.toUpperCase()), ranking, national_rating: value === null ? null : { system: 'usaf', value },
    });
    const list = [rated('u', 'U'), rated('e25', 'E2025'), rated('a22', 'A2022'), rated('b25', 'B2025', 9), rated('b25r', 'B2025', 2), rated('a23', 'A2023'), rated('elo', null), rated('none', null)];
    const byId = new Map(list.map((a) => [a.id, a]));
    const entries = resolveEntries(list.map((a) => ({ athlete_id: a.id })), byId)!;
    const pools = planPools(entries, 'national', 2, fixed, new Map(), new Map([['elo', 1600], ['a23', 1400]]));
    // Seeding order a23, a22, b25r (ranked 2), b25 (9), e25, elo (Elo only), then u and none drawn: serpentine 1-2-2-1-1-2-2-1.
    expect(pools.map((p) => p.members.map((m) => m.name))).toEqual([
      expect.arrayContaining(['A23', 'B25', 'E25']),
      expect.arrayContaining(['A22', 'B25R', 'ELO']),
    ]);
    expect(pools[0]!.members.slice(0, 3).map((m) => m.name)).toEqual(['A23', 'B25', 'E25']);
    expect(pools[1]!.members.slice(0, 3).map((m) => m.name)).toEqual(['A22', 'B25R', 'ELO']);
    expect(pools.flatMap((p) => p.members.slice(3).map((m) => m.name)).sort()).toEqual(['NONE', 'U']);
  });

  it('manual: every fencer needs a pool, with the spec message', () => {
    const manual = resolveEntries([{ name: 'a', pool: 1 }, { name: 'b', pool: 2 }, { name: 'c' }], roster)!;
    expect(() => planPools(manual, 'manual', undefined, fixed)).toThrow(new PlanError('Please assign all athletes to pools. 1 athlete(s) unassigned.'));
  });

  it('refuses a pool over 20 fencers', () => {
    const many = resolveEntries(Array.from({ length: 21 }, (_, i) => ({ name: `f${i}` })), roster)!;
    expect(() => planPools(many, 'single', undefined, fixed)).toThrow('A pool holds at most 20 fencers: choose more pools');
    expect(planPools(many, 'random', 2, fixed).map((p) => p.members.length)).toEqual([11, 10]);
  });
});

describe('planning teams', () => {
  it('refuses teams outside 3 to 4 members and unassigned fencers, with the spec messages', () => {
    const five = resolveEntries(['a', 'b', 'c', 'd', 'e'].map((name) => ({ name })), roster)!;
    expect(() => planTeams(five, 'random', fixed)).toThrow('Each team must have 3 or 4 members');
    const seven = resolveEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name, i) => ({ name, team: i < 6 ? (i % 2) + 1 : undefined })), roster)!;
    expect(() => planTeams(seven, 'manual', fixed)).toThrow('Please assign all athletes to teams');
    expect(planTeams(seven.slice(0, 6), 'manual', fixed).map((t) => t.length)).toEqual([3, 3]);
  });

  it('team pools: Team n entries; a random split needs 4 teams and 2..floor(t/2) pools', () => {
    expect(planTeamPools([1, 2, 3], 'single', undefined, fixed)[0]!.members.map((m) => m.name)).toEqual(['Team 1', 'Team 2', 'Team 3']);
    expect(() => planTeamPools([], 'single', undefined, fixed)).toThrow('Please create teams first');
    expect(() => planTeamPools([1, 2, 3], 'random', 2, fixed)).toThrow('A random split needs at least 4 teams');
    expect(() => planTeamPools([1, 2, 3, 4, 5], 'random', 3, fixed)).toThrow('Pool count must be a whole number from 2 to 2');
    expect(planTeamPools([1, 2, 3, 4], 'random', 2, fixed)).toHaveLength(2);
  });
});

describe('the stored form of a bout', () => {
  it('orders the pair and swaps the scores with it; priority follows the fencer', () => {
    expect(toStoredBout({ player1_id: 'b', player2_id: 'a', score1: 5, score2: 3, priority_id: null })).toEqual({ player1_id: 'a', player2_id: 'b', score1: 3, score2: 5, priority_id: null });
    expect(toStoredBout({ player1_id: 'a', player2_id: 'b', score1: 4, score2: 4, priority_id: 'b' })).toEqual({ player1_id: 'a', player2_id: 'b', score1: 4, score2: 4, priority_id: 'b' });
  });
});
