import { describe, expect, it } from 'vitest';
import { seeded } from '../../helpers/random';
import {
  affiliationKey, assignMatchReferees, assignPoolReferees, MAX_CALLED_MATCHES, MAX_DUTIES, MAX_REFEREED_POOLS, MAX_REFEREES, neutralityClash,
  RefereeAssignmentError,
  type DayReferee, type MatchRefereeInput, type MatchRefereePlan, type NeutralityReason, type PoolRefereeInput, type PoolRefereePlan,
  type RefereeAssignment, type RefereedFencer, type RefereedGroup,
} from '../../../core/fencing/referee-assignment';
import { MAX_POOLS as PRACTICE_POOLS } from '../../../core/limits';

const ref = (id: string, club: string | null, more: Partial<DayReferee> = {}): DayReferee => ({ id, name: `Referee ${id}`, club, ...more });
const fencers = (...clubs: (string | null)[]): RefereedFencer[] => clubs.map((club) => ({ club }));
const pool = (id: string, ...clubs: (string | null)[]): RefereedGroup => ({ id, fencers: fencers(...clubs) });
const refereeOf = (plan: PoolRefereePlan | MatchRefereePlan) => plan.assignments.map((a) => a.refereeId);

describe('neutrality (t.50.2)', () => {
  it('a referee of the club of nobody in the pool is neutral; a clubmate is not', () => {
    expect(neutralityClash(ref('A', 'Nord'), fencers('Sud', 'Est', null))).toBeNull();
    const reason: NeutralityReason | null = neutralityClash(ref('A', 'Nord'), fencers('Sud', 'Nord', 'Nord'));
    expect(reason).toEqual({ kind: 'clubmates', count: 2, club: 'Nord', nation: null });
  });

  it('a referee with no club (or a blank one) is neutral for everyone', () => {
    expect(neutralityClash(ref('A', null), fencers('Nord', null))).toBeNull();
    expect(neutralityClash(ref('A', '   '), fencers('Nord', null, ''))).toBeNull();
  });

  it('clubs compare without case and surrounding spaces; the reason names the referee’s club as written', () => {
    expect(affiliationKey('  Épée Club NORD ')).toBe('épée club nord');
    expect(affiliationKey(' ')).toBeNull();
    expect(affiliationKey(undefined)).toBeNull();
    expect(neutralityClash(ref('A', ' NORD '), fencers('nord'))).toEqual({ kind: 'clubmates', count: 1, club: 'NORD', nation: null });
    // The rule for the same name (core/names): ß is ss, inner spaces collapse.
    expect(neutralityClash(ref('A', 'FC Großstadt  Nord'), fencers('fc grossstadt nord'))).toMatchObject({ kind: 'clubmates', count: 1 });
  });

  it('where both give one, a shared nation or region is a clash too, each fencer counted once', () => {
    const referee = ref('A', 'Nord', { nation: 'FRA' });
    const group = [{ club: 'Nord', nation: 'fra' }, { club: 'Sud', nation: 'FRA ' }, { club: 'Est', nation: 'ITA' }, { club: 'Ouest' }];
    expect(neutralityClash(referee, group)).toEqual({ kind: 'clubmates', count: 2, club: 'Nord', nation: 'FRA' });
    expect(neutralityClash(ref('B', 'Lyon'), group)).toBeNull();
  });
});

describe('a referee for each pool', () => {
  it('a referee never sits a pool with a clubmate when another referee is free', () => {
    const input: PoolRefereeInput = { referees: [ref('A', 'Nord'), ref('B', 'Sud')], pools: [pool('P1', 'Nord', 'Est', 'Ouest', null, 'Est', 'Lyon')] };
    const plan = assignPoolReferees(input);
    const expected: RefereeAssignment = { id: 'P1', refereeId: 'B', neutral: true, override: false, reason: null };
    expect(plan.assignments).toEqual([expected]);
    expect(plan.duties).toEqual(new Map([['A', 0], ['B', 1]]));
    expect(plan.setAside).toEqual([]);
  });

  it('4 pools and 3 referees: duties 2/1/1, the extra pool to the first in the list', () => {
    const plan = assignPoolReferees({ referees: [ref('A', null), ref('B', null), ref('C', null)], pools: ['P1', 'P2', 'P3', 'P4'].map((id) => pool(id, 'X')) });
    expect(refereeOf(plan)).toEqual(['A', 'B', 'C', 'A']);
    expect(plan.duties).toEqual(new Map([['A', 2], ['B', 1], ['C', 1]]));
  });

  it('7 pools and 3 referees: 3/2/2, nobody a third pool while another has one', () => {
    const plan = assignPoolReferees({ referees: [ref('A', null), ref('B', null), ref('C', null)], pools: Array.from({ length: 7 }, (_, i) => pool(`P${i + 1}`)) });
    expect([...plan.duties.values()]).toEqual([3, 2, 2]);
  });

  it('when every referee has a clubmate in the pool, the least conflicted is chosen and marked not neutral', () => {
    const referees = [ref('A', 'Nord'), ref('B', 'Sud'), ref('C', 'Est')];
    const plan = assignPoolReferees({ referees, pools: [pool('P1', 'Nord', 'Nord', 'Sud', 'Est', 'Est', 'Ouest')] });
    expect(plan.assignments).toEqual([{ id: 'P1', refereeId: 'B', neutral: false, override: false, reason: { kind: 'clubmates', count: 1, club: 'Sud', nation: null } }]);
  });

  it('neutrality comes before the spread: a clubmate of every pool referees none while a neutral referee is there', () => {
    const plan = assignPoolReferees({ referees: [ref('A', 'Nord'), ref('B', 'Sud')], pools: [pool('P1', 'Nord', 'Est'), pool('P2', 'nord ', 'Ouest')] });
    expect(refereeOf(plan)).toEqual(['B', 'B']);
    expect(plan.assignments.every((a) => a.neutral)).toBe(true);
    expect(plan.duties).toEqual(new Map([['A', 0], ['B', 2]]));
  });

  it('the spread holds when one pool has a narrower choice than another', () => {
    // P1 could take A or B; P2 only A (B is a clubmate there). In list order P1 would take A and leave P2 to A again.
    const plan = assignPoolReferees({ referees: [ref('A', 'Nord'), ref('B', 'Sud')], pools: [pool('P1', 'Est'), pool('P2', 'Sud', 'Est')] });
    expect(refereeOf(plan)).toEqual(['B', 'A']);
  });

  it('the coach’s overrides stand, warn when not neutral, and count as duty', () => {
    const referees = [ref('A', 'Nord'), ref('B', 'Sud'), ref('C', null)];
    const pools = [pool('P1', 'Nord', 'Est'), pool('P2', 'Est'), pool('P3', 'Ouest')];
    const plan = assignPoolReferees({ referees, pools, overrides: { P1: 'A' } });
    expect(plan.assignments[0]).toEqual({ id: 'P1', refereeId: 'A', neutral: false, override: true, reason: { kind: 'clubmates', count: 1, club: 'Nord', nation: null } });
    expect(refereeOf(plan)).toEqual(['A', 'B', 'C']);
    expect(plan.duties).toEqual(new Map([['A', 1], ['B', 1], ['C', 1]]));
  });

  it('overrides are never moved to even the load, and the other pools go around them', () => {
    const referees = [ref('A', null), ref('B', null)];
    const pools = ['P1', 'P2', 'P3', 'P4'].map((id) => pool(id));
    const plan = assignPoolReferees({ referees, pools, overrides: { P1: 'A', P2: 'A', P3: 'A' } });
    expect(refereeOf(plan)).toEqual(['A', 'A', 'A', 'B']);
    expect(plan.assignments.map((a) => a.override)).toEqual([true, true, true, false]);
  });

  it('an unavailable referee is never assigned, even when the only neutral one', () => {
    const referees = [ref('A', null, { available: false }), ref('B', 'Nord'), ref('C', 'Sud', { available: true })];
    const plan = assignPoolReferees({ referees, pools: [pool('P1', 'Nord', 'Sud', 'Sud'), pool('P2', 'Est')] });
    expect(refereeOf(plan)).toEqual(['B', 'C']);
    expect(plan.assignments[0]!.neutral).toBe(false);
    expect(plan.duties.get('A')).toBe(0);
  });

  it('an override naming an unavailable referee is set aside and the pool assigned afresh', () => {
    const referees = [ref('A', null, { available: false }), ref('B', null)];
    const plan = assignPoolReferees({ referees, pools: [pool('P1'), pool('P2')], overrides: { P2: 'A' } });
    expect(refereeOf(plan)).toEqual(['B', 'B']);
    expect(plan.setAside).toEqual(['P2']);
  });

  it('with no referee available, each pool says so', () => {
    const plan = assignPoolReferees({ referees: [ref('A', null, { available: false })], pools: [pool('P1')] });
    expect(plan.assignments).toEqual([{ id: 'P1', refereeId: null, neutral: false, override: false, reason: { kind: 'no-referee' } }]);
    expect(assignPoolReferees({ referees: [], pools: [] })).toEqual({ assignments: [], duties: new Map(), setAside: [] });
  });

  it('a second round continues from the duties already done', () => {
    const plan = assignPoolReferees({ referees: [ref('A', null), ref('B', null), ref('C', null)], pools: [pool('P1'), pool('P2')], duties: new Map([['A', 2], ['B', 1]]) });
    expect(refereeOf(plan)).toEqual(['C', 'B']);
    expect(plan.duties).toEqual(new Map([['A', 2], ['B', 2], ['C', 1]]));
  });

  it('moves evens the load where the first choices did not', () => {
    // P1 can only go to B; P2 to A or C; P3 to A or B. First choices give P1 B, then P2 A (list order) and P3 A
    // (A and B equal, list order): A 2, C 0. Moving P2 to C gives everyone one pool.
    const referees = [ref('A', 'X'), ref('B', 'Y'), ref('C', 'Z')];
    const plan = assignPoolReferees({ referees, pools: [pool('P1', 'X', 'Z'), pool('P2', 'Y'), pool('P3', 'Z')] });
    expect(refereeOf(plan)).toEqual(['B', 'C', 'A']);
    expect(plan.duties).toEqual(new Map([['A', 1], ['B', 1], ['C', 1]]));
    expect(plan.assignments.every((a) => a.neutral)).toBe(true);
  });

  it('over many random days: neutral wherever possible, even duty, overrides kept, the unavailable unused', () => {
    const clubs = ['Nord', 'Sud', 'Est', 'Ouest', null];
    for (let seed = 1; seed <= 300; seed++) {
      const random = seeded(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
      const referees = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, i) => ref(`R${i}`, pick(clubs), { available: random() > 0.15 }));
      const pools = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => ({ id: `P${i}`, fencers: fencers(...Array.from({ length: 5 + Math.floor(random() * 3) }, () => pick(clubs))) }));
      const overrides: Record<string, string> = random() < 0.3 ? { P0: pick(referees).id } : {};
      const plan = assignPoolReferees({ referees, pools, overrides });
      const open = referees.filter((r) => r.available !== false);
      const clash = (r: DayReferee, p: RefereedGroup) => p.fencers.filter((f) => affiliationKey(f.club) !== null && affiliationKey(f.club) === affiliationKey(r.club)).length;
      plan.assignments.forEach((a, i) => {
        const p = pools[i]!;
        const overridden = overrides[p.id] !== undefined && !plan.setAside.includes(p.id);
        expect(a.override).toBe(overridden);
        if (overridden) return expect(a.refereeId).toBe(overrides[p.id]);
        if (open.length === 0) return expect(a.refereeId).toBeNull();
        const chosen = referees.find((r) => r.id === a.refereeId)!;
        expect(chosen.available).not.toBe(false);
        const fewest = Math.min(...open.map((r) => clash(r, p)));
        expect(clash(chosen, p)).toBe(fewest);
        expect(a.neutral).toBe(fewest === 0);
        // Nobody holds this pool while a referee able to take it has two duties fewer.
        for (const other of open.filter((r) => clash(r, p) === fewest)) {
          expect(plan.duties.get(other.id)!).toBeGreaterThanOrEqual(plan.duties.get(chosen.id)! - 1);
        }
      });
      const total = [...plan.duties.values()].reduce((s, n) => s + n, 0);
      expect(total).toBe(open.length === 0 ? 0 : pools.length);
    }
  });

  it('200 referees and 512 pools are assigned, evenly', () => {
    const referees = Array.from({ length: MAX_REFEREES }, (_, i) => ref(`R${i}`, `Club ${i % 40}`));
    const pools = Array.from({ length: MAX_REFEREED_POOLS }, (_, i) => pool(`P${i}`, ...Array.from({ length: 7 }, (_, k) => `Club ${(i + k * 3) % 40}`)));
    expect(pools).toHaveLength(512);
    const plan = assignPoolReferees({ referees, pools });
    expect(plan.assignments.every((a) => a.neutral)).toBe(true);
    // 512 duties over 200 referees: 2 or 3 each.
    expect(Math.max(...plan.duties.values())).toBe(3);
    expect(Math.min(...plan.duties.values())).toBe(2);
  });

  it('a day referees one full practice: 256 pools of one event (core/limits MAX_POOLS)', () => {
    const referees = Array.from({ length: 64 }, (_, i) => ref(`R${i}`, `Club ${i % 40}`));
    const pools = Array.from({ length: PRACTICE_POOLS }, (_, i) => pool(`P${i}`, `Club ${i % 40}`, `Club ${(i + 1) % 40}`));
    const plan = assignPoolReferees({ referees, pools });
    expect(plan.assignments).toHaveLength(256);
    expect(plan.assignments.every((a) => a.neutral)).toBe(true);
    expect([...plan.duties.values()].every((n) => n === 4)).toBe(true);
  });
});

describe('a referee for each called match (t.50.3)', () => {
  const referees = [ref('A', 'Nord'), ref('B', 'Sud'), ref('C', 'Est'), ref('D', null, { available: false })];
  const match = (id: string, a: string | null, b: string | null): RefereedGroup => ({ id, fencers: fencers(a, b) });

  it('a free referee neutral towards both fencers, with the fewest duties of the day (pools count)', () => {
    const input: MatchRefereeInput = { referees, matches: [match('M1', 'Nord', 'Ouest')], busy: new Set(['C']), duties: new Map([['A', 0], ['B', 2], ['C', 0]]) };
    const plan = assignMatchReferees(input);
    expect(plan.assignments).toEqual([{ id: 'M1', refereeId: 'B', neutral: true, override: false, reason: null }]);
    expect(plan.duties).toEqual(new Map([['A', 0], ['B', 3], ['C', 0], ['D', 0]]));
  });

  it('the fewest duties decide among neutral referees, then the list order', () => {
    const plan = assignMatchReferees({ referees, matches: [match('M1', 'Ouest', null)], duties: new Map([['A', 3], ['B', 1], ['C', 1]]) });
    expect(refereeOf(plan)).toEqual(['B']);
  });

  it('a referee given a match is busy for the next call; when nobody is free the match says so', () => {
    const plan = assignMatchReferees({ referees, matches: [match('M1', 'Ouest', 'Lyon'), match('M2', 'Ouest', 'Lyon'), match('M3', 'Ouest', 'Lyon'), match('M4', 'Ouest', 'Lyon')] });
    expect(refereeOf(plan)).toEqual(['A', 'B', 'C', null]);
    expect(plan.assignments[3]!.reason).toEqual({ kind: 'no-referee' });
  });

  it('when every free referee is a clubmate of a fencer, the least conflicted is chosen and warned about', () => {
    const plan = assignMatchReferees({ referees, matches: [match('M1', 'Nord', 'Sud')], busy: new Set(['C']) });
    expect(plan.assignments).toEqual([{ id: 'M1', refereeId: 'A', neutral: false, override: false, reason: { kind: 'clubmates', count: 1, club: 'Nord', nation: null } }]);
  });
});

describe('bad input', () => {
  const expectError = (run: () => unknown, message: string) => expect(run).toThrow(new RefereeAssignmentError(message));

  it('names the bound or the unknown id', () => {
    const many = Array.from({ length: MAX_REFEREES + 1 }, (_, i) => ref(`R${i}`, null));
    expectError(() => assignPoolReferees({ referees: many, pools: [] }), 'A day has at most 200 referees');
    expectError(() => assignPoolReferees({ referees: [ref('A', null), ref('A', 'Nord')], pools: [] }), 'A referee appears twice in the list');
    expectError(() => assignPoolReferees({ referees: [], pools: Array.from({ length: MAX_REFEREED_POOLS + 1 }, (_, i) => pool(`P${i}`)) }), 'At most 512 pools are assigned at once');
    expectError(() => assignPoolReferees({ referees: [], pools: [pool('P1'), pool('P1')] }), 'An id appears twice among the pools');
    expectError(() => assignPoolReferees({ referees: [], pools: [pool('P1', ...Array.from({ length: 21 }, () => null))] }), 'A pool holds at most 20 fencers: P1 has 21');
    expectError(() => assignPoolReferees({ referees: [ref('A', null)], pools: [pool('P1')], overrides: { P9: 'A' } }), 'An override names no pool of the day: P9');
    expectError(() => assignPoolReferees({ referees: [ref('A', null)], pools: [pool('P1')], overrides: { P1: 'Z' } }), 'An override names no referee of the day: Z');
    expectError(() => assignPoolReferees({ referees: [ref('A', null)], pools: [], duties: new Map([['A', -1]]) }), `The duties of referee A must be a whole number from 0 to ${MAX_DUTIES}`);
    expectError(() => assignMatchReferees({ referees: [ref('A', null)], matches: [], duties: new Map([['A', 1.5]]) }), 'The duties of referee A must be a whole number from 0 to 10000');
    expectError(() => assignMatchReferees({ referees: [], matches: [pool('M1', 'Nord')] }), 'A match has two fencers: M1 has 1');
    const calls = Array.from({ length: MAX_CALLED_MATCHES + 1 }, (_, i) => pool(`M${i}`, null, null));
    expectError(() => assignMatchReferees({ referees: [], matches: calls }), 'At most 200 called matches are assigned at once');
  });
});
