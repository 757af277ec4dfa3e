import { describe, expect, it } from 'vitest';
import type { LineupSubstitution, TeamLineup } from '../../../core/contracts/team-tableau';
import { teamMatchesOfAthlete, type TeamLineupRow } from '../../../core/fencing/relay-history';

const f = (id: string) => ({ id, name: id.toUpperCase() });

/** Team 2 (drawn as team A, places 4–6: a4, a5, a6, reserve ar) against Team 1 (team B, places 1–3: b1, b2, b3, reserve br). */
function lineup(subs: LineupSubstitution[]): Pick<TeamLineup, 'a' | 'b' | 'subs'> {
  return {
    a: { members: [], fencers: [f('a4'), f('a5'), f('a6')], reserve: f('ar') },
    b: { members: [], fencers: [f('b1'), f('b2'), f('b3')], reserve: f('br') },
    subs,
  };
}

/**
 * Relays (score_a–score_b) in the order 6-3, 5-1, 4-2, 6-1, 4-3, 5-2, 4-1, 6-2, 5-3; running score 5–3, 9–9, 15–15,
 * 20–20, 25–24, 28–30, 32–35, 40–40, 45–43: team A (Team 2) wins.
 */
const SHEET: [number, number][] = [[5, 3], [4, 6], [6, 6], [5, 5], [5, 4], [3, 6], [4, 5], [8, 5], [5, 3]];
const relays = (sheet: [number, number][]) => JSON.stringify(sheet.map(([a, b], i) => ({ match_number: i + 1, score_a: a, score_b: b, winner: null })));

/** The athletes the members fence for: Anna is a6, Ben b1 (replaced), Rosa br (Team 1's reserve), Ari ar (a reserve never brought in). */
const LINKS = JSON.stringify({ a6: 'anna', b1: 'ben', br: 'rosa', ar: 'ari' });

const row = (over: Partial<TeamLineupRow> = {}): TeamLineupRow => ({
  date: '2026-11-20', practice_id: 'p1', practice: 'Team night', updated_at: 10, round: 1, position: 0, first_round: 1,
  player1_id: 'T1', player2_id: 'T2', name1: 'Team 1', name2: 'Team 2', team_a: 'T2', drawn: 1,
  // Team 1's reserve comes in for its fencer 1 (place 1) at relay 4: relays 4 and 7 are hers, relay 2 stays b1's.
  lineup: JSON.stringify(lineup([{ place: 1, relay: 4, injury: false }])), relays: relays(SHEET), links: LINKS, ...over,
});

describe("a fencer's team matches (issue 58)", () => {
  it('counts the reserve brought in at relay 4 for fencer 1 on her relays only (4 and 7), with her touches', () => {
    expect(teamMatchesOfAthlete('rosa', [row()])).toEqual([{
      date: '2026-11-20', practice_id: 'p1', practice: 'Team night', seq: 10, phase: 'Final', round: 1, rounds: 1,
      team: 'Team 1', opponent: 'Team 2', reserve: true, relays: 2, scored: 5 + 5, received: 5 + 4, victory: false,
    }]);
  });

  it('counts the fencer she replaced on the relay he fenced before (2) only', () => {
    expect(teamMatchesOfAthlete('ben', [row()])).toEqual([expect.objectContaining({ team: 'Team 1', opponent: 'Team 2', reserve: false, relays: 1, scored: 6, received: 4, victory: false })]);
  });

  it('counts a fencer of team A on the places’ relays (6: 1, 4, 8) from team A’s side of the sheet, and their win', () => {
    expect(teamMatchesOfAthlete('anna', [row()])).toEqual([expect.objectContaining({ team: 'Team 2', opponent: 'Team 1', reserve: false, relays: 3, scored: 5 + 5 + 8, received: 3 + 5 + 5, victory: true })]);
  });

  it('does not list a reserve never brought in, an athlete no member fences for, or a line-up of teams no longer in the match', () => {
    expect(teamMatchesOfAthlete('ari', [row()])).toEqual([]);
    expect(teamMatchesOfAthlete('cleo', [row()])).toEqual([]);
    expect(teamMatchesOfAthlete('anna', [row({ team_a: 'T9' })])).toEqual([]);
  });

  it('counts only the relays that count, says an unfinished match is neither won nor lost, names the round, newest first', () => {
    // A semi-final of a table of 4 (first round 2 matches), fenced to relay 5 with relay 7 typed ahead: relays 1–5 count.
    const partial: [number, number][] = [[5, 3], [4, 6], [6, 6], [5, 5], [5, 4]];
    const sheet = JSON.stringify([...JSON.parse(relays(partial)), { match_number: 7, score_a: 4, score_b: 5, winner: null }]);
    const semi = row({ date: '2026-11-13', practice_id: 'p0', practice: 'Earlier', first_round: 2, relays: sheet });
    const third = row({ date: '2026-11-13', practice_id: 'p0', practice: 'Earlier', updated_at: 20, round: 2, position: 1, first_round: 2 });
    const matches = teamMatchesOfAthlete('rosa', [semi, row(), third]);
    expect(matches.map((m) => [m.practice_id, m.phase, m.relays, m.scored, m.received, m.victory])).toEqual([
      ['p1', 'Final', 2, 10, 9, false],
      ['p0', 'Bout for 3rd place', 2, 10, 9, false],
      ['p0', 'Semi-finals', 1, 5, 5, null],
    ]);
  });

  it('leaves out a match where two members linked to the athlete fence for both teams', () => {
    expect(teamMatchesOfAthlete('anna', [row({ links: JSON.stringify({ a6: 'anna', b2: 'anna' }) })])).toEqual([]);
  });
});
