import { describe, expect, it } from 'vitest';
import { seeded } from '../../helpers/random';
import { serpentinePools } from '../../../core/fencing/pool-generation';
import {
  affiliationOf, DEFAULT_SEPARATION, isSeparation, sharedPairs, unavoidableSeparations, unkeptSeparations, type Affiliated, type SeparationLevel,
} from '../../../core/fencing/separation';
import { assignMatchReferees, assignPoolReferees, neutralityClash, type DayReferee } from '../../../core/fencing/referee-assignment';
import { refereeDay } from '../../../core/fencing/day-plan';
import type { DayPlacement, DayPool } from '../../../core/contracts/days';

type Fencer = Affiliated & { seed: number };

/** Seeds 1..n, with a nation (and club, region) by seed; unknown where not given. */
function field(n: number, by: { nation?: Record<number, string>; club?: Record<number, string>; region?: Record<number, string> } = {}): Fencer[] {
  return Array.from({ length: n }, (_, i) => ({ seed: i + 1, club: by.club?.[i + 1] ?? null, region: by.region?.[i + 1] ?? null, nation: by.nation?.[i + 1] ?? null }));
}
const seedsOf = (pools: { members: Fencer[] }[]) => pools.map((p) => p.members.map((m) => m.seed));
const members = (pools: { members: Fencer[] }[]) => pools.map((p) => p.members);

describe('the levels an organiser picks', () => {
  it('club, region and nation, each at most once, in any order; club by default, as before', () => {
    expect(DEFAULT_SEPARATION).toEqual(['club']);
    expect(isSeparation(['nation', 'club'])).toBe(true);
    expect(isSeparation([])).toBe(true);
    expect(isSeparation(['nation', 'nation'])).toBe(false);
    expect(isSeparation(['city'])).toBe(false);
  });

  it('compares names as the same name (case, spaces), and an unknown value never clashes', () => {
    expect(affiliationOf({ club: ' Cercle  NORD ' }, 'club')).toBe(affiliationOf({ club: 'cercle nord' }, 'club'));
    expect(affiliationOf({ club: null, nation: '' }, 'nation')).toBeNull();
    expect(sharedPairs([{ club: null }, { club: null }, { club: 'A' }, { club: 'a' }, { club: 'A' }], 'club')).toBe(3);
  });
});

describe('nations apart in the serpentine (FIE o.68.2)', () => {
  it('seed 5 joins seed 2 of its nation in pool B: it moves one place down the ranking, trading with seed 6 of pool A', () => {
    // o.68.1's table for 3 pools: A 1, 6, 7; B 2, 5, 8; C 3, 4, 9.
    const pools = serpentinePools(field(9, { nation: { 2: 'FRA', 5: 'FRA' } }), 3, undefined, ['nation']);
    expect(seedsOf(pools)).toEqual([[1, 5, 7], [2, 6, 8], [3, 4, 9]]);
    expect(unkeptSeparations(members(pools), ['nation'])).toEqual([]);
  });

  it('the pools’ leaders never move: seed 6 of seed 1’s nation leaves pool A, not seed 1', () => {
    const pools = serpentinePools(field(9, { nation: { 1: 'ITA', 6: 'ITA' } }), 3, undefined, ['nation']);
    // Seed 6 trades with seed 5, one place up in its band (nobody is below it there).
    expect(seedsOf(pools)).toEqual([[1, 5, 7], [2, 6, 8], [3, 4, 9]]);
    expect(unkeptSeparations(members(pools), ['nation'])).toEqual([]);
  });

  it('5 fencers of FRA in 4 pools cannot be kept apart: one pool holds 2 of them, the rule leaves them there, and the report names it', () => {
    const nation = { 1: 'FRA', 3: 'FRA', 6: 'FRA', 9: 'FRA', 12: 'FRA', 2: 'ITA', 7: 'ITA' };
    const ranked = field(16, { nation });
    const pools = serpentinePools(ranked, 4, undefined, ['nation']);
    expect(pools.map((p) => p.members.filter((m) => m.nation === 'FRA').length).sort()).toEqual([1, 1, 1, 2]);
    expect(pools.map((p) => p.members.filter((m) => m.nation === 'ITA').length).sort()).toEqual([0, 0, 1, 1]);
    const unkept = unkeptSeparations(members(pools), ['nation']);
    expect(unkept).toHaveLength(1);
    const pool = pools.findIndex((p) => p.members.filter((m) => m.nation === 'FRA').length === 2) + 1;
    expect(unkept[0]).toEqual({ level: 'nation', value: 'FRA', pool, count: 2 });
    // Known before the draw: 5 in 4 pools leave one pool with 2.
    expect(unavoidableSeparations(ranked, 4, ['nation'])).toEqual([{ level: 'nation', value: 'FRA', fencers: 5, pools: 1, most: 2 }]);
    // Each pool still holds one fencer of each band of four.
    for (const p of pools) expect(p.members.map((m) => Math.ceil(m.seed / 4))).toEqual([1, 2, 3, 4]);
  });

  it('what no draw avoids: 9 of a nation in 4 pools make one pool of 3 and three of 2; 8 make four of 2; 4 none', () => {
    const nations = (n: number) => Array.from({ length: 16 }, (_, i) => ({ club: null, nation: i < n ? 'HUN' : null }));
    expect(unavoidableSeparations(nations(9), 4, ['nation'])).toEqual([{ level: 'nation', value: 'HUN', fencers: 9, pools: 4, most: 3 }]);
    expect(unavoidableSeparations(nations(8), 4, ['nation'])).toEqual([{ level: 'nation', value: 'HUN', fencers: 8, pools: 4, most: 2 }]);
    expect(unavoidableSeparations(nations(4), 4, ['nation'])).toEqual([]);
    // A level not picked is not looked at.
    expect(unavoidableSeparations(nations(9), 4, ['club'])).toEqual([]);
  });
});

describe('levels in the order picked (BellePoule’s criteria, the first before the next)', () => {
  // Two pools: A takes seeds 1 and 4, B seeds 2 and 3. Trading 3 and 4 parts the nations but joins the clubs.
  const ranked = [
    { seed: 1, nation: 'FRA', club: 'Paris' },
    { seed: 2, nation: 'ITA', club: 'Lyon' },
    { seed: 3, nation: 'ITA', club: 'Paris' },
    { seed: 4, nation: 'FRA', club: 'Lyon' },
  ];

  it('nation first: nations apart, the clubs that could then not be kept are named', () => {
    const pools = serpentinePools(ranked, 2, undefined, ['nation', 'club']);
    expect(seedsOf(pools)).toEqual([[1, 3], [2, 4]]);
    expect(unkeptSeparations(members(pools), ['nation', 'club'])).toEqual([
      { level: 'club', value: 'Paris', pool: 1, count: 2 },
      { level: 'club', value: 'Lyon', pool: 2, count: 2 },
    ]);
  });

  it('club first: clubs apart, the nations together', () => {
    const pools = serpentinePools(ranked, 2, undefined, ['club', 'nation']);
    expect(seedsOf(pools)).toEqual([[1, 4], [2, 3]]);
    expect(unkeptSeparations(members(pools), ['club', 'nation']).map((u) => [u.level, u.value, u.pool])).toEqual([['nation', 'FRA', 1], ['nation', 'ITA', 2]]);
  });

  it('club only (the default) leaves nations as the serpentine put them; no level at all is the plain serpentine', () => {
    expect(seedsOf(serpentinePools(ranked, 2))).toEqual([[1, 4], [2, 3]]);
    const mates = field(4, { club: { 1: 'Nord', 4: 'Nord' } });
    expect(seedsOf(serpentinePools(mates, 2, undefined, []))).toEqual([[1, 4], [2, 3]]);
    expect(seedsOf(serpentinePools(mates, 2))).toEqual([[1, 3], [2, 4]]);
  });

  it('a region second: a nation kept apart stays apart while the regions part', () => {
    // Three pools, all of FRA but seed 2; regions IDF for seeds 1 and 6, which the serpentine puts together in A.
    const fencers = field(9, {
      nation: { 1: 'FRA', 3: 'FRA', 4: 'FRA', 5: 'FRA', 6: 'FRA', 7: 'FRA', 8: 'FRA', 9: 'FRA', 2: 'BEL' },
      region: { 1: 'IDF', 6: 'IDF' },
    });
    const pools = serpentinePools(fencers, 3, undefined, ['nation', 'region']);
    const before = sharedPairs(fencers.filter((f) => [1, 6, 7].includes(f.seed)), 'nation')
      + sharedPairs(fencers.filter((f) => [2, 5, 8].includes(f.seed)), 'nation')
      + sharedPairs(fencers.filter((f) => [3, 4, 9].includes(f.seed)), 'nation');
    expect(pools.reduce((sum, p) => sum + sharedPairs(p.members, 'nation'), 0)).toBe(before);
    expect(unkeptSeparations(members(pools), ['region'])).toEqual([]);
  });
});

describe('over many rosters', () => {
  const levels: SeparationLevel[] = ['nation', 'region', 'club'];

  it('sizes stay balanced, everyone is placed once, each pool keeps one fencer per band, and a value with no more fencers than pools never shares one on the first level', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = seeded(seed);
      const poolCount = 2 + (seed % 5);
      const count = poolCount * 4 + (seed % poolCount);
      const pick = (values: string[]) => values[Math.floor(random() * values.length)]!;
      const ranked = Array.from({ length: count }, (_, i) => ({
        seed: i, nation: pick(['FRA', 'ITA', 'GER', 'HUN']), region: pick(['N', 'S', 'E']), club: pick(['a', 'b', 'c', 'd', 'e']),
      }));
      const pools = serpentinePools(ranked, poolCount, undefined, levels);
      const sizes = pools.map((p) => p.members.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(pools.flatMap((p) => p.members.map((m) => m.seed)).sort((a, b) => a - b)).toEqual(ranked.map((r) => r.seed));
      for (const p of pools) {
        const bands = p.members.map((m) => Math.floor(m.seed / poolCount));
        expect(new Set(bands).size).toBe(bands.length);
      }
      // The first level is spread as evenly as its counts allow: what the report names is what no draw avoids.
      const worst = unavoidableSeparations(ranked, poolCount, ['nation']);
      for (const nation of ['FRA', 'ITA', 'GER', 'HUN']) {
        const most = Math.max(...pools.map((p) => p.members.filter((m) => m.nation === nation).length));
        expect(most).toBe(worst.find((w) => w.value === nation)?.most ?? Math.min(1, ranked.filter((r) => r.nation === nation).length));
      }
    }
  });
});

describe('referees neutral by the same levels (t.50.2)', () => {
  const ref = (id: string, more: Partial<DayReferee>): DayReferee => ({ id, name: `Referee ${id}`, club: null, ...more });

  it('a referee of a fencer’s region is not neutral, and the reason names the region', () => {
    const pool = [{ club: 'Nord', region: 'Occitanie' }, { club: 'Sud', region: 'Bretagne' }];
    expect(neutralityClash(ref('A', { club: 'Est', region: ' occitanie ' }), pool)).toEqual({ kind: 'clubmates', count: 1, club: null, nation: null, region: 'occitanie' });
    expect(neutralityClash(ref('B', { club: 'Est', region: 'Normandie' }), pool)).toBeNull();
  });

  it('only the levels picked count: a referee of the same nation is neutral when only clubs are kept apart', () => {
    const pool = [{ club: 'Nord', region: 'IDF', nation: 'FRA' }];
    const referee = ref('A', { club: 'Sud', region: 'IDF', nation: 'FRA' });
    expect(neutralityClash(referee, pool, ['club'])).toBeNull();
    expect(neutralityClash(referee, pool, ['nation'])).toEqual({ kind: 'clubmates', count: 1, club: null, nation: 'FRA' });
    expect(neutralityClash(referee, pool, ['region', 'club'])).toEqual({ kind: 'clubmates', count: 1, club: null, nation: null, region: 'IDF' });
  });

  it('pools and called matches go to a referee of another nation when the nation is kept apart', () => {
    const referees = [ref('FRA', { nation: 'FRA' }), ref('ITA', { nation: 'ITA' })];
    const pools = [{ id: 'P1', fencers: [{ club: null, nation: 'ITA' }, { club: null, nation: 'GER' }] }];
    expect(assignPoolReferees({ referees, pools, levels: ['nation'] }).assignments[0]).toMatchObject({ refereeId: 'FRA', neutral: true });
    // With clubs alone kept apart, nations do not matter: the first referee of the list takes it.
    expect(assignPoolReferees({ referees: [...referees].reverse(), pools, levels: ['club'] }).assignments[0]).toMatchObject({ refereeId: 'ITA', neutral: true });
    const matches = [{ id: 'M1', fencers: [{ club: null, nation: 'FRA' }, { club: null, nation: 'GER' }] }];
    expect(assignMatchReferees({ referees, matches, levels: ['nation'] }).assignments[0]).toMatchObject({ refereeId: 'ITA', neutral: true });
  });

  it('the day’s pools take a referee of another region where the day knows the fencers’ regions', () => {
    const pools = new Map<string, DayPool>([['p1', { id: 'p1', name: 'Pool 1', fencers: 2, athletes: ['a1', 'a2'], bouts: 1, done: 0 }]]);
    const placements: DayPlacement[] = [{ pool_id: 'p1', practice_id: 'e', piste_id: 'x', flight: 0, pinned: false, referee_id: null, referee_override: false, neutral: true }];
    const referees = [{ id: 'r1', name: 'One', club: null, region: 'IDF' }, { id: 'r2', name: 'Two', club: null, region: 'PACA' }];
    const clubs = new Map<string, string | null>([['a1', null], ['a2', null]]);
    const origins = new Map([['a1', { region: 'IDF' }], ['a2', { region: 'Bretagne' }]]);
    const [placed] = refereeDay(placements, pools, { referees, clubs, origins, levels: ['region'] });
    expect(placed).toMatchObject({ referee_id: 'r2', neutral: true });
  });
});
