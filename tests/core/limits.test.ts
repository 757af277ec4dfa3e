import { describe, expect, it } from 'vitest';
import { IMPORT_MAX, MAX_DAY_POOLS, MAX_POOLS, MAX_PRACTICE_FENCERS, MAX_TABLEAU, MAX_TEAMS, maxPoolsFor, MIN_POOLS } from '../../core/limits';
import { describeError, errorBody } from '../../core/messages';
import { createTeamsSchema, firstIssue, generatePoolsSchema, rosterImportSchema } from '../../core/validation';
import { buildBracket, bracketSize } from '../../core/fencing/bracket';
import { planPools } from '../../core/fencing/planning';
import { MAX_ROUND_POOLS } from '../../core/fencing/second-round';
import { seeded } from '../helpers/random';

const names = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `F${i + 1}` }));
const messageOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssue(r.error as never);
};

describe('limits from the sport, not from the code (issue 33)', () => {
  it('a practice holds a national event: 512 fencers, one tableau of 512, an import of as many', () => {
    expect(MAX_PRACTICE_FENCERS).toBe(512);
    expect(MAX_TABLEAU).toBe(512);
    expect(bracketSize(MAX_PRACTICE_FENCERS)).toBe(MAX_TABLEAU);
    expect(IMPORT_MAX).toBeGreaterThanOrEqual(500);
    expect(MAX_TEAMS).toBe(128);
  });

  it('makes as many pools as the fencers fill, never fewer than two: 512 → 256, 256 → 128, 10 → 5, 3 → 2', () => {
    expect([512, 256, 10, 4, 3, 1, 0].map(maxPoolsFor)).toEqual([256, 128, 5, 2, 2, 2, 2]);
    expect(MAX_POOLS).toBe(256);
    expect(MIN_POOLS).toBe(2);
    expect(MAX_ROUND_POOLS).toBe(MAX_POOLS);
    // A competition day schedules one full practice's pools and another event beside it.
    expect(MAX_DAY_POOLS).toBe(2 * MAX_POOLS);
  });

  it('a draw takes 512 fencers into 74 pools in one request, and refuses the 513th', () => {
    expect(messageOf(generatePoolsSchema, { method: 'random', pool_count: 74, entries: names(512) })).toBeNull();
    expect(messageOf(generatePoolsSchema, { method: 'random', pool_count: 74, entries: names(513) })).toBe('At most 512 fencers at once');
    expect(messageOf(generatePoolsSchema, { method: 'random', pool_count: 74, entries: names(500), absent: names(13) })).toBe('At most 512 fencers at once');
    expect(messageOf(createTeamsSchema, { method: 'random', entries: names(512) })).toBeNull();
    expect(messageOf(createTeamsSchema, { method: 'random', entries: names(513) })).toBe('At most 512 fencers at once');
    expect(messageOf(rosterImportSchema, { athletes: names(512) })).toBeNull();
    expect(messageOf(rosterImportSchema, { athletes: names(513) })).toBe('At most 512 athletes can be imported at once');
  });

  it('refuses a pool count of 0, past every practice, or past what the fencers fill, each with its code', () => {
    const count = (pool_count: unknown, n = 20) => messageOf(generatePoolsSchema, { method: 'random', pool_count, entries: names(n) });
    expect(count(0)).toBe('Pool count must be a whole number from 2 to 256');
    expect(count(257, 512)).toBe('Pool count must be a whole number from 2 to 256');
    expect(count(11)).toBe('20 fencers fill at most 10 pools of 2: choose fewer pools');
    expect(count(10)).toBeNull();
    expect(errorBody(count(0)!)).toMatchObject({ code: 'pool_count_whole_number_from', params: { max: '256' } });
    expect(describeError(count(11)!)).toEqual({ code: 'pools_for_fencers', params: { fencers: '20', max: '10', min_size: '2' } });
    // A manual draw names pools up to the most a practice holds.
    expect(messageOf(generatePoolsSchema, { method: 'manual', entries: [{ name: 'A', pool: 256 }] })).toBeNull();
    expect(messageOf(generatePoolsSchema, { method: 'manual', entries: [{ name: 'A', pool: 257 }] })).not.toBeNull();
  });

  it('draws 256 fencers into 37 pools of 6 or 7, and seeds a tableau of 512 from 512', () => {
    const entries = Array.from({ length: 256 }, (_, i) => ({ key: String(i), name: `F${i}`, athleteId: null, club: null }));
    const pools = planPools(entries, 'random', 37, seeded(3));
    expect(pools).toHaveLength(37);
    expect(pools.at(-1)!.name).toBe('Pool 37');
    expect(new Set(pools.map((p) => p.members.length))).toEqual(new Set([6, 7]));
    const bracket = buildBracket(Array.from({ length: 512 }, (_, i) => ({ id: `p${i}`, name: `F${i}`, seed: i + 1 })));
    expect(bracket.filter((m) => m.round === 1)).toHaveLength(256);
    expect(Math.max(...bracket.map((m) => m.round))).toBe(9);
  });
});
