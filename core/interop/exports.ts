import type { Athlete } from '../contracts/athletes';
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

export const poolResultsCsv = (results: PoolResult[]) => tableCsv(poolResultsTable(results));

export const finalResultsCsv = (standings: Standing[]) => tableCsv(finalResultsTable(standings));

/** The athlete's bouts; the last column (issue 29) holds the cards the bout kept, the athlete's first ("Y / R P1"). */
export function athleteBoutsCsv(bouts: AthleteBout[]): string {
  return toCsv(
    ['Date', 'Practice', 'Phase', 'Opponent', 'Result', 'Touches scored', 'Touches received', 'Cards'],
    bouts.map((b) => [b.date, b.practice, b.phase, b.opponent, storedLetter(b.victory), b.scored, b.received, sideCardsText(b.cards, b.opponent_cards)]),
  );
}
