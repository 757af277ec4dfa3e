import { describe, expect, it } from 'vitest';
import type { Athlete, AthleteHistory } from '../../core/contracts/athletes';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import type { AthleteSummary } from '../../core/fencing/history';
import { resolveTableau } from '../../core/fencing/tableau';
import { joinAsGuest } from '../helpers/guests';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { archived } from '../helpers/room-d1';

async function roster(client: Client, names: string[]) {
  const out: Athlete[] = [];
  for (const name of names) out.push(await json<Athlete>(await client.api.athletes.$post({ json: { name } })));
  return out;
}

/** A practice with one pool of these entries, every bout fenced (the earlier entry wins 5–j), and the tableau's first match scored. */
async function fencedPractice(client: Client, name: string, entries: ({ athlete_id: string } | { name: string })[]) {
  const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name } }));
  const { pools } = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries } }), 201);
  const pool = pools[0]!;
  const n = pool.players.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: pool.players[i]!.id, player2_id: pool.players[j]!.id, score1: 5, score2: j, version: 0 } });
    }
  }
  const fenced = await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
  const bracket = await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }));
  const m = resolveTableau(fenced, bracket).matches.find((x) => x.player1_id && x.player2_id && !x.winner_id)!;
  await client.post(`/api/practices/${practice.id}/bracket/scores`, {
    round: m.round, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 11, version: m.version,
  });
  // History, ratings and seeding read D1's archive, which the room writes behind its answers.
  await archived(practice.id);
  return { practice, pool: fenced[0]! };
}

const historyOf = (client: Client, id: string) => client.api.athletes[':id'].history.$get({ param: { id: id } }).then((r) => json<AthleteHistory>(r));
const link = (client: Client, pool: PoolSnapshot, entry: number, athleteId: string | null) =>
  client.api.pools[':poolId'].players[':playerId'].athlete.$put({ param: { poolId: pool.id, playerId: pool.players[entry]!.id }, json: { athlete_id: athleteId } });

describe('one identity per fencer', () => {
  it('links a typed entry to an athlete: their history gains its pool and tableau bouts once each; unlinking takes them away', async () => {
    const { client } = await signedUpCoach();
    const [anna, ben, cleo] = await roster(client, ['Anna Rossi', 'Ben Okafor', 'Cleo Diaz']);
    // Anna fenced as a typed name: first in the pool, she wins every bout and the tableau's first match.
    const { pool } = await fencedPractice(client, 'Typed night', [{ name: 'Anna Rossi' }, { athlete_id: ben!.id }, { athlete_id: cleo!.id }, { name: 'Dora Kiss' }]);
    expect((await historyOf(client, anna!.id)).bouts).toHaveLength(0);
    const suggestions = await json<{ player_id: string; name: string }[]>(await client.api.athletes[':id'].suggestions.$get({ param: { id: anna!.id } }));
    expect(suggestions).toEqual([expect.objectContaining({ player_id: pool.players[0]!.id, name: 'ANNA ROSSI' })]);

    const snapshot = await expectAnswer(link(client, pool, 0, anna!.id));
    expect(snapshot.players[0]!.athlete_id).toBe(anna!.id);
    expect(snapshot.version).toBe(pool.version + 1);
    const history = await historyOf(client, anna!.id);
    const pools = history.bouts.filter((b) => b.kind === 'pool');
    const tableau = history.bouts.filter((b) => b.kind === 'tableau');
    expect(pools.map((b) => [b.opponent, b.scored, b.received, b.victory]).sort()).toEqual([['BEN OKAFOR', 5, 1, true], ['CLEO DIAZ', 5, 2, true], ['DORA KISS', 5, 3, true]]);
    expect(tableau).toHaveLength(1);
    expect(tableau[0]).toMatchObject({ phase: 'Tableau: Semi-finals', scored: 15, received: 11, victory: true });
    // Two of her bouts were against roster athletes: she has a rating, and so do they.
    expect(history.rating).toBeGreaterThan(1500);
    expect(history.ratings).toHaveLength(2);
    expect(await expectAnswer(client.api.athletes[':id'].suggestions.$get({ param: { id: anna!.id } }))).toEqual([]);

    const summaries = await json<Record<string, AthleteSummary>>(await client.api.athletes.summaries.$get());
    expect(summaries[anna!.id]).toMatchObject({ bouts: 4, victories: 4 });
    expect(summaries[ben!.id]!.bouts).toBe(3);

    expect((await link(client, pool, 0, null)).status).toBe(200);
    expect((await historyOf(client, anna!.id)).bouts).toHaveLength(0);
  });

  it("refuses another coach's athlete (404) and changes nothing; refuses a second entry for one athlete in a pool (409)", async () => {
    const { client } = await signedUpCoach();
    const [anna, ben] = await roster(client, ['Anna Rossi', 'Ben Okafor']);
    const { pool } = await fencedPractice(client, 'Mine', [{ athlete_id: ben!.id }, { name: 'Anna Rossi' }, { name: 'Someone' }]);
    const other = await signedUpCoach('Other');
    const [theirs] = await roster(other.client, ['Anna Rossi']);

    expect((await expectRefusal(link(client, pool, 1, theirs!.id), 404)).error).toBe('Athlete not found');
    // The other coach cannot link an entry of my pool to their athlete either.
    expect((await link(other.client, pool, 1, theirs!.id)).status).toBe(404);
    const after = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(after.players[1]!.athlete_id).toBeNull();
    expect(after.version).toBe(pool.version);
    expect((await historyOf(other.client, theirs!.id)).bouts).toHaveLength(0);

    expect((await expectRefusal(link(client, pool, 1, ben!.id), 409)).error).toBe('This athlete already has an entry in this pool.');
    expect((await client.put(`/api/pools/${pool.id}/players/nobody/athlete`, { athlete_id: anna!.id })).status).toBe(404);
    expect((await client.put(`/api/pools/${pool.id}/players/${pool.players[1]!.id}/athlete`, { athlete_id: 42 })).status).toBe(400);
    expect((await client.api.athletes[':id'].history.$get({ param: { id: anna!.id } })).status).toBe(200);
    expect((await other.client.api.athletes[':id'].history.$get({ param: { id: anna!.id } })).status).toBe(404);
    expect((await other.client.api.athletes[':id'].suggestions.$get({ param: { id: anna!.id } })).status).toBe(404);
  });

  it('is the coach’s: a guest may not link, a stranger is not signed in', async () => {
    const { client } = await signedUpCoach();
    const [anna] = await roster(client, ['Anna Rossi']);
    const { practice, pool } = await fencedPractice(client, 'Shared', [{ name: 'Anna Rossi' }, { name: 'B' }]);
    const shared = await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } }));
    const { guest } = await joinAsGuest(shared.room_code);
    expect((await link(guest, pool, 0, anna!.id)).status).toBe(403);
    expect((await guest.api.athletes.summaries.$get()).status).toBe(403);
    expect((await link(new Client(), pool, 0, anna!.id)).status).toBe(401);
  });
});

describe('seeding by rating', () => {
  it('puts the two best-rated athletes in different pools, the best first', async () => {
    const { client } = await signedUpCoach();
    const athletes = await roster(client, ['A1', 'A2', 'A3', 'A4']);
    // One practice where A1 beats everyone, A2 everyone but A1, and so on.
    await fencedPractice(client, 'Rated', athletes.map((a) => ({ athlete_id: a.id })));
    const summaries = await json<Record<string, AthleteSummary>>(await client.api.athletes.summaries.$get());
    const ratings = athletes.map((a) => summaries[a.id]!.rating!);
    expect(ratings[0]).toBeGreaterThan(ratings[1]!);
    expect(ratings[1]).toBeGreaterThan(ratings[2]!);

    const next = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Next' } }));
    const { pools } = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: next.id }, json: { method: 'rating', pool_count: 2, entries: [...athletes].reverse().map((a) => ({ athlete_id: a.id })) } }), 201);
    // Serpentine: pool 1 gets seeds 1 and 4, pool 2 seeds 2 and 3.
    expect(pools.map((p) => p.players.map((x) => x.name))).toEqual([['A1', 'A4'], ['A2', 'A3']]);
  });
});
