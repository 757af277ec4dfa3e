/**
 * USA Fencing event classification (issue 58): from the letter ratings of the fencers who fenced, the group an
 * event belongs to (E1, D1, C1…C3, B1…B3, A1…A4), and the ratings its top finishers earn (the letter with the
 * event's season year).
 *
 * Source. The table is the Athlete Handbook's "Event Classifications" chart (USA Fencing Classification
 * Reference Chart, teamusa-org-migration.s3.amazonaws.com/USA Fencing/Migration/Documents/
 * USA_Fencing_Classification_Reference_Chart.pdf). That chart itself could not be read while this was written;
 * what was read, and what each row rests on, is named beside the row (`basis`):
 *  - 'manual': the USFA Operations Manual's wording as quoted at m.everything2.com "US Fencing Classification
 *    System" (E1: 6 competitors, the winner earns an E; D1: 15 competitors, 1st D, 2nd–3rd E; the 64-fencer C
 *    group, called C4 there: 24 D's and 12 E's, 1st–4th C, 5th–8th D, 9th–16th, the quote breaking off before
 *    the letter, read as E);
 *  - 'division': coloradofencing.net "How are ratings determined at a competition?" (C1: 15 competitors with
 *    2 C's, 2 D's and 2 E's or higher; 1st C, 2nd–4th D, 5th–8th E);
 *  - 'club': modernduelists.com "Competitive Ratings Explained" (C2: 25 competitors with four D's; its places
 *    follow the pattern) and mattsworldowonders.blogspot.com 2012/05 with the same modernduelists page (A4: 64
 *    competitors; 1st–8th A, the next 8 B, the next 8 C and so on, E's down to 48th; how many A's, B's and C's
 *    it needs follows the pattern); the r/Fencing thread "Logic for USA Fencing Classification Chart" (Dec 2024)
 *    for the sizes 15, 25 and 64 (a 14-fencer event is no D1) and for a B2 giving E's to about 12th;
 *  - 'pattern': not found in any source read; filled in by the chart's pattern (groups 1, 2 and 3 need 15, 25
 *    and 64 competitors, with 2, 4 and 12 fencers of each of three letters) and to be checked against the
 *    current chart before a result is reported to USA Fencing.
 * Some editions of the chart also ask that some of the rated fencers finish in the top eight; Piste classifies
 * by who fenced and their ratings only (the same reading before and after the event), so that condition is not
 * applied.
 *
 * "X or higher": a requirement of 2 C's, 2 D's and 2 E's is met by any six fencers of whom two are C or
 * better, two more D or better and two more E or better (a B counts as a C). A rating counts only while it is
 * current: it stands four seasons, the season of its year and the three after it (core/fencing/national-rating.ts).
 * USA Fencing's season runs from August 1 to July 31 and is named by the year it ends in: a rating earned in
 * October 2026 is written B27.
 */
import { compareRatings, type NationalRating } from './national-rating';

export const USAF_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type UsafLetter = (typeof USAF_LETTERS)[number];

export interface UsafGroup {
  /** 'A4' … 'E1'. */
  name: string;
  minCompetitors: number;
  /** Fencers needed at each letter or higher, counted cumulatively from A (see the header). */
  required: { letter: UsafLetter; count: number }[];
  /** The places (inclusive) that earn each letter. */
  awards: { from: number; to: number; letter: UsafLetter }[];
  /** What the row rests on (see the header). */
  basis: 'manual' | 'division' | 'club' | 'pattern';
}

const req = (spec: string) =>
  spec.split(' ').filter(Boolean).map((part) => ({ letter: part.slice(-1) as UsafLetter, count: Number(part.slice(0, -1)) }));
const awards = (spec: string) =>
  spec.split(' ').filter(Boolean).map((part) => {
    const [, from, to, letter] = /^(\d+)(?:-(\d+))?([A-E])$/.exec(part)!;
    return { from: Number(from), to: Number(to ?? from), letter: letter as UsafLetter };
  });

/** Strongest first: an event is the first group whose requirements it meets. */
export const USAF_GROUPS: readonly UsafGroup[] = [
  { name: 'A4', minCompetitors: 64, required: req('12A 12B 12C'), awards: awards('1-8A 9-16B 17-24C 25-32D 33-48E'), basis: 'club' },
  { name: 'A3', minCompetitors: 64, required: req('8A 8B 8C'), awards: awards('1-4A 5-8B 9-16C 17-32D'), basis: 'pattern' },
  { name: 'A2', minCompetitors: 25, required: req('4A 4B 4C'), awards: awards('1-2A 3-4B 5-8C 9-12D'), basis: 'pattern' },
  { name: 'A1', minCompetitors: 15, required: req('2A 2B 2C'), awards: awards('1A 2-4B 5-8C'), basis: 'pattern' },
  { name: 'B3', minCompetitors: 64, required: req('12B 12C 12D'), awards: awards('1-4B 5-8C 9-16D 17-32E'), basis: 'pattern' },
  { name: 'B2', minCompetitors: 25, required: req('4B 4C 4D'), awards: awards('1-2B 3-4C 5-8D 9-12E'), basis: 'pattern' },
  { name: 'B1', minCompetitors: 15, required: req('2B 2C 2D'), awards: awards('1B 2-4C 5-8D'), basis: 'pattern' },
  { name: 'C3', minCompetitors: 64, required: req('24D 12E'), awards: awards('1-4C 5-8D 9-16E'), basis: 'manual' },
  { name: 'C2', minCompetitors: 25, required: req('4D'), awards: awards('1-2C 3-4D 5-12E'), basis: 'club' },
  { name: 'C1', minCompetitors: 15, required: req('2C 2D 2E'), awards: awards('1C 2-4D 5-8E'), basis: 'division' },
  { name: 'D1', minCompetitors: 15, required: [], awards: awards('1D 2-3E'), basis: 'manual' },
  { name: 'E1', minCompetitors: 6, required: [], awards: awards('1E'), basis: 'manual' },
];

/** The USA Fencing season of a date (YYYY-MM-DD): August 1 to July 31, named by the year it ends in. */
export function usafSeason(date: string): number {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month >= 8 ? year + 1 : year;
}

const letterOf = (rating: NationalRating | null): UsafLetter | null => {
  if (!rating || rating.system !== 'usaf' || rating.value === 'U') return null;
  const letter = rating.value[0] as UsafLetter;
  return USAF_LETTERS.includes(letter) ? letter : null;
};
const yearOf = (rating: NationalRating) => Number(rating.value.slice(1));

/** Whether a rating still stands in `season` (its year and the three seasons after it); a later year counts too. */
export function isCurrent(rating: NationalRating | null, season: number): boolean {
  const letter = letterOf(rating);
  return letter !== null && yearOf(rating!) >= season - 3;
}

/** The letter a rating counts as in `season`: its own while current, none once it has lapsed or when unrated. */
export const currentLetter = (rating: NationalRating | null, season: number): UsafLetter | null =>
  isCurrent(rating, season) ? letterOf(rating) : null;

/** How many of the fencers hold each current letter. */
export type LetterCounts = Record<UsafLetter, number>;

function countLetters(ratings: (NationalRating | null)[], season: number): LetterCounts {
  const counts: LetterCounts = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  for (const r of ratings) {
    const letter = currentLetter(r, season);
    if (letter) counts[letter]++;
  }
  return counts;
}

/** What a group still needs: more competitors, and more fencers at a letter or higher. */
export interface Shortfall {
  competitors: number;
  rated: { letter: UsafLetter; count: number }[];
}

/**
 * What `counts` of `competitors` lack for `group` (empty when it is met): the fewest fencers to add at each letter,
 * strongest first. Fencers counted for a stronger letter's requirement are not counted again, and those added
 * for it count for the weaker letters too (two B's more can make up two C's as well).
 */
function shortfall(group: UsafGroup, competitors: number, counts: LetterCounts): Shortfall {
  const rated: Shortfall['rated'] = [];
  let atOrAbove = 0;
  let needed = 0;
  let added = 0;
  for (const letter of USAF_LETTERS) {
    atOrAbove += counts[letter];
    const r = group.required.find((q) => q.letter === letter);
    if (!r) continue;
    needed += r.count;
    const missing = needed - atOrAbove - added;
    if (missing > 0) {
      rated.push({ letter, count: missing });
      added += missing;
    }
  }
  return { competitors: Math.max(0, group.minCompetitors - competitors), rated };
}

const met = (s: Shortfall) => s.competitors === 0 && s.rated.every((r) => r.count <= 0);

export interface EventClassification {
  /** The group ('B2'), or null when the event is too small or too weak for any. */
  group: string | null;
  competitors: number;
  /** The fencers' current letters. */
  counts: LetterCounts;
  /** The next stronger group and what it lacks (null at A4). */
  next: { group: string; needs: Shortfall } | null;
}

/**
 * The event's group from the ratings of the fencers who fenced (one entry each, null for the unrated), in the
 * season of the event. A rating counts only while current.
 */
export function eventClassification(ratings: (NationalRating | null)[], season: number): EventClassification {
  const competitors = ratings.length;
  const counts = countLetters(ratings, season);
  const at = USAF_GROUPS.findIndex((g) => met(shortfall(g, competitors, counts)));
  const group = at < 0 ? null : USAF_GROUPS[at]!;
  // The next group up is the closest stronger one the event misses: the one just above in the table.
  const above = at < 0 ? USAF_GROUPS.length - 1 : at - 1;
  const nextGroup = above >= 0 ? USAF_GROUPS[above]! : null;
  return {
    group: group?.name ?? null,
    competitors,
    counts,
    next: nextGroup ? { group: nextGroup.name, needs: shortfall(nextGroup, competitors, counts) } : null,
  };
}

/** The letter a place earns in a group, or null. */
export function letterForPlace(group: string | null, place: number | null): UsafLetter | null {
  if (group === null || place === null) return null;
  const g = USAF_GROUPS.find((x) => x.name === group);
  return g?.awards.find((a) => place >= a.from && place <= a.to)?.letter ?? null;
}

export interface RatingEarned {
  id: string;
  /** The rating the place earns (letter and season year), or null when the place earns none. */
  awarded: NationalRating | null;
  /**
   * The awarded rating when the fencer takes it: better than their current rating, or the same letter renewed
   * with the newer year. Null when the place earns nothing or the fencer keeps a better current rating.
   */
  earned: NationalRating | null;
}

/**
 * The ratings the finishers earn, in the order of the standings. Fencers tied at a place share it, so they earn
 * the same letter (two 3rd places in a C1 both earn a D). A fencer without a place (did not start, excluded)
 * earns nothing.
 */
export function ratingsEarned(
  group: string | null,
  standings: { id: string; place: number | null }[],
  current: ReadonlyMap<string, NationalRating | null>,
  season: number,
): RatingEarned[] {
  return standings.map((s) => {
    const letter = letterForPlace(group, s.place);
    if (!letter) return { id: s.id, awarded: null, earned: null };
    const awarded: NationalRating = { system: 'usaf', value: `${letter}${season}` };
    const held = current.get(s.id) ?? null;
    const standing = isCurrent(held, season) ? held : null;
    return { id: s.id, awarded, earned: compareRatings(awarded, standing) < 0 ? awarded : null };
  });
}
