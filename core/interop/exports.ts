import type { Athlete } from '../api';
import type { AthleteBout } from '../fencing/history';
import type { Standing } from '../fencing/final-positions';
import { poolResultNote, type PoolResult } from '../fencing/pool-results';
import { toCsv } from './csv';

/**
 * The CSV files behind each screen's Export button (issue 15): the same columns and values the screen
 * shows, so a spreadsheet and the screen agree.
 */

export function rosterCsv(athletes: Pick<Athlete, 'name' | 'club' | 'ranking'>[]): string {
  return toCsv(['Name', 'Club', 'Ranking'], athletes.map((a) => [a.name, a.club, a.ranking]));
}

export function poolResultsCsv(results: PoolResult[]): string {
  return toCsv(
    ['Rank', 'Athlete', 'Pool', 'V', 'D', 'Ratio', 'TS', 'TR', 'Ind', 'Note'],
    results.map((r) => [r.rank, r.name, r.poolName, r.victories, r.defeats, r.ratio.toFixed(2), r.touchesScored, r.touchesReceived, r.indicator, poolResultNote(r)]),
  );
}

export function finalResultsCsv(standings: Standing[]): string {
  return toCsv(['Rank', 'Player', 'Stage'], standings.map((s) => [s.place, s.name, s.stage]));
}

export function athleteBoutsCsv(bouts: AthleteBout[]): string {
  return toCsv(
    ['Date', 'Practice', 'Phase', 'Opponent', 'Result', 'Touches scored', 'Touches received'],
    bouts.map((b) => [b.date, b.practice, b.phase, b.opponent, b.victory ? 'V' : 'D', b.scored, b.received]),
  );
}
