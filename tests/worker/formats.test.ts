import { describe, expect, it } from 'vitest';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import { computePoolStats } from '../../core/fencing/pool-stats';
import { resolveTableau } from '../../core/fencing/tableau';
import { joinAsGuest } from '../helpers/guests';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { errorBody } from '../../core/messages';

const TABLEAU_STARTED = 'The tableau has started: the pools can no longer change. Reset the tableau first.';

/** A practice with one pool of the given names; `fence` fences every bout (the earlier name wins 5–j%5). */
async function practiceWith(client: Client, names: string[], fence = false) {
  const api = seed(viaClient(client));
  const { practice, pool } = await api.practiceWithPool('Formats', names);
  if (fence) await api.fenceAll(pool, (_, j) => [5, j % 5]);
  return { practice, pool: await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } })) };
}

const bracketOf = (client: Client, practiceId: string) => client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practiceId } }).then((r) => json<BracketSnapshot>(r));
const status = (client: Client, pool: PoolSnapshot, i: number, value: string | null) => client.put(`/api/pools/${pool.id}/players/${pool.players[i]!.id}/status`, { status: value });

/** Scores the first open tableau match (both fencers known, no winner) for its first fencer. */
async function scoreFirstOpen(client: Client, practiceId: string) {
  const [pools, bracket] = await Promise.all([client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practiceId } }).then((r) => json<PoolSnapshot[]>(r)), bracketOf(client, practiceId)]);
  const m = resolveTableau(pools, bracket).matches.find((x) => x.player1_id && x.player2_id && !x.winner_id)!;
  return client.post(`/api/practices/${practiceId}/bracket/scores`, {
    round: m.round, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 10, version: m.version,
  });
}

describe('withdrawal and exclusion during the pools (o.74)', () => {
  it("marks a fencer withdrawn: every screen gets the pool, the fencer's bouts count for nobody, and it can be undone", async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await practiceWith(client, ['ANN', 'BOB', 'CLEO'], true);
    const watcher = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const res = await status(client, pool, 2, 'withdrawn');
    expect(res.status).toBe(200);
    const after = await json<PoolSnapshot>(res);
    expect(after.players.map((p) => p.status)).toEqual([null, null, 'withdrawn']);
    expect(after.version).toBe(pool.version + 1);
    const seen = await watcher.waitFor((m) => m.type === 'pool' && m.pool.version === after.version);
    expect(seen.type === 'pool' && seen.pool.players[2]!.status).toBe('withdrawn');
    // ANN beat CLEO and BOB lost to CLEO: with CLEO's bouts annulled, ANN 1-0 and BOB 0-1.
    expect(computePoolStats(after.players, after.bouts).map((s) => [s.name, s.victories, s.defeats])).toEqual([['ANN', 1, 0], ['BOB', 0, 1], ['CLEO', 0, 0]]);
    const undone = await json<PoolSnapshot>(await status(client, pool, 2, null));
    expect(undone.players[2]!.status).toBeNull();
    watcher.ws.close();
  });

  it('refuses a bad status, a guest, another coach and a stranger fencer; nothing changes', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await practiceWith(client, ['ANN', 'BOB', 'CLEO']);
    expect((await expectRefusal(status(client, pool, 0, 'injured'), 400)).error).toBe('Status must be withdrawn, excluded or none');
    expect((await client.put(`/api/pools/${pool.id}/players/nobody/status`, { status: 'excluded' })).status).toBe(404);
    const other = await signedUpCoach('Other');
    expect((await status(other.client, pool, 0, 'excluded')).status).toBe(404);
    const shared = await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } }));
    const { guest } = await joinAsGuest(shared.room_code);
    expect((await status(guest, pool, 0, 'excluded')).status).toBe(403);
    expect((await new Client().api.pools[':poolId'].players[':playerId'].status.$put({ param: { poolId: pool.id, playerId: pool.players[0]!.id }, json: { status: 'excluded' } })).status).toBe(401);
    const now = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(now.players.map((p) => p.status)).toEqual([null, null, null]);
    expect(now.version).toBe(pool.version);
  });

  it('is refused once the tableau has its first score (409), and nothing changes', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await practiceWith(client, ['ANN', 'BOB', 'CLEO', 'DAN'], true);
    expect((await scoreFirstOpen(client, practice.id)).status).toBe(200);
    expect((await expectRefusal(status(client, pool, 1, 'withdrawn'), 409)).error).toBe(TABLEAU_STARTED);
    const now = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(now.players.every((p) => p.status === null)).toBe(true);
  });
});

describe('the tableau format: the cut and the bouts for places', () => {
  it('refuses a cut of 0, of more than the fencers, a percentage out of range, with clear messages; nothing is stored', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await practiceWith(client, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    const put = (cut: unknown) => client.put(`/api/practices/${practice.id}/bracket/format`, { cut, third_place: 'shared', places_5_8: false });
    const cases: [unknown, string][] = [
      [{ kind: 'top', value: 0 }, 'The cut must keep a whole number of fencers, at least 2'],
      [{ kind: 'top', value: 2.5 }, 'The cut must keep a whole number of fencers, at least 2'],
      [{ kind: 'top', value: 7 }, 'The cut keeps 7 fencers, but only 6 are in the pools'],
      [{ kind: 'percent', value: 0 }, 'The cut must keep a whole percentage from 1 to 100'],
      [{ kind: 'percent', value: 101 }, 'The cut must keep a whole percentage from 1 to 100'],
      [{ kind: 'half' }, 'Choose who goes on to the tableau: everyone, the top N or the top P %'],
    ];
    for (const [cut, error] of cases) {
      const res = await put(cut);
      expect(res.status, JSON.stringify(cut)).toBe(400);
      expect(await json(res)).toEqual(errorBody(error));
    }
    const bad = await client.put(`/api/practices/${practice.id}/bracket/format`, { cut: { kind: 'all' }, third_place: 'maybe', places_5_8: false });
    expect(bad.status).toBe(400);
    expect((await bracketOf(client, practice.id)).format).toEqual({ cut: { kind: 'all' }, third_place: 'shared', places_5_8: false });
  });

  it('only the coach of the practice sets it', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await practiceWith(client, ['A1', 'A2', 'A3']);
    const body = { cut: { kind: 'top', value: 2 }, third_place: 'bout', places_5_8: false };
    const other = await signedUpCoach('Other');
    expect((await other.client.put(`/api/practices/${practice.id}/bracket/format`, body)).status).toBe(404);
    expect((await new Client().put(`/api/practices/${practice.id}/bracket/format`, body)).status).toBe(401);
    expect((await bracketOf(client, practice.id)).format.cut).toEqual({ kind: 'all' });
  });

  it('a cut to the top 4 with a bout for 3rd: every screen learns it, the tableau draws the 4 promoted and fences 3rd', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await practiceWith(client, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], true);
    const shared = await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } }));
    const spectator = (await openSocket(new Client(), `board=${shared.board_id}`)).socket!;
    const res = await client.api.practices[':practiceId'].bracket.format.$put({ param: { practiceId: practice.id }, json: { cut: { kind: 'top', value: 4 }, third_place: 'bout', places_5_8: false } });
    expect(res.status).toBe(200);
    const seen = await spectator.waitFor((m) => m.type === 'bracket' && m.bracket.format.cut.kind === 'top');
    expect(seen.type === 'bracket' && seen.bracket.format).toEqual({ cut: { kind: 'top', value: 4 }, third_place: 'bout', places_5_8: false });

    // Both semi-finals scored for their first fencer (A1 over A4, A3 over A2): the losers meet in the bout
    // for 3rd, stored like any match.
    expect((await scoreFirstOpen(client, practice.id)).status).toBe(200);
    expect((await scoreFirstOpen(client, practice.id)).status).toBe(200);
    const bracket = await bracketOf(client, practice.id);
    expect(bracket.seeding!.map((s) => s.name)).toEqual(['A1', 'A2', 'A3', 'A4']);
    const name = (id: string | null) => bracket.seeding!.find((s) => s.id === id)?.name;
    const third = bracket.matches.find((m) => m.round === 2 && m.position === 1)!;
    expect([name(third.player1_id), name(third.player2_id)]).toEqual(['A4', 'A2']);
    spectator.ws.close();
  });

  it('after the first score the bouts for places are locked (409) but the cut may change (the tableau then shows it is stale)', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await practiceWith(client, ['A1', 'A2', 'A3', 'A4', 'A5'], true);
    expect((await scoreFirstOpen(client, practice.id)).status).toBe(200);
    expect((await expectRefusal(client.api.practices[':practiceId'].bracket.format.$put({ param: { practiceId: practice.id }, json: { cut: { kind: 'all' }, third_place: 'bout', places_5_8: false } }), 409)).error).toBe('The tableau has started: the bouts for places can no longer change. Reset the tableau first.');
    expect((await bracketOf(client, practice.id)).format.third_place).toBe('shared');
    const cut = await client.api.practices[':practiceId'].bracket.format.$put({ param: { practiceId: practice.id }, json: { cut: { kind: 'top', value: 4 }, third_place: 'shared', places_5_8: false } });
    expect(cut.status).toBe(200);
    const pools = await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
    expect(resolveTableau(pools, await json<BracketSnapshot>(cut)).stale).toBe(true);
  });
});

describe('check-in and latecomers', () => {
  it('records the absent at the draw, lists them as not started, and a latecomer joins the smallest pool', async () => {
    const { client } = await signedUpCoach();
    const athlete = await expectAnswer(client.api.athletes.$post({ json: { name: 'Late Lou' } }), 201);
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Check-in' } }));
    const entries = ['A1', 'A2', 'A3', 'A4', 'A5'].map((name) => ({ name }));
    const { pools } = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: 2, entries, absent: [{ athlete_id: athlete.id }, { name: 'zed' }] } }), 201);
    expect(pools.flatMap((p) => p.players).map((p) => p.name).sort()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    expect((await bracketOf(client, practice.id)).did_not_start).toEqual(['LATE LOU', 'ZED']);

    const watcher = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const joined = await expectAnswer(client.api.practices[':practiceId'].pools.latecomers.$post({ param: { practiceId: practice.id }, json: { name: 'Late Lou' } }), 201);
    const smallest = pools.find((p) => p.players.length === 2)!;
    expect(joined.id).toBe(smallest.id);
    expect(joined.players.map((p) => [p.name, p.athlete_id])).toContainEqual(['LATE LOU', athlete.id]);
    await watcher.waitFor((m) => m.type === 'bracket' && m.bracket.did_not_start.length === 1);
    expect((await bracketOf(client, practice.id)).did_not_start).toEqual(['ZED']);
    watcher.ws.close();
  });

  it('refuses an absent athlete of another coach (404, nothing drawn), an empty latecomer name, and a latecomer once the tableau started', async () => {
    const { client } = await signedUpCoach();
    const other = await signedUpCoach('Other');
    const theirs = await expectAnswer(other.client.api.athletes.$post({ json: { name: 'Not Yours' } }), 201);
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Check-in' } }));
    const res = await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ name: 'a' }, { name: 'b' }], absent: [{ athlete_id: theirs.id }] } });
    expect(res.status).toBe(404);
    expect(await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }))).toEqual([]);
    expect((await bracketOf(client, practice.id)).did_not_start).toEqual([]);

    expect((await expectRefusal(client.api.practices[':practiceId'].pools.latecomers.$post({ param: { practiceId: practice.id }, json: { name: 'Lou' } }), 409)).error).toBe('Draw the pools first: a latecomer joins the smallest pool.');

    const { practice: started } = await practiceWith(client, ['A1', 'A2', 'A3'], true);
    expect((await client.api.practices[':practiceId'].pools.latecomers.$post({ param: { practiceId: started.id }, json: { name: '  ' } })).status).toBe(400);
    expect((await scoreFirstOpen(client, started.id)).status).toBe(200);
    expect((await expectRefusal(client.api.practices[':practiceId'].pools.latecomers.$post({ param: { practiceId: started.id }, json: { name: 'Lou' } }), 409)).error).toBe(TABLEAU_STARTED);
    const pools = await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: started.id } }));
    expect(pools[0]!.players).toHaveLength(3);
  });
});
