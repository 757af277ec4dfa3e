// The FIE interchange file, written and read (issues 15, 30, 58): one file because the writer and the readers hold the
// same format (its elements, statuses and dates), and a change to one side is a change to the other.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { PoolSnapshot } from '../contracts/pools';
import { boutCells } from '../fencing/bout-result';
import { isMainMatch, placesTitle, roundsOf } from '../fencing/bracket';
import type { Standing } from '../fencing/final-positions';
import { combinePoolResults } from '../fencing/pool-results';
import type { Cut } from '../fencing/cut';
import type { Tableau } from '../fencing/tableau';
import { countedBouts } from '../fencing/withdrawal';
import { CUT_ALL } from '../fencing/cut';
import { advancedFromFirstRound } from '../fencing/rounds';
import { hasSecondRound, poolsOfRound } from '../fencing/pool-rounds';
import { teamNumberOf } from '../defaults';
import type { TeamMember } from '../contracts/teams';
import { athleteSchema, firstIssue } from '../validation';
import { joinName, splitName } from './fie-names';
import { upperSurname } from '../names';
import type { RosterRow } from './csv';
import type { Athlete } from '../contracts/athletes';
import { athleteDetailsSchema, NO_DETAILS, parseBirthDate, parseGender, parseLaterality, parseNation, type AthleteDetails } from '../athlete-details';

/**
 * The FIE interchange format (issue 15; FENCING.md, Interchange format), the XML that BellePoule and Engarde
 * exchange: root `CompetitionIndividuelle` (a team event's `CompetitionParEquipes`) with `<Tireurs>` (and the
 * teams' `<Equipes>`), `<Phases>` (a `<TourDePoules>` a round of pools, each of `<Poule>`s
 * with their matches, a `<PhaseDeTableaux>` of `<Tableau ID="A16" Taille="16">`s) and the
 * `<ClassementGeneral>`. Statuses: Q qualified for the tableau, N not qualified (the cut), A abandoned
 * (withdrawn, o.74.2), E excluded (o.74.3), F forfeit (did not start, o.74.1).
 */

/** Escapes a value for an XML attribute (and drops the control characters XML 1.0 cannot carry). */
function attr(value: string | number): string {
  return String(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;');
}

/** `<Tag a="1" b="x"/>`, attributes whose value is null or undefined left out. */
function element(tag: string, attrs: Record<string, string | number | null | undefined>, children?: string[], indent = ''): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${attr(v!)}"`)
    .join('');
  if (!children || children.length === 0) return `${indent}<${tag}${a}/>`;
  return `${indent}<${tag}${a}>\n${children.join('\n')}\n${indent}</${tag}>`;
}

/** A team of a team practice as the FIE team file lists it: its number, the name it is shown by, its fencers. */
export interface FieTeamInput {
  id: string;
  number: number;
  name: string;
  members: Pick<TeamMember, 'athlete_id' | 'athlete_name' | 'position'>[];
}

export interface FieExport {
  practice: { id: string; name: string; date: string; weapon?: 'epee' | 'foil' | 'sabre' };
  /** Every pool of the practice, both rounds when a second round was fenced (issue 28); a team practice's team pools. */
  pools: PoolSnapshot[];
  cut: Cut;
  tableau: Tableau;
  standings: Standing[];
  /** Fencers absent at check-in (o.74.1): listed as forfeit. */
  didNotStart: string[];
  /**
   * What the roster knows of the athletes the pools name (by athlete id): club, ranking, (issue 30) details
   * and (issue 32) the athlete's own spelling of the name, which a linked entry is written with.
   */
  athletes: ReadonlyMap<string, FieAthlete>;
  /**
   * A team practice's teams: given, the file is the team file (`CompetitionParEquipes`), its pools, tableau and
   * standings those of the teams, a pool entry or a seed being a team by its id or by its default name ("Team 3").
   */
  teams?: FieTeamInput[];
}

export type FieAthlete = Pick<Athlete, 'club' | 'ranking'> & Partial<AthleteDetails> & { name?: string };

/** FIE `Arme`: BellePoule accepts only L, X, F, E, S (an unknown letter stops its reader). */
const ARME = { epee: 'E', foil: 'F', sabre: 'S' } as const;

/** What a fencer's `<Tireur>` says beyond name and club (issue 30), in the FIE file's spelling. */
function detailAttributes(a: Partial<AthleteDetails> | undefined) {
  return {
    Licence: a?.licence ?? undefined,
    Nation: a?.nation ?? undefined,
    DateNaissance: a?.birth_date ? fieDate(a.birth_date) : undefined,
    Sexe: a?.gender ?? undefined,
    Lateralite: a?.laterality === 'R' ? 'D' : a?.laterality === 'L' ? 'G' : undefined,
    Ligue: a?.region ?? undefined,
  };
}

/** dd.mm.yyyy, as the format writes dates. */
const fieDate = (iso: string) => iso.split('-').reverse().join('.');

type Status = 'Q' | 'N' | 'A' | 'E';

/** A fencer's `<Tireur>` in `<Tireurs>` or nested in its `<Equipe>`: the roster's spelling, club and details when linked. */
function fencerElement(id: number, name: string, athlete: FieAthlete | undefined, status: string | null, indent: string) {
  // Issue 32: a linked entry keeps the athlete's spelling (the pools hold names upper-case: Strauß as STRAUSS).
  const { nom, prenom } = splitName(athlete?.name ?? name);
  return element('Tireur', {
    ID: id, Nom: upperSurname(nom), Prenom: prenom, Club: athlete?.club ?? '', ...detailAttributes(athlete),
    Classement: athlete?.ranking ?? undefined, Statut: status,
  }, [], indent);
}

/**
 * A practice as FIE XML: its fencers, every round of pools with their matches, the tableau and the classification;
 * for a team practice (`teams` given) the same of its teams, each team with its fencers.
 *
 * What the common readers need (issue 30, read in BellePoule's public source: its contest loader and its
 * player reader): the root `CompetitionIndividuelle` with `Arme` one of E/F/S (an unknown letter stops it)
 * and `Date` as dd.mm.yyyy; each `<Tireur>` with a whole-number `ID` (what every `REF` points to), a `Nom`
 * (its check-in needs one) and a `Statut` (a fencer with neither `Statut` nor `Presence` is read as absent;
 * F is absent); `DateNaissance` as dd.mm.yyyy, `Sexe` M/F, `Nation`, `Club`, `Ligue`, `Licence`,
 * `Classement`, and `Lateralite` D/G, which it keeps as written; each `<Match>` with two `<Tireur REF Score
 * Statut="V|D">`. The DOCTYPE line is the one BellePoule writes.
 *
 * Several rounds of pools (read in BellePoule's contest writer, which saves each stage of its schedule in turn):
 * one `<TourDePoules>` a round, in the order fenced, each with its own `ID` and `PhaseID` (TourPoules1, TourPoules2),
 * its ranking (`RangInitial` the place entering the round, `RangFinal` the place leaving it, `Statut` Q for those who
 * went on, N for those its cut left out), its `<Poule>`s numbered from 1 and their matches. A fencer keeps one `ID`
 * through the rounds: a round-2 entry points to the fencer of round 1 it continues. The tableau is the phase after
 * the last round. A fencer's `Statut` in `<Tireurs>` is the one of the last round they fenced.
 *
 * The team file (BellePoule's team contest, the same writer with teams in the fencers' places): the root
 * `CompetitionParEquipes` (and its DOCTYPE), `<Equipes>` of `<Equipe ID Nom Statut>`, each holding its fencers as
 * `<Tireur>`s (what its team reader, and Piste's, nests); in the pools, the tableau's `<Match>`es and the
 * `<ClassementGeneral>`, `<Equipe REF …>` where an individual file has `<Tireur REF …>`. Team and fencer IDs do
 * not overlap (teams 1…n, their fencers after).
 */
export function writeFieXml(input: FieExport): string {
  const { pools, tableau, standings } = input;
  const teams = input.teams ? [...input.teams].sort((a, b) => a.number - b.number) : null;
  const tag = teams ? 'Equipe' : 'Tireur';
  const rounds = hasSecondRound(pools) ? [poolsOfRound(pools, 1), poolsOfRound(pools, 2)] : [[...pools]];
  const last = rounds.length - 1;

  // Each competitor's ID, reached from any of its ids: a pool entry of either round, a seed of the tableau.
  const ref = new Map<string, number>();
  const entries: { ref: number; name: string; athleteId: string | null }[] = [];
  if (teams) {
    const teamOf = (e: { id: string; name: string }) => teams.findIndex((t) => t.id === e.id || t.number === teamNumberOf(e.name));
    for (const e of [...pools.flatMap((p) => p.players), ...tableau.seeds]) {
      const i = teamOf(e);
      if (i >= 0) ref.set(e.id, i + 1);
    }
  } else {
    for (const p of rounds.flatMap((r) => r.flatMap((pool) => pool.players))) {
      const continued = p.first_round_id ? ref.get(p.first_round_id) : undefined;
      if (continued !== undefined) ref.set(p.id, continued);
      else if (!ref.has(p.id)) {
        entries.push({ ref: entries.length + 1, name: p.name, athleteId: p.athlete_id });
        ref.set(p.id, entries.length);
      }
    }
  }
  const dnsRef = (i: number) => entries.length + i + 1;

  // Each round's statuses: A withdrew, E excluded, Q went on (to round 2, or into the tableau), N left out by the cut.
  const seeded = new Set(tableau.seeds.map((s) => s.id));
  const advanced = advancedFromFirstRound(pools);
  const roundResults = rounds.map((roundPools, i) => {
    const results = combinePoolResults(roundPools, i === last ? input.cut : CUT_ALL);
    const wentOn = (id: string, promoted: boolean) => (i < last ? advanced.has(id) : tableau.seeds.length > 0 ? seeded.has(id) : promoted);
    const status = new Map<string, Status>(results.map((r) => [r.id, r.status === 'withdrawn' ? 'A' : r.status === 'excluded' ? 'E' : wentOn(r.id, r.promoted) ? 'Q' : 'N']));
    return { roundPools, results, status };
  });
  // A competitor's status overall: the one of the last round they fenced (a team drawn straight into the tableau: Q).
  const overall = new Map<number, Status>();
  for (const s of tableau.seeds) if (ref.has(s.id)) overall.set(ref.get(s.id)!, 'Q');
  for (const { status } of roundResults) for (const [id, st] of status) if (ref.has(id)) overall.set(ref.get(id)!, st);

  const competitors = teams
    ? [
        element('Tireurs', {}, [], '  '),
        element('Equipes', {}, teams.map((t, i) => {
          const members = [...t.members].sort((a, b) => a.position - b.position).map((m, j) => {
            const athlete = m.athlete_id ? input.athletes.get(m.athlete_id) : undefined;
            // A fencer with no Statut is read as absent by BellePoule: the team's members carry the team's.
            return fencerElement(teams.length + teams.slice(0, i).reduce((n, x) => n + x.members.length, 0) + j + 1, m.athlete_name, athlete, overall.get(i + 1) ?? null, '      ');
          });
          return element('Equipe', { ID: i + 1, Nom: t.name, Statut: overall.get(i + 1) ?? null }, members, '    ');
        }), '  '),
      ]
    : [element('Tireurs', {}, [
        ...entries.map((e) => fencerElement(e.ref, e.name, e.athleteId ? input.athletes.get(e.athleteId) : undefined, overall.get(e.ref) ?? null, '    ')),
        ...input.didNotStart.map((name, i) => fencerElement(dnsRef(i), name, undefined, 'F', '    ')),
      ], '  ')];

  const phases = roundResults.map(({ roundPools, results, status }, k) => {
    const poolElements = roundPools.map((pool, i) => {
      const ranked = new Map(combinePoolResults([pool]).map((r) => [r.id, r]));
      const rows = pool.players.map((p) => {
        const r = ranked.get(p.id)!;
        return element(tag, {
          REF: ref.get(p.id), NoDansLaPoule: p.position, NbVictoires: r.victories, NbMatches: r.victories + r.defeats,
          TD: r.touchesScored, TR: r.touchesReceived, RangPoule: r.rank ?? undefined, Statut: status.get(p.id) ?? null,
        }, [], '        ');
      });
      const matches = countedBouts(pool.players, pool.bouts).map((b, j) => {
        const cells = boutCells(b);
        const side = (id: string, score: number) => element(tag, { REF: ref.get(id), Score: score, Statut: cells[id]!.startsWith('V') ? 'V' : 'D' }, [], '          ');
        return element('Match', { ID: j + 1 }, [side(b.player1_id, b.score1), side(b.player2_id, b.score2)], '        ');
      });
      return element('Poule', { ID: i + 1, Nom: pool.name, NbTireurs: pool.players.length }, [...rows, ...matches], '      ');
    });
    // The place entering the round: a round-2 entry's seed from round 1, else the place in this round's ranking.
    const seedOf = new Map(roundPools.flatMap((p) => p.players.flatMap((pl) => (pl.seed ? [[pl.id, pl.seed] as const] : []))));
    const ranking = results.map((r, i) => element(tag, { REF: ref.get(r.id), RangInitial: seedOf.get(r.id) ?? i + 1, RangFinal: r.rank ?? undefined, Statut: status.get(r.id) ?? null }, [], '      '));
    const qualified = results.filter((r) => status.get(r.id) === 'Q').length;
    return element('TourDePoules', { PhaseID: `TourPoules${k + 1}`, ID: k + 1, NbDePoules: roundPools.length, NbQualifies: qualified }, [...ranking, ...poolElements], '    ');
  }).filter((_, k) => roundResults[k]!.roundPools.length > 0);

  const matches = tableau.matches;
  if (matches.length > 0) {
    const tableauRounds = roundsOf(matches);
    const seedOf = new Map(tableau.seeds.map((s) => [s.id, s.seed]));
    const matchElement = (m: (typeof matches)[number], id: number, indent: string) => {
      const side = (playerId: string | null, score: number | null) =>
        playerId === null
          ? null
          : element(tag, {
              REF: ref.get(playerId), Place: seedOf.get(playerId), Score: score ?? undefined,
              Statut: m.winner_id === null ? undefined : m.winner_id === playerId ? 'V' : 'D',
            }, [], indent + '  ');
      const sides = [side(m.player1_id, m.player1_score), side(m.player2_id, m.player2_score)].filter((s): s is string => s !== null);
      return element('Match', { ID: id }, sides, indent);
    };
    const main = [];
    for (let round = 1; round <= tableauRounds; round++) {
      const size = 2 ** (tableauRounds - round + 1);
      const inRound = matches.filter((m) => m.round === round && isMainMatch(m, tableauRounds) && m.player1_id !== null && m.player2_id !== null);
      main.push(element('Tableau', { ID: `A${size}`, Titre: size === 2 ? 'Finale' : `Tableau de ${size}`, Taille: size }, inRound.map((m) => matchElement(m, m.position + 1, '          ')), '        '));
    }
    const suites = [element('SuiteDeTableaux', { ID: 'A', Titre: 'Tableau principal', NbDeTableaux: tableauRounds }, main, '      ')];
    const places = matches.filter((m) => !isMainMatch(m, tableauRounds) && m.player1_id !== null && m.player2_id !== null);
    if (places.length > 0) {
      suites.push(element('SuiteDeTableaux', { ID: 'B', Titre: 'Places' }, places.map((m, i) =>
        element('Tableau', { ID: `B${i + 1}`, Titre: placesTitle(m, tableauRounds), Taille: 2 }, [matchElement(m, 1, '          ')], '        ')), '      '));
    }
    phases.push(element('PhaseDeTableaux', { PhaseID: 'PhaseDeTableaux1', ID: phases.length + 1 }, suites, '    '));
  }

  const dnsIndex = new Map(input.didNotStart.map((name, i) => [name, dnsRef(i)]));
  const classification = standings.map((s) => {
    const id = ref.get(s.id) ?? dnsIndex.get(s.name);
    const st = id === undefined ? undefined : overall.get(id);
    const status = s.place === null ? (ref.has(s.id) ? 'E' : 'F') : st === 'A' ? 'A' : undefined;
    return element(tag, { REF: id, Classement: s.place ?? undefined, Statut: status }, [], '    ');
  });

  const rootTag = teams ? 'CompetitionParEquipes' : 'CompetitionIndividuelle';
  const root = element(rootTag, {
    Version: '1', Championnat: 'Piste', ID: input.practice.id, Annee: input.practice.date.slice(0, 4), Arme: ARME[input.practice.weapon ?? 'epee'],
    Date: fieDate(input.practice.date), TitreCourt: input.practice.name.slice(0, 20), TitreLong: input.practice.name,
  }, [
    ...competitors,
    element('Phases', {}, phases, '  '),
    element('ClassementGeneral', {}, classification, '  '),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ${rootTag}>\n${root}\n`;
}

/** The text of an XML file as bytes: the encoding its declaration names (BellePoule writes ISO-8859-1), else UTF-8. */
export function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 200));
  const declared = /encoding=["']([A-Za-z0-9_-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export class FieFormatError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  // Elements only: a fencer's `Equipe` attribute (its team's name) stays a text.
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['Tireur', 'Equipe', 'Poule', 'Match', 'Tableau', 'SuiteDeTableaux'].includes(name),
});

type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === 'object' ? [v as Node] : []);
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The roots Piste reads: a competition (individual or team) and the federation's entry lists that
 * BellePoule opens the same way (the French federation's `BaseCompetitionIndividuelle` and
 * `BaseCompetitionParEquipes`, the fencers of a competition before it is drawn).
 */
const FIE_ROOTS = ['CompetitionIndividuelle', 'CompetitionParEquipes', 'BaseCompetitionIndividuelle', 'BaseCompetitionParEquipes'];

/** Parses an FIE file; a file that is not well-formed XML, or not a competition, is a FieFormatError. */
export function parseFieXml(xml: string): { root: string; node: Node } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FieFormatError(`This file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const doc = parser.parse(xml) as Node;
  const root = FIE_ROOTS.find((r) => r in doc);
  if (!root) throw new FieFormatError('This is not an FIE competition file (no CompetitionIndividuelle or CompetitionParEquipes)');
  return { root, node: (doc[root] as Node) ?? {} };
}

/** What a `<Tireur>` says beyond its name, club and ranking; what the file leaves out or writes oddly stays unknown. */
function fencerDetails(t: Node): AthleteDetails {
  return {
    ...NO_DETAILS,
    licence: text(t.Licence).trim() || null,
    nation: parseNation(text(t.Nation)),
    birth_date: parseBirthDate(text(t.DateNaissance)),
    laterality: parseLaterality(text(t.Lateralite)),
    gender: parseGender(text(t.Sexe)),
    region: text(t.Ligue).trim() || text(t.Region).trim() || null,
  };
}

/** A `<Tireur>` as a roster row: "Prenom Nom", the club, the ranking (`Classement`), checked like a typed athlete. */
function fencerRow(t: Node, i: number): RosterRow {
  const name = joinName(text(t.Prenom), text(t.Nom));
  const club = text(t.Club).trim() || null;
  const rank = text(t.Classement).trim();
  const ranking = /^\d+$/.test(rank) && Number(rank) > 0 ? Number(rank) : null;
  const details = fencerDetails(t);
  const checked = athleteSchema.safeParse({ name, club, ranking });
  const extra = athleteDetailsSchema.safeParse(details);
  if (!checked.success) return { line: i + 1, name, club, ranking, details, error: firstIssue(checked.error) };
  if (!extra.success) return { line: i + 1, name, club, ranking, details, error: firstIssue(extra.error) };
  return { line: i + 1, name: checked.data.name, club: checked.data.club, ranking, details, error: null };
}

/** A team's name: its `Nom`, else its `ID` (FFE entry files name teams by their ID, "CLUB 1"). */
const teamName = (e: Node) => text(e.Nom).trim() || text(e.ID).trim() || null;

/**
 * Every `<Tireur>` of a file with its team: the fencers of `<Tireurs>` (a team by their `Equipe` attribute, the
 * team's name, as FFE entry files link them) and those nested in an `<Equipe>` (BellePoule's own team files),
 * an `Equipe` attribute winning over the nesting as in BellePoule.
 */
function fencersOf(node: Node): { t: Node; team: string | null }[] {
  return [
    ...list((node.Tireurs as Node | undefined)?.Tireur).map((t) => ({ t, team: text(t.Equipe).trim() || null })),
    ...list((node.Equipes as Node | undefined)?.Equipe).flatMap((e) => list(e.Tireur).map((t) => ({ t, team: text(t.Equipe).trim() || teamName(e) }))),
  ];
}

/** The fencers of an FIE file (individual or team, competition or entry list) as roster rows. */
export function readFieFencers(xml: string): RosterRow[] {
  return fencersOf(parseFieXml(xml).node).map((f, i) => fencerRow(f.t, i));
}

export interface FieTeam {
  name: string;
  members: RosterRow[];
}

/**
 * The teams of a team file (issue 30), in the file's order (its `<Equipes>`, then any team only a fencer
 * names), each with its fencers as roster rows; a team without fencers is left out.
 */
export function readFieTeams(xml: string): FieTeam[] {
  const { node } = parseFieXml(xml);
  const fencers = fencersOf(node);
  const rows = fencers.map((f, i) => fencerRow(f.t, i));
  const names = [...list((node.Equipes as Node | undefined)?.Equipe).map(teamName), ...fencers.map((f) => f.team)];
  const order = [...new Set(names.filter((n): n is string => n !== null))];
  return order.map((name) => ({ name, members: rows.filter((_, i) => fencers[i]!.team === name) })).filter((team) => team.members.length > 0);
}
