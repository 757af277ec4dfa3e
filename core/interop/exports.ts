import type { Athlete } from '../contracts/athletes';
import type { PoolSnapshot } from '../contracts/pools';
import { sideCardsText } from '../fencing/bout-cards';
import { storedLetter } from '../fencing/bout-result';
import type { AthleteBout } from '../fencing/history';
import type { Standing } from '../fencing/final-positions';
import type { PoolResult } from '../fencing/pool-results';
import { formatRating } from '../fencing/national-rating';
import { toCsv } from './csv';
import { splitName } from './fie-names';
import { finalResultsTable, poolResultsTable, type ResultTable } from './tables';

/**
 * The CSV files behind each screen's Export button (issue 15): the same columns and values the screen
 * shows, so a spreadsheet and the screen agree.
 */

export function rosterCsv(athletes: Pick<Athlete, 'name' | 'club' | 'ranking'>[]): string {
  return toCsv(['Name', 'Club', 'Ranking'], athletes.map((a) => [a.name, a.club, a.ranking]));
}

/**
 * The roster in the USA Fencing / askFRED column layout (issue 30), for clubs that upload to their
 * federation's tools: Last Name, First Name, Club(s), Rating ("B23", "U"), USFA #, Division. Piste reads
 * the same file back (core/interop/csv.ts) with the same names, clubs, ratings and numbers.
 */
export function usFencingCsv(athletes: Pick<Athlete, 'name' | 'club' | 'national_rating' | 'licence' | 'region'>[]): string {
  return toCsv(
    ['Last Name', 'First Name', 'Club(s)', 'Rating', 'USFA #', 'Division'],
    athletes.map((a) => {
      const { nom, prenom } = splitName(a.name);
      return [nom, prenom, a.club, formatRating(a.national_rating) || null, a.licence, a.region];
    }),
  );
}

const tableCsv = ({ columns, rows }: ResultTable) => toCsv(columns, rows);

/**
 * Issue 32: the pools hold names upper-case (Strauß as STRAUSS); an entry linked to a roster athlete is
 * exported with the athlete's own spelling. Entry id → that spelling, from the pools and the coach's roster.
 */
export function rosterSpelling(pools: Pick<PoolSnapshot, 'players'>[], roster: Pick<Athlete, 'id' | 'name'>[]): ReadonlyMap<string, string> {
  const nameOf = new Map(roster.map((a) => [a.id, a.name]));
  return new Map(pools.flatMap((p) => p.players).flatMap((p) => (p.athlete_id && nameOf.has(p.athlete_id) ? [[p.id, nameOf.get(p.athlete_id)!] as const] : [])));
}

const NO_SPELLING: ReadonlyMap<string, string> = new Map();
const spelled = <T extends { id: string; name: string }>(rows: T[], spelling: ReadonlyMap<string, string>) => rows.map((r) => ({ ...r, name: spelling.get(r.id) ?? r.name }));

export const poolResultsCsv = (results: PoolResult[], spelling = NO_SPELLING) => tableCsv(poolResultsTable(spelled(results, spelling)));

export const finalResultsCsv = (standings: Standing[], spelling = NO_SPELLING) => tableCsv(finalResultsTable(spelled(standings, spelling)));

/** The athlete's bouts; the last column (issue 29) holds the cards the bout kept, the athlete's first ("Y / R P1"). */
export function athleteBoutsCsv(bouts: AthleteBout[]): string {
  return toCsv(
    ['Date', 'Practice', 'Phase', 'Opponent', 'Result', 'Touches scored', 'Touches received', 'Cards'],
    bouts.map((b) => [b.date, b.practice, b.phase, b.opponent, storedLetter(b.victory), b.scored, b.received, sideCardsText(b.cards, b.opponent_cards)]),
  );
}
