import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { AthleteHistory } from '../../core/contracts/athletes';
import type { TeamLineupWrite } from '../../core/contracts/team-tableau';
import type { Team } from '../../core/contracts/teams';
import { seed, viaClient } from '../helpers/seed';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { archived } from '../helpers/room-d1';

const historyOf = (client: Client, id: string) => client.api.athletes[':id'].history.$get({ param: { id } });
const empty = { fencers: [], reserve: null };

/**
 * Relays (team A–team B) in the order 6-3, 5-1, 4-2, 6-1, 4-3, 5-2, 4-1, 6-2, 5-3; running score 5–3, 9–9, 15–15,
 * 20–20, 25–24, 28–30, 32–35, 40–40, 45–43: team A wins.
 */
const SHEET: [number, number][] = [[5, 3], [4, 6], [6, 6], [5, 5], [5, 4], [3, 6], [4, 5], [8, 5], [5, 3]];

/**
 * A coach's team practice of two teams of four roster athletes, drawn into a team tableau (the final), its line-up set
 * (each team's 4th member its reserve; team B's comes in for its fencer 1, place 1, at relay 4) and its sheet fenced.
 */
async function fencedTeamFinal(client: Client, name: string) {
  const api = seed(viaClient(client));
  const athletes = [];
  for (let i = 1; i <= 8; i++) athletes.push(await api.athlete({ name: `${name} Fencer ${i}` }));
  const practice = await api.practice(name, { type: 'team' });
  const teams: Team[] = await api.teamsByHand(practice.id, athletes.map((a, i) => ({ athlete_id: a.id, team: i < 4 ? 1 : 2 })));
  await api.teamTableau(practice.id);
  const url = `/api/practices/${practice.id}/team-tableau/1/0/lineup`;
  const drawn = (await json<TeamLineupWrite>(await client.put(url, { version: 0, a: empty, b: empty, subs: [] }))).lineup!;
  const teamA = teams.find((t) => t.id === drawn.team_a)!;
  const teamB = teams.find((t) => t.id !== drawn.team_a)!;
  const [a1, a2, a3, a4] = teamA.members;
  const [b1, b2, b3, b4] = teamB.members;
  const side = (f1: typeof a1, f2: typeof a1, f3: typeof a1, reserve: typeof a1) => ({ fencers: [f1!.id, f2!.id, f3!.id], reserve: reserve!.id });
  const set = await client.put(url, { version: 1, a: side(a1, a2, a3, a4), b: side(b1, b2, b3, b4), subs: [{ place: 1, relay: 4, injury: false }] });
  expect(set.status).toBe(200);
  for (const [i, [a, b]] of SHEET.entries()) await api.teamRelay(practice.id, { round: 1, position: 0 }, i + 1, a, b);
  await archived(practice.id);
  // Members are linked to their athletes: team B's fencer 1 (replaced), its reserve, team A's fencer 3 and reserve.
  return { practice, teamA, teamB, replaced: b1!.athlete_id!, reserve: b4!.athlete_id!, a3: a3!.athlete_id!, unused: a4!.athlete_id! };
}

describe("a fencer's team matches in their history (issue 58)", () => {
  it('counts the relays each fenced: the reserve come in at relay 4 hers (4 and 7), the fencer she replaced his (2)', async () => {
    const { client } = await signedUpCoach();
    const { practice, teamA, teamB, replaced, reserve, a3, unused } = await fencedTeamFinal(client, 'Relay night');
    const teamName = (t: Team) => `Team ${t.team_number}`;

    const reserveHistory = async () => json<AthleteHistory>(await historyOf(client, reserve));
    await vi.waitFor(async () => expect((await reserveHistory()).team_matches).toHaveLength(1), { timeout: 5_000 });
    expect((await reserveHistory()).team_matches).toEqual([{
      date: practice.date, practice_id: practice.id, practice: 'Relay night', seq: expect.any(Number), phase: 'Final', round: 1, rounds: 1,
      team: teamName(teamB), opponent: teamName(teamA), reserve: true, relays: 2, scored: 5 + 5, received: 5 + 4, victory: false,
    }]);
    // Team matches are not bouts: the record of pool and tableau bouts stays empty.
    expect((await reserveHistory()).bouts).toEqual([]);

    const replacedHistory = await json<AthleteHistory>(await historyOf(client, replaced));
    expect(replacedHistory.team_matches).toEqual([expect.objectContaining({ team: teamName(teamB), reserve: false, relays: 1, scored: 6, received: 4, victory: false })]);
    // Team A's fencer 3 (place 6) fenced relays 1, 4 and 8, and won.
    const a3History = await json<AthleteHistory>(await historyOf(client, a3));
    expect(a3History.team_matches).toEqual([expect.objectContaining({ team: teamName(teamA), opponent: teamName(teamB), relays: 3, scored: 5 + 5 + 8, received: 3 + 5 + 5, victory: true })]);
    // Team A's reserve never came in: no team match.
    expect((await json<AthleteHistory>(await historyOf(client, unused))).team_matches).toEqual([]);
  });

  it("keeps to the coach's own practices: another coach cannot read it, nor does their practice count in it", async () => {
    const { client } = await signedUpCoach();
    const { client: other } = await signedUpCoach('Other');
    const mine = await fencedTeamFinal(client, 'Mine');
    const theirs = await fencedTeamFinal(other, 'Theirs');
    expect((await historyOf(other, mine.reserve)).status).toBe(404);
    // Even a member of the other coach's practice pointing at this coach's athlete does not bring their match in.
    await env.DB.prepare('UPDATE team_members SET athlete_id = ?1 WHERE athlete_id = ?2').bind(mine.reserve, theirs.reserve).run();
    const history = await json<AthleteHistory>(await historyOf(client, mine.reserve));
    expect(history.team_matches.map((m) => [m.practice_id, m.relays])).toEqual([[mine.practice.id, 2]]);
    expect((await json<AthleteHistory>(await historyOf(other, theirs.reserve))).team_matches).toEqual([]);
  });
});
