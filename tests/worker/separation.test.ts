import { describe, expect, it } from 'vitest';
import { signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { errorBody } from '../../core/messages';

const SEPARATION_INVALID = 'Separation is a list of club, region and nation, each at most once';

describe('separation by nation (issue 58)', () => {
  it('draws 5 fencers of FRA into 4 pools with one pool holding 2 of them, the others one each', async () => {
    const { client } = await signedUpCoach();
    const nations = ['FRA', 'FRA', 'FRA', 'FRA', 'FRA', 'ITA', 'ITA', 'GER', 'GER', 'HUN', 'USA', 'JPN'];
    const athletes = [];
    for (const [i, nation] of nations.entries()) athletes.push(await expectAnswer(client.api.athletes.$post({ json: { name: `Fencer ${i + 1}`, nation } }), 201));
    const nationOf = new Map(athletes.map((a) => [a.id, a.nation]));
    const practice = await seed(viaClient(client)).practice('Nations');
    const { pools } = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({
      param: { practiceId: practice.id },
      json: { method: 'seeded', pool_count: 4, entries: athletes.map((a) => ({ athlete_id: a.id })), separation: ['nation'] },
    }), 201);
    const count = (nation: string) => pools.map((p) => p.players.filter((f) => nationOf.get(f.athlete_id!) === nation).length).sort();
    expect(count('FRA')).toEqual([1, 1, 1, 2]);
    expect(count('ITA')).toEqual([0, 0, 1, 1]);
    expect(count('GER')).toEqual([0, 0, 1, 1]);
  });

  it('refuses a separation that is not a list of club, region and nation, each once, with its code', async () => {
    const { client } = await signedUpCoach();
    const practice = await seed(viaClient(client)).practice('Bad separation');
    const param = { practiceId: practice.id };
    const entries = [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }];
    const post = (separation: unknown) =>
      client.api.practices[':practiceId'].pools.generate.$post({ param, json: { method: 'random', pool_count: 2, entries, separation: separation as ['club'] } });
    for (const bad of [['city'], ['nation', 'nation'], 'nation', ['club', 'region', 'nation', 'club'], [null], { 0: 'club' }, Array.from({ length: 5000 }, () => 'club')]) {
      const refusal = await expectRefusal(post(bad), 400);
      expect(refusal).toEqual(errorBody(SEPARATION_INVALID));
      expect(refusal).toMatchObject({ code: 'separation_invalid' });
    }
    // Nothing was drawn; an empty list is the plain serpentine, and the default is club mates apart.
    expect((await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param }))).length).toBe(0);
    await expectAnswer(post([]), 201);
  });
});
