import { describe, expect, it } from 'vitest';
import { NO_DETAILS } from '../../core/athlete-details';
import { parseRosterCsv } from '../../core/interop/csv';
import { usFencingCsv } from '../../core/interop/exports';
import { decodeXml, readFieFencers, readFieTeams } from '../../core/interop/fie-xml';
import { USAF_RATING_ERROR } from '../../core/fencing/national-rating';
import { ffeEntryFile, ffeFencer, ffeTeamFile, usCsv } from '../helpers/federation-files';

describe('federation entry files (issue 30)', () => {
  it('reads an FFE BaseCompetitionIndividuelle file of 230 fencers with accents, clubs, rankings and details', () => {
    const rows = readFieFencers(decodeXml(ffeEntryFile(230)));
    expect(rows).toHaveLength(230);
    expect(rows.filter((r) => r.error)).toEqual([]);
    const first = ffeFencer(0);
    expect(rows[0]).toEqual({
      line: 1, name: `${first.prenom} ${first.nom}`, club: first.club, ranking: 1, error: null,
      details: { ...NO_DETAILS, licence: '100000', nation: 'FRA', birth_date: '2005-01-01', laterality: 'L', gender: 'F', region: 'BOURGOGNE-FRANCHE-COMTÉ' },
    });
    expect(rows[1]!.name).toBe('Clémence DUBOSC');
    expect(rows[4]!.club).toBe('Cercle d\'Escrime de Besançon');
    // Classement="" is an unranked fencer, not an error.
    expect(rows[9]!.ranking).toBeNull();
    expect(rows[10]!.ranking).toBe(11);
  });

  it('reads the team entry root and the competition roots alike', () => {
    for (const root of ['BaseCompetitionParEquipes', 'CompetitionIndividuelle', 'CompetitionParEquipes']) {
      const rows = readFieFencers(decodeXml(ffeEntryFile(3, root)));
      expect(rows.map((r) => r.name), root).toEqual([0, 1, 2].map((i) => `${ffeFencer(i).prenom} ${ffeFencer(i).nom}`));
    }
  });

  it('keeps a detail it cannot read as unknown rather than refusing the fencer', () => {
    const xml = '<BaseCompetitionIndividuelle><Tireurs><Tireur ID="1" Nom="ROSSI" Prenom="Anna" DateNaissance="31.02.2008" Nation="Italia" Lateralite="?"/></Tireurs></BaseCompetitionIndividuelle>';
    expect(readFieFencers(xml)).toEqual([{ line: 1, name: 'Anna ROSSI', club: null, ranking: null, details: NO_DETAILS, error: null }]);
  });

  it('refuses a licence longer than any federation writes, with the reason', () => {
    const xml = `<BaseCompetitionIndividuelle><Tireurs><Tireur ID="1" Nom="ROSSI" Prenom="Anna" Licence="${'9'.repeat(31)}"/></Tireurs></BaseCompetitionIndividuelle>`;
    expect(readFieFencers(xml)[0]!.error).toBe('Licence must be at most 30 characters');
  });
});

describe('team files (issue 30)', () => {
  it('reads an FFE team entry file: fencers linked to their team by its name, in the file\'s order', () => {
    const teams = readFieTeams(decodeXml(ffeTeamFile(3, 4)));
    expect(teams.map((t) => [t.name, t.members.length])).toEqual([['SALLE GÉRÔME 1', 4], ['SALLE GÉRÔME 2', 4], ['SALLE GÉRÔME 3', 4]]);
    expect(teams[1]!.members.map((m) => m.name)).toEqual([4, 5, 6, 7].map((i) => `${ffeFencer(i).prenom} ${ffeFencer(i).nom}`));
    expect(teams[0]!.members[0]!.details).toMatchObject({ gender: 'M', nation: 'FRA', licence: '100000' });
    expect(readFieFencers(decodeXml(ffeTeamFile(3, 4)))).toHaveLength(12);
  });

  it('reads BellePoule\'s nested teams, an Equipe attribute winning over the nesting, and leaves out empty teams', () => {
    const xml = `<CompetitionParEquipes><Tireurs><Tireur ID="9" Nom="SOLO" Prenom="Sam"/></Tireurs><Equipes>
      <Equipe ID="1" Nom="Lyon A"><Tireur ID="1" Nom="A" Prenom="Ann"/><Tireur ID="2" Nom="B" Prenom="Ben" Equipe="Lyon B"/></Equipe>
      <Equipe ID="2" Nom="Lyon B"><Tireur ID="3" Nom="C" Prenom="Cleo"/></Equipe><Equipe ID="3" Nom="Empty"/></Equipes></CompetitionParEquipes>`;
    expect(readFieTeams(xml).map((t) => [t.name, t.members.map((m) => m.name)])).toEqual([['Lyon A', ['Ann A']], ['Lyon B', ['Ben B', 'Cleo C']]]);
  });
});

describe('USA Fencing / askFRED CSV (issue 30)', () => {
  const people = [
    { 'Last Name': 'Whitfield', 'First Name': 'Avery', 'Club(s)': 'Golden Gate Fencing', Rating: 'B23', 'USFA #': '100234567', Division: 'Northern California' },
    { 'Last Name': 'Okonjo', 'First Name': 'Tobi', 'Club(s)': 'Lakeside Blades / Metro FC', Rating: 'E25', 'USFA #': '100987654', Division: 'Metro NYC' },
    { 'Last Name': 'Lindqvist', 'First Name': 'Maren', 'Club(s)': '', Rating: 'U', 'USFA #': '', Division: '' },
  ];

  it('reads names, clubs, ratings and member numbers', () => {
    const rows = parseRosterCsv(usCsv(people));
    expect(rows.map((r) => [r.line, r.name, r.club, r.ranking, r.details.national_rating, r.details.licence, r.error])).toEqual([
      [2, 'Avery Whitfield', 'Golden Gate Fencing', null, { system: 'usaf', value: 'B2023' }, '100234567', null],
      [3, 'Tobi Okonjo', 'Lakeside Blades / Metro FC', null, { system: 'usaf', value: 'E2025' }, '100987654', null],
      [4, 'Maren Lindqvist', null, null, { system: 'usaf', value: 'U' }, null, null],
    ]);
  });

  it('finds the columns in any order, with Club, Member # and Division', () => {
    const columns = ['Division', 'Rating', 'Member #', 'Club', 'First Name', 'Last Name'];
    const rows = parseRosterCsv(usCsv(people.map((p) => ({ ...p, Club: p['Club(s)'], 'Member #': p['USFA #'] })), columns));
    expect(rows.map((r) => [r.name, r.club, r.details.national_rating?.value, r.details.licence, r.details.region])).toEqual([
      ['Avery Whitfield', 'Golden Gate Fencing', 'B2023', '100234567', 'Northern California'],
      ['Tobi Okonjo', 'Lakeside Blades / Metro FC', 'E2025', '100987654', 'Metro NYC'],
      ['Maren Lindqvist', null, 'U', null, null],
    ]);
  });

  it('refuses a malformed rating with its line and the reason, and keeps the other rows', () => {
    const rows = parseRosterCsv(usCsv([...people.slice(0, 1), { ...people[1]!, Rating: 'F25' }, { ...people[2]!, Rating: 'B' }]));
    expect(rows.map((r) => [r.line, r.error])).toEqual([[2, null], [3, USAF_RATING_ERROR], [4, USAF_RATING_ERROR]]);
  });

  it('still reads a Rating column of whole numbers as the ranking', () => {
    expect(parseRosterCsv('Name,Rating\nAnna Rossi,12\n').map((r) => [r.ranking, r.details.national_rating])).toEqual([[12, null]]);
  });
});

describe('the US export (issue 30)', () => {
  it('writes the roster in the US column layout and reads back the same people', () => {
    const roster = [
      { name: 'Avery Whitfield', club: 'Golden Gate Fencing', national_rating: { system: 'usaf' as const, value: 'B2023' }, licence: '100234567', region: 'Northern California' },
      { name: 'Maren Lindqvist', club: null, national_rating: { system: 'usaf' as const, value: 'U' }, licence: null, region: null },
      { name: 'Ana María de la Peña', club: '=HYPERLINK("x")', national_rating: null, licence: '42', region: null },
    ];
    const csv = usFencingCsv(roster);
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"Last Name","First Name","Club(s)","Rating","USFA #","Division"');
    expect(csv.split('\r\n')[1]).toBe('"Whitfield","Avery","Golden Gate Fencing","B23","100234567","Northern California"');
    expect(parseRosterCsv(csv).map((r) => [r.name, r.club, r.details.national_rating, r.details.licence, r.details.region, r.error])).toEqual([
      ['Avery Whitfield', 'Golden Gate Fencing', { system: 'usaf', value: 'B2023' }, '100234567', 'Northern California', null],
      ['Maren Lindqvist', null, { system: 'usaf', value: 'U' }, null, null, null],
      ['Ana María de la Peña', '\'=HYPERLINK("x")', null, '42', null, null],
    ]);
  });
});
