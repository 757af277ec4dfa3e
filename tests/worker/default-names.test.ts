import { describe, expect, it } from 'vitest';
import { errorBody } from '../../core/messages';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient, fencerEntries, fencerNames } from '../helpers/seed';
import { json, signedUpCoach } from '../helpers/worker-client';

const INVALID = errorBody('The language must be a language code such as en or fr-CA');
/** What a request that is not the app's would send: the typed client takes only a string. */
const bad = (lang: unknown) => lang as string;

async function coach() {
  const { client } = await signedUpCoach();
  return { client, api: seed(viaClient(client)), practiceApi: client.api.practices[':practiceId'] };
}

describe('what the app names for the coach, in the coach’s language (issue 29)', () => {
  it('names generated pools in the language the app sends, stores them so, and names in English for a language it does not speak', async () => {
    const { api, practiceApi } = await coach();
    const generate = async (lang: string | undefined, pool_count?: number) => {
      const practice = await api.practice();
      const json = pool_count ? { method: 'random' as const, pool_count, entries: fencerEntries(6), lang } : { method: 'single' as const, entries: fencerEntries(6), lang };
      await expectAnswer(practiceApi.pools.generate.$post({ param: { practiceId: practice.id }, json }), 201);
      // As the room stores them: what every screen, the board and the backup read.
      return (await api.poolsOf(practice.id)).map((p) => p.name);
    };
    expect(await generate('fr')).toEqual(['Poule principale']);
    expect(await generate('de-AT', 2)).toEqual(['Runde 1', 'Runde 2']);
    expect(await generate('it', 3)).toEqual(['Girone 1', 'Girone 2', 'Girone 3']);
    expect(await generate('pt-BR')).toEqual(['Main Pool']);
    expect(await generate(undefined, 2)).toEqual(['Pool 1', 'Pool 2']);
  });

  it('names a team practice’s teams and their pool in French, and a drawn team tableau’s teams too', async () => {
    const { api, practiceApi } = await coach();
    const practice = await api.practice('Relais', { type: 'team' });
    await api.teams(practice.id, fencerNames(6));
    const { pools } = await expectAnswer(practiceApi.teams.pools.$post({ param: { practiceId: practice.id }, json: { method: 'single', lang: 'fr' } }), 201);
    expect(pools.map((p) => [p.name, p.players.map((x) => x.name)])).toEqual([['Poule principale', ['Équipe 1', 'Équipe 2']]]);

    const drawn = await api.practice('Tableau', { type: 'team' });
    await api.teams(drawn.id, fencerNames(8), 2);
    const { bracket } = await expectAnswer(practiceApi['team-tableau'].$post({ param: { practiceId: drawn.id }, json: { third_place: false, lang: 'es' } }), 201);
    expect(bracket.seeding!.map((s) => s.name).sort()).toEqual(['Equipo 1', 'Equipo 2']);
  });

  it('names a second round’s pools in the language of that moment, and leaves round 1’s names as they were', async () => {
    const { api } = await coach();
    const practice = await api.practice();
    const [pool] = await api.pools(practice.id, fencerEntries(6));
    await api.fenceAll(pool!);
    const { pools } = await api.secondRound(practice.id, { cut: { kind: 'all' }, pool_count: 2, lang: 'fr' });
    expect(pools.map((p) => [p.round, p.name])).toEqual([[1, 'Main Pool'], [2, 'Tour 2 · Poule 1'], [2, 'Tour 2 · Poule 2']]);
  });

  it('refuses a language that is no language code with a 400 and its code, and writes nothing', async () => {
    const { api, practiceApi } = await coach();
    const practice = await api.practice();
    for (const lang of [42, '', 'fr CA', '<b>fr</b>', `fr-${'x'.repeat(40)}`]) {
      expect(await expectRefusal(practiceApi.pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: fencerEntries(4), lang: bad(lang) } }), 400)).toEqual(INVALID);
    }
    expect(await api.poolsOf(practice.id)).toEqual([]);

    const team = await api.practice('Relais', { type: 'team' });
    await api.teams(team.id, fencerNames(6));
    const teamPools = await practiceApi.teams.pools.$post({ param: { practiceId: team.id }, json: { method: 'single', lang: bad(['fr']) } });
    expect([teamPools.status, await json(teamPools)]).toEqual([400, INVALID]);
    const tableau = await practiceApi['team-tableau'].$post({ param: { practiceId: team.id }, json: { third_place: false, lang: bad('français') } });
    expect([tableau.status, await json(tableau)]).toEqual([400, INVALID]);
    expect(await api.poolsOf(team.id)).toEqual([]);
    expect((await api.bracket(team.id)).seeding).toBeNull();

    const [pool] = await api.pools(practice.id, fencerEntries(6));
    await api.fenceAll(pool!);
    const round = await practiceApi.pools['second-round'].$post({ param: { practiceId: practice.id }, json: { cut: { kind: 'all' }, pool_count: 2, lang: bad(null) } });
    expect([round.status, await json(round)]).toEqual([400, INVALID]);
    expect((await api.poolsOf(practice.id)).map((p) => p.name)).toEqual(['Main Pool']);
    // Another coach finds no such practice, whatever the language.
    const other = await coach();
    expect((await other.practiceApi.pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: fencerEntries(4), lang: 'fr' } })).status).toBe(404);
  });
});
