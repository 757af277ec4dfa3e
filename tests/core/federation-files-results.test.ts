import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { NO_DETAILS } from '../../core/athlete-details';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { applyScore } from '../../core/fencing/bracket';
import { buildTeamTableau, seedTeamsFromPools, teamStandings } from '../../core/fencing/team-tableau';
import { readAskFredResults, writeAskFred } from '../../core/interop/askfred';
import { decodeFfe, readFfeResults, writeFfeResults } from '../../core/interop/ffe-results';
import { readFieFencers, readFieTeams, writeFieXml } from '../../core/interop/fie-xml';
import { EVENT_ATHLETES, finishedEvent } from '../helpers/federation-files';

type Attrs = Record<string, string>;
const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => ['Tireur', 'Equipe', 'Poule', 'Match', 'Tableau', 'TourDePoules'].includes(n) });

/** What the roster holds of each athlete, as the importer gives it back: name, club, ranking and the details. */
const rosterRow = (a: (typeof EVENT_ATHLETES)[number]) => {
  const { id: _id, name, club, ranking, ...details } = a;
  return { name, club, ranking, details };
};
const byName = (name: string) => EVENT_ATHLETES.find((a) => a.name === name)!;

describe('FIE XML with two rounds of pools (issue 58)', () => {
  const event = finishedEvent();
  const xml = writeFieXml({ ...event, didNotStart: ['Fay ABSENTE'] });
  const comp = xmlParser.parse(xml).CompetitionIndividuelle;

  it('writes each round as its own TourDePoules, a fencer keeping one ID through both', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const rounds = comp.Phases.TourDePoules as Attrs[];
    expect(rounds.map((r) => [r.PhaseID, r.ID, r.NbDePoules, r.NbQualifies])).toEqual([['TourPoules1', '1', '2', '6'], ['TourPoules2', '2', '1', '4']]);
    expect(comp.Phases.PhaseDeTableaux.ID).toBe('3');
    const idOf = new Map((comp.Tireurs.Tireur as Attrs[]).map((t) => [`${t.Prenom} ${t.Nom}`, t.ID]));
    // Eight fencers and the one who did not start, each listed once.
    expect(comp.Tireurs.Tireur).toHaveLength(9);
    const round2 = (comp.Phases.TourDePoules[1].Poule[0].Tireur as Attrs[]).map((t) => t.REF);
    expect(round2).toEqual([0, 1, 3, 2, 4, 5].map((i) => idOf.get(EVENT_ATHLETES[i]!.name)));
    // Round 2's ranking says where each fencer entered it: their seed from round 1.
    expect((comp.Phases.TourDePoules[1].Tireur as Attrs[]).map((t) => [t.REF, t.RangInitial])).toEqual([0, 1, 3, 2, 4, 5].map((i, k) => [idOf.get(EVENT_ATHLETES[i]!.name), ['2', '1', '3', '4', '5', '6'][k]]));
    // Round 2's matches name the same IDs: 15 bouts of a pool of six.
    expect(comp.Phases.TourDePoules[1].Poule[0].Match).toHaveLength(15);
  });

  it('gives each fencer the status of each round: Q went on, N the cut left out', () => {
    const statusIn = (round: number) => Object.fromEntries((comp.Phases.TourDePoules[round].Tireur as Attrs[]).map((t) => [t.REF, t.Statut]));
    const idOf = new Map((comp.Tireurs.Tireur as Attrs[]).map((t) => [`${t.Prenom} ${t.Nom}`, t.ID!]));
    const id = (i: number) => idOf.get(EVENT_ATHLETES[i]!.name)!;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => statusIn(0)[id(i)])).toEqual(['Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'N', 'N']);
    expect([0, 1, 3, 2, 4, 5].map((i) => statusIn(1)[id(i)])).toEqual(['Q', 'Q', 'Q', 'Q', 'N', 'N']);
    // Overall: the last round each fenced.
    expect([0, 4, 6].map((i) => (comp.Tireurs.Tireur as Attrs[]).find((t) => t.ID === id(i))!.Statut)).toEqual(['Q', 'N', 'N']);
    // The classification: every fencer at the place the standings give (none for the one who did not start).
    const nameOf = new Map((comp.Tireurs.Tireur as Attrs[]).map((t) => [t.ID, `${t.Prenom} ${t.Nom}`.toUpperCase()]));
    expect((comp.ClassementGeneral.Tireur as Attrs[]).map((t) => [nameOf.get(t.REF), t.Classement ?? null]))
      .toEqual(event.standings.map((s) => [s.name.toUpperCase(), s.place === null ? null : String(s.place)]));
  });

  it('reads back every fencer once, name, club, ranking, licence, nation, region, birth date and hand as the roster holds them', () => {
    const rows = readFieFencers(xml);
    expect(rows.filter((r) => r.error)).toEqual([]);
    const fencers = rows.filter((r) => r.name !== 'Fay ABSENTE');
    expect(fencers).toHaveLength(8);
    for (const row of fencers) {
      const athlete = byName(row.name);
      // The FIE file holds no USA Fencing rating: the rest comes back field by field.
      expect({ name: row.name, club: row.club, ranking: row.ranking, details: row.details }, athlete.name).toEqual({ ...rosterRow(athlete), details: { ...rosterRow(athlete).details, national_rating: null } });
    }
  });
});

describe('the FIE team file (issue 58)', () => {
  const names = EVENT_ATHLETES.map((a) => a.name);
  const teams = [1, 2, 3, 4].map((n) => ({
    id: `team-${n}`, number: n, name: `Team ${n}`,
    members: [0, 1].map((j) => ({ athlete_id: EVENT_ATHLETES[(n - 1) * 2 + j]!.id, athlete_name: names[(n - 1) * 2 + j]!.toUpperCase(), position: j + 1 })),
  }));
  const players = teams.map((t, i) => ({ id: `tp-${t.number}`, name: t.name, athlete_id: null, position: i + 1, status: null }));
  const pool: PoolSnapshot = {
    id: 'team-pool', practice_id: 'p', name: 'Pool 1', version: 1, created_at: 1, players,
    bouts: players.flatMap((a, i) => players.slice(i + 1).map((b, k) => ({ player1_id: a.id, player2_id: b.id, score1: 45, score2: 40 - 5 * k, priority_id: null, updated_at: 1, version: 1 }))),
  };
  const seeds = seedTeamsFromPools([pool]);
  let matches = buildTeamTableau(seeds, true);
  for (const round of [1, 2]) {
    for (const m of matches.filter((x) => x.round === round)) {
      const cur = matches.find((x) => x.id === m.id)!;
      if (!cur.player1_id || !cur.player2_id || cur.winner_id) continue;
      // The better seed wins each match 45–38.
      const better = seeds.find((x) => x.id === cur.player1_id)!.seed < seeds.find((x) => x.id === cur.player2_id)!.seed;
      matches = applyScore(matches, { round, position: cur.position, player1_score: better ? 45 : 38, player2_score: better ? 38 : 45 });
    }
  }
  const { standings } = teamStandings(matches, seeds);
  const xml = writeFieXml({
    practice: { id: 'cup', name: 'Coupe des équipes', date: '2027-04-01', weapon: 'sabre' }, pools: [pool], cut: { kind: 'all' },
    tableau: { seeds, matches, frozen: true, stale: false, remaining: 0, barrage: null }, standings, didNotStart: [],
    athletes: new Map(EVENT_ATHLETES.map((a) => [a.id, a])), teams,
  });
  const comp = xmlParser.parse(xml).CompetitionParEquipes;

  it('is a CompetitionParEquipes with its teams, their fencers, the team tableau and the team classification', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.split('\n')[1]).toBe('<!DOCTYPE CompetitionParEquipes>');
    expect((comp.Equipes.Equipe as Attrs[]).map((e) => [e.ID, e.Nom, e.Statut])).toEqual([['1', 'Team 1', 'Q'], ['2', 'Team 2', 'Q'], ['3', 'Team 3', 'Q'], ['4', 'Team 4', 'Q']]);
    // Each team's fencers nested in it, IDs after the teams', present (a fencer without a Statut reads as absent).
    expect((comp.Equipes.Equipe as { Tireur: Attrs[] }[]).flatMap((e) => e.Tireur.map((t) => [t.ID, t.Statut]))).toEqual([5, 6, 7, 8, 9, 10, 11, 12].map((id) => [String(id), 'Q']));
    const pools = comp.Phases.TourDePoules[0].Poule[0];
    expect(pools.Equipe.map((e: Attrs) => e.REF)).toEqual(['1', '2', '3', '4']);
    expect(pools.Match).toHaveLength(6);
    const tables = comp.Phases.PhaseDeTableaux.SuiteDeTableaux[0].Tableau as { ID: string; Match: { Equipe: Attrs[] }[] }[];
    expect(tables.map((t) => t.ID)).toEqual(['A4', 'A2']);
    expect(tables[0]!.Match.map((m) => m.Equipe.map((e) => [e.REF, e.Score, e.Statut]))).toEqual([[['1', '45', 'V'], ['4', '38', 'D']], [['3', '38', 'D'], ['2', '45', 'V']]]);
    expect(tables[1]!.Match[0]!.Equipe.map((e) => [e.REF, e.Statut])).toEqual([['1', 'V'], ['2', 'D']]);
    // The match for 3rd place between the semi-final losers.
    expect(comp.Phases.PhaseDeTableaux.SuiteDeTableaux[1].Tableau[0].Match[0].Equipe.map((e: Attrs) => e.REF)).toEqual(['4', '3']);
    expect((comp.ClassementGeneral.Equipe as Attrs[]).map((e) => [e.REF, e.Classement])).toEqual([['1', '1'], ['2', '2'], ['3', '3'], ['4', '4']]);
  });

  it('reads back as the same teams, each fencer with the name and club the roster spells', () => {
    const back = readFieTeams(xml);
    expect(back.map((t) => t.name)).toEqual(['Team 1', 'Team 2', 'Team 3', 'Team 4']);
    for (const [i, team] of back.entries()) {
      expect(team.members.map((m) => [m.name, m.club, m.details.licence, m.details.nation, m.error])).toEqual(
        [0, 1].map((j) => EVENT_ATHLETES[i * 2 + j]!).map((a) => [a.name, a.club, a.licence, a.nation, null]),
      );
    }
  });
});

describe('the French federation\'s results file (FFF, issue 58)', () => {
  const event = finishedEvent();
  const { bytes, charset } = writeFfeResults(event);
  const text = decodeFfe(bytes);

  it('is ISO-8859-1 with the FFF header lines, one line a classified fencer', () => {
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('FFF;WIN;competition;Piste;individuel');
    expect(lines[1]).toBe('14/03/2027;Epée;;;Circuit régional d\'épée;Circuit régional d\'épée');
    // é is one byte (0xE9), as the federation's tools read it.
    expect(bytes.length).toBe(text.length);
    expect(charset).toBe('iso-8859-1');
    expect(lines[2]).toBe('LEFÈVRE,Élodie,14/03/2009,F,FRA,;,,;100234,BOURGOGNE-FRANCHE-COMTÉ,Cercle d\'Escrime de Besançon,3,,;1,t');
    // Eight classified fencers; the one who did not start has no place and no line.
    expect(lines.filter((l) => l !== '')).toHaveLength(10);
  });

  it('reads back each fencer field by field: name, club, nation, licence, region, ranking, birth date, sex, place and phase', () => {
    const back = readFfeResults(text);
    expect(back.filter((r) => r.row.error)).toEqual([]);
    const classified = event.standings.filter((s) => s.place !== null);
    expect(back.map((r) => r.place)).toEqual(classified.map((s) => s.place));
    expect(back.map((r) => r.tableau)).toEqual(classified.map((s) => event.tableau.seeds.some((x) => x.id === s.id)));
    for (const { row } of back) {
      const athlete = byName(row.name);
      expect({ name: row.name, club: row.club, ranking: row.ranking, details: row.details }, athlete.name).toEqual({
        ...rosterRow(athlete), details: { ...rosterRow(athlete).details, laterality: null, national_rating: null },
      });
    }
  });

  it('writes UTF-8 when a name does not fit ISO-8859-1, and a separator inside a club as a space', () => {
    const athletes = new Map(event.athletes);
    athletes.set('ath-7', { ...EVENT_ATHLETES[6]!, name: 'Łucja WÓJCIK', club: 'AZS; Kraków, sekcja szermierki' });
    const written = writeFfeResults({ ...event, athletes });
    expect(written.charset).toBe('utf-8');
    const utf8 = decodeFfe(written.bytes);
    expect(utf8.split('\r\n')[0]).toBe('FFF;UTF8;competition;Piste;individuel');
    const row = readFfeResults(utf8).find((r) => r.row.name === 'Łucja WÓJCIK')!.row;
    expect([row.name, row.club, row.details]).toEqual(['Łucja WÓJCIK', 'AZS Kraków sekcja szermierki', NO_DETAILS]);
  });

  it('reads the federation\'s own entry lists (FFF;WIN;CLASSEMENT;FFE) with their two-group lines', () => {
    const list = 'FFF;WIN;CLASSEMENT;FFE\r\n22/11/2009;;;;\r\nMOY,Anna,09/11/1987,F,FRA;,,;002057323022,,LANNION PTT,1074,32.46;\r\n';
    expect(readFfeResults(list)).toEqual([{
      row: { line: 3, name: 'Anna MOY', club: 'LANNION PTT', ranking: 1074, error: null, details: { ...NO_DETAILS, licence: '002057323022', nation: 'FRA', birth_date: '1987-11-09', gender: 'F' } },
      place: null, tableau: null,
    }]);
  });
});

describe('AskFRED\'s results file (.frd, issue 58)', () => {
  const event = finishedEvent();
  const xml = writeAskFred(event);
  const data = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => ['Round', 'Pool', 'Result', 'Fencer', 'Club', 'Bout', 'Table', 'Competitor'].includes(n) }).parse(xml).FencingData;

  it('is a FencingData results file: final results, both pool rounds and the tableau, fencers and clubs', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect([data.Version, data.Context, data.xmlns]).toEqual(['5.0', 'Results', 'http://www.askfred.net']);
    const event_ = data.Tournament.Event;
    expect([event_.Weapon, event_.IsTeam]).toEqual(['Epee', 'False']);
    expect((event_.RoundResults.Round as Attrs[]).map((r) => [r.Type, r.Seq])).toEqual([['Pool', '1'], ['Pool', '2'], ['DE', '3']]);
    expect(event_.RoundResults.Round[1].Pool[0].Bout).toHaveLength(15);
    expect(event_.RoundResults.Round[2].Table.map((t: Attrs) => t.Of)).toEqual(['4', '2']);
    expect(event_.FinalResults.Result).toHaveLength(8);
    // Six clubs: two of the eight fencers share Besançon's, and one has none.
    expect(data.ClubDatabase.Club).toHaveLength(6);
  });

  it('reads back each fencer field by field: name, club, member number, rating, sex and place', () => {
    const back = readAskFredResults(xml);
    expect(back.filter((r) => r.row.error)).toEqual([]);
    expect(back).toHaveLength(8);
    const placeOf = new Map(event.standings.map((s) => [s.name, s.place]));
    for (const { row, place } of back) {
      const athlete = byName(row.name);
      expect([row.name, row.club, row.details.licence, row.details.national_rating, row.details.gender], athlete.name).toEqual([athlete.name, athlete.club, athlete.licence, athlete.national_rating, athlete.gender]);
      expect(place).toBe(placeOf.get(athlete.name.toUpperCase()));
    }
  });
});
