import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import { resolveTableau } from '../../core/fencing/tableau';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { joinAsGuest } from '../helpers/guests';
import { seed, viaClient } from '../helpers/seed';
import { guestSocket, openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';

/** The roster of the journey, in the order round 1 ranks them (clubs X, Y, Y, X, Z, W, then none). */
const FENCERS = [['ANNA', 'X'], ['BEN', 'Y'], ['CARL', 'Y'], ['DORA', 'X'], ['EVA', 'Z'], ['FINN', 'W'], ['GUS', null], ['HAL', null]] as const;

/** A coach's practice with one round-1 pool of the roster above, fenced (or not) so the sheet's order is the ranking. */
async function practiceWithRoundOne(fenced = true) {
  const { client } = await signedUpCoach();
  const api = seed(viaClient(client));
  const athletes = [];
  for (const [name, club] of FENCERS) athletes.push(await api.athlete(club ? { name, club } : { name }));
  const practice = await api.practice('Second round');
  const [pool] = await api.pools(practice.id, athletes.map((a) => ({ athlete_id: a.id })));
  if (fenced) await api.fenceAll(pool!);
  return { client, api, practice, pool: pool! };
}

const compose = (client: Client, practiceId: string, body: unknown) => client.post(`/api/practices/${practiceId}/pools/second-round`, body);
const names = (pool: PoolSnapshot) => pool.players.map((p) => p.name).sort();
const roundTwo = (pools: PoolSnapshot[]) => pools.filter((p) => p.round === 2);

describe('a second round of pools (issue 28)', () => {
  it('composes round 2 from round 1, club mates apart; fenced, it seeds the tableau by its own ranking', async () => {
    const { client, api, practice } = await practiceWithRoundOne();
    const watcher = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const { pools, createdIds } = await api.secondRound(practice.id, { cut: { kind: 'top', value: 6 }, pool_count: 2 });
    expect(createdIds).toHaveLength(2);
    const second = roundTwo(pools);
    expect(second.map((p) => p.name)).toEqual(['Round 2 · Pool 1', 'Round 2 · Pool 2']);
    expect(pools.filter((p) => p.round === 1)).toHaveLength(1);
    // Serpentine 1, 4, 5 | 2, 3, 6, then CARL (Y) leaves BEN (Y) for DORA's place (o.68.2): no club twice in a pool.
    expect(second.map(names)).toEqual([['ANNA', 'CARL', 'EVA'], ['BEN', 'DORA', 'FINN']]);
    const seedOf = Object.fromEntries(second.flatMap((p) => p.players.map((pl) => [pl.name, pl.seed])));
    expect(seedOf).toEqual({ ANNA: 1, BEN: 2, CARL: 3, DORA: 4, EVA: 5, FINN: 6 });
    expect(second.flatMap((p) => p.players.map((pl) => pl.position)).sort()).toEqual([1, 1, 2, 2, 3, 3]);
    const seen = await watcher.waitFor((m) => m.type === 'pools' && m.pools.some((p) => p.round === 2));
    expect(seen.type === 'pools' && roundTwo(seen.pools).map(names)).toEqual([['ANNA', 'CARL', 'EVA'], ['BEN', 'DORA', 'FINN']]);
    watcher.ws.close();
    // D1's archive holds the rounds as the room does (written before the answer: a change of shape).
    const archived = await env.DB.prepare('SELECT round, COUNT(*) AS n FROM tournaments WHERE practice_id = ? GROUP BY round ORDER BY round').bind(practice.id).all();
    expect(archived.results).toEqual([{ round: 1, n: 1 }, { round: 2, n: 2 }]);
    const entries = await env.DB.prepare('SELECT name, seed FROM players WHERE first_round_id IS NOT NULL AND tournament_id IN (SELECT id FROM tournaments WHERE practice_id = ?) ORDER BY seed').bind(practice.id).all();
    expect(entries.results.map((r) => [r.seed, r.name])).toEqual([[1, 'ANNA'], [2, 'BEN'], [3, 'CARL'], [4, 'DORA'], [5, 'EVA'], [6, 'FINN']]);

    // The tableau waits for round 2; each of its bouts is won 5–0 by the lower seed, so the ranking reverses
    // and fencers tied on every index keep their round-2 seed order: EVA, FINN, CARL, DORA, ANNA, BEN.
    expect(resolveTableau(await api.poolsOf(practice.id), await api.bracket(practice.id)).matches).toEqual([]);
    for (const pool of second) {
      const [a, b, c] = [...pool.players].sort((x, y) => x.seed! - y.seed!);
      for (const [winner, loser] of [[c!, a!], [c!, b!], [b!, a!]] as const) await api.bout(pool, winner.id, loser.id, 5, 0);
    }
    const fenced = await api.poolsOf(practice.id);
    const tableau = resolveTableau(fenced, await api.bracket(practice.id));
    expect(tableau.seeds.map((s) => s.name)).toEqual(['EVA', 'FINN', 'CARL', 'DORA', 'ANNA', 'BEN']);
    // The room seeds it the same: the first score freezes the seeding it drew.
    const m = tableau.matches.find((x) => x.player1_id && x.player2_id)!;
    const scored = await client.post(`/api/practices/${practice.id}/bracket/scores`, {
      round: m.round, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 3, version: m.version,
    });
    expect(scored.status).toBe(200);
    expect((await api.bracket(practice.id)).seeding!.map((s) => [s.seed, s.name])).toEqual([[1, 'EVA'], [2, 'FINN'], [3, 'CARL'], [4, 'DORA'], [5, 'ANNA'], [6, 'BEN']]);
  });

  it('refuses a second compose (409) and one before round 1 is done (409); nothing is written', async () => {
    const unfinished = await practiceWithRoundOne(false);
    expect((await expectRefusal(compose(unfinished.client, unfinished.practice.id, { cut: { kind: 'all' }, pool_count: 2 }), 409)).code).toBe('round_one_unfinished');
    expect(roundTwo(await unfinished.api.poolsOf(unfinished.practice.id))).toEqual([]);

    const { client, api, practice } = await practiceWithRoundOne();
    await api.secondRound(practice.id, { cut: { kind: 'all' }, pool_size: 4 });
    const again = await compose(client, practice.id, { cut: { kind: 'all' }, pool_count: 1 });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('second_round_exists');
    expect(roundTwo(await api.poolsOf(practice.id)).map((p) => p.players.length)).toEqual([4, 4]);
    // While round 2 stands, the pools and their fencers stay as they are: no latecomer, fencer or pool comes or goes.
    const [first] = (await api.poolsOf(practice.id)).filter((p) => p.round !== 2);
    const refusals = [
      await client.post(`/api/practices/${practice.id}/pools/latecomers`, { name: 'Late Lou' }),
      await client.post(`/api/practices/${practice.id}/pools/${first!.id}/players`, { name: 'New Nia' }),
      await client.request('DELETE', `/api/practices/${practice.id}/pools/${first!.id}/players/${first!.players[0]!.id}`, {}),
      await client.post(`/api/practices/${practice.id}/pools`, { name: 'Extra' }),
      await client.request('DELETE', `/api/practices/${practice.id}/pools/${first!.id}`, {}),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect((await json(res)).code).toBe('second_round_frozen');
    }
    const after = await api.poolsOf(practice.id);
    expect(after.map((p) => p.players.length).sort()).toEqual([4, 4, 8]);
    // Taken back, round 1 is the coach's to change again.
    expect((await client.request('DELETE', `/api/practices/${practice.id}/pools/second-round`, {})).status).toBe(200);
    expect((await client.post(`/api/practices/${practice.id}/pools/latecomers`, { name: 'Late Lou' })).status).toBe(201);
  });

  it('answers bad input with 400 and its code, and writes nothing', async () => {
    const { client, api, practice } = await practiceWithRoundOne();
    const cases: [unknown, string][] = [
      [{ cut: { kind: 'top', value: 1 }, pool_count: 2 }, 'cut_keep_whole_number_fencers'],
      [{ cut: { kind: 'percent', value: 150 }, pool_count: 2 }, 'cut_keep_whole_percentage_from'],
      [{ cut: { kind: 'best' }, pool_count: 2 }, 'second_round_cut'],
      [{ cut: { kind: 'all' } }, 'round_shape'],
      [{ cut: { kind: 'all' }, pool_count: 2, pool_size: 4 }, 'round_shape'],
      [{ cut: { kind: 'all' }, pool_count: 0 }, 'round_pool_count'],
      [{ cut: { kind: 'all' }, pool_count: 1.5 }, 'round_pool_count'],
      [{ cut: { kind: 'all' }, pool_size: 2 }, 'round_pool_size'],
      [{ cut: { kind: 'all' }, pool_size: 'seven' }, 'round_pool_size'],
      // Four promoted cannot fill two pools of three.
      [{ cut: { kind: 'top', value: 4 }, pool_count: 2 }, 'second_round_too_few'],
    ];
    for (const [body, code] of cases) {
      const res = await compose(client, practice.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).code, JSON.stringify(body)).toBe(code);
    }
    expect((await compose(client, practice.id, '{"cut":')).status).toBe(400);
    expect(roundTwo(await api.poolsOf(practice.id))).toEqual([]);
  });

  it('is the coach’s alone: another coach 404, a guest 403, nobody 401; a team practice 409', async () => {
    const { client, api, practice } = await practiceWithRoundOne();
    const body = { cut: { kind: 'all' }, pool_count: 2 };
    const other = await signedUpCoach('Other');
    expect((await compose(other.client, practice.id, body)).status).toBe(404);
    const shared = await api.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code);
    const refused = await compose(guest, practice.id, body);
    expect(refused.status).toBe(403);
    expect((await new Client().api.practices[':practiceId'].pools['second-round'].$post({ param: { practiceId: practice.id }, json: { cut: { kind: 'all' }, pool_count: 2 } })).status).toBe(401);
    expect((await guest.delete(`/api/practices/${practice.id}/pools/second-round`)).status).toBe(403);
    expect((await other.client.delete(`/api/practices/${practice.id}/pools/second-round`)).status).toBe(404);
    expect((await new Client().delete(`/api/practices/${practice.id}/pools/second-round`)).status).toBe(401);
    expect(roundTwo(await api.poolsOf(practice.id))).toEqual([]);

    const team = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'team', name: 'Relays' } }));
    expect((await expectRefusal(compose(client, team.id, body), 409)).code).toBe('second_round_individual');
  });

  it('shows the new round to a guest and the live board at once, and takes it back while unfenced', async () => {
    const { client, api, practice } = await practiceWithRoundOne();
    const shared = await api.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code);
    const guestLive = await guestSocket(guest, practice.id);
    const board = (await openSocket(new Client(), `board=${shared.board_id}`)).socket!;
    const { pools } = await api.secondRound(practice.id, { cut: { kind: 'percent', value: 50 }, pool_count: 1 });
    for (const socket of [guestLive, board]) {
      const seen = await socket.waitFor((m) => m.type === 'pools' && m.pools.some((p) => p.round === 2));
      expect(seen.type === 'pools' && roundTwo(seen.pools).map(names)).toEqual([['ANNA', 'BEN', 'CARL', 'DORA']]);
    }
    // A guest scores round 2 like any pool; then round 2 stays.
    const [pool] = roundTwo(pools);
    await seed(viaClient(guest)).bout(pool!, pool!.players[0]!.id, pool!.players[1]!.id, 5, 2);
    expect((await expectRefusal(client.delete(`/api/practices/${practice.id}/pools/second-round`), 409)).code).toBe('second_round_started');
    const cleared = await client.request('DELETE', `/api/practices/${practice.id}/pools/${pool!.id}/bouts`, { player1_id: pool!.players[0]!.id, player2_id: pool!.players[1]!.id, version: 1 });
    expect(cleared.status).toBe(200);
    const back = await client.delete(`/api/practices/${practice.id}/pools/second-round`);
    expect(back.status).toBe(200);
    expect((await json<PoolSnapshot[]>(back)).map((p) => p.round)).toEqual([1]);
    const seen = await board.waitFor((m) => m.type === 'pools' && m.pools.length === 1);
    expect(seen.type === 'pools' && seen.pools[0]!.round).toBe(1);
    expect((await client.delete(`/api/practices/${practice.id}/pools/second-round`)).status).toBe(404);
    guestLive.ws.close();
    board.ws.close();
    expect(await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }))).toHaveLength(1);
  });
});
