import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { backupSchema, restoreRows, type AccountBackup } from '../../core/interop/backup';
import { NO_DETAILS } from '../../core/athlete-details';
import { decodeCsvBytes, parseRosterCsv, readCsv, toCsv } from '../../core/interop/csv';
import { decodeXml, FieFormatError, readFieFencers, writeFieXml } from '../../core/interop/fie-xml';
import { joinName, splitName } from '../../core/interop/fie-names';
import { classifyImport } from '../../core/interop/roster-import';
import { sameNameKey as nameKey } from '../../core/names';
import { applyScore } from '../../core/fencing/bracket';
import { combinePoolResults } from '../../core/fencing/pool-results';
import { DEFAULT_FORMAT, finalClassification, resolveTableau } from '../../core/fencing/tableau';

describe('a roster CSV from a spreadsheet, in either encoding', () => {
  // "Nom;Prénom;Club" as Excel saves "CSV" on a French Windows (Windows-1252: é is one byte, 0xE9), and as UTF-8.
  const text = 'Nom;Prénom;Club\nLeroy;Émile;Besançon\nNoël;Zoé;Orléans\n';
  const cp1252 = Uint8Array.from([...text].map((c) => ({ é: 0xe9, É: 0xc9, ç: 0xe7, ë: 0xeb }[c] ?? c.charCodeAt(0))));
  const utf8 = new TextEncoder().encode(`\uFEFF${text}`);

  it('reads Windows-1252 as the accented names it holds, first names included', () => {
    expect(parseRosterCsv(decodeCsvBytes(cp1252)).map((r) => [r.name, r.club, r.error])).toEqual([
      ['Émile Leroy', 'Besançon', null],
      ['Zoé Noël', 'Orléans', null],
    ]);
  });

  it('reads UTF-8, with its mark, the same', () => {
    expect(parseRosterCsv(decodeCsvBytes(utf8)).map((r) => [r.name, r.club])).toEqual([
      ['Émile Leroy', 'Besançon'],
      ['Zoé Noël', 'Orléans'],
    ]);
  });
});

describe('reading a roster CSV', () => {
  it('detects a header, a comma separator and skips empty lines', () => {
    const rows = parseRosterCsv('Name,Club,Rating\nAnna Rossi,Milano,12\n\nBen Okafor,,\n');
    expect(rows).toEqual([
      { line: 2, name: 'Anna Rossi', club: 'Milano', ranking: 12, details: NO_DETAILS, error: null },
      { line: 4, name: 'Ben Okafor', club: null, ranking: null, details: NO_DETAILS, error: null },
    ]);
  });

  it('reads semicolons and tabs, a BOM, quotes with separators, quotes and line breaks inside, and accents', () => {
    const semi = parseRosterCsv('\uFEFFnom;club;classement\n"Dupont; Jean";"Club ""Les Lames""";3\nÉlodie Müller;Besançon;');
    expect(semi.map((r) => [r.name, r.club, r.ranking, r.error])).toEqual([
      ['Dupont; Jean', 'Club "Les Lames"', 3, null],
      ['Élodie Müller', 'Besançon', null, null],
    ]);
    const tabs = parseRosterCsv('Name\tClub\nZoë Ørsted\t"Two\nlines"\nKenji Sato\tTokyo');
    expect(tabs.map((r) => [r.line, r.name, r.club])).toEqual([[2, 'Zoë Ørsted', 'Two lines'], [4, 'Kenji Sato', 'Tokyo']]);
  });

  it('guesses the separator past empty lines, and counts them in the line numbers', () => {
    expect(parseRosterCsv('nom;club\n\nA B;C;\n\n\nD E;F\n').map((r) => [r.line, r.name, r.club])).toEqual([[3, 'A B', 'C'], [6, 'D E', 'F']]);
    expect(parseRosterCsv('Name\tClub\r\n\r\nA\tB\r\n').map((r) => [r.line, r.name, r.club])).toEqual([[3, 'A', 'B']]);
  });

  it('without a header reads name, club, ranking in that order', () => {
    expect(parseRosterCsv('Anna Rossi,Milano,4\r\nBen Okafor').map((r) => [r.line, r.name, r.club, r.ranking])).toEqual([
      [1, 'Anna Rossi', 'Milano', 4],
      [2, 'Ben Okafor', null, null],
    ]);
  });

  it('joins first and last name columns in either order', () => {
    expect(parseRosterCsv('Last name,First name,Club\nRossi,Anna,Milano').map((r) => r.name)).toEqual(['Anna Rossi']);
  });

  it('marks bad rows with their reason and keeps the good ones', () => {
    const rows = parseRosterCsv(`Name,Club,Rank\n,Milano,1\nAnna,Club,abc\n${'x'.repeat(101)},,\nBen,,7`);
    expect(rows.map((r) => [r.line, r.error])).toEqual([
      [2, 'Athlete name is required'],
      [3, 'Ranking must be a whole number'],
      [4, 'Athlete name must be at most 100 characters'],
      [5, null],
    ]);
  });

  it('keeps a name on one line and refuses control characters, row by row (issue 25)', () => {
    const rows = parseRosterCsv('Name,Club\n"Anna\nRossi","Club\tA"\n"Ben\u0000Okafor",Lagos\nCleo,"Milano\u202e"\n"Dora\u2028Kiss",\nEve,Paris');
    expect(rows.map((r) => [r.line, r.name, r.club, r.error])).toEqual([
      [2, 'Anna Rossi', 'Club A', null],
      [4, 'Ben\u0000Okafor', 'Lagos', 'Athlete name cannot contain control characters'],
      [5, 'Cleo', 'Milano\u202e', 'Club cannot contain control characters'],
      [6, 'Dora\u2028Kiss', null, 'Athlete name cannot contain control characters'],
      [7, 'Eve', 'Paris', null],
    ]);
  });

  it('an empty file has no rows', () => {
    expect(parseRosterCsv('')).toEqual([]);
    expect(parseRosterCsv('\uFEFF\n\n')).toEqual([]);
  });
});

describe('what an import does with each row', () => {
  it('new, already in the roster (case and spaces ignored), repeated in the file, error', () => {
    const rows = parseRosterCsv('Name\nAnna Rossi\n  anna   ROSSI \nBen Okafor\nben okafor\n""\nÉlodie');
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 7]);
    const decided = classifyImport(rows, ['ANNA ROSSI']);
    expect(decided.map((d) => [d.row.name, d.status])).toEqual([
      ['Anna Rossi', 'existing'], ['anna ROSSI', 'existing'], ['Ben Okafor', 'new'], ['ben okafor', 'repeated'], ['Élodie', 'new'],
    ]);
  });

  it('recognises composed and decomposed accents as the same name', () => {
    expect(nameKey('E\u0301lodie')).toBe(nameKey('Élodie'));
  });
});

describe('writing CSV for a spreadsheet', () => {
  it('starts with a BOM, quotes every field, escapes formulas and reads back the same', () => {
    const csv = toCsv(['Athlete', 'Club', 'Ind'], [['Zoë, "Z"', '=SUM(A1)', -3], ['Ben', null, 4]]);
    expect(csv.startsWith('\uFEFF"Athlete","Club","Ind"\r\n')).toBe(true);
    expect(csv).toContain('"Zoë, ""Z""","\'=SUM(A1)","-3"');
    expect(readCsv(csv)).toEqual([['Athlete', 'Club', 'Ind'], ['Zoë, "Z"', "'=SUM(A1)", '-3'], ['Ben', '', '4']]);
  });
});

// Three fencers in one pool, everything fenced; C withdrew in a second pool with two others.
const pools: PoolSnapshot[] = [
  {
    id: 'p1', practice_id: 'x', name: 'Pool 1', version: 1, created_at: 1,
    players: [
      { id: 'a', name: 'Anna Rossi', athlete_id: 'ath-a', position: 1, status: null },
      { id: 'b', name: 'Ben & Co <Okafor>', athlete_id: null, position: 2, status: null },
      { id: 'c', name: 'Chloé', athlete_id: null, position: 3, status: null },
    ],
    bouts: [
      { player1_id: 'a', player2_id: 'b', score1: 5, score2: 3, priority_id: null, updated_at: 1, version: 1 },
      { player1_id: 'a', player2_id: 'c', score1: 5, score2: 1, priority_id: null, updated_at: 1, version: 1 },
      { player1_id: 'b', player2_id: 'c', score1: 4, score2: 4, priority_id: 'c', updated_at: 1, version: 1 },
    ],
  },
  {
    id: 'p2', practice_id: 'x', name: 'Pool 2', version: 1, created_at: 2,
    players: [
      { id: 'd', name: 'Dora Kiss', athlete_id: null, position: 1, status: null },
      { id: 'e', name: 'Emil Berg', athlete_id: null, position: 2, status: 'withdrawn' },
    ],
    bouts: [{ player1_id: 'd', player2_id: 'e', score1: 5, score2: 2, priority_id: null, updated_at: 1, version: 1 }],
  },
];

function finishedPractice() {
  let tableau = resolveTableau(pools, { seeding: null, matches: [], format: DEFAULT_FORMAT });
  // 4 promoted (Emil withdrew): 1 v 4, 2 v 3; the better seed wins every bout.
  let matches = tableau.matches;
  for (const m of [...matches].sort((x, y) => x.round - y.round)) {
    const cur = matches.find((x) => x.id === m.id)!;
    if (!cur.player1_id || !cur.player2_id || cur.winner_id) continue;
    matches = applyScore(matches, { round: cur.round, position: cur.position, player1_score: 15, player2_score: 9 });
  }
  tableau = { ...tableau, matches };
  const standings = finalClassification(pools, tableau, { format: DEFAULT_FORMAT, did_not_start: ['Fay Absent'] });
  return { tableau, standings };
}

describe('FIE XML', () => {
  it('splits and joins names so that a round trip keeps them', () => {
    expect(splitName('Anna Maria Rossi')).toEqual({ nom: 'Rossi', prenom: 'Anna Maria' });
    expect(splitName('Chloé')).toEqual({ nom: 'Chloé', prenom: '' });
    expect(joinName('Anna Maria', 'Rossi')).toBe('Anna Maria Rossi');
    expect(joinName('', 'Chloé')).toBe('Chloé');
  });

  it('writes a well-formed CompetitionIndividuelle whose pools, tableau and classification agree with the rules', () => {
    const { tableau, standings } = finishedPractice();
    const xml = writeFieXml({
      practice: { id: 'x', name: 'Tuesday épée', date: '2026-11-22' }, pools, cut: DEFAULT_FORMAT.cut, tableau, standings,
      didNotStart: ['Fay Absent'], athletes: new Map([['ath-a', { club: 'Milano', ranking: 12 }]]),
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => ['Tireur', 'Poule', 'Match', 'Tableau'].includes(n) }).parse(xml);
    const comp = doc.CompetitionIndividuelle;
    expect(comp.Date).toBe('22.11.2026');
    expect(comp.TitreLong).toBe('Tuesday épée');
    const fencers = comp.Tireurs.Tireur;
    expect(fencers.map((t: Record<string, string>) => [t.ID, t.Prenom, t.Nom, t.Club, t.Statut])).toEqual([
      ['1', 'Anna', 'ROSSI', 'Milano', 'Q'], ['2', 'Ben & Co', '<OKAFOR>', '', 'Q'], ['3', '', 'CHLOÉ', '', 'Q'],
      ['4', 'Dora', 'KISS', '', 'Q'], ['5', 'Emil', 'BERG', '', 'A'], ['6', 'Fay', 'ABSENT', '', 'F'],
    ]);
    expect(fencers[0].Classement).toBe('12');
    const pool1 = comp.Phases.TourDePoules.Poule[0];
    const stats = combinePoolResults([pools[0]!]);
    expect(pool1.Tireur.map((t: Record<string, string>) => [t.REF, t.NbVictoires, t.NbMatches, t.TD, t.TR, t.RangPoule])).toEqual(
      ['a', 'b', 'c'].map((id) => stats.find((s) => s.id === id)!).map((s) => [String(['a', 'b', 'c'].indexOf(s.id) + 1), String(s.victories), String(s.victories + s.defeats), String(s.touchesScored), String(s.touchesReceived), String(s.rank)]),
    );
    // The 4–4 bout won by Chloé on priority: V for her, D for Ben.
    const tied = pool1.Match[2].Tireur;
    expect(tied.map((t: Record<string, string>) => [t.REF, t.Score, t.Statut])).toEqual([['2', '4', 'D'], ['3', '4', 'V']]);
    // Pool 2: Emil withdrew, so his bout is annulled and not written.
    expect(comp.Phases.TourDePoules.Poule[1].Match).toBeUndefined();
    const tables = comp.Phases.PhaseDeTableaux.SuiteDeTableaux.Tableau;
    expect(tables.map((t: Record<string, string>) => [t.ID, t.Taille])).toEqual([['A4', '4'], ['A2', '2']]);
    const final = tables[1].Match[0].Tireur;
    expect(final.map((t: Record<string, string>) => t.Statut)).toEqual(['V', 'D']);
    const classement = comp.ClassementGeneral.Tireur.map((t: Record<string, string>) => [t.REF, t.Classement]);
    const refOf = (id: string) => String(['a', 'b', 'c', 'd', 'e'].indexOf(id) + 1 || 6);
    expect(classement).toEqual(standings.map((s) => [refOf(s.id), s.place === null ? undefined : String(s.place)]));
    expect(comp.ClassementGeneral.Tireur.at(-1)).toEqual({ REF: '6', Statut: 'F' });
    expect(comp.ClassementGeneral.Tireur[4]).toEqual({ REF: '5', Classement: '5', Statut: 'A' });
  });

  it('writes what BellePoule reads (Arme, DOCTYPE, licence, nation, birth date, hand) and reads it back unchanged (issue 30)', () => {
    const { tableau, standings } = finishedPractice();
    const details = { licence: '100234', nation: 'ITA', birth_date: '2009-03-14', laterality: 'L' as const, gender: 'F' as const, region: 'Lombardia', national_rating: null };
    const xml = writeFieXml({
      practice: { id: 'x', name: 'T', date: '2026-01-02', weapon: 'sabre' }, pools, cut: DEFAULT_FORMAT.cut, tableau, standings,
      didNotStart: [], athletes: new Map([['ath-a', { club: 'Milano', ranking: 12, ...details }]]),
    });
    expect(xml.split('\n').slice(0, 2)).toEqual(['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE CompetitionIndividuelle>']);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'Tireur' }).parse(xml);
    expect(doc.CompetitionIndividuelle.Arme).toBe('S');
    expect(doc.CompetitionIndividuelle.Tireurs.Tireur[0]).toMatchObject({ Licence: '100234', Nation: 'ITA', DateNaissance: '14.03.2009', Lateralite: 'G', Sexe: 'F', Ligue: 'Lombardia' });
    const [anna, ...others] = readFieFencers(xml);
    expect(anna).toEqual({ line: 1, name: 'Anna ROSSI', club: 'Milano', ranking: 12, details, error: null });
    expect(others.every((r) => r.details.licence === null && r.details.nation === null)).toBe(true);
  });

  it('reads the fencers back: same names (family names upper-case, as FIE files write them), clubs and rankings', () => {
    const { tableau, standings } = finishedPractice();
    const xml = writeFieXml({
      practice: { id: 'x', name: 'T', date: '2026-01-02' }, pools, cut: DEFAULT_FORMAT.cut, tableau, standings,
      didNotStart: [], athletes: new Map([['ath-a', { club: 'Milano', ranking: 12 }]]),
    });
    expect(readFieFencers(xml).map((r) => [r.name, r.club, r.ranking, r.error])).toEqual([
      ['Anna ROSSI', 'Milano', 12, null], ['Ben & Co <OKAFOR>', null, null, null], ['CHLOÉ', null, null, null],
      ['Dora KISS', null, null, null], ['Emil BERG', null, null, null],
    ]);
    expect(classifyImport(readFieFencers(xml), pools.flatMap((p) => p.players.map((x) => x.name))).every((d) => d.status === 'existing')).toBe(true);
  });

  it('refuses a fencer whose name or club holds a control character, and keeps the others (issue 25)', () => {
    const xml = '<CompetitionIndividuelle><Tireurs><Tireur ID="1" Nom="ROSSI" Prenom="Anna\u202e"/><Tireur ID="2" Nom="OKAFOR" Prenom="Ben" Club="Lagos\u0007"/><Tireur ID="3" Nom="KISS" Prenom="Dora"/></Tireurs></CompetitionIndividuelle>';
    expect(readFieFencers(xml).map((r) => [r.name, r.error])).toEqual([
      ['Anna\u202e ROSSI', 'Athlete name cannot contain control characters'],
      ['Ben OKAFOR', 'Club cannot contain control characters'],
      ['Dora KISS', null],
    ]);
  });

  it('reads a BellePoule-style file in ISO-8859-1 and a team file', () => {
    const latin = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<CompetitionIndividuelle><Tireurs><Tireur ID="1" Nom="LEFÈVRE" Prenom="Hélène" Club="Besançon" Classement="7"/></Tireurs></CompetitionIndividuelle>';
    const bytes = Uint8Array.from([...latin].map((ch) => ch.charCodeAt(0)));
    expect(readFieFencers(decodeXml(bytes))).toEqual([{ line: 1, name: 'Hélène LEFÈVRE', club: 'Besançon', ranking: 7, details: NO_DETAILS, error: null }]);
    const team = '<CompetitionParEquipes><Equipes><Equipe ID="1"><Tireur ID="1" Nom="A" Prenom="B"/><Tireur ID="2" Nom="C" Prenom=""/></Equipe></Equipes></CompetitionParEquipes>';
    expect(readFieFencers(team).map((r) => r.name)).toEqual(['B A', 'C']);
  });

  it('refuses what is not a well-formed competition file, saying why', () => {
    expect(() => readFieFencers('<CompetitionIndividuelle><Tireurs>')).toThrow(FieFormatError);
    expect(() => readFieFencers('<CompetitionIndividuelle><Tireurs>')).toThrow(/not well-formed XML \(line 1/);
    expect(() => readFieFencers('<Roster/>')).toThrow('This is not an FIE competition file');
  });
});

const backup: AccountBackup = {
  format: 'piste-backup', version: 1, exported_at: 5,
  athletes: [
    { id: 'A1', name: 'Anna Rossi', club: 'Milano', ranking: 3, created_at: 1, notes: [{ note: 'Left-handed', created_at: 2 }] },
    { id: 'A2', name: 'Ben Okafor', club: null, ranking: null, created_at: 1, notes: [{ note: 'Knee', created_at: 3 }] },
  ],
  practices: [{
    id: 'P1', name: 'Tuesday', date: '2026-11-17', practice_type: 'individual', weapon: 'foil', created_at: 10,
    pools: [{
      id: 'T1', name: 'Pool 1', created_at: 11,
      players: [
        { id: 'zz', athlete_id: 'A1', name: 'Anna Rossi', position: 1, status: null },
        { id: 'aa', athlete_id: 'A2', name: 'Ben Okafor', position: 2, status: null },
      ],
      bouts: [{ player1_id: 'aa', player2_id: 'zz', score1: 2, score2: 5, priority_id: null }],
    }],
    format: { cut: { kind: 'top', value: 8 }, third_place: 'bout', places_5_8: false },
    absentees: [{ name: 'Cleo', athlete_id: null }],
    bracket: { seeding: [{ id: 'zz', name: 'Anna Rossi', seed: 1 }, { id: 'aa', name: 'Ben Okafor', seed: 2 }], matches: [{ round: 1, position: 0, player1_id: 'zz', player2_id: 'aa', player1_score: 15, player2_score: 3, winner_id: 'zz' }] },
    teams: [],
    relays: [],
  }],
  days: [],
};

describe('the account backup', () => {
  const restore = (b: AccountBackup, roster = new Map<string, string>()) => {
    let n = 0;
    return restoreRows(b, { userId: 'me', now: 99, newId: () => `id${String(++n).padStart(3, '0')}`, roster, secrets: () => ({ room_code: '123456', board_id: 'board' }) });
  };

  it('restores with new ids everywhere and every reference rewritten', () => {
    const rows = restore(backupSchema.parse(backup));
    const ids = new Set([...rows.athletes, ...rows.practices, ...rows.tournaments, ...rows.players].map((r) => r.id));
    for (const old of ['A1', 'A2', 'P1', 'T1', 'zz', 'aa']) expect(ids.has(old)).toBe(false);
    const anna = rows.athletes.find((a) => a.name === 'Anna Rossi')!;
    const annaPlayer = rows.players.find((p) => p.name === 'Anna Rossi')!;
    expect(annaPlayer.athlete_id).toBe(anna.id);
    expect(rows.athlete_notes.map((n) => [n.athlete_id === anna.id, n.note])).toEqual([[true, 'Left-handed'], [false, 'Knee']]);
    expect(rows.practices[0]).toMatchObject({ user_id: 'me', allow_guest_access: 0, room_code: '123456', board_id: 'board' });
    expect(rows.tableau_formats[0]).toMatchObject({ cut_kind: 'top', cut_value: 8, third_place: 'bout', places_5_8: 0 });
    const seeding = JSON.parse(rows.brackets[0]!.seeding as string);
    expect(seeding[0].id).toBe(annaPlayer.id);
    expect(rows.bracket_matches[0]).toMatchObject({ player1_id: annaPlayer.id, winner_id: annaPlayer.id, player1_score: 15 });
  });

  it('keeps each bout with its fencers in id order, swapping the scores with them', () => {
    const rows = restore(backupSchema.parse(backup));
    const [bout] = rows.matches;
    expect((bout!.player1_id as string) < (bout!.player2_id as string)).toBe(true);
    const anna = rows.players.find((p) => p.name === 'Anna Rossi')!.id;
    expect(bout!.player1_id === anna ? [bout!.score1, bout!.score2] : [bout!.score2, bout!.score1]).toEqual([5, 2]);
  });

  it('reuses a roster athlete of the same name, without duplicating them or their notes', () => {
    const rows = restore(backupSchema.parse(backup), new Map([[nameKey('anna rossi'), 'mine']]));
    expect(rows.athletes.map((a) => a.name)).toEqual(['Ben Okafor']);
    expect(rows.athlete_notes.map((n) => n.note)).toEqual(['Knee']);
    expect(rows.players.find((p) => p.name === 'Anna Rossi')!.athlete_id).toBe('mine');
  });

  it('refuses a damaged file with the reason', () => {
    const damaged = structuredClone(backup);
    damaged.practices[0]!.pools[0]!.bouts[0]!.player1_id = 'someone-else';
    expect(backupSchema.safeParse(damaged).error?.issues[0]?.message).toBe('This backup is damaged: a bout of Pool 1 names a fencer not in that pool');
    const foreign = structuredClone(backup);
    foreign.practices[0]!.pools[0]!.players[0]!.athlete_id = 'not-in-file';
    expect(backupSchema.safeParse(foreign).error?.issues[0]?.message).toBe('This backup is damaged: Anna Rossi refers to an athlete that is not in the file');
    expect(backupSchema.safeParse({ ...backup, format: 'other' }).error?.issues[0]?.message).toBe('This is not a Piste backup file');
    expect(backupSchema.safeParse({ ...backup, version: 2 }).success).toBe(false);
  });

  it('restores a file made before competition days (issue 28) as one without any', () => {
    const { days: _none, ...older } = backup;
    const parsed = backupSchema.parse(older);
    expect(parsed.days).toEqual([]);
    const rows = restore(parsed);
    expect([rows.days, rows.day_events, rows.dayRooms]).toEqual([[], [], []]);
    expect(rows.practices).toHaveLength(1);
  });
});

describe('a restore keeps the API\'s rules (issue 25)', () => {
  const refusal = (b: unknown) => backupSchema.safeParse(b).error?.issues[0]?.message;
  const changed = (change: (b: AccountBackup) => void) => {
    const b = structuredClone(backup);
    change(b);
    return b;
  };
  const tuesday = (b: AccountBackup) => b.practices[0]!;
  /** A team practice with two teams of three and a relay row, as the team routes write them. */
  const teamPractice = (): AccountBackup['practices'][number] => ({
    id: 'P2', name: 'Relays', date: '2026-11-18', practice_type: 'team', weapon: 'sabre', created_at: 20, pools: [], format: null, absentees: [], bracket: null,
    teams: [1, 2].map((team_number) => ({ team_number, members: [1, 2, 3].map((position) => ({ athlete_id: null, athlete_name: `T${team_number} M${position}`, position })) })),
    relays: [{ match_number: 1, fencer_a_number: 6, fencer_b_number: 3, score_a: 5, score_b: 2 }],
  });

  it('takes a file the API could have written', () => {
    expect(backupSchema.safeParse(backup).success).toBe(true);
    expect(backupSchema.safeParse(changed((b) => b.practices.push(teamPractice()))).success).toBe(true);
  });

  it('refuses a pool bout the bout route refuses: 99–99, priority at unequal scores', () => {
    expect(refusal(changed((b) => Object.assign(tuesday(b).pools[0]!.bouts[0]!, { score1: 99, score2: 99, priority_id: null }))))
      .toBe('This backup is damaged: a bout of Pool 1: Scores must be whole numbers from 0 to 5');
    expect(refusal(changed((b) => Object.assign(tuesday(b).pools[0]!.bouts[0]!, { score1: 3, score2: 5, priority_id: 'aa' }))))
      .toBe('This backup is damaged: a bout of Pool 1: Priority can only go to one of the two fencers, at equal scores');
    // A team pool goes to 45, as the API takes it.
    const teams = changed((b) => { tuesday(b).practice_type = 'team'; tuesday(b).bracket = null; Object.assign(tuesday(b).pools[0]!.bouts[0]!, { score1: 45, score2: 40 }); });
    expect(backupSchema.safeParse(teams).success).toBe(true);
  });

  it('refuses two fencers at one position, and an athlete entered twice in a pool', () => {
    expect(refusal(changed((b) => { tuesday(b).pools[0]!.players[1]!.position = 1; })))
      .toBe('This backup is damaged: two fencers of Pool 1 share a position, or a position is missing');
    expect(refusal(changed((b) => { tuesday(b).pools[0]!.players[1]!.athlete_id = 'A1'; })))
      .toBe('This backup is damaged: an athlete has two entries in Pool 1');
  });

  it('refuses a tableau its seeding and scores do not give: a loser moving on, 16 touches, a stranger in a match', () => {
    expect(refusal(changed((b) => { tuesday(b).bracket!.matches[0]!.winner_id = 'aa'; })))
      .toBe('This backup is damaged: the tableau of Tuesday: round 1, match 1 is not what its draw and scores give');
    expect(refusal(changed((b) => { tuesday(b).bracket!.matches[0]!.player1_score = 16; })))
      .toBe('This backup is damaged: the tableau of Tuesday: round 1, match 1: Scores must be whole numbers from 0 to 15');
    expect(refusal(changed((b) => { const m = tuesday(b).bracket!.matches[0]!; [m.player1_id, m.player2_id, m.winner_id] = ['aa', 'zz', 'aa']; })))
      .toBe('This backup is damaged: the tableau of Tuesday: round 1, match 1 is not what its draw and scores give');
    expect(refusal(changed((b) => { tuesday(b).bracket!.seeding[1]!.seed = 1; })))
      .toBe('This backup is damaged: the tableau of Tuesday: its seeding is not 1 to n, each fencer once');
  });

  it('refuses relay rows and teams the team routes refuse', () => {
    const withTeams = (change: (p: AccountBackup['practices'][number]) => void) => changed((b) => { const p = teamPractice(); change(p); b.practices.push(p); });
    expect(refusal(withTeams((p) => { p.relays[0]!.score_a = 25; }))).toBe('This backup is damaged: relay 1 of Relays: Touch scores must be whole numbers from 0 to 20');
    expect(refusal(withTeams((p) => { p.relays[0]!.fencer_b_number = 1; }))).toBe('This backup is damaged: relay 1 of Relays does not pair fencers 6 and 3');
    expect(refusal(withTeams((p) => { p.teams[0]!.members.pop(); p.teams[0]!.members.pop(); }))).toBe('This backup is damaged: the teams of Relays: Each team must have 3 or 4 members');
    expect(refusal(withTeams((p) => { p.teams[0]!.members[1]!.position = 1; }))).toBe('This backup is damaged: two members of a team of Relays share a place');
  });

  it('refuses names with control characters and keeps a name with a line break on one line, as the API does', () => {
    expect(refusal(changed((b) => { b.athletes[0]!.name = 'Anna\u0000Rossi'; }))).toBe('Athlete name cannot contain control characters');
    expect(refusal(changed((b) => { b.athletes[0]!.club = 'Milano\u202e'; }))).toBe('Club cannot contain control characters');
    expect(refusal(changed((b) => { tuesday(b).pools[0]!.name = 'Pool\u00851'; }))).toBe('Pool name cannot contain control characters');
    expect(refusal(changed((b) => { tuesday(b).pools[0]!.players[0]!.name = 'ANNA\u2028ROSSI'; }))).toBe('Player name cannot contain control characters');
    expect(refusal(changed((b) => { b.athletes[0]!.notes[0]!.note = 'Left\u0007handed'; }))).toBe('Note cannot contain control characters');
    const parsed = backupSchema.parse(changed((b) => { b.athletes[1]!.name = '=HYPERLINK("http://evil.example/?x","click")\nX'; tuesday(b).name = 'Tues\r\nday'; }));
    expect(parsed.athletes[1]!.name).toBe('=HYPERLINK("http://evil.example/?x","click") X');
    expect(parsed.practices[0]!.name).toBe('Tues day');
  });
});
