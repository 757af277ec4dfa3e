import { describe, expect, it } from 'vitest';
import type { GeneratedPools } from '../../core/contracts/pools';
import type { RelayConflict, Team, TeamMatchRow } from '../../core/contracts/teams';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { seed, viaClient, fencerEntries, fencerNames } from '../helpers/seed';
import { errorBody } from '../../core/messages';
import { expectAnswer, expectRefusal } from '../helpers/api-client';

async function teamPractice(client: Client) {
  return await seed(viaClient(client)).practice('Relay night', { type: 'team' });
}

describe('teams', () => {
  it('a random distribution of 7 makes two teams of 4 and 3 with numbered members', async () => {
    const { client } = await signedUpCoach();
    const practice = await teamPractice(client);
    const teams = await expectAnswer(client.api.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: fencerEntries(7) } }), 201);
    expect(teams.map((t) => [t.team_number, t.members.length])).toEqual([[1, 4], [2, 3]]);
    expect(teams[0]!.members.map((m) => m.position)).toEqual([1, 2, 3, 4]);
    expect(teams.flatMap((t) => t.members.map((m) => m.athlete_name)).sort()).toEqual(fencerNames(7).sort());
    expect(await expectAnswer(client.api.practices[':practiceId'].teams.$get({ param: { practiceId: practice.id } }))).toEqual(teams);
  });

  it('manual assignment refuses an incomplete or oversized split with the spec texts, and replaces teams', async () => {
    const { client } = await signedUpCoach();
    const practice = await teamPractice(client);
    const url = `/api/practices/${practice.id}/teams`;
    expect(await expectRefusal(client.post(url, { method: 'manual', entries: fencerEntries(7).map((e, i) => ({ ...e, team: i < 6 ? 1 + (i % 2) : undefined })) }), 400)).toEqual(errorBody('Please assign all athletes to teams'));
    const oversized = await client.post(url, { method: 'manual', entries: fencerEntries(7).map((e, i) => ({ ...e, team: i < 5 ? 1 : 2 })) });
    expect(await json(oversized)).toEqual(errorBody('Each team must have 3 or 4 members'));
    expect(await expectAnswer(client.api.practices[':practiceId'].teams.$get({ param: { practiceId: practice.id } }))).toEqual([]);

    const ok = await client.post(url, { method: 'manual', entries: fencerEntries(7).map((e, i) => ({ ...e, team: i < 3 ? 2 : 1 })) });
    expect((await json<Team[]>(ok)).map((t) => t.members.map((m) => m.athlete_name))).toEqual([
      ['Fencer 4', 'Fencer 5', 'Fencer 6', 'Fencer 7'],
      ['Fencer 1', 'Fencer 2', 'Fencer 3'],
    ]);
    await client.post(url, { method: 'random', entries: fencerEntries(6) });
    expect((await json<Team[]>(await client.get(url))).map((t) => t.members.length)).toEqual([3, 3]);
  });

  it('five athletes cannot make teams of 3 or 4', async () => {
    const { client } = await signedUpCoach();
    const practice = await teamPractice(client);
    expect(await expectRefusal(client.api.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: fencerEntries(5) } }), 400)).toEqual(errorBody('Each team must have 3 or 4 members'));
  });

  it('team members of another coach’s athletes cannot be added', async () => {
    const { client } = await signedUpCoach();
    const { client: other } = await signedUpCoach('Other');
    const theirs = await expectAnswer(other.api.athletes.$post({ json: { name: 'Not yours' } }), 201);
    const practice = await teamPractice(client);
    const res = await client.api.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: [{ athlete_id: theirs.id }, ...fencerEntries(5)] } });
    expect(res.status).toBe(404);
    expect(await expectAnswer(client.api.practices[':practiceId'].teams.$get({ param: { practiceId: practice.id } }))).toEqual([]);
    // Nor can anyone touch this coach's teams.
    expect((await other.api.practices[':practiceId'].teams.$get({ param: { practiceId: practice.id } })).status).toBe(404);
    expect((await other.api.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: fencerEntries(6) } })).status).toBe(404);
  });

  it('team pools hold Team n entries and score to 45; without teams the coach is told to create them', async () => {
    const { client } = await signedUpCoach();
    const practice = await teamPractice(client);
    expect(await expectRefusal(client.api.practices[':practiceId'].teams.pools.$post({ param: { practiceId: practice.id }, json: { method: 'single' } }), 400)).toEqual(errorBody('Please create teams first'));
    await client.api.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: fencerEntries(16) } });
    const tooMany = await client.api.practices[':practiceId'].teams.pools.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: 3 } });
    expect(await json(tooMany)).toEqual(errorBody('Pool count must be a whole number from 2 to 2'));
    const { pools } = await json<GeneratedPools>(await client.api.practices[':practiceId'].teams.pools.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: 2 } }));
    expect(pools.map((p) => p.players.length)).toEqual([2, 2]);
    expect(pools.flatMap((p) => p.players.map((x) => x.name)).sort()).toEqual(['Team 1', 'Team 2', 'Team 3', 'Team 4']);
    const [a, b] = pools[0]!.players;
    expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 45, score2: 40, version: 0 } })).status).toBe(200);
  });
});

describe('the relay sheet', () => {
  it('has nine relays in the fixed order; each row saves against its own version', async () => {
    const { client } = await signedUpCoach();
    const practice = await teamPractice(client);
    const url = `/api/practices/${practice.id}/team-matches`;
    const empty = await json<TeamMatchRow[]>(await client.get(url));
    expect(empty.map((r) => `${r.fencer_a_number}v${r.fencer_b_number}`)).toEqual(['6v3', '5v1', '4v2', '6v1', '4v3', '5v2', '4v1', '6v2', '5v3']);
    expect(empty.every((r) => r.score_a === null && r.score_b === null && r.version === 0)).toBe(true);

    const one = await json<TeamMatchRow>(await client.request('PUT', `${url}/1`, { score_a: 5, score_b: null, version: 0 }));
    expect(one).toEqual({ match_number: 1, fencer_a_number: 6, fencer_b_number: 3, score_a: 5, score_b: null, version: 1 });
    await client.request('PUT', `${url}/1`, { score_a: 5, score_b: 3, version: 1 });
    const two = await json<TeamMatchRow[]>(await client.get(url));
    expect(two.slice(0, 2).map((r) => [r.score_a, r.score_b, r.version])).toEqual([[5, 3, 2], [null, null, 0]]);

    // Written against the version before: refused with the row as it stands, nothing changed.
    const conflict = await expectRefusal<RelayConflict>(client.request('PUT', `${url}/1`, { score_a: 9, score_b: 9, version: 1 }), 409);
    expect(conflict.error).toBe('Someone else changed this relay meanwhile. The sheet shows their touches: enter yours again to replace them.');
    expect(conflict.current).toMatchObject({ match_number: 1, score_a: 5, score_b: 3, version: 2 });
    // A first entry over a row someone else has already saved is a conflict too.
    expect((await client.request('PUT', `${url}/1`, { score_a: 1, score_b: 1, version: 0 })).status).toBe(409);
    // The old whole-sheet save (no versions) is gone.
    expect((await client.request('PUT', url, { rows: [{ match_number: 1, score_a: 0, score_b: 0 }] })).status).toBe(404);
    expect((await json<TeamMatchRow[]>(await client.get(url)))[0]).toMatchObject({ score_a: 5, score_b: 3 });
  });

  it('a replayed relay (the same idempotency key) applies once', async () => {
    const { client } = await signedUpCoach();
    const practice = await teamPractice(client);
    const url = `/api/practices/${practice.id}/team-matches/2`;
    const answers = await Promise.all([1, 2, 3].map(() => client.request('PUT', url, { score_a: 4, score_b: 6, version: 0 }, { 'idempotency-key': 'relay-replay-01' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await json<TeamMatchRow[]>(await client.api.practices[':practiceId']['team-matches'].$get({ param: { practiceId: practice.id } }));
    expect(rows[1]).toMatchObject({ score_a: 4, score_b: 6, version: 1 });
  });

  it('refuses negative and non-integer touches with 400', async () => {
    const { client } = await signedUpCoach();
    const practice = await teamPractice(client);
    const url = `/api/practices/${practice.id}/team-matches`;
    const cases: [unknown, string][] = [
      [{ score_a: -1, score_b: 2, version: 0 }, 'A touch score cannot be negative'],
      [{ score_a: 2.5, score_b: 2, version: 0 }, 'Touch scores must be whole numbers from 0 to 20'],
      [{ score_a: 21, score_b: 2, version: 0 }, 'Touch scores must be whole numbers from 0 to 20'],
    ];
    for (const [body, error] of cases) {
      expect(await expectRefusal(client.request('PUT', `${url}/3`, body), 400)).toEqual(errorBody(error));
    }
    expect((await client.request('PUT', `${url}/10`, { score_a: 1, score_b: 1, version: 0 })).status).toBe(404);
    expect((await json<TeamMatchRow[]>(await client.get(url)))[2]).toMatchObject({ score_a: null, score_b: null });
  });

  it('two clients editing different rows both persist, and sockets receive the sheet', async () => {
    const { client, email, password } = await signedUpCoach();
    const second = new Client();
    await second.api.auth.signin.$post({ json: { email, password } });
    const practice = await teamPractice(client);
    const socket = (await openSocket(client, `practice=${practice.id}`)).socket!;
    try {
      const url = `/api/practices/${practice.id}/team-matches`;
      await Promise.all([client.request('PUT', `${url}/4`, { score_a: 3, score_b: 5, version: 0 }), second.request('PUT', `${url}/7`, { score_a: 6, score_b: 2, version: 0 })]);
      const rows = await json<TeamMatchRow[]>(await client.get(url));
      expect(rows[3]).toMatchObject({ score_a: 3, score_b: 5 });
      expect(rows[6]).toMatchObject({ score_a: 6, score_b: 2 });
      // Each row travels on its own, as a delta with its version.
      const four = await socket.waitFor((m) => m.type === 'relay' && m.row.match_number === 4);
      const seven = await socket.waitFor((m) => m.type === 'relay' && m.row.match_number === 7);
      expect([four, seven]).toEqual([
        { type: 'relay', practiceId: practice.id, row: rows[3] },
        { type: 'relay', practiceId: practice.id, row: rows[6] },
      ]);
    } finally {
      socket.ws.close();
    }
  });
});
