import { describe, expect, it } from 'vitest';
import { parseUsafRating, type NationalRating } from '../../../core/fencing/national-rating';
import {
  eventClassification, isCurrent, letterForPlace, ratingsEarned, USAF_GROUPS, usafSeason,
} from '../../../core/fencing/usaf-classification';
import { readCsv } from '../../../core/interop/csv';
import { finalResultsCsv } from '../../../core/interop/exports';

const usaf = (cell: string): NationalRating => {
  const r = parseUsafRating(cell);
  if (!r || 'error' in r) throw new Error(`not a rating: ${cell}`);
  return r;
};

/** A field: so many fencers of each rating ("C26": 2), the rest unrated, `size` in all. */
function field(size: number, rated: Record<string, number> = {}): (NationalRating | null)[] {
  const out: (NationalRating | null)[] = Object.entries(rated).flatMap(([cell, n]) => Array.from({ length: n }, () => usaf(cell)));
  while (out.length < size) out.push(null);
  return out;
}

const SEASON = 2027;
const groupOf = (ratings: (NationalRating | null)[]) => eventClassification(ratings, SEASON).group;

describe('the USA Fencing season and current ratings', () => {
  it('names a season by the year it ends in: August to July', () => {
    expect(usafSeason('2026-11-29')).toBe(2027);
    expect(usafSeason('2026-08-01')).toBe(2027);
    expect(usafSeason('2026-07-31')).toBe(2026);
    expect(usafSeason('2027-01-15')).toBe(2027);
  });

  it('lets a rating stand four seasons: its own year and the three after', () => {
    expect(isCurrent(usaf('C27'), 2027)).toBe(true);
    expect(isCurrent(usaf('C24'), 2027)).toBe(true);
    expect(isCurrent(usaf('C23'), 2027)).toBe(false);
    expect(isCurrent(usaf('U'), 2027)).toBe(false);
    expect(isCurrent(null, 2027)).toBe(false);
  });
});

describe('event classification (Athlete Handbook, Event Classifications)', () => {
  it('E1 from six competitors, none of them rated; five are too few', () => {
    expect(groupOf(field(5))).toBeNull();
    expect(eventClassification(field(5), SEASON).next).toEqual({ group: 'E1', needs: { competitors: 1, rated: [] } });
    expect(groupOf(field(6))).toBe('E1');
    expect(groupOf(field(14))).toBe('E1');
  });

  it('D1 from fifteen competitors', () => {
    expect(groupOf(field(15))).toBe('D1');
  });

  it('C1: fifteen competitors with two C, two D and two E or better', () => {
    expect(groupOf(field(15, { C26: 2, D25: 2, E27: 2 }))).toBe('C1');
    // Fourteen are one too few for any group above E1.
    expect(groupOf(field(14, { C26: 2, D25: 2, E27: 2 }))).toBe('E1');
    // A better letter counts for a lesser one: two B's stand for the two C's, a C for a D.
    expect(groupOf(field(15, { B24: 2, C25: 1, D26: 1, E27: 2 }))).toBe('C1');
    // One C short: the C's requirement takes the only C, so the event is a D1 and says what C1 lacks.
    const short = eventClassification(field(15, { C26: 1, D25: 3, E27: 2 }), SEASON);
    expect(short.group).toBe('D1');
    expect(short.next).toEqual({ group: 'C1', needs: { competitors: 0, rated: [{ letter: 'C', count: 1 }] } });
  });

  it('says what the next group lacks: fencers at a stronger letter count for the weaker ones too', () => {
    // The group above a C1 is a C2: ten fencers more.
    expect(eventClassification(field(15, { C26: 2, D25: 2, E27: 2 }), SEASON).next).toEqual({ group: 'C2', needs: { competitors: 10, rated: [] } });
    // A B1 of twenty-five lacks two B's and two C's for a B2: those four also make up the D's a B2 needs more.
    const b1 = eventClassification(field(25, { B26: 2, C26: 2, D26: 4 }), SEASON);
    expect(b1.group).toBe('B1');
    expect(b1.next).toEqual({ group: 'B2', needs: { competitors: 0, rated: [{ letter: 'B', count: 2 }, { letter: 'C', count: 2 }] } });
    // Ten fencers are an E1: the group above needs five more.
    expect(eventClassification(field(10, { C26: 1, D25: 3, E27: 2 }), SEASON).next).toEqual({ group: 'D1', needs: { competitors: 5, rated: [] } });
    expect(eventClassification(field(15, { C26: 1, D25: 1, E27: 1 }), SEASON).next).toEqual({
      group: 'C1', needs: { competitors: 0, rated: [{ letter: 'C', count: 1 }, { letter: 'D', count: 1 }, { letter: 'E', count: 1 }] },
    });
  });

  it('counts a rating only while it is current', () => {
    // C23 lapsed before the 2027 season: the same field with C24 is a C1.
    expect(groupOf(field(15, { C23: 2, D25: 2, E27: 2 }))).toBe('D1');
    expect(groupOf(field(15, { C24: 2, D25: 2, E27: 2 }))).toBe('C1');
  });

  it('C2 from twenty-five competitors with four D or better', () => {
    expect(groupOf(field(25, { D26: 4 }))).toBe('C2');
    expect(groupOf(field(25, { D26: 3 }))).toBe('D1');
  });

  it('B1 and B2 at their boundaries', () => {
    expect(groupOf(field(15, { B26: 2, C26: 2, D26: 2 }))).toBe('B1');
    expect(groupOf(field(25, { B26: 4, C26: 4, D26: 4 }))).toBe('B2');
    // Twenty-four fencers are too few for a B2: the same ratings make a B1.
    expect(groupOf(field(24, { B26: 4, C26: 4, D26: 4 }))).toBe('B1');
    // Three B's: B2 lacks one B, the fourth would-be B counts as a C.
    const b = eventClassification(field(25, { B26: 3, C26: 5, D26: 4 }), SEASON);
    expect(b.group).toBe('B1');
    expect(b.next).toEqual({ group: 'B2', needs: { competitors: 0, rated: [{ letter: 'B', count: 1 }] } });
  });

  it('A4 from sixty-four competitors with twelve A, twelve B and twelve C', () => {
    expect(groupOf(field(64, { A26: 12, B26: 12, C26: 12 }))).toBe('A4');
    expect(groupOf(field(63, { A26: 12, B26: 12, C26: 12 }))).toBe('A2');
    expect(eventClassification(field(64, { A26: 12, B26: 12, C26: 12 }), SEASON).next).toBeNull();
  });

  it('keeps the table ordered strongest first, with places that only widen as letters fall', () => {
    expect(USAF_GROUPS.map((g) => g.name)).toEqual(['A4', 'A3', 'A2', 'A1', 'B3', 'B2', 'B1', 'C3', 'C2', 'C1', 'D1', 'E1']);
    for (const g of USAF_GROUPS) {
      expect(g.awards[0]!.from, g.name).toBe(1);
      g.awards.forEach((a, i) => i > 0 && expect(a.from, g.name).toBe(g.awards[i - 1]!.to + 1));
    }
  });
});

describe('ratings earned', () => {
  it('gives each place its letter, ties sharing a place', () => {
    expect(letterForPlace('C1', 1)).toBe('C');
    expect(letterForPlace('C1', 3)).toBe('D');
    expect(letterForPlace('C1', 8)).toBe('E');
    expect(letterForPlace('C1', 9)).toBeNull();
    expect(letterForPlace('E1', 2)).toBeNull();
    expect(letterForPlace(null, 1)).toBeNull();
    expect(letterForPlace('A4', 9)).toBe('B');
  });

  it('a C1 final: 1 C, 2–4 D, 5–8 E; better current ratings kept, a letter renewed with the new year', () => {
    const places = [1, 2, 3, 3, 5, 5, 5, 5, 9, null];
    const standings = places.map((place, i) => ({ id: `f${i}`, place }));
    const current = new Map<string, NationalRating | null>([
      ['f0', usaf('B25')], // keeps B25: a C is not better
      ['f2', usaf('D24')], // renews D with the event's year
      ['f3', usaf('C26')], // keeps C26
      ['f4', usaf('E22')], // lapsed: earns the E afresh
      ['f5', usaf('E27')], // already E27: nothing new
    ]);
    const earned = ratingsEarned('C1', standings, current, SEASON);
    expect(earned.map((e) => e.awarded?.value ?? null)).toEqual(['C2027', 'D2027', 'D2027', 'D2027', 'E2027', 'E2027', 'E2027', 'E2027', null, null]);
    expect(earned.map((e) => e.earned?.value ?? null)).toEqual([null, 'D2027', 'D2027', null, 'E2027', null, 'E2027', 'E2027', null, null]);
  });

  it('earns nothing in an event too small for a group', () => {
    const earned = ratingsEarned(null, [{ id: 'a', place: 1 }], new Map(), SEASON);
    expect(earned).toEqual([{ id: 'a', awarded: null, earned: null }]);
  });
});

describe('the final results file with the ratings', () => {
  const standing = (id: string, name: string, place: number) => ({ id, name, seed: place, place, stage: place === 1 ? 'Champion' : 'Finalist' });

  it('adds Rating before and Rating earned when the standings carry them, the spelling kept', () => {
    const rated = [
      { ...standing('e1', 'ANA PENA', 1), rating_before: 'B24', rating_earned: 'A27' },
      { ...standing('e2', 'LEA KIM', 2), rating_before: '', rating_earned: '' },
    ];
    const rows = readCsv(finalResultsCsv(rated, new Map([['e1', 'Ana Peña']])));
    expect(rows).toEqual([
      ['Rank', 'Player', 'Stage', 'Rating before', 'Rating earned'],
      ['1', 'Ana Peña', 'Champion', 'B24', 'A27'],
      ['2', 'LEA KIM', 'Finalist', '', ''],
    ]);
  });

  it('keeps the three columns when nobody is rated', () => {
    expect(readCsv(finalResultsCsv([standing('e1', 'ANA PENA', 1)]))).toEqual([['Rank', 'Player', 'Stage'], ['1', 'ANA PENA', 'Champion']]);
  });
});
