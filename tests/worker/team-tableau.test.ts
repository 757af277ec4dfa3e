import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { TeamRelayConflict, TeamRelayWrite, TeamTableauSnapshot } from '../../core/contracts/team-tableau';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import { resolveTableau } from '../../core/fencing/tableau';
import { teamStandings } from '../../core/fencing/team-tableau';
import { errorBody } from '../../core/messages';
import { joinAsGuest } from '../helpers/guests';
import { openSocket } from '../helpers/sockets';
import { seed, viaClient, fencerNames, TEAMS_BY_SHEET_ORDER } from '../helpers/seed';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectRefusal } from '../helpers/api-client';


/** A team practice of four teams of four, its one team pool fenced: Team n entries ranked in sheet order. */
async function fourTeams(client: Client, fencePools = true) {
  const api = seed(viaClient(client));
  const practice = await api.practice('Team day', { type: 'team' });
  await api.teams(practice.id, fencerNames(16), 4);
  const [pool] = await api.teamPools(practice.id);
  if (fencePools) await api.fenceAll(pool!, TEAMS_BY_SHEET_ORDER);
  return { api, practice, pool: pool! };
}

const matchOf = (bracket: Pick<BracketSnapshot, 'matches'>, round: number, position: number) => bracket.matches.find((m) => m.round === round && m.position === position)!;
const put = (practiceId: string, round: number, position: number, n: number) => `/api/practices/${practiceId}/team-tableau/${round}/${position}/${n}`;

describe('a team tableau', () => {
  it('goes from the team pools to the final standings: relays to 45, the winner moving on, the match for 3rd', async () => {
    const { client } = await signedUpCoach();
    const { api, practice, pool } = await fourTeams(client);
    const { bracket, tableau } = await api.teamTableau(practice.id, true);
    expect(tableau).toMatchObject({ created: true, seeded_by: 'pools', relays: [] });
    // Seeded by the pool ranking (sheet order here): 1 v 4 and 3 v 2, the final and the match for 3rd to come.
    const entry = (i: number) => pool.players[i]!.id;
    expect(bracket.seeding!.map((s) => s.name)).toEqual(pool.players.map((p) => p.name));
    expect(bracket.format.third_place).toBe('bout');
    expect([matchOf(bracket, 1, 0), matchOf(bracket, 1, 1)].map((m) => [m.player1_id, m.player2_id])).toEqual([[entry(0), entry(3)], [entry(2), entry(1)]]);

    // Eight relays of the first semi-final: 40–32, not over; the ninth takes team A to 45.
    for (let n = 1; n <= 8; n++) {
      const answer = await api.teamRelay(practice.id, { round: 1, position: 0 }, n, 5, 4);
      expect(answer.matches).toBeNull();
    }
    const ninth = await api.teamRelay(practice.id, { round: 1, position: 0 }, 9, 5, 4);
    expect(ninth.row).toMatchObject({ round: 1, position: 0, match_number: 9, fencer_a_number: 5, fencer_b_number: 3, score_a: 5, score_b: 4, version: 1 });
    const semi = ninth.matches!.matches;
    expect(semi.find((m) => m.round === 1)).toMatchObject({ player1_score: 45, player2_score: 36, winner_id: entry(0) });
    expect(semi.find((m) => m.round === 2 && m.position === 0)).toMatchObject({ player1_id: entry(0) });
    expect(semi.find((m) => m.round === 2 && m.position === 1)).toMatchObject({ player1_id: entry(3) });

    // The second semi-final goes the other way, team B ahead after the ninth relay (36–45).
    await api.fenceTeamMatch(practice.id, { round: 1, position: 1 }, false);
    // The final: team A wins 45–36; the match for 3rd is left level at 36–36 and decided by the deciding touch.
    await api.fenceTeamMatch(practice.id, { round: 2, position: 0 }, true);
    for (let n = 1; n <= 8; n++) await api.teamRelay(practice.id, { round: 2, position: 1 }, n, 4, 4);
    const level = await api.teamRelay(practice.id, { round: 2, position: 1 }, 9, 4, 4);
    expect(level.matches).toBeNull();
    const touch = await api.teamRelay(practice.id, { round: 2, position: 1 }, 9, 4, 4, 1, 'B');
    expect(touch.matches!.matches[0]).toMatchObject({ player1_score: 36, player2_score: 36, winner_id: entry(2) });

    const final = await api.bracket(practice.id);
    expect(matchOf(final, 2, 0)).toMatchObject({ player1_id: entry(0), player2_id: entry(1), player1_score: 45, player2_score: 36, winner_id: entry(0) });
    // The final team standings: the final's winner and loser, then the match for 3rd.
    const { standings, complete } = teamStandings(resolveTableau([], final).matches, final.seeding!);
    expect(complete).toBe(true);
    expect(standings.map((s) => [s.place, s.id])).toEqual([[1, entry(0)], [2, entry(1)], [3, entry(2)], [4, entry(3)]]);
    const all = await json<TeamTableauSnapshot>(await client.api.practices[':practiceId']['team-tableau'].$get({ param: { practiceId: practice.id } }));
    expect(all.relays).toHaveLength(36);
  });

  it('draws the seeds when there are no team pools, and shares 3rd place without the match for it', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Drawn', { type: 'team' });
    const teams = await api.teams(practice.id, fencerNames(12), 3);
    const { bracket, tableau } = await api.teamTableau(practice.id);
    expect(tableau.seeded_by).toBe('draw');
    expect(bracket.seeding!.map((s) => s.id).sort()).toEqual(teams.map((t) => t.id).sort());
    expect(bracket.seeding!.map((s) => s.seed)).toEqual([1, 2, 3]);
    // Three teams in a table of four: seed 1 has a bye into the final; no match for 3rd.
    expect(bracket.matches).toHaveLength(3);
    expect(matchOf(bracket, 2, 0).player1_id).toBe(bracket.seeding![0]!.id);
    // The weapon is fixed by the first relay touches, as by any result.
    const weapon = (w: string) => client.request('PUT', `/api/practices/${practice.id}/weapon`, { weapon: w });
    expect((await weapon('foil')).status).toBe(200);
    await api.teamRelay(practice.id, { round: 1, position: 1 }, 1, 3, 2);
    expect((await weapon('sabre')).status).toBe(409);
    // The tableau names these teams: they and their pools are not drawn again while it stands.
    for (const res of [
      await client.post(`/api/practices/${practice.id}/teams`, { method: 'random', entries: fencerNames(12).map((name) => ({ name })), teams: 3 }),
      await client.post(`/api/practices/${practice.id}/teams/pools`, { method: 'single' }),
    ]) {
      expect(res.status).toBe(409);
      expect((await json(res)).code).toBe('team_tableau_stands');
    }
    expect((await client.api.practices[':practiceId'].teams.$get({ param: { practiceId: practice.id } }).then((r) => json<{ id: string }[]>(r))).map((t) => t.id).sort()).toEqual(teams.map((t) => t.id).sort());
  });

  it('refuses what cannot be, each with its code', async () => {
    const { client } = await signedUpCoach();
    const unfinished = await fourTeams(client, false);
    const url = (id: string) => `/api/practices/${id}/team-tableau`;
    expect(await expectRefusal(client.post(url(unfinished.practice.id), { third_place: false }), 409)).toEqual(errorBody('The team pools are not finished: 6 match(es) to fence'));

    const api = seed(viaClient(client));
    const lonely = await api.practice('No teams', { type: 'team' });
    expect(await expectRefusal(client.post(url(lonely.id), { third_place: false }), 400)).toEqual(errorBody('A team tableau needs 2 to 128 teams (got 0)'));
    const individual = await api.practice('Individual');
    expect(await expectRefusal(client.api.practices[':practiceId']['team-tableau'].$post({ param: { practiceId: individual.id }, json: { third_place: false } }), 409)).toEqual(errorBody('Team tableaux are for team practices.'));
    expect((await client.post(url(lonely.id), { third_place: 'yes' })).status).toBe(400);

    const { practice } = await fourTeams(client);
    await api.teamTableau(practice.id);
    expect(await expectRefusal(client.post(url(practice.id), { third_place: true }), 409)).toEqual(errorBody('This practice already has a tableau.'));
    // The final has no teams yet; a relay is 1–9 with touches 0–20; the deciding touch is A's or B's.
    expect(await expectRefusal(client.put(put(practice.id, 2, 0, 1), { score_a: 5, score_b: 4, version: 0 }), 409)).toEqual(errorBody('Both teams of this match must be known before its relays are entered.'));
    expect((await client.put(put(practice.id, 1, 0, 10), { score_a: 5, score_b: 4, version: 0 })).status).toBe(404);
    expect((await client.put(put(practice.id, 5, 0, 1), { score_a: 5, score_b: 4, version: 0 })).status).toBe(404);
    const tooMany = await client.put(put(practice.id, 1, 0, 1), { score_a: 21, score_b: 4, version: 0 });
    expect(await json(tooMany)).toEqual(errorBody('Touch scores must be whole numbers from 0 to 20'));
    expect(await expectRefusal(client.put(put(practice.id, 1, 0, 1), { score_a: 5, score_b: 4, version: 0, winner: 'C' }), 400)).toEqual(errorBody('The deciding touch goes to team A or team B'));
    // A team tableau's match is never typed in whole on the tableau.
    const bracket = await api.bracket(practice.id);
    const m = matchOf(bracket, 1, 0);
    const direct = await client.api.practices[':practiceId'].bracket.scores.$post({
      param: { practiceId: practice.id },
      json: { round: 1, position: 0, player1_id: m.player1_id!, player2_id: m.player2_id!, player1_score: 45, player2_score: 30, priority_id: null, version: 0 },
    });
    expect(direct.status).toBe(409);
    expect(await json(direct)).toEqual(errorBody('Team matches are scored relay by relay on their sheets.'));
    // Nothing half-written.
    expect((await json<TeamTableauSnapshot>(await client.get(url(practice.id)))).relays).toEqual([]);
  });

  it('refuses a relay written against an older version with the row as it stands, and applies a replay once', async () => {
    const { client } = await signedUpCoach();
    const { api, practice } = await fourTeams(client);
    await api.teamTableau(practice.id);
    await api.teamRelay(practice.id, { round: 1, position: 1 }, 1, 5, 2);
    const conflict = await expectRefusal<TeamRelayConflict>(client.put(put(practice.id, 1, 1, 1), { score_a: 3, score_b: 5, version: 0 }), 409);
    expect(conflict.error).toBe('Someone else changed this relay meanwhile. The sheet shows their touches: enter yours again to replace them.');
    expect(conflict.current).toMatchObject({ round: 1, position: 1, match_number: 1, score_a: 5, score_b: 2, version: 1 });

    const key = { 'idempotency-key': 'team-relay-replay-1' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await client.request('PUT', put(practice.id, 1, 1, 2), { score_a: 4, score_b: 6, version: 0 }, key));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = (await json<TeamTableauSnapshot>(await client.get(`/api/practices/${practice.id}/team-tableau`))).relays;
    expect(rows.find((r) => r.match_number === 2)).toMatchObject({ score_a: 4, score_b: 6, version: 1 });
  });

  it('a corrected relay that reopens a decided match takes its winner back, unless the next match has begun', async () => {
    const { client } = await signedUpCoach();
    const { api, practice } = await fourTeams(client);
    await api.teamTableau(practice.id);
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    const reopened = await api.teamRelay(practice.id, { round: 1, position: 0 }, 9, null, null, 1);
    expect(reopened.matches!.matches.find((m) => m.round === 1)).toMatchObject({ player1_score: null, player2_score: null, winner_id: null });
    expect(reopened.matches!.matches.find((m) => m.round === 2)).toMatchObject({ player1_id: null });
    await api.teamRelay(practice.id, { round: 1, position: 0 }, 9, 5, 4, 2);
    await api.fenceTeamMatch(practice.id, { round: 1, position: 1 }, true);
    await api.teamRelay(practice.id, { round: 2, position: 0 }, 1, 3, 5);
    expect(await expectRefusal(client.put(put(practice.id, 1, 0, 9), { score_a: null, score_b: null, version: 3 }), 409)).toEqual(errorBody('The next match has started: clear its relays before changing this result.'));
  });

  it('is the coach’s: another coach gets 404, a guest enters relays but cannot create it, nobody gets 401', async () => {
    const { client } = await signedUpCoach();
    const { client: other } = await signedUpCoach('Other');
    const { api, practice } = await fourTeams(client);
    const url = `/api/practices/${practice.id}/team-tableau`;
    expect((await other.post(url, { third_place: false })).status).toBe(404);
    expect((await new Client().post(url, { third_place: false })).status).toBe(401);
    const shared = await api.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code);
    const refused = await guest.post(url, { third_place: false });
    expect(refused.status).toBe(403);
    await api.teamTableau(practice.id);
    expect((await other.get(url)).status).toBe(404);
    expect((await other.put(put(practice.id, 1, 0, 1), { score_a: 5, score_b: 4, version: 0 })).status).toBe(404);
    expect((await new Client().put(put(practice.id, 1, 0, 1), { score_a: 5, score_b: 4, version: 0 })).status).toBe(401);
    const byGuest = await guest.put(put(practice.id, 1, 0, 1), { score_a: 5, score_b: 4, version: 0 });
    expect(byGuest.status).toBe(200);
    expect((await json<TeamRelayWrite>(byGuest)).row).toMatchObject({ score_a: 5, score_b: 4, version: 1 });
    expect((await guest.get(url)).status).toBe(200);
  });

  it('reaches another screen live: the relay row, then the winner moving on; the board sees the tableau', async () => {
    const { client, email, password } = await signedUpCoach();
    const { api, practice } = await fourTeams(client);
    const shared = await api.share(practice.id);
    const second = new Client();
    await second.api.auth.signin.$post({ json: { email, password } });
    const screen = (await openSocket(second, `practice=${practice.id}`)).socket!;
    const board = (await openSocket(new Client(), `board=${shared.board_id}`)).socket!;
    try {
      await api.teamTableau(practice.id);
      const created = await screen.waitFor((m) => m.type === 'team-tableau');
      expect(created).toMatchObject({ tableau: { created: true, seeded_by: 'pools' } });
      await board.waitFor((m) => m.type === 'bracket' && m.bracket.seeding !== null);
      for (let n = 1; n <= 8; n++) await api.teamRelay(practice.id, { round: 1, position: 1 }, n, 4, 5);
      const row = await screen.waitFor((m) => m.type === 'team-relay' && m.row.match_number === 8);
      expect(row).toMatchObject({ row: { round: 1, position: 1, score_a: 4, score_b: 5, version: 1 } });
      const last = await api.teamRelay(practice.id, { round: 1, position: 1 }, 9, 4, 5);
      const moved = await screen.waitFor((m) => m.type === 'matches');
      expect(moved).toEqual({ type: 'matches', practiceId: practice.id, delta: last.matches });
      const seen = await board.waitFor((m) => m.type === 'matches');
      expect(seen).toEqual(moved);
    } finally {
      screen.ws.close();
      board.ws.close();
    }
  });

  it('reaches the D1 archive: the marker and every relay row, behind the answers', async () => {
    const { client } = await signedUpCoach();
    const { api, practice } = await fourTeams(client);
    await api.teamTableau(practice.id, true);
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    const archived = () => env.DB.prepare('SELECT round, position, match_number, score_a, score_b, version FROM team_relays WHERE practice_id = ? ORDER BY match_number').bind(practice.id).all();
    await vi.waitFor(async () => expect((await archived()).results).toHaveLength(9), { timeout: 5_000 });
    expect((await archived()).results[8]).toEqual({ round: 1, position: 0, match_number: 9, score_a: 5, score_b: 4, version: 1 });
    expect(await env.DB.prepare('SELECT seeded_by FROM team_tableaux WHERE practice_id = ?').bind(practice.id).first()).toEqual({ seeded_by: 'pools' });
    await vi.waitFor(async () => expect(await env.DB.prepare('SELECT winner_id FROM bracket_matches WHERE practice_id = ? AND round = 1 AND position = 0').bind(practice.id).first()).toEqual({ winner_id: expect.any(String) }), { timeout: 5_000 });
  });
});
