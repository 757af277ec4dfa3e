import { describe, expect, it } from 'vitest';
import {
  compareForSeeding, compareRatings, formatRating, isRated, parseUsafRating, USAF_RATING_ERROR, type NationalRating, type RatedFencer,
} from '../../../core/fencing/national-rating';

const usaf = (cell: string) => {
  const r = parseUsafRating(cell);
  if (!r || 'error' in r) throw new Error(`not a rating: ${cell}`);
  return r;
};

describe('USA Fencing ratings (issue 30)', () => {
  it('reads a letter with a two- or four-digit year, and U', () => {
    expect(parseUsafRating('B23')).toEqual({ system: 'usaf', value: 'B2023' });
    expect(parseUsafRating(' e25 ')).toEqual({ system: 'usaf', value: 'E2025' });
    expect(parseUsafRating('A2019')).toEqual({ system: 'usaf', value: 'A2019' });
    expect(parseUsafRating('C 24')).toEqual({ system: 'usaf', value: 'C2024' });
    expect(parseUsafRating('U')).toEqual({ system: 'usaf', value: 'U' });
    expect(parseUsafRating('u')).toEqual({ system: 'usaf', value: 'U' });
  });

  it('reads an empty cell as no rating', () => {
    expect(parseUsafRating('')).toBeNull();
    expect(parseUsafRating('   ')).toBeNull();
  });

  it('refuses what is not a rating, with the reason', () => {
    for (const bad of ['F23', 'B', 'B123', '23', 'AA23', 'B23x', 'B-23', '12', 'B1849', 'A1999', 'U23']) {
      expect(parseUsafRating(bad), bad).toEqual({ error: USAF_RATING_ERROR });
    }
  });

  it('writes a rating back as files and screens show it', () => {
    expect(formatRating(usaf('B2023'))).toBe('B23');
    expect(formatRating(usaf('U'))).toBe('U');
    expect(formatRating(null)).toBe('');
  });

  it('orders A23 > A22 > B25 > E25 > U > none', () => {
    const cells = ['U', 'E25', 'A22', 'B25', 'A23'];
    const sorted = [...cells.map(usaf), null].sort(compareRatings);
    expect(sorted.map(formatRating)).toEqual(['A23', 'A22', 'B25', 'E25', 'U', '']);
    expect(compareRatings(usaf('B25'), usaf('B2025'))).toBe(0);
    expect(compareRatings(usaf('U'), null)).toBe(0);
  });
});

describe('seeding by rating (issue 30)', () => {
  const f = (rating: string | null, ranking: number | null = null, elo: number | null = null): RatedFencer => ({
    rating: rating === null ? null : (usaf(rating) as NationalRating), ranking, elo,
  });

  it('seeds by rating, then FIE ranking, then Elo', () => {
    const fencers = {
      a23: f('A23'), b25r3: f('B25', 3), b25r1: f('B25', 1), b25elo: f('B25', null, 1600), b25low: f('B25', null, 1450),
      b25none: f('B25'), uRanked: f('U', 40), eloOnly: f(null, null, 1700), none: f(null),
    };
    const order = Object.entries(fencers).sort(([, a], [, b]) => compareForSeeding(a, b)).map(([k]) => k);
    expect(order).toEqual(['a23', 'b25r1', 'b25r3', 'b25elo', 'b25low', 'b25none', 'uRanked', 'eloOnly', 'none']);
  });

  it('tells the fencers with nothing to seed by', () => {
    expect(isRated(f('E25'))).toBe(true);
    expect(isRated(f('U'))).toBe(false);
    expect(isRated(f('U', 12))).toBe(true);
    expect(isRated(f(null, null, 1500))).toBe(true);
    expect(isRated(f(null))).toBe(false);
  });
});
