import type { Athlete } from '../contracts/athletes';
import { sideCardsText } from '../fencing/bout-cards';
import type { AthleteBout } from '../fencing/history';
import type { Standing } from '../fencing/final-positions';
import type { PoolResult } from '../fencing/pool-results';
import { toCsv } from './csv';
import { finalResultsTable, poolResultsTable, type ResultTable } from './tables';

/**
 * The CSV files behind each screen's Export button (issue 15): the same columns and values the screen
 * shows, so a spreadsheet and the screen agree.
 */

export function rosterCsv(athletes: Pick<Athlete, 'name' | 'club' | 'ranking'>[]): string {
  return toCsv(['Name', 'Club', 'Ranking'], athletes.map((a) => [a.name, a.club, a.ranking]));
}

const tableCsv = ({ columns, rows }: ResultTable) => toCsv(columns, rows);

export const poolResultsCsv = (results: PoolResult[]) => tableCsv(poolResultsTable(results));

export const finalResultsCsv = (standings: Standing[]) => tableCsv(finalResultsTable(standings));

/** The athlete's bouts; the last column (issue 29) holds the cards the bout kept, the athlete's first ("Y / R P1"). */
export function athleteBoutsCsv(bouts: AthleteBout[]): string {
  return toCsv(
    ['Date', 'Practice', 'Phase', 'Opponent', 'Result', 'Touches scored', 'Touches received', 'Cards'],
    bouts.map((b) => [b.date, b.practice, b.phase, b.opponent, b.victory ? 'V' : 'D', b.scored, b.received, sideCardsText(b.cards, b.opponent_cards)]),
  );
}
