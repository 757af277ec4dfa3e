import { RESULT_LETTER } from '../fencing/bout-result';
import type { Standing } from '../fencing/final-positions';
import { poolResultNote, type PoolResult } from '../fencing/pool-results';

/**
 * The results as tables of plain values (issue 15): one source for a screen's CSV export and its printed
 * sheet, so the file, the paper and the screen show the same columns. No CSV library here: the print
 * sheets load this without it.
 */
export interface ResultTable {
  columns: string[];
  rows: (string | number | null)[][];
}

/**
 * The combined pool ranking; on paper the indicator carries its sign as on the screen (+3). Its V and D heads
 * are the stored result letters, the ones the English CSV's result column writes (issue 32).
 */
export function poolResultsTable(results: PoolResult[], signedIndicator = false): ResultTable {
  return {
    columns: ['Rank', 'Athlete', 'Pool', RESULT_LETTER.victory, RESULT_LETTER.defeat, 'Ratio', 'TS', 'TR', 'Ind', 'Note'],
    rows: results.map((r) => [
      r.rank, r.name, r.poolName, r.victories, r.defeats, r.ratio.toFixed(2), r.touchesScored, r.touchesReceived,
      signedIndicator && r.indicator > 0 ? `+${r.indicator}` : r.indicator, poolResultNote(r),
    ]),
  };
}

export function finalResultsTable(standings: Standing[]): ResultTable {
  return { columns: ['Rank', 'Player', 'Stage'], rows: standings.map((s) => [s.place, s.name, s.stage]) };
}
