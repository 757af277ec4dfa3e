import { describe, expect, it } from 'vitest';
import type { AccountBackup } from '../../core/interop/backup';
import { refusalOf, restoreFile } from '../helpers/backup-file';
import { RELAY_ORDER } from '../../core/fencing/team-relay';
import { lineupForBackup, MAX_TEAM_RELAYS } from '../../core/interop/backup-rounds';
import { TEAM_TABLEAU_MAX } from '../../core/fencing/team-tableau';
import { ERROR_MESSAGES } from '../../core/messages';
import type { LineupSide, TeamLineup } from '../../core/contracts/team-tableau';

type FilePractice = AccountBackup['practices'][number];
type FilePlayer = FilePractice['pools'][number]['players'][number];

const entry = (id: string, name: string, position: number, more: Partial<FilePlayer> = {}): FilePlayer => ({ id, athlete_id: null, name, position, status: null, ...more });

/** Round 1: one pool of four; round 2: ANNA, BEN and CARL on with seeds 1 to 3 (in a drawn sheet order), and ZOE added by hand. */
const rounds: FilePractice = {
  id: 'P1', name: 'Two rounds', date: '2026-12-05', practice_type: 'individual', weapon: 'foil', created_at: 10,
  pools: [
    { id: 'T1', name: 'Pool 1', round: 1, created_at: 11, players: ['ANNA', 'BEN', 'CARL', 'DORA'].map((n, i) => entry(`E${i + 1}`, n, i + 1)), bouts: [] },
    {
      id: 'T2', name: 'Round 2 · Pool 1', round: 2, created_at: 12, bouts: [],
      players: [
        entry('F1', 'CARL', 1, { seed: 3, first_round_id: 'E3' }), entry('F2', 'ANNA', 2, { seed: 1, first_round_id: 'E1' }),
        entry('F3', 'BEN', 3, { seed: 2, first_round_id: 'E2' }), entry('F4', 'ZOE', 4, { seed: null, first_round_id: null }),
      ],
    },
  ],
  format: null, absentees: [], bracket: null, teams: [], relays: [],
};

/** Nine relays of 5–4: team A (seed 1, the drawn team TA) wins the final 45–36. */
const relays = Array.from({ length: 9 }, (_, i) => ({ round: 1, position: 0, match_number: i + 1, score_a: 5, score_b: 4, winner: null }));

/** A team practice of two teams with a drawn team tableau (its entries are the teams), its final fenced on the relay sheet. */
const teams: FilePractice = {
  id: 'P2', name: 'Team final', date: '2026-12-06', practice_type: 'team', weapon: 'sabre', created_at: 20, pools: [],
  format: { cut: { kind: 'all' }, third_place: 'shared', places_5_8: false }, absentees: [],
  teams: (['TA', 'TB'] as const).map((id, i) => ({ id, team_number: i + 1, members: [1, 2, 3].map((position) => ({ athlete_id: null, athlete_name: `${id} M${position}`, position })) })),
  bracket: {
    seeding: [{ id: 'TA', name: 'Team 1', seed: 1 }, { id: 'TB', name: 'Team 2', seed: 2 }],
    matches: [{ round: 1, position: 0, player1_id: 'TA', player2_id: 'TB', player1_score: 45, player2_score: 36, winner_id: 'TA' }],
  },
  relays: [],
  team_tableau: { seeded_by: 'draw', relays: relays.map((r, i) => ({ ...r, fencer_a_number: RELAY_ORDER[i]![0], fencer_b_number: RELAY_ORDER[i]![1] })), lineups: [] },
};

const backup: AccountBackup = { format: 'piste-backup', version: 1, exported_at: 5, athletes: [], practices: [rounds, teams], days: [] };

const changed = (change: (p: { rounds: FilePractice; teams: FilePractice }) => void) => {
  const b = structuredClone(backup);
  change({ rounds: b.practices[0]!, teams: b.practices[1]! });
  return b;
};

type FileLineup = Omit<TeamLineup, 'version'>;

/** Team `team`'s member at `place` (1–4) as a line-up names them. */
const member = (team: string, place: number) => ({ id: `${team}${place}`, name: `${team} M${place}` });
/** A side of team `team`: its four members, the fencers in `order`, the reserve at `reserve`. */
const side = (team: string, order: number[], reserve: number | null): LineupSide =>
  ({ members: [1, 2, 3, 4].map((n) => member(team, n)), fencers: order.map((n) => member(team, n)), reserve: reserve === null ? null : member(team, reserve) });

/**
 * The final drawn with TB, the match's second team, as team A: TB's captain puts its 3rd member first, both teams name
 * their 4th member reserve, and TA's reserve comes in for fencer 1 from relay 4. Side A wins every relay 5–4, so TB
 * wins the match 45–36: player1 (TA) 36, player2 (TB) 45.
 */
const withLineup = changed(({ teams: t }) => {
  for (const team of t.teams) team.members = [1, 2, 3, 4].map((position) => ({ id: `${team.id}${position}`, athlete_id: null, athlete_name: `${team.id} M${position}`, position }));
  Object.assign(t.bracket!.matches[0]!, { player1_score: 36, player2_score: 45, winner_id: 'TB' });
  const lineup: FileLineup = { round: 1, position: 0, team_a: 'TB', drawn: true, a: side('TB', [3, 1, 2], 4), b: side('TA', [1, 2, 3], 4), subs: [{ place: 1, relay: 4, injury: false }] };
  t.team_tableau!.lineups = [lineup];
});

const lineupChanged = (change: (l: FileLineup, t: FilePractice) => void) => {
  const b = structuredClone(withLineup);
  const t = b.practices[1]!;
  change(t.team_tableau!.lineups[0]!, t);
  return b;
};

describe('team match line-ups in the account backup (issue 58)', () => {
  it('restores a line-up whose team A is the match’s second team: team A and every member under their new ids, names as given', () => {
    expect(refusalOf(withLineup)).toBeNull();
    const rows = restoreFile(withLineup);
    const practiceId = rows.practices.find((p) => p.name === 'Team final')!.id;
    const teamId = new Map(rows.teams.map((t) => [t.team_number, t.id]));
    const memberId = new Map(rows.team_members.map((m) => [m.athlete_name, m.id]));
    const named = (team: string, place: number) => ({ id: memberId.get(`${team} M${place}`), name: `${team} M${place}` });
    const newSide = (team: string, order: number[], reserve: number) => ({ members: [1, 2, 3, 4].map((n) => named(team, n)), fencers: order.map((n) => named(team, n)), reserve: named(team, reserve) });
    expect(rows.team_lineups).toEqual([{ practice_id: practiceId, round: 1, position: 0, team_a: teamId.get(2), drawn: 1, lineup: expect.any(String), updated_at: 99, version: 1 }]);
    expect(JSON.parse(rows.team_lineups[0]!.lineup as string)).toEqual({ a: newSide('TB', [3, 1, 2], 4), b: newSide('TA', [1, 2, 3], 4), subs: [{ place: 1, relay: 4, injury: false }] });
    expect(rows.bracket_matches.find((m) => m.practice_id === practiceId)).toMatchObject({ player1_score: 36, player2_score: 45, winner_id: teamId.get(2) });
  });

  it('backs up a stored line-up as the route reads it: none once its team A left the match, a side of a team replaced since with no order', () => {
    const t = withLineup.practices[1]!;
    const stored = t.team_tableau!.lineups[0]!;
    expect(lineupForBackup(t, stored)).toEqual(stored);
    expect(lineupForBackup(t, { ...stored, team_a: 'TC' })).toBeNull();
    expect(lineupForBackup(t, { ...stored, position: 1 })).toBeNull();
    // Side B was TC's before a correction put TA in the match: TA's members, no order, TC's reserve no longer in.
    const stale = { ...stored, b: side('TC', [1, 2, 3], 4) };
    const backedUp = lineupForBackup(t, stale)!;
    expect(backedUp).toEqual({ ...stored, b: { members: side('TA', [], null).members, fencers: [], reserve: null }, subs: [] });
    expect(refusalOf(lineupChanged((_, p) => { p.team_tableau!.lineups = [backedUp]; }))).toBeNull();
  });

  it('reads a file made before line-ups as having none', () => {
    const old = changed(({ teams: t }) => { delete (t.team_tableau as { lineups?: unknown }).lineups; });
    expect(refusalOf(old)).toBeNull();
    expect(restoreFile(old).team_lineups).toEqual([]);
  });

  it('decides a match for the line-up’s team A: without it, or with the first team as A, the sheet gives another result', () => {
    const damaged = 'This backup is damaged: round 1, match 1 of the team tableau of Team final is not what its relay sheet gives';
    expect(refusalOf(lineupChanged((_, t) => { t.team_tableau!.lineups = []; }))).toBe(damaged);
    expect(refusalOf(lineupChanged((l) => { l.team_a = 'TA'; [l.a, l.b] = [l.b, l.a]; l.subs = []; }))).toBe(damaged);
    // The same file with TA drawn as A and the result TA's restores.
    expect(refusalOf(lineupChanged((l, t) => {
      l.team_a = 'TA'; [l.a, l.b] = [l.b, l.a]; l.subs = [];
      Object.assign(t.bracket!.matches[0]!, { player1_score: 45, player2_score: 36, winner_id: 'TA' });
    }))).toBeNull();
  });

  it('refuses a line-up of no match or of a team not in it, twice on a match, of members not of its team, or as the line-up route would not take it', () => {
    const of = 'This backup is damaged: the line-up of round 1, match 1 of the team tableau of Team final';
    expect(refusalOf(lineupChanged((l) => { l.team_a = 'TC'; }))).toBe(`${of} does not name a team of that match`);
    expect(refusalOf(lineupChanged((l) => { l.position = 1; }))).toBe('This backup is damaged: the line-up of round 1, match 2 of the team tableau of Team final does not name a team of that match');
    expect(refusalOf(lineupChanged((l, t) => { t.team_tableau!.lineups.push({ ...l }); }))).toBe('This backup is damaged: a line-up of the team tableau of Team final appears twice');
    expect(refusalOf(lineupChanged((l) => { l.drawn = false; }))).toBe(`${of} keeps as team A a team other than the match's first`);
    // Side A is TB's: a member of TA, or one the file's teams do not have, is not of it.
    expect(refusalOf(lineupChanged((l) => { l.a.members[3] = member('TA', 4); l.a.reserve = member('TA', 4); }))).toBe(`${of} names a member who is not of its team`);
    expect(refusalOf(lineupChanged((l) => { l.b.members.push(member('TA', 9)); }))).toBe(`${of} names a member who is not of its team`);
    expect(refusalOf(lineupChanged((l) => { l.b.members.push(member('TA', 1)); }))).toBe(`${of} names a member who is not of its team`);
    expect(refusalOf(lineupChanged((l) => { l.a.fencers.pop(); }))).toBe(`${of}: ${ERROR_MESSAGES.lineup_fencers}`);
    expect(refusalOf(lineupChanged((l) => { l.a.reserve = member('TB', 3); }))).toBe(`${of}: ${ERROR_MESSAGES.lineup_reserve}`);
    expect(refusalOf(lineupChanged((l) => { l.subs = [{ place: 1, relay: 5, injury: false }]; }))).toBe(`${of}: ${ERROR_MESSAGES.substitution_relay}`);
    expect(refusalOf(lineupChanged((l) => { l.b.reserve = null; }))).toBe(`${of}: ${ERROR_MESSAGES.substitution_no_reserve}`);
    expect(refusalOf(lineupChanged((l) => { l.a.fencers[0] = { ...l.a.fencers[0]!, name: 'Someone else' }; }))).toBe(`${of} names a fencer otherwise than among its members`);
    // Member ids tie line-ups to teams: each once in a practice.
    expect(refusalOf(lineupChanged((_, t) => { t.teams[1]!.members[0]!.id = 'TA1'; }))).toBe('This backup is damaged: a team member of Team final appears twice');
    // Bounds: one line-up a match of the largest tableau, four substitutions, three fencers.
    expect(refusalOf(lineupChanged((l, t) => { t.team_tableau!.lineups = Array.from({ length: TEAM_TABLEAU_MAX + 1 }, () => l); }))).not.toBeNull();
    expect(refusalOf(lineupChanged((l) => { l.subs = Array.from({ length: 5 }, () => l.subs[0]!); }))).not.toBeNull();
    expect(refusalOf(lineupChanged((l) => { l.a.fencers.push(member('TB', 4)); }))).not.toBeNull();
  });
});

describe('second rounds and team tableaux in the account backup (issue 28)', () => {
  it('restores a second round: pools keep their round, round-2 entries their seed and the new id of the round-1 entry they continue', () => {
    const rows = restoreFile(backup);
    const practiceId = rows.practices.find((p) => p.name === 'Two rounds')!.id;
    const pools = rows.tournaments.filter((t) => t.practice_id === practiceId);
    expect(pools.map((t) => [t.name, t.round])).toEqual([['Pool 1', 1], ['Round 2 · Pool 1', 2]]);
    const [first, second] = pools.map((t) => rows.players.filter((p) => p.tournament_id === t.id));
    const firstId = new Map(first!.map((p) => [p.name, p.id]));
    expect(first!.every((p) => p.seed === null && p.first_round_id === null)).toBe(true);
    expect(second!.map((p) => [p.name, p.position, p.seed, p.first_round_id])).toEqual([
      ['CARL', 1, 3, firstId.get('CARL')], ['ANNA', 2, 1, firstId.get('ANNA')], ['BEN', 3, 2, firstId.get('BEN')], ['ZOE', 4, null, null],
    ]);
    // New ids throughout: nothing in the file's ids reaches the account.
    expect([...firstId.values()].some((id) => ['E1', 'E2', 'E3', 'E4'].includes(String(id)))).toBe(false);
  });

  it('restores a team tableau: its mark and every relay row on the new practice, versions starting again, the drawn teams under their new ids', () => {
    const rows = restoreFile(backup);
    const practiceId = rows.practices.find((p) => p.name === 'Team final')!.id;
    expect(rows.team_tableaux).toEqual([{ practice_id: practiceId, user_id: 'me', seeded_by: 'draw', created_at: 99 }]);
    expect(rows.team_relays).toHaveLength(9);
    expect(rows.team_relays[8]).toEqual({ practice_id: practiceId, round: 1, position: 0, match_number: 9, fencer_a_number: 5, fencer_b_number: 3, score_a: 5, score_b: 4, winner: null, updated_at: 99, version: 1 });
    const teamId = new Map(rows.teams.map((t) => [t.team_number, t.id]));
    const seeding = JSON.parse(rows.brackets.find((b) => b.practice_id === practiceId)!.seeding as string) as { id: string; seed: number }[];
    expect(seeding.map((s) => [s.seed, s.id])).toEqual([[1, teamId.get(1)], [2, teamId.get(2)]]);
    expect(rows.bracket_matches.find((m) => m.practice_id === practiceId)).toMatchObject({ player1_id: teamId.get(1), player2_id: teamId.get(2), winner_id: teamId.get(1), player1_score: 45 });
    expect(rows.team_members.filter((m) => m.team_id === teamId.get(1)).map((m) => m.athlete_name)).toEqual(['TA M1', 'TA M2', 'TA M3']);
  });

  it('restores a file made before rounds and team tableaux as before: round 1, no seeds, no team tableau', () => {
    const old = changed(({ rounds: r, teams: t }) => {
      r.pools = [r.pools[0]!];
      for (const pl of r.pools[0]!.players) delete (pl as Partial<FilePlayer>).seed;
      delete (r.pools[0] as { round?: number }).round;
      for (const team of t.teams) delete team.id;
      t.bracket = null;
      delete t.team_tableau;
    });
    const rows = restoreFile(old);
    expect(rows.tournaments.map((t) => t.round)).toEqual([1]);
    expect(rows.players.every((p) => p.seed === null && p.first_round_id === null)).toBe(true);
    expect(rows.teams).toHaveLength(2);
    expect([rows.team_tableaux, rows.team_relays]).toEqual([[], []]);
  });

  it('refuses a round-2 entry that does not continue a round-1 entry of its practice, and a round other than 1 or 2', () => {
    const second = (p: FilePractice) => p.pools[1]!.players;
    expect(refusalOf(changed(({ rounds: r }) => { second(r)[0]!.first_round_id = 'nobody'; }))).toBe('This backup is damaged: CARL in round 2 of Two rounds does not continue a round-1 entry of it');
    // A round-2 entry is not a round-1 one, nor is another practice's entry.
    expect(refusalOf(changed(({ rounds: r }) => { second(r)[0]!.first_round_id = 'F2'; }))).toBe('This backup is damaged: CARL in round 2 of Two rounds does not continue a round-1 entry of it');
    expect(refusalOf(changed(({ rounds: r, teams: t }) => {
      t.pools = [{ id: 'T9', name: 'Pool 1', round: 1, created_at: 21, players: [entry('G1', 'GIL', 1)], bouts: [] }];
      second(r)[0]!.first_round_id = 'G1';
    }))).toBe('This backup is damaged: CARL in round 2 of Two rounds does not continue a round-1 entry of it');
    expect(refusalOf(changed(({ rounds: r }) => { second(r)[0]!.seed = null; }))).toBe('This backup is damaged: CARL in round 2 of Two rounds does not continue a round-1 entry of it');
    // A seed alone is a round-2 entry whose round-1 entry was deleted since: the file restores.
    expect(refusalOf(changed(({ rounds: r }) => { second(r)[0]!.first_round_id = null; }))).toBeNull();
    expect(refusalOf(changed(({ rounds: r }) => { second(r)[0]!.first_round_id = 'E1'; }))).toBe('This backup is damaged: two round-2 entries of Two rounds continue the same round-1 entry');
    expect(refusalOf(changed(({ rounds: r }) => { second(r)[0]!.seed = 1; }))).toBe('This backup is damaged: two round-2 entries of Two rounds share a seed');
    expect(refusalOf(changed(({ rounds: r }) => { r.pools[0]!.players[3]!.seed = 4; }))).toBe('This backup is damaged: a round-1 entry of Two rounds has a round-2 seed');
    expect(refusalOf(changed(({ rounds: r }) => { (r.pools[1] as { round: number }).round = 3; }))).not.toBeNull();
    expect(refusalOf(changed(({ rounds: r }) => { second(r)[0]!.seed = 0; }))).not.toBeNull();
  });

  it('refuses a relay row of no match of the team tableau, one as the relay route would not take it, and a team tableau outside a team practice', () => {
    const sheet = (p: FilePractice) => p.team_tableau!.relays;
    expect(refusalOf(changed(({ teams: t }) => { sheet(t)[0]!.position = 1; })))
      .toBe('This backup is damaged: round 1, match 2, relay 1 of the team tableau of Team final is not a match of its tableau between two teams');
    // A row without touches may stay on a match whose teams an earlier result took away again; one with touches may not.
    // Four teams: the first semi-final won by TA, the second not fenced, so the final waits for its second team.
    const fourTeams = (finalRelay: { score_a: number | null; score_b: number | null }) => changed(({ teams: t }) => {
      t.teams = (['TA', 'TB', 'TC', 'TD'] as const).map((id, i) => ({ id, team_number: i + 1, members: [1, 2, 3].map((position) => ({ athlete_id: null, athlete_name: `${id} M${position}`, position })) }));
      t.bracket = {
        seeding: t.teams.map((team, i) => ({ id: team.id!, name: `Team ${i + 1}`, seed: i + 1 })),
        matches: [
          { round: 1, position: 0, player1_id: 'TA', player2_id: 'TD', player1_score: 45, player2_score: 36, winner_id: 'TA' },
          { round: 1, position: 1, player1_id: 'TC', player2_id: 'TB', player1_score: null, player2_score: null, winner_id: null },
          { round: 2, position: 0, player1_id: 'TA', player2_id: null, player1_score: null, player2_score: null, winner_id: null },
        ],
      };
      t.team_tableau!.relays.push({ ...sheet(t)[0]!, round: 2, position: 0, winner: null, ...finalRelay });
    });
    expect(refusalOf(fourTeams({ score_a: null, score_b: null }))).toBeNull();
    expect(refusalOf(fourTeams({ score_a: 2, score_b: 1 })))
      .toBe('This backup is damaged: round 2, match 1, relay 1 of the team tableau of Team final is not a match of its tableau between two teams');
    expect(refusalOf(changed(({ teams: t }) => { sheet(t)[1]!.match_number = 1; }))).toBe('This backup is damaged: a relay of the team tableau of Team final appears twice');
    expect(refusalOf(changed(({ teams: t }) => { sheet(t)[0]!.fencer_a_number = 1; })))
      .toBe('This backup is damaged: round 1, match 1, relay 1 of the team tableau of Team final does not pair fencers 6 and 3');
    expect(refusalOf(changed(({ teams: t }) => { sheet(t)[0]!.score_a = 25; })))
      .toBe('This backup is damaged: round 1, match 1, relay 1 of the team tableau of Team final: Touch scores must be whole numbers from 0 to 20');
    // The match's result is its sheet's: the totals, the winner; a sheet not over leaves the match open.
    expect(refusalOf(changed(({ teams: t }) => { t.bracket!.matches[0]!.player2_score = 35; })))
      .toBe('This backup is damaged: round 1, match 1 of the team tableau of Team final is not what its relay sheet gives');
    expect(refusalOf(changed(({ teams: t }) => { sheet(t).pop(); })))
      .toBe('This backup is damaged: round 1, match 1 of the team tableau of Team final is not what its relay sheet gives');
    expect(refusalOf(changed(({ teams: t }) => { sheet(t).pop(); Object.assign(t.bracket!.matches[0]!, { player1_score: null, player2_score: null, winner_id: null }); }))).toBeNull();
    expect(refusalOf(changed(({ teams: t }) => { t.bracket = null; }))).toBe('This backup is damaged: Team final has a team tableau but no tableau of a team practice');
    expect(refusalOf(changed(({ rounds: r }) => { r.team_tableau = { seeded_by: 'pools', relays: [], lineups: [] }; })))
      .toBe('This backup is damaged: Two rounds has a team tableau but no tableau of a team practice');
    // The tableau's entries are the file's teams: a team id the file does not have leaves it naming no one.
    expect(refusalOf(changed(({ teams: t }) => { t.teams[1]!.id = 'TC'; }))).toBe('This backup is damaged: the tableau of Team final names a fencer not in its pools');
    expect(refusalOf(changed(({ teams: t }) => { t.teams[1]!.id = 'E1'; }))).toBe('This backup is damaged: a team of Team final appears twice');
    expect(refusalOf(changed(({ teams: t }) => { t.team_tableau = { seeded_by: 'draw', relays: Array.from({ length: MAX_TEAM_RELAYS + 1 }, () => sheet(t)[0]!), lineups: [] }; }))).not.toBeNull();
  });
});
