/**
 * An Elo rating per roster athlete (issue 16), from every bout between two roster athletes in the order
 * they were fenced: pool bouts and tableau matches alike (a win is a win, whatever the touch limit).
 *
 *   expected score   E_A = 1 / (1 + 10^((R_B − R_A) / 400))
 *   after the bout   R_A' = R_A + K · (S_A − E_A),   S_A = 1 for a victory, 0 for a defeat
 *
 * with K = 32 for every bout and every athlete starting at 1500 (the classic Elo constants: a club's
 * season of a few hundred bouts moves ratings visibly without one upset deciding them). A bout against a
 * typed name that is not linked to a roster athlete has no rated opponent and is not counted; linking the
 * entry (issue 16, one identity per fencer) brings it in. Ratings are kept exact; screens round them.
 */

export const ELO_START = 1500;
export const ELO_K = 32;

/** The expected score of A against B (between 0 and 1; 0.5 between equals). */
export function expectedScore(ratingA: number, ratingB: number): number {
  return 1 / (1 + 10 ** ((ratingB - ratingA) / 400));
}

/** One rated bout: the two athletes, who won, and when (date, then the order within the day). */
export interface RatedBout {
  a: string;
  b: string;
  aWon: boolean;
  date: string;
  seq: number;
  /** The practice it was fenced in, named on the athlete page's rating table. */
  practice?: string;
}

export interface RatingPoint {
  date: string;
  rating: number;
  /** The practice of the bout after which it is the rating. */
  practice?: string;
}

/**
 * Every athlete's rating after the bouts, replayed in chronological order (date, then `seq`), and each
 * athlete's rating after each of their bouts (the chart of the athlete page). Bouts of an athlete against
 * themself are ignored.
 */
export function computeRatings(bouts: readonly RatedBout[]): { ratings: Map<string, number>; history: Map<string, RatingPoint[]> } {
  const ratings = new Map<string, number>();
  const history = new Map<string, RatingPoint[]>();
  const ordered = [...bouts].sort((x, y) => x.date.localeCompare(y.date) || x.seq - y.seq);
  const rating = (id: string) => ratings.get(id) ?? ELO_START;
  for (const bout of ordered) {
    if (bout.a === bout.b) continue;
    const ra = rating(bout.a);
    const rb = rating(bout.b);
    const ea = expectedScore(ra, rb);
    const sa = bout.aWon ? 1 : 0;
    const na = ra + ELO_K * (sa - ea);
    const nb = rb + ELO_K * (1 - sa - (1 - ea));
    ratings.set(bout.a, na);
    ratings.set(bout.b, nb);
    for (const [id, r] of [[bout.a, na], [bout.b, nb]] as const) {
      const points = history.get(id) ?? [];
      points.push({ date: bout.date, rating: r, ...(bout.practice === undefined ? {} : { practice: bout.practice }) });
      history.set(id, points);
    }
  }
  return { ratings, history };
}
