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

/**
 * A final standing with the USA Fencing ratings the coach sees (issue 58): the fencer's rating before the event
 * ("B24", empty when unrated) and the one they earn ("A27", empty when none). Only the coach's standings carry
 * them, and only when the entrants have ratings.
 */
export type RatedStanding = Standing & { rating_before?: string; rating_earned?: string };

/** Whether the standings carry the ratings columns. */
export const hasRatingColumns = (standings: RatedStanding[]) => standings.some((s) => s.rating_before !== undefined);

/** Rank, Player, Stage; then Rating before and Rating earned when the standings carry them (issue 58). */
export function finalResultsTable(standings: RatedStanding[]): ResultTable {
  if (!hasRatingColumns(standings)) return { columns: ['Rank', 'Player', 'Stage'], rows: standings.map((s) => [s.place, s.name, s.stage]) };
  return {
    columns: ['Rank', 'Player', 'Stage', 'Rating before', 'Rating earned'],
    rows: standings.map((s) => [s.place, s.name, s.stage, s.rating_before || null, s.rating_earned || null]),
  };
}
