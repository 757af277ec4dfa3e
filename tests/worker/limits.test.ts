import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../core/contracts/athletes';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { resolveTableau } from '../../core/fencing/tableau';
import { joinAsGuest } from '../helpers/guests';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { Client, json, pageBindings, signedUpCoach } from '../helpers/worker-client';
import { seed, viaClient, fencerEntries, fencerNames } from '../helpers/seed';
import { archived } from '../helpers/room-d1';

// Issue 33: a practice holds what a national event holds, in one go (core/limits).
const SLOW = 120_000;

describe('a national event in one go (issue 33)', () => {
  it('imports 512 athletes, draws all of them into 74 pools in one call, and refuses a 513th with its code', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const imported = await expectAnswer(client.api.athletes.import.$post({ json: { athletes: fencerEntries(512, 'Athlete').map((a, i) => ({ ...a, club: `Club ${i % 40}` })) } }));
    expect(imported.created).toHaveLength(512);
    const roster = await api.athletes();
    expect(roster).toHaveLength(512);
    const practice = await api.practice('Nationals');
    const generate = client.api.practices[':practiceId'].pools.generate;
    const param = { practiceId: practice.id };
    const everyone = roster.map((a: Athlete) => ({ athlete_id: a.id }));

    expect(await expectRefusal(generate.$post({ param, json: { method: 'random', pool_count: 74, entries: [...everyone, { name: 'One more' }] } }), 400)).toMatchObject({ code: 'most_fencers_once', params: { max_generated: '512' } });
    for (const pool_count of [0, 1, 257]) {
      const res = await generate.$post({ param, json: { method: 'random', pool_count, entries: everyone } });
      expect(res.status, String(pool_count)).toBe(400);
      expect(await json(res)).toMatchObject({ code: 'pool_count_whole_number_from', params: { max: '256' } });
    }
    expect(await expectRefusal(generate.$post({ param, json: { method: 'random', pool_count: 11, entries: fencerEntries(20) } }), 400)).toMatchObject({ code: 'pools_for_fencers', params: { fencers: '20', max: '10' } });
    expect(await api.poolsOf(practice.id)).toEqual([]);

    const { pools } = await expectAnswer(generate.$post({ param, json: { method: 'seeded', pool_count: 74, entries: everyone, lang: 'en' } }), 201);
    expect(pools).toHaveLength(74);
    expect(pools.map((p) => p.name)).toEqual(Array.from({ length: 74 }, (_, i) => `Pool ${i + 1}`));
    expect(pools.flatMap((p) => p.players)).toHaveLength(512);
    expect(new Set(pools.map((p) => p.players.length))).toEqual(new Set([6, 7]));

    // The practice is full: another draw, however small, is refused and nothing is written.
    expect(await expectRefusal(generate.$post({ param, json: { method: 'random', pool_count: 2, entries: fencerEntries(4, 'Late') } }), 409)).toMatchObject({ code: 'practice_holds_most_fencers', params: { max: '512', held: '512' } });
    for (const late of [
      await client.api.practices[':practiceId'].pools.latecomers.$post({ param, json: { name: 'Late Lou' } }),
      await client.api.practices[':practiceId'].pools[':poolId'].players.$post({ param: { ...param, poolId: pools[0]!.id }, json: { name: 'Late Lea' } }),
    ]) {
      expect(late.status).toBe(409);
      expect(await json(late)).toMatchObject({ code: 'practice_holds_most_fencers' });
    }
    expect((await api.poolsOf(practice.id)).flatMap((p) => p.players)).toHaveLength(512);
  }, SLOW);

  it('takes a whole event’s draw at its longest names (over 64 KB) in one body, and refuses one past 256 KB with 413', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Long names');
    const generate = client.api.practices[':practiceId'].pools.generate;
    // 512 names of 100 characters, each of two bytes: about 110 KB.
    const entries = Array.from({ length: 512 }, (_, i) => ({ name: `${'Ö'.repeat(96)} ${String(i).padStart(3, '0')}` }));
    const { pools } = await expectAnswer(generate.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: 74, entries } }), 201);
    expect(pools.flatMap((p) => p.players)).toHaveLength(512);
    const other = await api.practice('Too long');
    expect(await expectRefusal(generate.$post({ param: { practiceId: other.id }, json: { method: 'random', pool_count: 2, entries: [{ name: 'A' }, { name: 'x'.repeat(300 * 1024) }] } }), 413)).toMatchObject({ code: 'request_too_large_most_kb', params: { maxsize: '256' } });
    expect(await api.poolsOf(other.id)).toEqual([]);
  }, SLOW);

  it('a second draw continues the numbering (Pool 75 after 74), in individual and team pools', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Two draws');
    const first = await api.pools(practice.id, fencerNames(148), 74);
    expect(first.at(-1)!.name).toBe('Pool 74');
    const generate = client.api.practices[':practiceId'].pools.generate;
    const { pools } = await expectAnswer(generate.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: 2, entries: fencerEntries(8, 'Second'), lang: 'fr' } }), 201);
    expect(pools).toHaveLength(76);
    expect(pools.slice(74).map((p) => p.name)).toEqual(['Poule 75', 'Poule 76']);
    expect(new Set(pools.map((p) => p.name)).size).toBe(76);

    const team = await api.practice('Relay cup', { type: 'team' });
    await api.teams(team.id, fencerNames(16, 'T'), 4);
    expect((await api.teamPools(team.id, 2)).map((p) => p.name)).toEqual(['Pool 1', 'Pool 2']);
    expect((await api.teamPools(team.id, 2)).map((p) => p.name).sort()).toEqual(['Pool 1', 'Pool 2', 'Pool 3', 'Pool 4']);
  }, SLOW);

  it('builds a tableau of 512 from the pools, and a backup of that practice restores whole', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const practice = await api.practice('Table of 512');
    // 256 pools of two (the most 512 fencers fill): one bout each, so the pools finish in 256 writes.
    const pools = await api.pools(practice.id, fencerNames(512), 256);
    expect(pools).toHaveLength(256);
    for (const pool of pools) await api.fenceAll(pool);
    const done = await api.poolsOf(practice.id);
    const tableau = resolveTableau(done, await api.bracket(practice.id));
    expect(tableau.seeds).toHaveLength(512);
    const top = tableau.matches.find((m) => m.round === 1 && m.position === 0)!;
    const scored = await expectAnswer(client.api.practices[':practiceId'].bracket.scores.$post({
      param: { practiceId: practice.id },
      json: { round: 1, position: 0, player1_id: top.player1_id!, player2_id: top.player2_id!, player1_score: 15, player2_score: 3, version: 0 },
    }));
    expect(scored.matches.filter((m) => m.round === 1 && m.position === 0)).toMatchObject([{ winner_id: top.player1_id }]);
    const frozen = await api.bracket(practice.id);
    expect(frozen.seeding).toHaveLength(512);
    expect(resolveTableau(done, frozen).matches.filter((m) => m.round === 1)).toHaveLength(256);
    // The tableau's page, rendered by the worker for a wide screen, draws the top of the table first (24 lines,
    // taller than a screen): 24 first-round matches and the matches beside them in each later round; the page
    // draws the rest.
    const page = await (await client.requestIn(pageBindings, 'GET', '/tableau')).text();
    const perRound = page.split('data-testid="tableau-round"').slice(1).map((round) => round.match(/<li[^>]*data-testid="match-/g)?.length ?? 0);
    expect(perRound).toEqual([24, 12, 6, 3, 2, 1, 1, 1, 1]);

    // A backup reads D1's archive, which the room writes behind its answers.
    await archived(practice.id);
    const backup = await expectAnswer(client.api.account.backup.$get());
    const target = await signedUpCoach('Restorer');
    expect(await expectAnswer(target.client.settledApi.account.restore.$post({ json: backup }), 201)).toMatchObject({ practices: 1, pools: 256, bouts: 256 });
    const [restored] = await seed(viaClient(target.client)).practices();
    const restoredPools = await seed(viaClient(target.client)).poolsOf(restored!.id);
    expect(restoredPools.flatMap((p: PoolSnapshot) => p.players)).toHaveLength(512);
    const bracket = await seed(viaClient(target.client)).bracket(restored!.id);
    expect(bracket.seeding).toHaveLength(512);
    expect(bracket.matches.filter((m) => m.winner_id !== null && m.player1_score === 15)).toHaveLength(1);
  }, SLOW);

  it('restores a practice of 512 fencers, and refuses one of 513 with its code, writing nothing', async () => {
    const { client } = await signedUpCoach();
    await seed(viaClient(client)).practice('Big');
    const backup = await expectAnswer(client.api.account.backup.$get());
    // 25 pools of 20 and one of `last`: as many fencers as a file may hold in pools (no bout fenced).
    const withFencers = (last: number) => {
      const file = structuredClone(backup);
      const sizes = [...Array.from({ length: 25 }, () => 20), last];
      file.practices[0]!.pools = sizes.map((size, p) => ({
        id: `pool-${p}`, name: `Pool ${p + 1}`, round: 1, created_at: 1_700_000_000_000 + p, bouts: [],
        players: Array.from({ length: size }, (_, i) => ({ id: `f-${p}-${i}`, athlete_id: null, name: `FENCER ${p * 20 + i + 1}`, position: i + 1, status: null })),
      }));
      return file;
    };
    const target = await signedUpCoach('Restorer');
    expect(await expectRefusal(target.client.settledApi.account.restore.$post({ json: withFencers(13) }), 400)).toMatchObject({ code: 'backup_practice_most_fencers', params: { max: '512', name: 'Big', held: '513' } });
    expect(await seed(viaClient(target.client)).practices()).toEqual([]);

    expect(await expectAnswer(target.client.settledApi.account.restore.$post({ json: withFencers(12) }), 201)).toMatchObject({ practices: 1, pools: 26, bouts: 0 });
    const [practice] = await seed(viaClient(target.client)).practices();
    expect((await seed(viaClient(target.client)).poolsOf(practice!.id)).flatMap((p: PoolSnapshot) => p.players)).toHaveLength(512);
  }, SLOW);

  it('a whole event’s draw is still the coach’s own: another coach 404, a guest 403, nobody 401', async () => {
    const { client } = await signedUpCoach();
    const { client: stranger } = await signedUpCoach('Stranger');
    const api = seed(viaClient(client));
    const practice = await api.share((await api.practice('Mine')).id);
    const team = await api.practice('Mine too', { type: 'team' });
    const { guest } = await joinAsGuest(practice.room_code!);
    const body = { method: 'random' as const, pool_count: 74, entries: fencerEntries(512) };
    for (const [who, status] of [[stranger, 404], [guest, 403], [new Client(), 401]] as const) {
      expect((await who.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: body })).status).toBe(status);
      const teams = await who.api.practices[':practiceId'].teams.$post({ param: { practiceId: team.id }, json: { method: 'random', entries: fencerEntries(512) } });
      expect(teams.status).toBe(status);
    }
    expect(await api.poolsOf(practice.id)).toEqual([]);
    expect(await seed(viaClient(client)).practices()).toHaveLength(2);
  }, SLOW);
});
