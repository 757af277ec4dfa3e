/**
 * National ratings beside the FIE ranking (issue 30). An athlete may carry one national rating with the
 * system that gave it. The first system is USA Fencing's classification: a letter from A (highest) to E,
 * earned in a season whose year is written after it ("B23", "B2023"), and U for unrated. A rating stands
 * for four seasons, so between two fencers of the same letter the newer year is the stronger one
 * (A23 before A22). The shape leaves room for other systems (a points figure, for instance): `system`
 * names it and `value` keeps its canonical text.
 *
 * Seeding by rating (the setup wizard): national rating first (A23 > A22 > B25 > … > E25 > U, unrated
 * last), ties broken by the FIE ranking (1 first, none last), then by the Elo rating Piste keeps
 * (core/fencing/rating.ts, highest first).
 */

export const RATING_SYSTEMS = ['usaf'] as const;
export type RatingSystem = (typeof RATING_SYSTEMS)[number];

/** A national rating as stored: its system and its canonical text ("B2023", "U"). */
export interface NationalRating {
  system: RatingSystem;
  value: string;
}

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
type Letter = (typeof LETTERS)[number];

/** The message a malformed USA Fencing rating gets (the import shows it with the row's line). */
export const USAF_RATING_ERROR = 'Rating must be a letter A to E with its year (B23), or U';

/**
 * The earliest year a rating may carry. A rating stands four seasons, so none earned before 2000 is current,
 * and two-digit years (B23) can always be read as 20yy and written back the same way.
 */
const FIRST_YEAR = 2000;

/**
 * A USA Fencing rating as a file writes it: "B23", "b 2023", "B2023", "U" (or empty: none). The year may
 * be written with two digits (20yy) or four. Anything else is the error message.
 */
export function parseUsafRating(cell: string): NationalRating | null | { error: string } {
  const text = cell.trim().toUpperCase();
  if (text === '') return null;
  if (text === 'U') return { system: 'usaf', value: 'U' };
  const m = /^([A-E])\s*(\d{2}|\d{4})$/.exec(text);
  if (!m) return { error: USAF_RATING_ERROR };
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (year < FIRST_YEAR || year > 2099) return { error: USAF_RATING_ERROR };
  return { system: 'usaf', value: `${m[1]}${year}` };
}

/** How a rating reads on screen and in a US file: "B23", "U". */
export function formatRating(rating: NationalRating | null): string {
  if (!rating) return '';
  if (rating.system === 'usaf' && rating.value.length === 5) return rating.value.slice(0, 1) + rating.value.slice(3);
  return rating.value;
}

/** A rating's strength as a sortable pair: lower letter index first, newer year first; unrated at the end. */
function strength(rating: NationalRating | null): [number, number] {
  if (!rating || rating.system !== 'usaf' || rating.value === 'U') return [LETTERS.length, 0];
  const letter = LETTERS.indexOf(rating.value[0] as Letter);
  if (letter < 0) return [LETTERS.length, 0];
  return [letter, -Number(rating.value.slice(1))];
}

/** Negative when `a` is the stronger rating (sorts first), positive when `b` is, 0 when equal. */
export function compareRatings(a: NationalRating | null, b: NationalRating | null): number {
  const [la, ya] = strength(a);
  const [lb, yb] = strength(b);
  return la - lb || ya - yb;
}

/** What seeding by rating reads of a fencer. */
export interface RatedFencer {
  rating: NationalRating | null;
  /** FIE ranking: 1 is the best; null when unranked. */
  ranking: number | null;
  /** Piste's Elo rating; null before any rated bout. */
  elo: number | null;
}

/** Whether seeding can tell anything about the fencer (the others are drawn by lot after them). */
export const isRated = (f: RatedFencer) => compareRatings(f.rating, null) < 0 || f.ranking !== null || f.elo !== null;

/** The seeding order: national rating, then FIE ranking, then Elo (negative: `a` is seeded first). */
export function compareForSeeding(a: RatedFencer, b: RatedFencer): number {
  const byRating = compareRatings(a.rating, b.rating);
  if (byRating !== 0) return byRating;
  if (a.ranking !== b.ranking) return a.ranking === null ? 1 : b.ranking === null ? -1 : a.ranking - b.ranking;
  if (a.elo !== b.elo) return a.elo === null ? 1 : b.elo === null ? -1 : b.elo - a.elo;
  return 0;
}
