import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NO_DETAILS, parseGender } from '../athlete-details';
import type { PoolSnapshot } from '../contracts/pools';
import { boutCells } from '../fencing/bout-result';
import { isMainMatch, roundsOf, type BracketMatch, type Seed } from '../fencing/bracket';
import { combinePoolResults } from '../fencing/pool-results';
import { lastRoundPools, poolsOfRound, hasSecondRound } from '../fencing/pool-rounds';
import { parseUsafRating } from '../fencing/national-rating';
import { countedBouts } from '../fencing/withdrawal';
import type { RosterRow } from './csv';
import { joinName, splitName } from './fie-names';
import { checkedRow, positive, resultFencers, type ResultsExport } from './result-fencers';

/**
 * AskFRED's results file (`.frd`), as BellePoule writes it for upload to askfred.net and reads it back (read in its
 * public source: its AskFRED writer, which renames its own FIE XML as it goes, and its AskFRED reader; nothing
 * copied). What we learnt of the format:
 * - XML, UTF-8, root `<FencingData Version="5.0" Context="Results" Source=… xmlns="http://www.askfred.net">`.
 * - `<Tournament Name Location>` holds one `<Event EventID Weapon="Foil|Epee|Saber" Gender="Men|Women|Mixed"
 *   IsTeam="False">`, which holds `<FinalResults>` (one `<Result CompetitorID Place Excluded="True|False"
 *   DNF="True|False">` a fencer: DNF for one who withdrew) and `<RoundResults>`: a `<Round Type="Pool" Desc="Pools"
 *   Seq>` a round of pools, a `<Round Type="DE" Desc="Tables" Seq>` for the tableau. A round starts with its
 *   `<RoundSeeding>` (`<Competitor CompetitorID Seed Status>`, Status P promoted, N not, W withdrew, E excluded);
 *   a pool round then has `<Pool Seq>`s of `<Competitor CompetitorID CompetitorNum Victories Bouts TS TR Rank>` and
 *   `<Bout>`s of two `<Competitor CompetitorID Score Status="V|D">`; the DE round `<Table Seq Of="16">`s of `<Bout>`s.
 * - After the tournament, `<FencerDatabase>`: `<Fencer FencerID LastName FirstName Gender BirthYear ClubID1>` with a
 *   `<Membership>` child (the USA Fencing member number) and a `<Rating Weapon>` child ("B2023": letter and year);
 *   then `<ClubDatabase>` of `<Club ClubID Name Abbreviation>`. IDs unknown to AskFRED are written negative
 *   (-1, -2 …), fencers and clubs each counted on their own. BellePoule's reader takes a fencer's club from the club's
 *   `Abbreviation`, which it writes as the club's full name, as Piste does.
 * The fencers' names and clubs are written as the roster spells them, so reading the file back gives them unchanged.
 */

const WEAPON = { epee: 'Epee', foil: 'Foil', sabre: 'Saber' } as const;

/** `<Tag a="…">`: attribute values escaped; null and undefined left out. */
function tag(name: string, attrs: Record<string, string | number | null | undefined>, children: string[] = [], indent = ''): string {
  const a = Object.entries(attrs).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => ` ${k}="${escape(String(v))}"`).join('');
  return children.length === 0 ? `${indent}<${name}${a}/>` : `${indent}<${name}${a}>\n${children.join('\n')}\n${indent}</${name}>`;
}

function escape(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}

const textElement = (name: string, attrs: Record<string, string>, text: string, indent: string) =>
  `${indent}<${name}${Object.entries(attrs).map(([k, v]) => ` ${k}="${escape(v)}"`).join('')}>${escape(text)}</${name}>`;

/** An individual event's results as AskFRED's `.frd` file. */
export function writeAskFred(input: Omit<ResultsExport, 'pools' | 'tableau'> & { pools: PoolSnapshot[]; tableau: { seeds: readonly Seed[]; matches: BracketMatch[] } }): string {
  const weapon = WEAPON[input.practice.weapon ?? 'epee'];
  const fencers = resultFencers(input);
  // Each fencer's negative ID, reached from the standing's id and from every pool entry of the fencer.
  const idOf = new Map<string, string>(input.standings.map((s, i) => [s.id, `-${i + 1}`]));
  const rounds = hasSecondRound(input.pools) ? [poolsOfRound(input.pools, 1), poolsOfRound(input.pools, 2)] : [[...input.pools]];
  // A fencer of round 2 is the same fencer as the round-1 entry it continues.
  for (const p of lastRoundPools(input.pools).flatMap((pool) => pool.players)) {
    if (p.first_round_id && idOf.has(p.id)) idOf.set(p.first_round_id, idOf.get(p.id)!);
  }
  const clubs = [...new Set(fencers.flatMap((f) => (f.club ? [f.club] : [])))];
  const clubId = (club: string | null) => (club ? `-${clubs.indexOf(club) + 1}` : null);

  const results = fencers.flatMap((f, i) => (f.didNotStart ? [] : [tag('Result', {
    CompetitorID: idOf.get(input.standings[i]!.id), Place: f.place ?? undefined, Excluded: f.excluded ? 'True' : 'False', DNF: f.withdrew ? 'True' : 'False',
  }, [], '        ')]));

  const poolRounds = rounds.filter((r) => r.length > 0).map((roundPools, k) => {
    const last = k === rounds.length - 1;
    const ranked = combinePoolResults(roundPools);
    const nextRound = new Set(last ? input.tableau.seeds.map((s) => s.id) : poolsOfRound(input.pools, 2).flatMap((p) => p.players.flatMap((pl) => (pl.first_round_id ? [pl.first_round_id] : []))));
    const seeding = tag('RoundSeeding', {}, ranked.map((r, i) => tag('Competitor', {
      CompetitorID: idOf.get(r.id), Seed: i + 1, Status: r.status === 'withdrawn' ? 'W' : r.status === 'excluded' ? 'E' : nextRound.has(r.id) ? 'P' : 'N',
    }, [], '            ')), '          ');
    const pools = roundPools.map((pool, i) => {
      const byId = new Map(combinePoolResults([pool]).map((r) => [r.id, r]));
      const rows = pool.players.map((p) => {
        const r = byId.get(p.id)!;
        return tag('Competitor', { CompetitorID: idOf.get(p.id), CompetitorNum: p.position, Victories: r.victories, Bouts: r.victories + r.defeats, TS: r.touchesScored, TR: r.touchesReceived, Rank: r.rank ?? undefined }, [], '            ');
      });
      const bouts = countedBouts(pool.players, pool.bouts).map((b) => {
        const cells = boutCells(b);
        const side = (id: string, score: number) => tag('Competitor', { CompetitorID: idOf.get(id), Score: score, Status: cells[id]!.startsWith('V') ? 'V' : 'D' }, [], '              ');
        return tag('Bout', {}, [side(b.player1_id, b.score1), side(b.player2_id, b.score2)], '            ');
      });
      return tag('Pool', { Seq: i + 1 }, [...rows, ...bouts], '          ');
    });
    return tag('Round', { Type: 'Pool', Desc: 'Pools', Seq: k + 1 }, [seeding, ...pools], '        ');
  });

  const matches = input.tableau.matches;
  const deRound = [];
  if (matches.length > 0) {
    const tableauRounds = roundsOf(matches);
    const seeding = tag('RoundSeeding', {}, input.tableau.seeds.map((s) => tag('Competitor', { CompetitorID: idOf.get(s.id), Seed: s.seed, Status: 'P' }, [], '            ')), '          ');
    const tables = [];
    for (let round = 1; round <= tableauRounds; round++) {
      const bouts = matches.filter((m) => m.round === round && isMainMatch(m, tableauRounds) && m.player1_id !== null && m.player2_id !== null).map((m) => {
        const side = (id: string, score: number | null) => tag('Competitor', { CompetitorID: idOf.get(id), Score: score ?? undefined, Status: m.winner_id === null ? undefined : m.winner_id === id ? 'V' : 'D' }, [], '              ');
        return tag('Bout', {}, [side(m.player1_id!, m.player1_score), side(m.player2_id!, m.player2_score)], '            ');
      });
      tables.push(tag('Table', { Seq: round, Of: 2 ** (tableauRounds - round + 1) }, bouts, '          '));
    }
    deRound.push(tag('Round', { Type: 'DE', Desc: 'Tables', Seq: poolRounds.length + 1 }, [seeding, ...tables], '        '));
  }

  const fencerDatabase = fencers.flatMap((f, i) => {
    if (f.didNotStart) return [];
    const { nom, prenom } = splitName(f.name);
    const a = f.athlete;
    const children = [
      ...(a?.licence ? [textElement('Membership', {}, a.licence, '      ')] : []),
      ...(a?.national_rating ? [textElement('Rating', { Weapon: weapon }, a.national_rating.value, '      ')] : []),
    ];
    return [tag('Fencer', {
      FencerID: idOf.get(input.standings[i]!.id), LastName: nom, FirstName: prenom, Gender: a?.gender ?? undefined,
      BirthYear: a?.birth_date?.slice(0, 4), ClubID1: clubId(f.club),
    }, children, '    ')];
  });

  const root = tag('FencingData', { Version: '5.0', Context: 'Results', Source: 'Piste', xmlns: 'http://www.askfred.net' }, [
    tag('Tournament', { Name: input.practice.name }, [
      tag('Event', { EventID: input.practice.id, Weapon: weapon, Gender: 'Mixed', IsTeam: 'False' }, [
        tag('FinalResults', {}, results, '      '),
        tag('RoundResults', {}, [...poolRounds, ...deRound], '      '),
      ], '    '),
    ], '  '),
    tag('FencerDatabase', {}, fencerDatabase, '  '),
    tag('ClubDatabase', {}, clubs.map((c, i) => tag('Club', { ClubID: `-${i + 1}`, Name: c, Abbreviation: c }, [], '    ')), '  '),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}

export class AskFredFormatError extends Error {}

/** Whether an XML text is an AskFRED file (its root is `FencingData`). */
export const isAskFredFile = (xml: string) => /<FencingData[\s>/]/.test(xml.slice(0, 2000));

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['Fencer', 'Club', 'Result', 'Rating', 'Membership'].includes(name),
});

type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === 'object' ? [v as Node] : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : v && typeof v === 'object' && '#text' in v ? text((v as Node)['#text']) : '');

export interface AskFredResult {
  row: RosterRow;
  /** The place in the event's final results; null when the file gives none. */
  place: number | null;
}

/**
 * The fencers of an AskFRED file (`<FencerDatabase>`), in the file's order, as roster rows: the name, the club (its
 * `Name`, else its `Abbreviation`), the member number and the rating, with the place its final results give.
 */
export function readAskFredResults(xml: string): AskFredResult[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new AskFredFormatError(`This file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const data = (parser.parse(xml) as Node).FencingData as Node | undefined;
  if (!data || typeof data !== 'object') throw new AskFredFormatError('This is not an AskFRED file (no FencingData)');
  const clubs = new Map(list((data.ClubDatabase as Node | undefined)?.Club).map((c) => [text(c.ClubID), text(c.Name).trim() || text(c.Abbreviation).trim()]));
  const event = list((data.Tournament as Node | undefined)?.Event)[0];
  const places = new Map(list((event?.FinalResults as Node | undefined)?.Result).map((r) => [text(r.CompetitorID), positive(text(r.Place))]));
  return list((data.FencerDatabase as Node | undefined)?.Fencer).map((f, i) => {
    const rating = list(f.Rating).map((r) => parseUsafRating(text(r))).find((r) => r !== null && !('error' in r));
    const details = {
      ...NO_DETAILS,
      licence: list(f.Membership).map((m) => text(m).trim()).find((m) => m !== '') ?? null,
      gender: parseGender(text(f.Gender)),
      national_rating: rating && !('error' in rating) ? rating : null,
    };
    const club = clubs.get(text(f.ClubID1)) || null;
    return { row: checkedRow(i + 1, joinName(text(f.FirstName), text(f.LastName)), club, null, details), place: places.get(text(f.FencerID)) ?? null };
  });
}
