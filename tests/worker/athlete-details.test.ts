import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../core/contracts/athletes';
import type { AccountBackup } from '../../core/interop/backup';
import { parseRosterCsv } from '../../core/interop/csv';
import { decodeXml, readFieFencers } from '../../core/interop/fie-xml';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { ffeEntryFile, ffeFencer, usCsv } from '../helpers/federation-files';
import { seed, viaClient } from '../helpers/seed';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { rosterOf } from '../helpers/account';

const importRows = (client: Client, athletes: unknown[]) =>
  client.post('/api/athletes/import', { athletes }).then((r) => json<{ results: { line: number; status: string; reason: string | null }[]; created: Athlete[] }>(r));

const US_PEOPLE = [
  { 'Last Name': 'Whitfield', 'First Name': 'Avery', 'Club(s)': 'Golden Gate Fencing', Rating: 'B23', 'USFA #': '100234567' },
  { 'Last Name': 'Okonjo', 'First Name': 'Tobi', 'Club(s)': 'Riverside Salle', Rating: 'E25', 'USFA #': '100987654' },
  { 'Last Name': 'Lindqvist', 'First Name': 'Maren', 'Club(s)': '', Rating: 'U', 'USFA #': '' },
  { 'Last Name': 'Achterberg', 'First Name': 'Noor', 'Club(s)': 'Northside Epee', Rating: 'A22', 'USFA #': '100111222' },
  { 'Last Name': 'Brightwater', 'First Name': 'Sol', 'Club(s)': 'Metro FC', Rating: 'A23', 'USFA #': '100333444' },
  { 'Last Name': 'Castellane', 'First Name': 'Ivo', 'Club(s)': 'Harbor Blades', Rating: 'B25', 'USFA #': '100555666' },
];

describe('athlete details from federation files (issue 30)', () => {
  it('imports a 230-fencer FFE entry file with licences, nations, birth dates and hands, and lists them', async () => {
    const { client } = await signedUpCoach();
    const rows = readFieFencers(decodeXml(ffeEntryFile(230)));
    const body = await importRows(client, rows);
    expect(body.results.filter((r) => r.status !== 'new')).toEqual([]);
    const listed = await rosterOf(client);
    expect(listed).toHaveLength(230);
    const first = listed.find((a) => a.licence === '100000')!;
    expect(first).toMatchObject({ name: `${ffeFencer(0).prenom} ${ffeFencer(0).nom}`, ranking: 1, nation: 'FRA', birth_date: '2005-01-01', laterality: 'L', gender: 'F', region: 'BOURGOGNE-FRANCHE-COMTÉ', national_rating: null });
  });

  it('imports a US CSV with its ratings and member numbers', async () => {
    const { client } = await signedUpCoach();
    await importRows(client, parseRosterCsv(usCsv(US_PEOPLE)));
    const listed = await rosterOf(client);
    expect(listed.map((a) => [a.name, a.club, a.national_rating?.value ?? null, a.licence])).toEqual([
      ['Avery Whitfield', 'Golden Gate Fencing', 'B2023', '100234567'],
      ['Ivo Castellane', 'Harbor Blades', 'B2025', '100555666'],
      ['Maren Lindqvist', null, 'U', null],
      ['Noor Achterberg', 'Northside Epee', 'A2022', '100111222'],
      ['Sol Brightwater', 'Metro FC', 'A2023', '100333444'],
      ['Tobi Okonjo', 'Riverside Salle', 'E2025', '100987654'],
    ]);
  });

  it('refuses a malformed rating or detail on the import row by row, and on the athlete form with its code', async () => {
    const { client } = await signedUpCoach();
    const body = await importRows(client, [
      { line: 2, name: 'Ann Good', details: { national_rating: { system: 'usaf', value: 'C2024' } } },
      { line: 3, name: 'Bad Rating', details: { national_rating: { system: 'usaf', value: 'F2024' } } },
      { line: 4, name: 'Bad System', details: { national_rating: { system: 'elo', value: '1500' } } },
      { line: 5, name: 'Bad Nation', details: { nation: 'France' } },
      { line: 6, name: 'Bad Date', details: { birth_date: '2010-02-30' } },
    ]);
    expect(body.results.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, 'new', null],
      [3, 'error', 'Rating must be a letter A to E with its year (B23), or U'],
      [4, 'error', 'Unknown rating system'],
      [5, 'error', 'Nation must be a three-letter code'],
      [6, 'error', 'Birth date must be a real date'],
    ]);
    expect(await expectRefusal(client.post('/api/athletes', { name: 'Cleo', national_rating: { system: 'usaf', value: 'B23' } }), 400)).toMatchObject({ code: 'usaf_rating_invalid' });
    expect(await expectRefusal(client.post('/api/athletes', { name: 'Cleo', licence: '9'.repeat(31) }), 400)).toMatchObject({ code: 'most_characters', params: { label: 'Licence', max: '30' } });
  });

  it('keeps the details an edit leaves out, changes those it names, and another coach gets 404', async () => {
    const { client } = await signedUpCoach();
    const created = await expectAnswer(client.api.athletes.$post({ json: { name: 'Ann', licence: 'L-1', national_rating: { system: 'usaf', value: 'D2024' }, laterality: 'L' } }), 201);
    expect(created).toMatchObject({ licence: 'L-1', national_rating: { system: 'usaf', value: 'D2024' }, laterality: 'L' });
    const edited = await expectAnswer(client.api.athletes[':id'].$patch({ param: { id: created.id }, json: { name: 'Ann B', club: null, national_rating: { system: 'usaf', value: 'C2025' } } }));
    expect(edited).toMatchObject({ name: 'Ann B', licence: 'L-1', national_rating: { system: 'usaf', value: 'C2025' }, laterality: 'L' });
    const cleared = await expectAnswer(client.api.athletes[':id'].$patch({ param: { id: created.id }, json: { name: 'Ann B', club: null, national_rating: null } }));
    expect(cleared.national_rating).toBeNull();
    const other = await signedUpCoach();
    expect((await other.client.api.athletes[':id'].$patch({ param: { id: created.id }, json: { name: 'Mine', club: null, licence: 'X' } })).status).toBe(404);
  });

  it('seeds pools by national rating, then FIE ranking, serpentine (A23, A22 | B25, B23 | E25, U)', async () => {
    const { client } = await signedUpCoach();
    await importRows(client, parseRosterCsv(usCsv(US_PEOPLE)));
    const athletes = await rosterOf(client);
    const api = seed(viaClient(client));
    const practice = await api.practice('Rated night');
    const generated = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({
      param: { practiceId: practice.id }, json: { method: 'national', pool_count: 2, entries: athletes.map((a) => ({ athlete_id: a.id })) },
    }), 201);
    const names = generated.pools.map((p) => p.players.map((pl) => pl.name));
    // Seeds 1 A23, 2 A22, 3 B25, 4 B23, 5 E25, 6 U (six clubs): pool 1 takes 1, 4, 5; pool 2 takes 2, 3, 6.
    expect(names.flat().sort()).toEqual(athletes.map((a) => a.name.toUpperCase()).sort());
    expect(new Set(names[0])).toEqual(new Set(['SOL BRIGHTWATER', 'AVERY WHITFIELD', 'TOBI OKONJO']));
    expect(new Set(names[1])).toEqual(new Set(['NOOR ACHTERBERG', 'IVO CASTELLANE', 'MAREN LINDQVIST']));
  });

  it('carries the details through a backup and a restore into another account', async () => {
    const { client } = await signedUpCoach();
    await importRows(client, [...parseRosterCsv(usCsv(US_PEOPLE.slice(0, 2))), ...readFieFencers(decodeXml(ffeEntryFile(1)))]);
    const backup = await json<AccountBackup>(await client.api.account.backup.$get());
    expect(backup.athletes.map((a) => [a.name, a.national_rating?.value ?? null, a.licence])).toEqual([
      ['Avery Whitfield', 'B2023', '100234567'], ['Tobi Okonjo', 'E2025', '100987654'], [`${ffeFencer(0).prenom} ${ffeFencer(0).nom}`, null, '100000'],
    ]);
    const target = await signedUpCoach('Restorer');
    expect((await target.client.settledApi.account.restore.$post({ json: backup })).status).toBe(201);
    const restored = await rosterOf(target.client);
    expect(restored.map((a) => [a.name, a.licence, a.national_rating?.value ?? null, a.birth_date])).toEqual(
      (await rosterOf(client)).map((a) => [a.name, a.licence, a.national_rating?.value ?? null, a.birth_date]),
    );
    // A file written before issue 30 (no details at all) still restores.
    const old = { ...backup, athletes: backup.athletes.map(({ id, name, club, ranking, created_at, notes }) => ({ id, name, club, ranking, created_at, notes })) };
    const third = await signedUpCoach('Older');
    expect((await third.client.settledApi.account.restore.$post({ json: old as AccountBackup })).status).toBe(201);
    expect((await rosterOf(third.client)).every((a) => a.licence === null && a.national_rating === null)).toBe(true);
  });
});
