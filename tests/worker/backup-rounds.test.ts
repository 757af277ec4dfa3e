import { describe, expect, it, vi } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { LineupSide, TeamLineup, TeamLineupWrite, TeamTableauSnapshot } from '../../core/contracts/team-tableau';
import { PLACES, relaysOfPlace } from '../../core/fencing/team-lineup';
import { resolveTableau } from '../../core/fencing/tableau';
import type { AccountBackup } from '../../core/interop/backup';
import { expectAnswer } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { backupOf } from '../helpers/account';

/** Issue 28: a backup keeps a practice's second round of pools and a team practice's team tableau with its relay sheets. */

const practiceNamed = (b: AccountBackup, name: string) => b.practices.find((p) => p.name === name)!;
const teamTableauOf = (client: Client, practiceId: string) =>
  expectAnswer(client.api.practices[':practiceId']['team-tableau'].$get({ param: { practiceId } })) as Promise<TeamTableauSnapshot>;

/** Restores `backup` into a new account; its practices by name. */
async function restoredAccount(backup: AccountBackup) {
  const { client } = await signedUpCoach('Restorer');
  const res = await client.settledApi.account.restore.$post({ json: backup });
  expect(res.status).toBe(201);
  const practices = await seed(viaClient(client)).practices();
  return { client, api: seed(viaClient(client)), idOf: (name: string) => practices.find((p) => p.name === name)!.id };
}

/** The tableau as a user reads it: each match by its fencers' (or teams') names, and the seeding by name. */
function namedTableau(pools: PoolSnapshot[], bracket: BracketSnapshot) {
  const { seeds, matches } = resolveTableau(pools, bracket);
  const nameOf = new Map(seeds.map((s) => [s.id, s.name]));
  return {
    seeds: seeds.map((s) => [s.seed, s.name]),
    matches: matches.map((m) => [m.round, m.position, nameOf.get(m.player1_id!) ?? null, nameOf.get(m.player2_id!) ?? null, m.player1_score, m.player2_score, nameOf.get(m.winner_id!) ?? null]),
  };
}

/** Each pool's round, and each entry's seed and the name of the round-1 entry it continues. */
function roundsOf(pools: PoolSnapshot[]) {
  const nameOf = new Map(pools.flatMap((p) => p.players.map((pl) => [pl.id, pl.name])));
  return pools.map((p) => [p.name, p.round ?? 1, p.players.map((pl) => [pl.position, pl.name, pl.seed ?? null, pl.first_round_id ? nameOf.get(pl.first_round_id) : null])]);
}

const TEAM_NAMES = Array.from({ length: 16 }, (_, i) => `Fencer ${i + 1}`);

type FileLineup = NonNullable<AccountBackup['practices'][number]['team_tableau']>['lineups'][number];

/** Team B's reserve in for its first fencer at that fencer's second relay: a place of side B, 1. */
const subForB = () => [{ place: PLACES.B[0]!, relay: relaysOfPlace(PLACES.B[0]!)[1]!, injury: false }];

/** A line-up as a user reads it: team A by its entry's name, each side's members, order and reserve by name. */
function namedLineup(l: Pick<TeamLineup, 'round' | 'position' | 'team_a' | 'drawn' | 'a' | 'b' | 'subs'>, nameOf: (id: string) => string | undefined) {
  const side = (s: LineupSide) => ({ members: s.members.map((m) => m.name), fencers: s.fencers.map((f) => f.name), reserve: s.reserve?.name ?? null });
  return { round: l.round, position: l.position, team_a: nameOf(l.team_a), drawn: l.drawn, a: side(l.a), b: side(l.b), subs: l.subs };
}

/** Names of a practice's tableau entries (pool entries or teams) by id. */
async function entryNames(api: ReturnType<typeof seed>, practiceId: string) {
  const { seeds } = resolveTableau(await api.poolsOf(practiceId), await api.bracket(practiceId));
  const names = new Map(seeds.map((s) => [s.id, s.name]));
  return (id: string) => names.get(id);
}

describe('a backup of second rounds and team tableaux (issue 28)', () => {
  it('restores a second round as a second round: same rounds, seeds and links, the tableau seeded from round 2 alone', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Two rounds');
    const [first] = await api.pools(practice.id, ['ANNA', 'BEN', 'CARL', 'DORA', 'EVA', 'FINN', 'GUS', 'HAL']);
    await api.fenceAll(first!);
    const second = (await api.secondRound(practice.id, { cut: { kind: 'top', value: 6 }, pool_count: 2 })).pools.filter((p) => p.round === 2);
    // Round 2 reverses round 1: the lower seed wins each bout 5–0.
    for (const pool of second) {
      const [a, b, c] = [...pool.players].sort((x, y) => x.seed! - y.seed!);
      for (const [winner, loser] of [[c!, a!], [c!, b!], [b!, a!]] as const) await api.bout(pool, winner.id, loser.id, 5, 0);
    }
    const pools = await api.poolsOf(practice.id);
    const tableau = namedTableau(pools, await api.bracket(practice.id));
    expect(tableau.seeds.map(([, name]) => name)).toEqual(['EVA', 'FINN', 'CARL', 'DORA', 'ANNA', 'BEN']);
    // The archive is written behind the answers: the backup holds every bout of round 2 once it has caught up.
    let backup!: AccountBackup;
    await vi.waitFor(async () => {
      backup = await backupOf(client);
      expect(practiceNamed(backup, 'Two rounds').pools.filter((p) => p.round === 2).flatMap((p) => p.bouts)).toHaveLength(6);
    }, { timeout: 5_000 });

    const target = await restoredAccount(backup);
    const restoredId = target.idOf('Two rounds');
    expect(restoredId).not.toBe(practice.id);
    const restoredPools = await target.api.poolsOf(restoredId);
    expect(roundsOf(restoredPools)).toEqual(roundsOf(pools));
    expect(restoredPools.filter((p) => p.round === 2)).toHaveLength(2);
    // The restored round-2 entries continue the restored round-1 entries, never the source's.
    const restoredFirst = new Set(restoredPools.filter((p) => p.round === 1).flatMap((p) => p.players.map((pl) => pl.id)));
    expect(restoredPools.filter((p) => p.round === 2).flatMap((p) => p.players).every((pl) => restoredFirst.has(pl.first_round_id!))).toBe(true);
    expect(namedTableau(restoredPools, await target.api.bracket(restoredId))).toEqual(tableau);
  });

  it('restores a team tableau seeded from the team pools: the same teams in the same places, its relay rows with their touches', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Team day', { type: 'team' });
    await api.teams(practice.id, TEAM_NAMES, 4);
    const [pool] = await api.teamPools(practice.id);
    await api.fenceAll(pool!, (i, j) => [45, 45 - 5 * (j - i)]);
    await api.teamTableau(practice.id, true);
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    // The second semi-final under way: three relays, the first one corrected (its version 2).
    await api.teamRelay(practice.id, { round: 1, position: 1 }, 1, 3, 5);
    await api.teamRelay(practice.id, { round: 1, position: 1 }, 1, 4, 5, 1);
    await api.teamRelay(practice.id, { round: 1, position: 1 }, 2, 5, 2);
    await api.teamRelay(practice.id, { round: 1, position: 1 }, 3, 0, 5);
    const source = await teamTableauOf(client, practice.id);
    expect(source.relays).toHaveLength(12);
    const tableau = namedTableau(await api.poolsOf(practice.id), await api.bracket(practice.id));
    expect(tableau.matches.find((m) => m[0] === 1 && m[1] === 0)!.slice(4)).toEqual([45, 36, 'Team 1']);
    let backup!: AccountBackup;
    await vi.waitFor(async () => {
      backup = await backupOf(client);
      const file = practiceNamed(backup, 'Team day');
      expect(file.team_tableau?.relays).toHaveLength(12);
      expect(file.bracket!.matches.find((m) => m.round === 1 && m.position === 0)!.winner_id).not.toBeNull();
      expect(file.team_tableau!.relays.find((r) => r.position === 1 && r.match_number === 1)).toMatchObject({ score_a: 4, score_b: 5 });
    }, { timeout: 5_000 });
    expect(practiceNamed(backup, 'Team day').team_tableau!.seeded_by).toBe('pools');

    const target = await restoredAccount(backup);
    const restoredId = target.idOf('Team day');
    const restored = await teamTableauOf(target.client, restoredId);
    expect(restored).toMatchObject({ practice_id: restoredId, created: true, seeded_by: 'pools' });
    // Every relay row with its touches; versions start again at 1, as every restored row's does.
    const sheet = (t: TeamTableauSnapshot) => t.relays.map(({ version: _, ...r }) => r);
    expect(sheet(restored)).toEqual(sheet(source));
    expect(restored.relays.every((r) => r.version === 1)).toBe(true);
    expect(namedTableau(await target.api.poolsOf(restoredId), await target.api.bracket(restoredId))).toEqual(tableau);
    expect((await target.api.bracket(restoredId)).format.third_place).toBe('bout');
    // The restored sheet goes on where it stopped: the fourth relay of the second semi-final.
    const fourth = await target.api.teamRelay(restoredId, { round: 1, position: 1 }, 4, 5, 5);
    expect(fourth.row).toMatchObject({ match_number: 4, score_a: 5, score_b: 5, version: 1 });
  });

  it('restores a drawn team tableau (no team pools): its entries are the teams, under their new ids', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Drawn teams', { type: 'team' });
    await api.teams(practice.id, TEAM_NAMES.slice(0, 12), 4);
    const { tableau: created } = await api.teamTableau(practice.id);
    expect(created.seeded_by).toBe('draw');
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, false);
    const tableau = namedTableau([], await api.bracket(practice.id));
    let backup!: AccountBackup;
    await vi.waitFor(async () => {
      backup = await backupOf(client);
      expect(practiceNamed(backup, 'Drawn teams').bracket!.matches.find((m) => m.round === 1 && m.position === 0)!.winner_id).not.toBeNull();
      expect(practiceNamed(backup, 'Drawn teams').team_tableau?.relays).toHaveLength(9);
    }, { timeout: 5_000 });

    const target = await restoredAccount(backup);
    const restoredId = target.idOf('Drawn teams');
    const bracket = await target.api.bracket(restoredId);
    expect(namedTableau([], bracket)).toEqual(tableau);
    const teams = await expectAnswer(target.client.api.practices[':practiceId'].teams.$get({ param: { practiceId: restoredId } }));
    expect(new Set(bracket.seeding!.map((s) => s.id))).toEqual(new Set(teams.map((t) => t.id)));
    expect(await teamTableauOf(target.client, restoredId)).toMatchObject({ created: true, seeded_by: 'draw' });
  });

  it('restores a semi-final’s line-up with team A drawn as the match’s second team: same sides, orders, reserves and substitution, the sheet scored for that team', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Line-ups', { type: 'team' });
    await api.teams(practice.id, TEAM_NAMES, 4);
    const [pool] = await api.teamPools(practice.id);
    await api.fenceAll(pool!, (i, j) => [45, 45 - 5 * (j - i)]);
    await api.teamTableau(practice.id, true);
    // The lot, then the captains' orders: team A puts its 3rd member first, each team names its 4th reserve, team B's comes in.
    const url = `/api/practices/${practice.id}/team-tableau/1/0/lineup`;
    const empty = { fencers: [], reserve: null };
    const drawn = (await json<TeamLineupWrite>(await client.put(url, { version: 0, a: empty, b: empty, subs: [] }))).lineup!;
    const ids = (s: LineupSide) => s.members.map((m) => m.id);
    const [a, b] = [ids(drawn.a), ids(drawn.b)];
    const body = { version: 1, a: { fencers: [a[2]!, a[0]!, a[1]!], reserve: a[3]! }, b: { fencers: b.slice(0, 3), reserve: b[3]! }, subs: subForB() };
    expect((await client.put(url, body)).status).toBe(200);
    let source!: AccountBackup;
    await vi.waitFor(async () => {
      source = await backupOf(client);
      expect(practiceNamed(source, 'Line-ups').team_tableau?.lineups).toMatchObject([{ subs: body.subs }]);
    }, { timeout: 5_000 });
    const file = practiceNamed(source, 'Line-ups');
    const semi = file.bracket!.matches.find((m) => m.round === 1 && m.position === 0)!;
    const lineup = file.team_tableau!.lineups[0]!;
    expect(lineup).toMatchObject({ round: 1, position: 0, team_a: drawn.team_a, drawn: true });
    // The lot cannot be steered through the API: a file whose lot fell on the first team is made to draw the second,
    // as a lot could have (the sides swapped; the reserve in for the new side B's first fencer).
    if (lineup.team_a === semi.player1_id) Object.assign(lineup, { team_a: semi.player2_id!, a: lineup.b, b: lineup.a, subs: subForB() } satisfies Partial<FileLineup>);
    const expected = namedLineup(lineup, (id) => file.bracket!.seeding.find((s) => s.id === id)?.name);
    expect(expected.team_a).not.toBeUndefined();

    // Restored, the room takes the line-up from D1 and scores the semi-final's sheet for it: side A, the match's second team, wins.
    const second = await restoredAccount(source);
    const secondId = second.idOf('Line-ups');
    const restored = await teamTableauOf(second.client, secondId);
    const secondNames = await entryNames(second.api, secondId);
    expect(restored.lineups.map((l) => namedLineup(l, secondNames))).toEqual([expected]);
    expect(restored.lineups[0]!.version).toBe(1);
    await second.api.fenceTeamMatch(secondId, { round: 1, position: 0 }, true);
    const fenced = namedTableau(await second.api.poolsOf(secondId), await second.api.bracket(secondId)).matches.find((m) => m[0] === 1 && m[1] === 0)!;
    expect(fenced.slice(4)).toEqual([36, 45, expected.team_a]);

    // Backed up again and restored once more: the same line-up, and the semi-final still won by the team drawn as A.
    let again!: AccountBackup;
    await vi.waitFor(async () => {
      again = await backupOf(second.client);
      const p = practiceNamed(again, 'Line-ups');
      expect(p.team_tableau?.relays).toHaveLength(9);
      expect(p.bracket!.matches.find((m) => m.round === 1 && m.position === 0)!.winner_id).not.toBeNull();
    }, { timeout: 5_000 });
    const third = await restoredAccount(again);
    const thirdId = third.idOf('Line-ups');
    const thirdNames = await entryNames(third.api, thirdId);
    expect((await teamTableauOf(third.client, thirdId)).lineups.map((l) => namedLineup(l, thirdNames))).toEqual([expected]);
    expect(namedTableau(await third.api.poolsOf(thirdId), await third.api.bracket(thirdId)).matches.find((m) => m[0] === 1 && m[1] === 0)!.slice(4)).toEqual([36, 45, expected.team_a]);

    // A line-up naming a team of the other semi-final is refused whole, as any damaged file is.
    const damaged = structuredClone(again);
    const other = practiceNamed(damaged, 'Line-ups').bracket!.matches.find((m) => m.round === 1 && m.position === 1)!;
    practiceNamed(damaged, 'Line-ups').team_tableau!.lineups[0]!.team_a = other.player1_id!;
    const { client: careful } = await signedUpCoach('Careful');
    const res = await careful.api.account.restore.$post({ json: damaged });
    expect(res.status).toBe(400);
    expect(await json<{ error: string; code?: string }>(res)).toMatchObject({
      error: 'This backup is damaged: the line-up of round 1, match 1 of the team tableau of Line-ups does not name a team of that match', code: 'backup_damaged',
    });
    expect(await expectAnswer(careful.api.practices.$get())).toEqual([]);
  });

  it('refuses a file whose second round or relay sheet names what it does not hold: 400 backup_damaged, nothing written', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Two rounds');
    const [first] = await api.pools(practice.id, ['ANNA', 'BEN', 'CARL', 'DORA', 'EVA', 'FINN']);
    await api.fenceAll(first!);
    await api.secondRound(practice.id, { cut: { kind: 'all' }, pool_count: 2 });
    let backup!: AccountBackup;
    await vi.waitFor(async () => {
      backup = await backupOf(client);
      expect(practiceNamed(backup, 'Two rounds').pools.filter((p) => p.round === 2)).toHaveLength(2);
    }, { timeout: 5_000 });
    const target = (await signedUpCoach('Careful')).client;
    const refused = async (damage: (b: AccountBackup) => void) => {
      const damaged = structuredClone(backup);
      damage(damaged);
      const res = await target.api.account.restore.$post({ json: damaged });
      expect(res.status).toBe(400);
      return json<{ error: string; code?: string }>(res);
    };
    const roundTwo = (b: AccountBackup) => practiceNamed(b, 'Two rounds').pools.filter((p) => p.round === 2);
    const entry = roundTwo(backup)[0]!.players[0]!;
    expect(await refused((b) => { roundTwo(b)[0]!.players[0]!.first_round_id = roundTwo(b)[1]!.players[0]!.id; })).toEqual({
      error: `This backup is damaged: ${entry.name} in round 2 of Two rounds does not continue a round-1 entry of it`, code: 'backup_damaged', params: expect.anything(),
    });
    expect((await refused((b) => { (roundTwo(b)[0] as { round: number }).round = 3; })).error).toBeTruthy();
    expect((await refused((b) => {
      practiceNamed(b, 'Two rounds').team_tableau = { seeded_by: 'pools', relays: [], lineups: [] };
    })).error).toBe('This backup is damaged: Two rounds has a team tableau but no tableau of a team practice');
    expect(await expectAnswer(target.api.practices.$get())).toEqual([]);
  });
});
