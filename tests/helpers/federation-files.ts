import type { AthleteDetails } from '../../core/athlete-details';
import type { PoolPlayer, PoolSnapshot } from '../../core/contracts/pools';
import { applyScore } from '../../core/fencing/bracket';
import { DEFAULT_FORMAT, finalClassification, resolveTableau } from '../../core/fencing/tableau';
import { apiOver, expectAnswer, type Fetch } from './api-client';
import { seed } from './seed';

/**
 * Entry files shaped like the ones coaches download (issue 30), written by the tests with invented names:
 * a French federation (FFE) entry list as BellePoule's examples ship it, and a USA Fencing / askFRED CSV.
 */

const FIRST = ['Élodie', 'Zoé', 'François', 'Anaïs', 'Loïc', 'Maëlle', 'Jérôme', 'Clémence', 'Noël', 'Inès'];
const LAST = ['Lefèvre', 'Dubosc', 'Garçon', 'Hérault', 'Mürier', 'Besançonnet', 'Crête', 'Aubépine', 'Fenêtre', 'Çavaillé'];
const CLUBS = ['Cercle d\'Escrime de Besançon', 'Lames Sèches', 'Épée Club de Sète', 'Salle Gérôme'];

/** The i-th invented fencer of an FFE file: every tenth unranked (Classement=""). */
export function ffeFencer(i: number) {
  return {
    nom: `${LAST[i % LAST.length]!.toUpperCase()}${i >= LAST.length ? `-${Math.floor(i / LAST.length)}` : ''}`,
    prenom: FIRST[(i * 7) % FIRST.length]!,
    club: CLUBS[i % CLUBS.length]!,
    ranking: i % 10 === 9 ? null : i + 1,
    licence: String(100000 + i),
    birth: `${String((i % 28) + 1).padStart(2, '0')}.0${(i % 9) + 1}.20${String(5 + (i % 5)).padStart(2, '0')}`,
    hand: i % 4 === 0 ? 'G' : 'D',
  };
}

/**
 * An FFE entry file as bytes: ISO-8859-1, a DOCTYPE line, the root `BaseCompetitionIndividuelle` (or the team
 * root) with xmlns:xsd and xmlns:xsi, tab-separated attributes written `Nom ="…"`, a `Points` attribute.
 */
export function ffeEntryFile(count: number, root = 'BaseCompetitionIndividuelle'): Uint8Array {
  const lines = Array.from({ length: count }, (_, i) => {
    const f = ffeFencer(i);
    return `\t\t<Tireur\tID ="${i + 1}"\tNom ="${f.nom}"\tPrenom ="${f.prenom}"\tDateNaissance ="${f.birth}"\tSexe ="F"\tLateralite ="${f.hand}"\tNation ="FRA"\tLigue ="BOURGOGNE-FRANCHE-COMTÉ"\tClub ="${f.club}"\tLicence ="${f.licence}"\tClassement ="${f.ranking ?? ''}"\tPoints ="${f.ranking === null ? '' : (1000 - i).toFixed(2)}"/>`;
  });
  const xml = [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    `<!DOCTYPE ${root}>`,
    `<${root} xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="1.0" Championnat="FFE" Arme="E" Sexe="F" Categorie="M17" Date="14.03.2027" TitreLong="Circuit national">`,
    '\t<Tireurs>',
    ...lines,
    '\t</Tireurs>',
    `</${root}>`,
    '',
  ].join('\n');
  return Uint8Array.from([...xml].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code > 0xff) throw new Error(`not Latin-1: ${ch}`);
    return code;
  }));
}

/** A USA Fencing / askFRED style roster: US column names in the order given, ratings such as B23, E25, U. */
export function usCsv(rows: Record<string, string>[], columns = ['Last Name', 'First Name', 'Club(s)', 'Rating', 'USFA #']): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(','))].join('\r\n') + '\r\n';
}

/**
 * An FFE team entry file (`BaseCompetitionParEquipes`) as bytes: fencers in `<Tireurs>` linked to their team by
 * its name (`Equipe="…"`), the teams in `<Equipes>` by ID, as the federation ships them.
 */
export function ffeTeamFile(teams: number, perTeam: number): Uint8Array {
  const teamName = (n: number) => `SALLE GÉRÔME ${n}`;
  const fencers = Array.from({ length: teams * perTeam }, (_, i) => {
    const f = ffeFencer(i);
    return `\t\t<Tireur\tID ="${i + 1}"\tNom ="${f.nom}"\tPrenom ="${f.prenom}"\tSexe ="H"\tNation ="FRA"\tClub ="${f.club}"\tLicence ="${f.licence}"\tClassement =""\tEquipe ="${teamName(Math.floor(i / perTeam) + 1)}"/>`;
  });
  const equipes = Array.from({ length: teams }, (_, n) => `\t\t<Equipe\tID ="${teamName(n + 1)}"\tNation ="FRA"\tStatut ="N"\tClassement ="0"\tPoints ="0"/>`);
  const xml = ['<?xml version="1.0" encoding="ISO-8859-1"?>', '<!DOCTYPE BaseCompetitionParEquipes>',
    '<BaseCompetitionParEquipes xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Arme="S" Sexe="H" Categorie="S">',
    '\t<Tireurs>', ...fencers, '\t</Tireurs>', '\t<Equipes>', ...equipes, '\t</Equipes>', '</BaseCompetitionParEquipes>', ''].join('\r\n');
  return Uint8Array.from([...xml].map((ch) => ch.charCodeAt(0)));
}

/**
 * A finished event to write the federations' results files from (issue 58): fencers with the accents, apostrophes
 * and details coaches' rosters hold, each linked to a roster athlete, two pools in round 1, a second round of the
 * six best, a tableau of four fenced to its final, and the final standings. Every bout is won by the fencer higher
 * on the sheet, so the places follow the sheet's order.
 */
export const EVENT_ATHLETES: ({ id: string; name: string; club: string | null; ranking: number | null } & AthleteDetails)[] = [
  { id: 'ath-1', name: 'Élodie LEFÈVRE', club: 'Cercle d\'Escrime de Besançon', ranking: 3, licence: '100234', nation: 'FRA', birth_date: '2009-03-14', laterality: 'L', gender: 'F', region: 'BOURGOGNE-FRANCHE-COMTÉ', national_rating: { system: 'usaf', value: 'B2023' } },
  { id: 'ath-2', name: 'Zoé D\'ARTAGNAN', club: 'Épée Club de Sète', ranking: 7, licence: '100235', nation: 'FRA', birth_date: '2008-11-02', laterality: 'R', gender: 'F', region: 'OCCITANIE', national_rating: { system: 'usaf', value: 'A2024' } },
  { id: 'ath-3', name: 'Ana María de la PEÑA', club: 'Sala d\'Armas Aragón', ranking: null, licence: '200001', nation: 'ESP', birth_date: null, laterality: null, gender: 'F', region: null, national_rating: { system: 'usaf', value: 'U' } },
  { id: 'ath-4', name: 'Anaïs O\'NEILL', club: 'Lames Sèches', ranking: 12, licence: null, nation: 'IRL', birth_date: '2010-01-31', laterality: null, gender: 'F', region: 'ÎLE-DE-FRANCE', national_rating: null },
  { id: 'ath-5', name: 'Maëlle CRÊTE', club: 'Salle Gérôme', ranking: 20, licence: '100238', nation: 'FRA', birth_date: null, laterality: null, gender: 'F', region: 'BRETAGNE', national_rating: { system: 'usaf', value: 'E2025' } },
  { id: 'ath-6', name: 'Inès GARÇON', club: 'Cercle d\'Escrime de Besançon', ranking: null, licence: '100239', nation: 'FRA', birth_date: '2009-07-07', laterality: 'R', gender: 'F', region: 'BOURGOGNE-FRANCHE-COMTÉ', national_rating: null },
  { id: 'ath-7', name: 'Clémence AUBÉPINE', club: null, ranking: null, licence: null, nation: null, birth_date: null, laterality: null, gender: null, region: null, national_rating: null },
  { id: 'ath-8', name: 'Noël STRAUß', club: 'Fechtclub München', ranking: 40, licence: 'DE-778', nation: 'GER', birth_date: '2007-12-24', laterality: 'L', gender: 'M', region: 'Bayern', national_rating: null },
];

/** Every bout of a pool, the fencer higher on the sheet winning 5 to the gap between them (at most 4). */
function fenced(id: string, players: PoolPlayer[], round?: number): PoolSnapshot {
  const bouts = players.flatMap((a, i) => players.slice(i + 1).map((b, k) => ({
    player1_id: a.id, player2_id: b.id, score1: 5, score2: Math.min(4, k + 1), priority_id: null, updated_at: 1, version: 1,
  })));
  return { id, practice_id: 'p', name: round === 2 ? `Round 2 · Pool ${id.slice(-1)}` : `Pool ${id.slice(-1)}`, version: 1, created_at: 1, ...(round ? { round } : {}), players, bouts };
}

/** The pools of the event: round 1 (two pools of four, pool entries named upper-case as the pools hold them), round 2 (the best six). */
export function eventPools(twoRounds = true): PoolSnapshot[] {
  const entry = (i: number, position: number): PoolPlayer => ({ id: `r1-${i}`, name: EVENT_ATHLETES[i]!.name.toUpperCase(), athlete_id: EVENT_ATHLETES[i]!.id, position, status: null });
  // Serpentine: seeds 1 4 5 8 in pool 1, 2 3 6 7 in pool 2.
  const round1 = [fenced('pool-1', [0, 3, 4, 7].map((i, k) => entry(i, k + 1))), fenced('pool-2', [1, 2, 5, 6].map((i, k) => entry(i, k + 1)))];
  if (!twoRounds) return round1;
  // Round 1's ranking: 0 and 1 first (tied: 1 seeded first), then 3 and 2, then 4 and 5; 7 and 6 are left out.
  // Round 2: one pool of six, 0 drawn first on the sheet.
  const seeds = [2, 1, 3, 4, 5, 6];
  const second = [0, 1, 3, 2, 4, 5].map((i, k): PoolPlayer => ({ id: `r2-${i}`, name: EVENT_ATHLETES[i]!.name.toUpperCase(), athlete_id: EVENT_ATHLETES[i]!.id, position: k + 1, status: null, seed: seeds[k], first_round_id: `r1-${i}` }));
  return [...round1, fenced('pool-3', second, 2)];
}

/** The event fenced to its end: a tableau of the top four (the cut), the better seed winning each match 15–9. */
export function finishedEvent(twoRounds = true) {
  const pools = eventPools(twoRounds);
  const format = { ...DEFAULT_FORMAT, cut: { kind: 'top' as const, value: 4 } };
  let tableau = resolveTableau(pools, { seeding: null, matches: [], format });
  const seedOf = new Map(tableau.seeds.map((s) => [s.id, s.seed]));
  for (let round = 1; round <= Math.max(...tableau.matches.map((m) => m.round)); round++) {
    for (const m of tableau.matches.filter((x) => x.round === round)) {
      const cur = tableau.matches.find((x) => x.id === m.id)!;
      if (!cur.player1_id || !cur.player2_id || cur.winner_id) continue;
      const better = seedOf.get(cur.player1_id)! < seedOf.get(cur.player2_id)!;
      tableau = { ...tableau, matches: applyScore(tableau.matches, { round: cur.round, position: cur.position, player1_score: better ? 15 : 9, player2_score: better ? 9 : 15 }) };
    }
  }
  const standings = finalClassification(pools, tableau, { format, did_not_start: ['Fay ABSENTE'] });
  const athletes = new Map(EVENT_ATHLETES.map((a) => [a.id, a]));
  return { pools, tableau, standings, cut: format.cut, athletes, practice: { id: 'event-1', name: 'Circuit régional d\'épée', date: '2027-03-14', weapon: 'epee' as const } };
}

/**
 * A practice's tableau fenced to its end through the API, round after round, the better seed winning 15–9: what a
 * coach scoring every match on the tableau screen leaves.
 */
export async function finishTableau(fetch: Fetch, practiceId: string) {
  const api = seed(fetch);
  const scores = apiOver(fetch).practices[':practiceId'].bracket.scores;
  const pools = await api.poolsOf(practiceId);
  for (let round = 1; ; round++) {
    const tableau = resolveTableau(pools, await api.bracket(practiceId));
    const seedOf = new Map(tableau.seeds.map((s) => [s.id, s.seed]));
    const ready = tableau.matches.filter((m) => m.round === round && m.player1_id && m.player2_id && !m.winner_id);
    if (ready.length === 0) return;
    for (const m of ready) {
      const better = seedOf.get(m.player1_id!)! < seedOf.get(m.player2_id!)!;
      const json = { round, position: m.position, player1_id: m.player1_id!, player2_id: m.player2_id!, player1_score: better ? 15 : 9, player2_score: better ? 9 : 15, version: m.version };
      await expectAnswer(scores.$post({ param: { practiceId }, json }));
    }
  }
}
