import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { TeamLineupConflict, TeamLineupWrite, TeamTableauSnapshot } from '../../core/contracts/team-tableau';
import type { Team } from '../../core/contracts/teams';
import { errorBody, ERROR_MESSAGES } from '../../core/messages';
import { joinAsGuest } from '../helpers/guests';
import { openSocket } from '../helpers/sockets';
import { seed, viaClient, fencerNames } from '../helpers/seed';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectRefusal } from '../helpers/api-client';

/** Two teams of four, drawn into a team tableau of one match (the final, round 1 position 0), shared with a guest. */
async function finalOfTwo(name: string) {
  const { client } = await signedUpCoach();
  const api = seed(viaClient(client));
  const practice = await api.practice(name, { type: 'team' });
  const teams: Team[] = await api.teams(practice.id, fencerNames(8), 2);
  const { bracket } = await api.teamTableau(practice.id);
  const match = bracket.matches.find((m) => m.round === 1 && m.position === 0)!;
  return { client, api, practice, teams, match };
}

const url = (practiceId: string) => `/api/practices/${practiceId}/team-tableau/1/0/lineup`;
const empty = { fencers: [], reserve: null };

describe('a team match’s line-up (o.99.4–6)', () => {
  it('draws the sides by lot, takes the captains’ orders and a reserve, and scores the sheet for the team drawn as A', async () => {
    const { client, api, practice, teams, match } = await finalOfTwo('Lineup');
    const drawn = (await json<TeamLineupWrite>(await client.put(url(practice.id), { version: 0, a: empty, b: empty, subs: [] }))).lineup!;
    expect([match.player1_id, match.player2_id]).toContain(drawn.team_a);
    expect(drawn).toMatchObject({ round: 1, position: 0, drawn: true, version: 1, subs: [] });
    const teamA = teams.find((t) => t.id === drawn.team_a)!;
    const teamB = teams.find((t) => t.id !== drawn.team_a)!;
    expect(drawn.a.members.map((m) => m.name)).toEqual(teamA.members.map((m) => m.athlete_name));
    expect(drawn.b.members.map((m) => m.name)).toEqual(teamB.members.map((m) => m.athlete_name));

    // Team A's captain puts its 3rd member first; each team names its 4th member reserve. Team B's reserve comes in for
    // fencer 1 from relay 4.
    const [a1, a2, a3, a4] = teamA.members.map((m) => m.id) as [string, string, string, string];
    const [b1, b2, b3, b4] = teamB.members.map((m) => m.id) as [string, string, string, string];
    const body = { version: 1, a: { fencers: [a3, a1, a2], reserve: a4 }, b: { fencers: [b1, b2, b3], reserve: b4 }, subs: [{ place: 1, relay: 4, injury: false }] };
    const set = (await json<TeamLineupWrite>(await client.put(url(practice.id), body))).lineup!;
    expect(set.team_a).toBe(drawn.team_a);
    expect(set.a.fencers.map((f) => f.name)).toEqual([2, 0, 1].map((i) => teamA.members[i]!.athlete_name));
    expect(set.b.reserve).toEqual({ id: b4, name: teamB.members[3]!.athlete_name });
    expect(set).toMatchObject({ version: 2, subs: [{ place: 1, relay: 4, injury: false }] });

    // Side A wins every relay 5–4: the match goes to the team the lot made team A, whichever the bracket lists first.
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    const final = (await api.bracket(practice.id)).matches.find((m) => m.round === 1 && m.position === 0)!;
    expect(final.winner_id).toBe(drawn.team_a);
    expect(drawn.team_a === final.player1_id ? [final.player1_score, final.player2_score] : [final.player2_score, final.player1_score]).toEqual([45, 36]);

    // The sides stay once drawn; the snapshot carries the line-up.
    const again = (await json<TeamLineupWrite>(await client.put(url(practice.id), { ...body, version: 2, subs: [] }))).lineup!;
    expect(again).toMatchObject({ team_a: drawn.team_a, version: 3, subs: [] });
    const snapshot = await json<TeamTableauSnapshot>(await client.api.practices[':practiceId']['team-tableau'].$get({ param: { practiceId: practice.id } }));
    expect(snapshot.lineups).toEqual([again]);
    // The archive keeps it for what crosses practices (a fencer's history).
    await vi.waitFor(async () => expect(await env.DB.prepare('SELECT team_a, version FROM team_lineups WHERE practice_id = ?').bind(practice.id).first()).toEqual({ team_a: drawn.team_a, version: 3 }), { timeout: 5_000 });
  });

  it('keeps the match’s first team as team A when relays were entered before the lot', async () => {
    const { client, api, practice, match } = await finalOfTwo('Late lot');
    await api.teamRelay(practice.id, { round: 1, position: 0 }, 1, 5, 2);
    const lineup = (await json<TeamLineupWrite>(await client.put(url(practice.id), { version: 0, a: empty, b: empty, subs: [] }))).lineup!;
    expect(lineup).toMatchObject({ team_a: match.player1_id, drawn: false });
  });

  it('refuses orders and substitutions the rules forbid, each with its code, and a stale version with the line-up as it stands', async () => {
    const { client, practice, teams } = await finalOfTwo('Refusals');
    const drawn = (await json<TeamLineupWrite>(await client.put(url(practice.id), { version: 0, a: empty, b: empty, subs: [] }))).lineup!;
    const own = teams.find((t) => t.id === drawn.team_a)!.members.map((m) => m.id);
    const other = teams.find((t) => t.id !== drawn.team_a)!.members.map((m) => m.id);
    const side = (ids: string[], reserve: string | null = null) => ({ fencers: ids, reserve });
    const put = (a: object, b: object, subs: object[] = [], version = 1) => client.put(url(practice.id), { version, a, b, subs });
    const refusal = async (res: Promise<Response>, status: number, code: keyof typeof ERROR_MESSAGES) => expect(await expectRefusal(res, status)).toEqual(errorBody(ERROR_MESSAGES[code]));

    await refusal(put(side([own[0]!, own[1]!, other[0]!]), empty), 400, 'lineup_fencers');
    await refusal(put(side([own[0]!, own[0]!, own[1]!]), empty), 400, 'lineup_fencers');
    await refusal(put(side([own[0]!, own[1]!]), empty), 400, 'lineup_fencers');
    await refusal(put(side(own.slice(0, 3), own[0]!), empty), 400, 'lineup_reserve');
    await refusal(put(side([], own[3]!), empty), 400, 'lineup_reserve');
    await refusal(put(side(own.slice(0, 3), other[3]!), empty), 400, 'lineup_reserve');
    const ready = side(own.slice(0, 3), own[3]!);
    await refusal(put(ready, side(other.slice(0, 3)), [{ place: 2, relay: 3, injury: false }]), 400, 'substitution_no_reserve');
    await refusal(put(ready, empty, [{ place: 4, relay: 4, injury: false }]), 400, 'substitution_relay');
    await refusal(put(ready, empty, [{ place: 4, relay: 3, injury: true }, { place: 4, relay: 7, injury: false }]), 400, 'substitution_after_injury');
    await refusal(put(ready, empty, [{ place: 4, relay: 3, injury: false }, { place: 5, relay: 6, injury: false }]), 400, 'substitution_once');
    await refusal(put(ready, empty, [{ place: 9, relay: 3, injury: false }]), 400, 'lineup_substitution');
    expect((await put(ready, empty, Array(5).fill({ place: 4, relay: 3, injury: false }))).status).toBe(400);

    // A replayed write answers the line-up as it stands; a write over an older version is refused with it.
    const key = { 'idempotency-key': 'lineup-replay-0001' };
    const first = await client.request('PUT', url(practice.id), { version: 1, a: ready, b: empty, subs: [] }, key);
    expect((await json<TeamLineupWrite>(first)).lineup).toMatchObject({ version: 2 });
    const replay = await client.request('PUT', url(practice.id), { version: 1, a: ready, b: empty, subs: [] }, key);
    expect(replay.status).toBe(200);
    expect((await json<TeamLineupWrite>(replay)).lineup).toMatchObject({ version: 2 });
    const stale = await expectRefusal<TeamLineupConflict>(put(empty, empty), 409);
    expect(stale.error).toBe(ERROR_MESSAGES.lineup_changed);
    expect(stale.current).toMatchObject({ version: 2, a: { reserve: { id: own[3] } } });
  });

  it('is written by a guest at the piste and seen live by the coach, not the board; a checked round is the coach’s; strangers cannot', async () => {
    const { client, api, practice } = await finalOfTwo('Guests');
    const { client: other } = await signedUpCoach('Other');
    const shared = await api.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code, 'Referee');
    const board = (await openSocket(new Client(), `board=${shared.board_id}`)).socket!;
    const screen = (await openSocket(client, `practice=${practice.id}`)).socket!;
    try {
      expect((await other.put(url(practice.id), { version: 0, a: empty, b: empty, subs: [] })).status).toBe(404);
      expect((await new Client().put(url(practice.id), { version: 0, a: empty, b: empty, subs: [] })).status).toBe(401);
      const byGuest = await guest.put(url(practice.id), { version: 0, a: empty, b: empty, subs: [] });
      expect(byGuest.status).toBe(200);
      const seen = await screen.waitFor((m) => m.type === 'team-lineup');
      expect(seen).toMatchObject({ practiceId: practice.id, lineup: { version: 1, drawn: true } });
      // The board hears the relay that follows, never the line-up: its members are the teams' rosters.
      const teamA = (await json<TeamLineupWrite>(byGuest)).lineup!.team_a;
      await guest.put(`/api/practices/${practice.id}/team-tableau/1/0/1`, { score_a: 5, score_b: 2, version: 0, team_a: teamA });
      await board.waitFor((m) => m.type === 'team-relay');
      expect(board.messages.filter((m) => m.type === 'team-lineup')).toEqual([]);
      expect((await client.api.practices[':practiceId'].checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'round', round: 1 }, checked: true } })).status).toBe(200);
      await expect(expectRefusal(guest.put(url(practice.id), { version: 1, a: empty, b: empty, subs: [] }), 409)).resolves.toMatchObject({ code: 'result_checked' });
      expect((await client.put(url(practice.id), { version: 1, a: empty, b: empty, subs: [] })).status).toBe(200);
      expect((await client.put(`/api/practices/${practice.id}/team-tableau/2/0/lineup`, { version: 0, a: empty, b: empty, subs: [] })).status).toBe(404);
    } finally {
      board.ws.close();
      screen.ws.close();
    }
  });

  it('refuses a relay entered with the teams the other way round, and a guest’s change of who fenced a relay entered', async () => {
    const { client, api, practice, teams, match } = await finalOfTwo('Sides');
    const shared = await api.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code, 'Referee');
    const drawn = (await json<TeamLineupWrite>(await client.put(url(practice.id), { version: 0, a: empty, b: empty, subs: [] }))).lineup!;
    const other = drawn.team_a === match.player1_id ? match.player2_id! : match.player1_id!;
    const relay = (n: number, team_a: string, version = 0) => guest.put(`/api/practices/${practice.id}/team-tableau/1/0/${n}`, { score_a: 5, score_b: 3, version, team_a });
    // A screen that had not heard of the lot yet showed the other team on the left: refused, nothing stored.
    expect(await expectRefusal(relay(1, other), 409)).toEqual(errorBody(ERROR_MESSAGES.lineup_sides_drawn));
    expect((await relay(1, drawn.team_a)).status).toBe(200);

    // The guest gives both orders after relay 1 is entered (naming who fenced it changes nobody), then may not swap them.
    const ids = (team: string) => teams.find((t) => t.id === team)!.members.map((m) => m.id);
    const [a, b] = [ids(drawn.team_a), ids(other)];
    const order = { a: { fencers: a.slice(0, 3), reserve: a[3]! }, b: { fencers: b.slice(0, 3), reserve: b[3]! }, subs: [] };
    expect((await guest.put(url(practice.id), { version: 1, ...order })).status).toBe(200);
    // Relay 1 is 6 v 3: swapping fencers 6 and 4 changes who fenced it.
    const swapped = { ...order, a: { fencers: [a[2]!, a[1]!, a[0]!], reserve: a[3]! } };
    expect(await expectRefusal(guest.put(url(practice.id), { version: 2, ...swapped }), 409)).toEqual(errorBody(ERROR_MESSAGES.lineup_fenced));
    // The reserve brought in for a relay still to come is the guest's to record; the coach corrects what was fenced.
    expect((await guest.put(url(practice.id), { version: 2, ...order, subs: [{ place: 1, relay: 4, injury: false }] })).status).toBe(200);
    expect((await client.put(url(practice.id), { version: 3, ...swapped })).status).toBe(200);
  });

  it('drops a later match’s line-up when a corrected result changes its teams, and lists each relay write in the match’s changes', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Corrected', { type: 'team' });
    await api.teams(practice.id, fencerNames(16), 4);
    await api.teamTableau(practice.id);
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    await api.fenceTeamMatch(practice.id, { round: 1, position: 1 }, true);
    const final = `/api/practices/${practice.id}/team-tableau/2/0/lineup`;
    expect((await client.put(final, { version: 0, a: empty, b: empty, subs: [] })).status).toBe(200);
    // Semi-final 1's ninth relay is taken back: the final loses a team, and its lot and orders with it.
    await api.teamRelay(practice.id, { round: 1, position: 0 }, 9, null, null, 1);
    const tableau = await json<TeamTableauSnapshot>(await client.api.practices[':practiceId']['team-tableau'].$get({ param: { practiceId: practice.id } }));
    expect(tableau.lineups).toEqual([]);
    // Each relay write is in the semi-final's list of changes, with the running score it left (player1 first).
    const { entries } = await json<{ entries: { role: string; score1: number | null; score2: number | null }[] }>(
      await client.api.practices[':practiceId'].checks.audit.$get({ param: { practiceId: practice.id }, query: { bout: 'tableau.1.0' } }),
    );
    expect(entries.map((x) => [x.role, x.score1, x.score2])).toEqual([...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ['coach', 5 * n, 4 * n]), ['coach', 40, 32]]);
    // A draw over the final's new teams starts again from version 0.
    await api.teamRelay(practice.id, { round: 1, position: 0 }, 9, 5, 4, 2);
    expect((await json<TeamLineupWrite>(await client.put(final, { version: 0, a: empty, b: empty, subs: [] }))).lineup).toMatchObject({ version: 1, drawn: true });
  });
});
