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
