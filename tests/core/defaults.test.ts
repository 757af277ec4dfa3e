import { describe, expect, it } from 'vitest';
import { defaultNames, drawnPoolNames, nameLanguage, nextPoolNumber, numberedFrom, poolNumberOf, teamNumberOf } from '../../core/defaults';
import { planPools, planTeamPools, resolveEntries } from '../../core/fencing/planning';
import { firstIssue, generatePoolsSchema, secondRoundSchema, teamPoolsSchema } from '../../core/validation';
import { describeError } from '../../core/messages';
import { seeded } from '../helpers/random';

describe('the names the app gives what it creates, in the coach language (issue 29)', () => {
  it('names the single pool, a pool, a team and a second round pool in each of the five languages', () => {
    const rows = (['en', 'fr', 'es', 'it', 'de'] as const).map((l) => {
      const n = defaultNames(l);
      return [l, n.mainPool, n.pool(3), n.team(2), n.secondRoundPool(1)];
    });
    expect(rows).toEqual([
      ['en', 'Main Pool', 'Pool 3', 'Team 2', 'Round 2 · Pool 1'],
      ['fr', 'Poule principale', 'Poule 3', 'Équipe 2', 'Tour 2 · Poule 1'],
      ['es', 'Poule principal', 'Poule 3', 'Equipo 2', 'Ronda 2 · Poule 1'],
      ['it', 'Girone principale', 'Girone 3', 'Squadra 2', 'Turno 2 · Girone 1'],
      ['de', 'Hauptrunde', 'Runde 3', 'Mannschaft 2', '2. Durchgang · Runde 1'],
    ]);
  });

  it('reads a regional code as its language, and names in English for a language the app does not speak or none', () => {
    expect(['fr-CA', 'FR', 'de_AT', ' it ', 'pt-BR', 'xx', '', null, undefined].map(nameLanguage)).toEqual(['fr', 'fr', 'de', 'it', 'en', 'en', 'en', 'en', 'en']);
    expect(defaultNames('pt').mainPool).toBe('Main Pool');
    expect(defaultNames().team(1)).toBe('Team 1');
  });

  it('finds a team number in its default name in any language, and nothing in any other name', () => {
    expect(['Team 3', 'Équipe 12', 'ÉQUIPE 4', 'Equipo 1', 'squadra 7', 'Mannschaft 2'].map(teamNumberOf)).toEqual([3, 12, 4, 1, 7, 2]);
    expect(['Team', 'Poule 3', 'Team 3b', 'My Team 3', '3'].map(teamNumberOf)).toEqual([null, null, null, null, null]);
  });

  it('plans pools, random splits and team pools under the names of the language asked', () => {
    const entries = resolveEntries([{ name: 'ann' }, { name: 'bob' }, { name: 'cleo' }, { name: 'dora' }], new Map())!;
    const fr = defaultNames('fr');
    expect(planPools(entries, 'single', undefined, seeded(1), new Map(), new Map(), fr).map((p) => p.name)).toEqual(['Poule principale']);
    expect(planPools(entries, 'random', 2, seeded(1), new Map(), new Map(), defaultNames('it')).map((p) => p.name)).toEqual(['Girone 1', 'Girone 2']);
    expect(planTeamPools([1, 2, 3], 'single', undefined, seeded(1), fr)).toEqual([
      { name: 'Poule principale', members: [1, 2, 3].map((n) => ({ name: `Équipe ${n}`, athleteId: null })) },
    ]);
    // Without a language: English, as before issue 29.
    expect(planTeamPools([1, 2], 'single', undefined, seeded(1))[0]!.members.map((m) => m.name)).toEqual(['Team 1', 'Team 2']);
  });

  it('takes a language code of at most 35 characters with each request that names something, and refuses anything else with its code', () => {
    const pools = { method: 'single', entries: [{ name: 'A' }] };
    expect(generatePoolsSchema.parse({ ...pools, lang: 'fr-CA' }).lang).toBe('fr-CA');
    expect(generatePoolsSchema.parse({ ...pools, lang: 'pt' }).lang).toBe('pt');
    expect(generatePoolsSchema.parse(pools).lang).toBeUndefined();
    for (const lang of [42, '', 'f', 'fr CA', '<script>', `fr-${'a'.repeat(40)}`, 'fr--CA']) {
      for (const [schema, body] of [[generatePoolsSchema, pools], [teamPoolsSchema, { method: 'single' }], [secondRoundSchema, { cut: { kind: 'all' }, pool_count: 1 }]] as const) {
        const parsed = schema.safeParse({ ...body, lang });
        expect(parsed.success, `${JSON.stringify(lang)}`).toBe(false);
        expect(describeError(firstIssue(parsed.error!))?.code).toBe('language_code_invalid');
      }
    }
  });
});

describe('a draw into a practice with pools continues their numbering (issue 33)', () => {
  it('reads a pool number from its default name in any language, and nothing from any other name', () => {
    expect(['Pool 3', 'Poule 7', 'GIRONE 12', 'Runde 1', 'pool 140', ' Pool 2 '].map(poolNumberOf)).toEqual([3, 7, 12, 1, 140, 2]);
    expect(['Main Pool', 'Hauptrunde', 'Round 2 · Pool 1', 'Team 3', 'Pool A', 'Piste 4', 'Pool'].map(poolNumberOf)).toEqual([null, null, null, null, null, null, null]);
  });

  it('starts after the highest number in any language and after as many pools as there are; gaps are not filled', () => {
    expect(nextPoolNumber([])).toBe(1);
    expect(nextPoolNumber(Array.from({ length: 10 }, (_, i) => `Pool ${i + 1}`))).toBe(11);
    expect(nextPoolNumber(['Pool 3', 'Poule 7'])).toBe(8);
    expect(nextPoolNumber(['Pool 1', 'Pool 5'])).toBe(6);
    // Renamed pools still count: four pools of which one kept its default name 'Pool 2'.
    expect(nextPoolNumber(['Piste A', 'Pool 2', 'Beginners', 'Saturday'])).toBe(5);
    expect(nextPoolNumber(['Main Pool'])).toBe(2);
  });

  it('names a draw from that number on in the coach language, a single pool too, and leaves a first draw as it was', () => {
    const fr = numberedFrom(defaultNames('fr'), 11);
    expect([fr.pool(1), fr.pool(2), fr.mainPool, fr.team(3)]).toEqual(['Poule 11', 'Poule 12', 'Poule 11', 'Équipe 3']);
    const en = defaultNames();
    expect(numberedFrom(en, 1)).toBe(en);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ key: String(i), name: `F${i}`, athleteId: null, club: null }));
    expect(planPools(ids(12), 'random', 3, seeded(1), undefined, undefined, numberedFrom(defaultNames(), 75)).map((p) => p.name)).toEqual(['Pool 75', 'Pool 76', 'Pool 77']);
    expect(planTeamPools([1, 2, 3, 4], 'random', 2, seeded(1), numberedFrom(defaultNames('de'), 3)).map((p) => p.name)).toEqual(['Runde 3', 'Runde 4']);
  });

  it('labels the pools a manual assignment offers as the worker will name them, in the coach language', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `Pool ${i + 1}`);
    expect(drawnPoolNames(ten, 3, 'fr')).toEqual(['Poule 11', 'Poule 12', 'Poule 13']);
    expect(drawnPoolNames([], 2, 'de')).toEqual(['Runde 1', 'Runde 2']);
    expect(drawnPoolNames(['Main Pool'], 2)).toEqual(['Pool 2', 'Pool 3']);
    // The same names the worker's manual draw gives (planPools, numbered from nextPoolNumber).
    const entries = resolveEntries([{ name: 'A', pool: 1 }, { name: 'B', pool: 2 }, { name: 'C', pool: 1 }, { name: 'D', pool: 2 }], new Map())!;
    const planned = planPools(entries, 'manual', undefined, seeded(1), undefined, undefined, numberedFrom(defaultNames('it'), nextPoolNumber(ten)));
    expect(planned.map((p) => p.name)).toEqual(drawnPoolNames(ten, 2, 'it'));
    expect(drawnPoolNames(ten, 2, 'it')).toEqual(['Girone 11', 'Girone 12']);
  });
});
