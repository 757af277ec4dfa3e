import { describe, expect, it } from 'vitest';
import type { DayPiste, DaySnapshot } from '../../../core/contracts/days';
import { applyScore, type BracketMatch, type Seed } from '../../../core/fencing/bracket';
import { planCalls } from '../../../core/fencing/day-calls';
import { dayTableauOf } from '../../../core/fencing/day-plan';
import { scheduleOfDay } from '../../../core/fencing/day-schedule';
import { dayTeamMatchesOf } from '../../../core/fencing/day-teams';
import { estimateSchedule } from '../../../core/fencing/schedule';
import { buildTeamTableau, scoreTeamMatch } from '../../../core/fencing/team-tableau';

const MIN = 60_000;
const T0 = new Date(2026, 11, 5, 9, 0).getTime();
/** Five teams seeded 1–5 by their names as the team tableau shows them ("Team 1"…). */
const seeds: Seed[] = Array.from({ length: 5 }, (_, i) => ({ id: `team-${i + 1}`, name: `Team ${i + 1}`, seed: i + 1 }));
const pistes = (n: number): DayPiste[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: String(i + 1), final: i === 0, position: i }));
const plan = (matches: ReturnType<typeof dayTeamMatchesOf>, n = 3, calls: ReturnType<typeof planCalls> = []) =>
  planCalls({ events: [{ practiceId: 'teams', matches }], calls, pistes: pistes(n), placements: [], pools: new Map(), referees: [], clubs: new Map(), now: 1000 });
const where = (calls: ReturnType<typeof planCalls>) => calls.map((c) => `${c.names.join(' v ')}@${c.piste_id}`);
/** A sheet decided 45–36 for team A: nine relays of 5–4. */
const sheet = Array.from({ length: 9 }, (_, i) => ({ match_number: i + 1, score_a: 5, score_b: 4, winner: null }));

describe('a team event on the day', () => {
  // 5 teams in a table of 8: team 1 v (bye), team 5 v team 4, team 3 v (bye), (bye) v team 2.
  const matches: BracketMatch[] = buildTeamTableau(seeds, true);

  it('tells the main bracket’s matches by the teams’ names, each team keyed t:<id>, byes done, the match for 3rd place left out', () => {
    const told = dayTeamMatchesOf({ seeds, matches });
    expect(told.map((m) => [m.id, m.names.join(' v '), m.done])).toEqual([
      ['r1-m0', 'Team 1 v ', true],
      ['r1-m1', 'Team 5 v Team 4', false],
      ['r1-m2', 'Team 3 v ', true],
      ['r1-m3', ' v Team 2', true],
      ['r2-m0', 'Team 1 v ', false],
      ['r2-m1', 'Team 3 v Team 2', false],
      ['r3-m0', ' v ', false],
    ]);
    expect(told[1]!.keys).toEqual(['t:team-5', 't:team-4']);
    expect(told[0]!.keys).toEqual(['t:team-1', null]);
    // Nothing drawn yet: nothing to call.
    expect(dayTeamMatchesOf({ seeds, matches: [] })).toEqual([]);
  });

  it('calls the ready team matches to free pistes, the final piste last; a decided sheet frees its piste for the next', () => {
    const first = plan(dayTeamMatchesOf({ seeds, matches }));
    // Two matches ready on 3 pistes: the final piste (p1) is kept while others are free.
    expect(where(first)).toEqual(['Team 5 v Team 4@p2', 'Team 3 v Team 2@p3']);
    expect(first[0]!.keys).toEqual(['t:team-5', 't:team-4']);
    // Team 4 wins its sheet 45–36: its match is done, its piste free, and Team 1 v Team 4 is called there.
    const scored = scoreTeamMatch(matches, { round: 1, position: 1, teamA: 'team-4', rows: sheet });
    if (!scored.ok) throw new Error(scored.reason);
    expect(scored.target.set).toMatchObject({ player1_score: 36, player2_score: 45, winner_id: 'team-4' });
    const after = applyScore(matches, { round: 1, position: 1, player1_score: 36, player2_score: 45 });
    const told = dayTeamMatchesOf({ seeds, matches: after });
    expect(told.find((m) => m.id === 'r1-m1')!.done).toBe(true);
    expect(where(plan(told, 3, first))).toEqual(['Team 3 v Team 2@p3', 'Team 1 v Team 4@p2']);
  });

  it('schedules its rounds at the team match’s minutes: 5 teams on 2 pistes at épée (46 min) end 2 h 18 after the pools', () => {
    const tableau = dayTableauOf({ seeds, matches })!;
    // One match in the table of 8 (three byes), two semi-finals, the final.
    expect(tableau).toEqual({ size: 8, rounds: [{ matches: 1, done: 0 }, { matches: 2, done: 0 }, { matches: 1, done: 0 }] });
    const s = estimateSchedule({ start: T0, now: T0, pistes: ['1', '2'], events: [{ id: 'teams', weapon: 'epee', pools: [], tableau, team: true }] });
    expect(s.events[0]!.rounds.map((r) => [r.table, (r.start - T0) / MIN, (r.end - T0) / MIN])).toEqual([[8, 0, 46], [4, 46, 92], [2, 92, 138]]);
    // The same tableau of individual bouts: 14 minutes a round.
    const bouts = estimateSchedule({ start: T0, now: T0, pistes: ['1', '2'], events: [{ id: 'ind', weapon: 'epee', pools: [], tableau }] });
    expect((bouts.end - T0) / MIN).toBe(42);
    // The coach's minutes for a sabre team match (30) replace the default.
    const sabre = estimateSchedule({ start: T0, now: T0, pistes: ['1', '2'], minutes: { sabre: { team: 30 } }, events: [{ id: 'teams', weapon: 'sabre', pools: [], tableau, team: true }] });
    expect((sabre.end - T0) / MIN).toBe(90);
  });

  it('times a team event’s pool bouts as team matches: a pool of 3 teams at foil is 3 × 42 minutes, not 3 pool bouts', () => {
    const pools = [{ id: 'p1', flight: 'A', piste: null, fencers: 3, done: 0 }];
    const teams = estimateSchedule({ start: T0, now: T0, pistes: ['1'], events: [{ id: 'teams', weapon: 'foil', pools, team: true }] });
    expect((teams.events[0]!.poolsEnd - T0) / MIN).toBe(126);
    // One team match fenced: two left, 84 minutes from now.
    const later = estimateSchedule({ start: T0, now: T0, pistes: ['1'], events: [{ id: 'teams', weapon: 'foil', pools: [{ ...pools[0]!, done: 1 }], team: true }] });
    expect((later.events[0]!.poolsEnd - T0) / MIN).toBe(84);
    // The same pool of 3 individual fencers: 3 bouts of 3.5 minutes (to the minute).
    const ind = estimateSchedule({ start: T0, now: T0, pistes: ['1'], events: [{ id: 'ind', weapon: 'foil', pools }] });
    expect((ind.events[0]!.poolsEnd - T0) / MIN).toBe(11);
  });

  it('the day’s snapshot schedules a team event’s tableau at team minutes', () => {
    const tableau = { size: 4, rounds: [{ matches: 2, done: 0 }, { matches: 1, done: 0 }] };
    const snapshot: Pick<DaySnapshot, 'day' | 'events' | 'pistes' | 'placements'> = {
      day: { id: 'd', name: 'Open', date: '2026-12-05', venue: null, board_id: 'b', board_shared: false, starts_at: '09:00', minutes: { foil: { team: 40 } }, guests_call: false, created_at: 0, updated_at: 0 },
      events: [
        { practice_id: 'ind', name: 'U15', weapon: 'foil', practice_type: 'individual', position: 0, pools: [], tableau },
        { practice_id: 'teams', name: 'U15 teams', weapon: 'foil', practice_type: 'team', position: 1, pools: [], tableau },
      ],
      pistes: pistes(2),
      placements: [],
    };
    const s = scheduleOfDay(snapshot, T0, T0)!;
    // Individual: 12 + 12 minutes; teams: 40 + 40.
    expect(s.events.map((e) => (e.end - T0) / MIN)).toEqual([24, 80]);
  });
});
