import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { BracketMatch, Seed } from '../../../core/fencing/bracket';
import {
  buildTeamTableau, drawSheetSides, drawTeamSeeds, scoreTeamMatch, seedTeamsFromPools, teamMatchState, teamStandings, TeamTableauError,
  TEAM_TABLEAU_MAX, TEAM_TABLEAU_MIN, thirdPlaceMatchOf, type TeamRelayRow, type TeamScoreEntry,
} from '../../../core/fencing/team-tableau';
import { seeded } from '../../helpers/random';

/** A relay sheet from the running score after each relay ([A, B] cumulative), as the paper sheet reads. */
function sheet(totals: [number, number][], winner?: 'A' | 'B'): TeamRelayRow[] {
  return totals.map(([a, b], i) => {
    const [pa, pb] = i === 0 ? [0, 0] : totals[i - 1]!;
    return { match_number: i + 1, score_a: a - pa, score_b: b - pb, ...(winner && i === totals.length - 1 ? { winner } : {}) };
  });
}

/** Nine relays ending at a–b, the touches spread evenly (each relay's total rounded from the final one). */
const sheetTo = (a: number, b: number, winner?: 'A' | 'B') =>
  sheet(Array.from({ length: 9 }, (_, i): [number, number] => [Math.round((a * (i + 1)) / 9), Math.round((b * (i + 1)) / 9)]), winner);

/** A team pool whose entries are `Team n` and whose bouts are team matches to 45. */
const pool = (id: string, names: string[], bouts: [number, number, number, number][]): PoolSnapshot => ({
  id, practice_id: 'p', name: id, version: 1, created_at: 0,
  players: names.map((name, i) => ({ id: `${id}-${name}`, name, athlete_id: null, position: i + 1, status: null })),
  bouts: bouts.map(([a, b, s1, s2]) => ({ player1_id: `${id}-${names[a]}`, player2_id: `${id}-${names[b]}`, score1: s1, score2: s2, priority_id: null, updated_at: 0, version: 1 })),
});

// Six teams in two pools of three. Pool A: Team 1 beats Team 2 45–30 and Team 3 45–40; Team 2 beats Team 3
// 45–38. Pool B: Team 4 beats Team 5 45–20, Team 6 beats Team 4 45–43, Team 5 beats Team 6 45–35.
const sixTeamPools = [
  pool('A', ['Team 1', 'Team 2', 'Team 3'], [[0, 1, 45, 30], [0, 2, 45, 40], [1, 2, 45, 38]]),
  pool('B', ['Team 4', 'Team 5', 'Team 6'], [[0, 1, 45, 20], [2, 0, 45, 43], [1, 2, 45, 35]]),
];

const at = (matches: BracketMatch[], round: number, position: number) => matches.find((m) => m.round === round && m.position === position)!;

describe('seeding the team tableau', () => {
  it('ranks teams by victories ratio, then indicator, then touches scored (o.73.1)', () => {
    // Team 1 1.0; then at 0.5: Team 4 (+23), Team 6 (−8, 80 scored), Team 2 (−8, 75 scored), Team 5 (−15); Team 3 0.0.
    expect(seedTeamsFromPools(sixTeamPools).map((s) => [s.seed, s.name])).toEqual([
      [1, 'Team 1'], [2, 'Team 4'], [3, 'Team 6'], [4, 'Team 2'], [5, 'Team 5'], [6, 'Team 3'],
    ]);
  });

  it('waits for the team pools to be finished', () => {
    const unfinished = [pool('A', ['Team 1', 'Team 2', 'Team 3'], [[0, 1, 45, 30]])];
    expect(() => seedTeamsFromPools(unfinished)).toThrow(new TeamTableauError('The team pools are not finished: 2 match(es) to fence'));
  });

  it('needs at least two teams', () => {
    expect(() => seedTeamsFromPools([pool('A', ['Team 1'], [])])).toThrow(TeamTableauError);
  });

  it('draws lots with the injected random source (o.98.2)', () => {
    const teams = ['t1', 't2', 't3', 't4'].map((id) => ({ id, name: id.toUpperCase() }));
    // Always drawing the first remaining place: Fisher–Yates swaps 4↔1, 3↔1, 2↔1.
    expect(drawTeamSeeds(teams, () => 0).map((s) => [s.seed, s.id])).toEqual([[1, 't2'], [2, 't3'], [3, 't4'], [4, 't1']]);
    const drawn = drawTeamSeeds(teams, seeded(7));
    expect(drawTeamSeeds(teams, seeded(7))).toEqual(drawn);
    expect(drawn.map((s) => s.id).sort()).toEqual(['t1', 't2', 't3', 't4']);
    expect(drawn.map((s) => s.seed)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a draw of one team, of more than a practice holds (128), or with a team twice', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, name: `T${i}` }));
    expect(TEAM_TABLEAU_MIN).toBe(2);
    expect(TEAM_TABLEAU_MAX).toBe(128);
    expect(() => drawTeamSeeds(many(1), seeded(1))).toThrow('A team tableau needs 2 to 128 teams (got 1)');
    expect(() => drawTeamSeeds(many(129), seeded(1))).toThrow('A team tableau needs 2 to 128 teams (got 129)');
    expect(drawTeamSeeds(many(128), seeded(1))).toHaveLength(128);
    expect(() => drawTeamSeeds([{ id: 'a', name: 'A' }, { id: 'a', name: 'A again' }], seeded(1))).toThrow('Each team may enter the draw only once');
  });
});

describe('placing teams in the tableau', () => {
  const seeds = seedTeamsFromPools(sixTeamPools);
  const id = (name: string) => seeds.find((s) => s.name === name)!.id;

  it('puts 6 teams in a tableau of 8 with byes for seeds 1 and 2, who move on at once', () => {
    const matches = buildTeamTableau(seeds, false);
    expect(matches).toHaveLength(7);
    const firstRound = matches.filter((m) => m.round === 1).map((m) => [m.player1_id, m.player2_id, m.winner_id]);
    expect(firstRound).toEqual([
      [id('Team 1'), null, id('Team 1')], // 1 v bye
      [id('Team 5'), id('Team 2'), null], // 5 v 4
      [id('Team 6'), id('Team 3'), null], // 3 v 6
      [null, id('Team 4'), id('Team 4')], // bye v 2
    ]);
    expect([at(matches, 2, 0).player1_id, at(matches, 2, 1).player2_id]).toEqual([id('Team 1'), id('Team 4')]);
    expect(thirdPlaceMatchOf(matches)).toBeNull();
  });

  it('adds the match for 3rd place between the semi-finals only when asked (o.82.3)', () => {
    const matches = buildTeamTableau(seeds, true);
    expect(matches).toHaveLength(8);
    expect(thirdPlaceMatchOf(matches)).toMatchObject({ id: 'r3-m1', round: 3, position: 1, player1_id: null, player2_id: null });
  });

  it('has a single match for 2 teams, with no match for 3rd even if asked', () => {
    const two: Seed[] = [{ id: 'a', name: 'A', seed: 1 }, { id: 'b', name: 'B', seed: 2 }];
    const matches = buildTeamTableau(two, true);
    expect(matches.map((m) => [m.id, m.player1_id, m.player2_id])).toEqual([['r1-m0', 'a', 'b']]);
    expect(thirdPlaceMatchOf(matches)).toBeNull();
  });

  it('fills a table of 64 without byes, and refuses more teams than a practice holds (129) or broken seeds', () => {
    const n = (count: number): Seed[] => Array.from({ length: count }, (_, i) => ({ id: `t${i + 1}`, name: `T${i + 1}`, seed: i + 1 }));
    const full = buildTeamTableau(n(64), false);
    expect(full.filter((m) => m.round === 1)).toHaveLength(32);
    expect(at(full, 1, 0)).toMatchObject({ player1_id: 't1', player2_id: 't64', winner_id: null });
    expect(buildTeamTableau(n(128), false).filter((m) => m.round === 1)).toHaveLength(64);
    expect(() => buildTeamTableau(n(129), false)).toThrow(TeamTableauError);
    expect(() => buildTeamTableau([{ id: 'a', name: 'A', seed: 1 }, { id: 'b', name: 'B', seed: 3 }], false)).toThrow(
      'Team seeds must be distinct teams numbered 1 to the number of teams',
    );
    expect(() => buildTeamTableau([{ id: 'a', name: 'A', seed: 1 }, { id: 'a', name: 'A', seed: 2 }], false)).toThrow(TeamTableauError);
  });

  it('draws the sides of the score sheet by lots (o.99.4)', () => {
    const match = { player1_id: 'x', player2_id: 'y' };
    expect(drawSheetSides(match, () => 0.2)).toEqual({ a: 'x', b: 'y' });
    expect(drawSheetSides(match, () => 0.7)).toEqual({ a: 'y', b: 'x' });
    expect(() => drawSheetSides({ player1_id: 'x', player2_id: null }, () => 0.2)).toThrow('Both teams of the match must be known');
  });
});

describe('a team match from its relay sheet (t.41)', () => {
  const upTo35 = [[5, 3], [10, 7], [15, 12], [20, 14], [25, 19], [30, 24], [35, 28]] as [number, number][];

  it('ends when team A reaches 45 at relay 8, and a ninth relay typed after it does not count', () => {
    const rows = [...sheet([...upTo35, [45, 33]]), { match_number: 9, score_a: 3, score_b: 2 }];
    const state = teamMatchState(rows);
    expect(state).toMatchObject({ status: 'over', winner: 'A', decidedBy: 'goal', relay: 8, score: { a: 45, b: 33 }, ignored: [9] });
    expect(state.totals).toHaveLength(8);
    // Relay 8 fences to 40 (t.41.2): 45 there passes its target by more than a penalty touch, so it is flagged.
    expect(state.overTarget).toEqual([8]);
  });

  it('ends when a team reaches 45 in the ninth relay', () => {
    const state = teamMatchState(sheet([...upTo35, [40, 33], [45, 38]]));
    expect(state).toMatchObject({ status: 'over', winner: 'A', decidedBy: 'goal', relay: 9, score: { a: 45, b: 38 }, ignored: [], overTarget: [] });
  });

  it('ends after relay 9 at 43–40: time ran out, the higher total wins (t.41.4)', () => {
    const state = teamMatchState(sheet([[5, 4], [10, 8], [15, 12], [20, 17], [25, 21], [30, 26], [35, 31], [40, 36], [43, 40]]));
    expect(state).toMatchObject({ status: 'over', winner: 'A', decidedBy: 'relays', relay: 9, score: { a: 43, b: 40 } });
    expect(state.totals.map((t) => `${t.a}-${t.b}`)).toEqual(['5-4', '10-8', '15-12', '20-17', '25-21', '30-26', '35-31', '40-36', '43-40']);
  });

  it('level after relay 9 waits for the deciding touch, recorded as the last row’s winner (t.41.5)', () => {
    const level = sheetTo(40, 40);
    expect(teamMatchState(level)).toMatchObject({ status: 'deciding-touch', winner: null, decidedBy: null, relay: 9, score: { a: 40, b: 40 } });
    expect(teamMatchState(sheetTo(40, 40, 'B'))).toMatchObject({ status: 'over', winner: 'B', decidedBy: 'deciding-touch', relay: 9 });
  });

  it('ignores a winner flag when the totals differ', () => {
    expect(teamMatchState(sheetTo(41, 40, 'B'))).toMatchObject({ status: 'over', winner: 'A', decidedBy: 'relays' });
  });

  it('is in progress at the first relay not fully entered; a later relay typed ahead does not count yet', () => {
    const rows: TeamRelayRow[] = [...sheet([[5, 3], [10, 7], [15, 12]]), { match_number: 4, score_a: 2, score_b: null }, { match_number: 6, score_a: 5, score_b: 5 }];
    expect(teamMatchState(rows)).toMatchObject({ status: 'in-progress', winner: null, relay: 4, score: { a: 15, b: 12 }, ignored: [6] });
  });

  it('has not started on an empty sheet, or one with empty rows', () => {
    const empty = { status: 'not-started', relay: 1, score: { a: 0, b: 0 }, totals: [], ignored: [] };
    expect(teamMatchState([])).toMatchObject(empty);
    expect(teamMatchState([{ match_number: 1, score_a: null, score_b: null }])).toMatchObject(empty);
  });

  it('refuses malformed rows with a clear error', () => {
    const row = (r: Partial<TeamRelayRow>) => [{ match_number: 1, score_a: 5, score_b: 3, ...r }];
    expect(() => teamMatchState(row({ match_number: 10 }))).toThrow('Relay numbers run from 1 to 9, each once (got 10)');
    expect(() => teamMatchState([...row({}), ...row({})])).toThrow('Relay numbers run from 1 to 9, each once (got 1)');
    expect(() => teamMatchState(row({ score_a: -1 }))).toThrow('Relay 1: touches are whole numbers from 0 to 20');
    expect(() => teamMatchState(row({ score_b: 21 }))).toThrow(TeamTableauError);
    expect(() => teamMatchState(row({ score_b: 2.5 }))).toThrow(TeamTableauError);
    expect(() => teamMatchState(row({ winner: 'C' as 'A' }))).toThrow('Relay 1: the deciding touch goes to A or B');
    expect(() => teamMatchState(Array.from({ length: 10 }, (_, i) => ({ match_number: i + 1, score_a: 1, score_b: 1 })))).toThrow(
      'A team match has 9 relays (got 10 rows)',
    );
  });
});

describe('the tableau fenced to the end, 6 teams', () => {
  const seeds = seedTeamsFromPools(sixTeamPools);
  const id = (name: string) => seeds.find((s) => s.name === name)!.id;

  function fence(matches: BracketMatch[], entry: TeamScoreEntry) {
    const r = scoreTeamMatch(matches, entry);
    if (!r.ok) throw new Error(`not scored: ${r.reason}`);
    return r;
  }

  /** Quarter-finals 2 beats 5 and 6 beats 3, semi-finals 1 beats 2 and 2 beats 6, final to seed 2 on the deciding touch. */
  function playOut(thirdPlace: boolean) {
    let m = buildTeamTableau(seeds, thirdPlace);
    m = fence(m, { round: 1, position: 1, teamA: id('Team 2'), rows: sheetTo(45, 38) }).matches;
    m = fence(m, { round: 1, position: 2, teamA: id('Team 3'), rows: sheet([[5, 4], [10, 8], [15, 12], [20, 17], [25, 21], [30, 26], [35, 31], [40, 36], [43, 40]]) }).matches;
    m = fence(m, { round: 2, position: 0, teamA: id('Team 1'), rows: sheetTo(45, 30) }).matches;
    m = fence(m, { round: 2, position: 1, teamA: id('Team 4'), rows: sheetTo(45, 41) }).matches;
    m = fence(m, { round: 3, position: 0, teamA: id('Team 1'), rows: sheetTo(40, 40, 'B') }).matches;
    return m;
  }
  const places = (standings: { name: string; place: number | null; stage: string }[]) => standings.map((s) => [s.place, s.name, s.stage]);

  it('writes the totals with team A on either side, and moves the winner on with a new version', () => {
    const start = buildTeamTableau(seeds, false);
    // Team 5 (seed 5) is the match's player1; Team 2 fences as team A, so its 45 is player2's score.
    const r = fence(start, { round: 1, position: 1, teamA: id('Team 2'), rows: sheetTo(45, 38), version: 0 });
    expect(at(r.matches, 1, 1)).toMatchObject({ player1_score: 38, player2_score: 45, winner_id: id('Team 2'), version: 1 });
    expect(at(r.matches, 2, 0)).toMatchObject({ player1_id: id('Team 1'), player2_id: id('Team 2'), version: 1 });
    expect(r.target).toMatchObject({ round: 1, position: 1, set: { player1_score: 38, player2_score: 45, winner_id: id('Team 2') } });
    expect(r.later).toEqual([{ round: 2, position: 0, set: { player2_id: id('Team 2') }, expect: { player1_score: null, player2_score: null, winner_id: null, player2_id: null } }]);
    expect(r.state.decidedBy).toBe('goal');
  });

  it('refuses a sheet not over, a stale version, a team not in the match, a match without both teams', () => {
    const start = buildTeamTableau(seeds, false);
    const entry: TeamScoreEntry = { round: 1, position: 1, teamA: id('Team 2'), rows: sheetTo(40, 40) };
    const notOver = scoreTeamMatch(start, entry);
    expect(notOver).toMatchObject({ ok: false, reason: 'not-over', state: { status: 'deciding-touch' } });
    expect(scoreTeamMatch(start, { ...entry, rows: sheetTo(45, 38), version: 3 })).toEqual({ ok: false, reason: 'stale', state: null });
    expect(scoreTeamMatch(start, { ...entry, teamA: id('Team 1') })).toEqual({ ok: false, reason: 'not-in-match', state: null });
    expect(scoreTeamMatch(start, { ...entry, round: 2, position: 0 })).toEqual({ ok: false, reason: 'teams-missing', state: null });
    expect(scoreTeamMatch(start, { ...entry, round: 4, position: 0 })).toEqual({ ok: false, reason: 'unknown-match', state: null });
  });

  it('without a match for 3rd: 1, 2, 3 and 3, then 5 and 5 in seed order', () => {
    const m = playOut(false);
    expect(at(m, 3, 0)).toMatchObject({ player1_score: 40, player2_score: 40, winner_id: id('Team 4') });
    const { standings, complete } = teamStandings(m, seeds);
    expect(complete).toBe(true);
    expect(places(standings)).toEqual([
      [1, 'Team 4', 'Champion'],
      [2, 'Team 1', 'Finalist'],
      [3, 'Team 2', 'Semi-Finalist'],
      [3, 'Team 3', 'Semi-Finalist'],
      [5, 'Team 6', 'Quarter-Finalist'],
      [5, 'Team 5', 'Quarter-Finalist'],
    ]);
  });

  it('with a match for 3rd: the semi-final losers meet, and its winner is 3rd, its loser 4th', () => {
    let m = playOut(true);
    expect(thirdPlaceMatchOf(m)).toMatchObject({ player1_id: id('Team 2'), player2_id: id('Team 3'), winner_id: null });
    expect(teamStandings(m, seeds).complete).toBe(false);
    m = fence(m, { round: 3, position: 1, teamA: id('Team 3'), rows: sheetTo(45, 44) }).matches;
    const { standings, complete } = teamStandings(m, seeds);
    expect(complete).toBe(true);
    expect(places(standings)).toEqual([
      [1, 'Team 4', 'Champion'],
      [2, 'Team 1', 'Finalist'],
      [3, 'Team 3', 'Bout for 3rd place'],
      [4, 'Team 2', 'Bout for 3rd place'],
      [5, 'Team 6', 'Quarter-Finalist'],
      [5, 'Team 5', 'Quarter-Finalist'],
    ]);
  });

  it('with 3 teams and a match for 3rd, the only semi-final loser takes 3rd by walkover', () => {
    const three: Seed[] = ['a', 'b', 'c'].map((x, i) => ({ id: x, name: x.toUpperCase(), seed: i + 1 }));
    let m = buildTeamTableau(three, true);
    m = fence(m, { round: 1, position: 1, teamA: 'c', rows: sheetTo(45, 40) }).matches; // seed 3 beats seed 2
    expect(thirdPlaceMatchOf(m)).toMatchObject({ player2_id: 'b', winner_id: 'b' });
    m = fence(m, { round: 2, position: 0, teamA: 'a', rows: sheetTo(45, 42) }).matches;
    expect(places(teamStandings(m, three).standings)).toEqual([[1, 'A', 'Champion'], [2, 'C', 'Finalist'], [3, 'B', 'Bout for 3rd place']]);
  });

  it('has no standings before anything is fenced beyond the byes', () => {
    expect(teamStandings(buildTeamTableau(seeds, false), seeds)).toEqual({ standings: [], complete: false });
  });
});
