import { describe, expect, it } from 'vitest';
import {
  allocatePools, callMatches, flightName, MatchStateError, MAX_MATCHES, MAX_PISTES, MAX_POOLS, nextMatchState, PisteError,
  type CallInput, type HeldMatch, type MatchCall, type MatchEvent, type MatchState, type Piste, type PoolAllocation, type PoolPlacement, type PoolToPlace, type TableauMatch,
} from '../../../core/fencing/pistes';
import { boutsInPool } from '../../../core/fencing/pool-generation';
import { MAX_POOLS as PRACTICE_POOLS } from '../../../core/limits';

const pistes = (n: number, extra: Partial<Record<number, Partial<Piste>>> = {}): Piste[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: String(i + 1), ...extra[i + 1] }));
const pool = (id: string, fencers: number, eventId = 'u15-foil'): PoolToPlace => ({ id, eventId, fencers });
/** "pool@piste/flight", flight by flight, each in piste order. */
const layout = (a: PoolAllocation) => a.placements.map((p: PoolPlacement) => `${p.poolId}@${p.pisteId}/${p.flightName}`);
const loads = (a: PoolAllocation) => a.bouts.map((b) => b.bouts);

// 40 fencers in 6 pools by o.67.1 (pools of 7 and 6) and the serpentine: pools 1–4 hold 7, pools 5–6 hold 6.
const forty = [pool('pool1', 7), pool('pool2', 7), pool('pool3', 7), pool('pool4', 7), pool('pool5', 6), pool('pool6', 6)];

describe('pools onto pistes', () => {
  it('a pool of 7 fences 21 bouts, a pool of 6 fences 15', () => {
    expect(boutsInPool(7)).toBe(21);
    expect(boutsInPool(6)).toBe(15);
  });

  it('issue 28: 40 fencers in 6 pools of 6–7 on 4 pistes fence in two flights, A with 4 pools and B with 2', () => {
    const a = allocatePools(forty, pistes(4));
    expect(a.flights).toBe(2);
    // The pools of 7 fill the hall first; the pools of 6 follow on pistes 1 and 2 as those free up.
    expect(layout(a)).toEqual(['pool1@p1/A', 'pool2@p2/A', 'pool3@p3/A', 'pool4@p4/A', 'pool5@p1/B', 'pool6@p2/B']);
    expect(a.bouts).toEqual([{ pisteId: 'p1', bouts: 36 }, { pisteId: 'p2', bouts: 36 }, { pisteId: 'p3', bouts: 21 }, { pisteId: 'p4', bouts: 21 }]);
    expect(a.placements[4]).toEqual({ poolId: 'pool5', eventId: 'u15-foil', pisteId: 'p1', flight: 1, flightName: 'B' });
  });

  it('bigger pools go first whatever the order they come in', () => {
    const mixed = [pool('pool5', 6), pool('pool1', 7), pool('pool6', 6), pool('pool2', 7), pool('pool3', 7), pool('pool4', 7)];
    expect(layout(allocatePools(mixed, pistes(4)))).toEqual(['pool1@p1/A', 'pool2@p2/A', 'pool3@p3/A', 'pool4@p4/A', 'pool5@p1/B', 'pool6@p2/B']);
  });

  it('a second flight fills the pistes with the fewest bouts: 5 pools of 7, 6, 5, 5, 4 on 3 pistes', () => {
    const a = allocatePools([pool('a', 5), pool('b', 7), pool('c', 4), pool('d', 6), pool('e', 5)], pistes(3));
    // Flight A: 7, 6, 5 (21, 15, 10 bouts); then the other 5 (10) onto piste 3, the 4 (6) onto piste 2.
    expect(layout(a)).toEqual(['b@p1/A', 'd@p2/A', 'a@p3/A', 'c@p2/B', 'e@p3/B']);
    expect(loads(a)).toEqual([21, 21, 20]);
  });

  it('3 pools on 8 pistes: one flight, no piste used twice, the final piste kept free', () => {
    const a = allocatePools([pool('x', 6), pool('y', 6), pool('z', 5)], pistes(8, { 1: { final: true } }));
    expect(a.flights).toBe(1);
    expect(layout(a)).toEqual(['x@p2/A', 'y@p3/A', 'z@p4/A']);
    expect(new Set(a.placements.map((p) => p.pisteId)).size).toBe(3);
  });

  it('as many pools as pistes: one flight, the final piste used too', () => {
    const a = allocatePools(forty.slice(0, 4), pistes(4, { 4: { final: true } }));
    expect(layout(a)).toEqual(['pool1@p1/A', 'pool2@p2/A', 'pool3@p3/A', 'pool4@p4/A']);
  });

  it('an unavailable piste is never used: the 40 fencers on pistes 1, 3, 4 with 2 out', () => {
    const a = allocatePools(forty, pistes(4, { 2: { available: false } }));
    expect(layout(a)).toEqual(['pool1@p1/A', 'pool2@p3/A', 'pool3@p4/A', 'pool4@p1/B', 'pool5@p3/B', 'pool6@p4/B']);
    expect(a.bouts).toEqual([{ pisteId: 'p1', bouts: 42 }, { pisteId: 'p3', bouts: 36 }, { pisteId: 'p4', bouts: 36 }]);
    expect(a.placements.some((p) => p.pisteId === 'p2')).toBe(false);
  });

  it('a pinned pool stays on its piste and the others go around it', () => {
    // Pool 1 pinned to piste 3: its 21 bouts count there from the start, so pools 2–4 take 1, 2 and 4.
    const a = allocatePools(forty, pistes(4), new Map([['pool1', 'p3']]));
    expect(layout(a)).toEqual(['pool2@p1/A', 'pool3@p2/A', 'pool1@p3/A', 'pool4@p4/A', 'pool5@p1/B', 'pool6@p2/B']);
    // Pool 6 pinned to piste 4 fences there in flight B; pool 4 still takes piste 4 in A, the last one left.
    const b = allocatePools(forty, pistes(4), new Map([['pool6', 'p4']]));
    expect(layout(b)).toEqual(['pool1@p1/A', 'pool2@p2/A', 'pool3@p3/A', 'pool4@p4/A', 'pool5@p1/B', 'pool6@p4/B']);
    expect(loads(b)).toEqual([36, 21, 21, 36]);
  });

  it('two pools pinned to one piste fence in different flights, even with pistes to spare', () => {
    const a = allocatePools([pool('a', 7), pool('b', 7), pool('c', 6)], pistes(4), new Map([['a', 'p1'], ['b', 'p1']]));
    expect(layout(a)).toEqual(['a@p1/A', 'c@p2/A', 'b@p1/B']);
    expect(a.flights).toBe(2);
  });

  it('pools of one event stay in one run where that is as balanced: all of U13 épée in flight A', () => {
    const day = [pool('e1', 7, 'u13-epee'), pool('e2', 7, 'u13-epee'), pool('f1', 7, 'u15-foil'), pool('e3', 6, 'u13-epee'), pool('f2', 6, 'u15-foil')];
    const a = allocatePools(day, pistes(4));
    // By size alone f1 would join flight A and e3 wait for B; both ways the busiest piste has 30 bouts.
    expect(layout(a)).toEqual(['e1@p1/A', 'e2@p2/A', 'e3@p3/A', 'f1@p4/A', 'f2@p3/B']);
    expect(loads(a)).toEqual([21, 21, 30, 21]);
  });

  it('but not where it unbalances: U13 épée 7, 7, 6, 6 and one U15 foil pool of 7 on 3 pistes go by size', () => {
    const day = [pool('e3', 6, 'u13-epee'), pool('e1', 7, 'u13-epee'), pool('e2', 7, 'u13-epee'), pool('f1', 7, 'u15-foil'), pool('e4', 6, 'u13-epee')];
    const a = allocatePools(day, pistes(3));
    // Kept together the foil pool would fence in flight B after a pool of 6: 42 bouts on one piste instead of 36.
    expect(layout(a)).toEqual(['e1@p1/A', 'e2@p2/A', 'f1@p3/A', 'e3@p1/B', 'e4@p2/B']);
    expect(loads(a)).toEqual([36, 36, 21]);
  });

  it('flights are lettered A…Z, then AA, AB: 28 pools on one piste end in flight AB', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(flightName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    const a = allocatePools(Array.from({ length: 28 }, (_, i) => pool(`q${i}`, 5)), pistes(1));
    expect(a.flights).toBe(28);
    expect(a.placements.at(-1)).toMatchObject({ poolId: 'q27', pisteId: 'p1', flight: 27, flightName: 'AB' });
  });

  it('no pools: no flights', () => {
    expect(allocatePools([], pistes(2))).toEqual({ placements: [], flights: 0, bouts: [{ pisteId: 'p1', bouts: 0 }, { pisteId: 'p2', bouts: 0 }] });
  });

  it('refuses input a room should never send, with a reason', () => {
    const bad = (f: () => unknown, message: string) => expect(f).toThrow(new PisteError(message));
    bad(() => allocatePools(forty, pistes(4, { 2: { available: false } }), new Map([['pool1', 'p2']])), 'Piste 2 is unavailable: pool pool1 cannot stay on it');
    bad(() => allocatePools(forty, pistes(4), new Map([['pool1', 'p9']])), 'No piste p9 for pool pool1');
    bad(() => allocatePools(forty, pistes(4), new Map([['pool9', 'p1']])), 'No pool pool9 to pin');
    bad(() => allocatePools(forty, pistes(2, { 1: { available: false }, 2: { available: false } })), 'No piste is available for the pools');
    bad(() => allocatePools([pool('a', 1)], pistes(2)), 'Pool a must hold 2 to 20 fencers');
    bad(() => allocatePools([pool('a', 21)], pistes(2)), 'Pool a must hold 2 to 20 fencers');
    bad(() => allocatePools([pool('a', 6.5)], pistes(2)), 'Pool a must hold 2 to 20 fencers');
    bad(() => allocatePools([pool('a', 6), pool('a', 7)], pistes(2)), 'Two pools share an id');
    bad(() => allocatePools([pool('a', 6)], [...pistes(2), { id: 'p1', name: 'Blue' }]), 'Two pistes share an id');
    bad(() => allocatePools([pool('a', 6)], pistes(MAX_PISTES + 1)), 'A day has at most 64 pistes');
    bad(() => allocatePools(Array.from({ length: MAX_POOLS + 1 }, (_, i) => pool(`q${i}`, 6)), pistes(4)), 'A day has at most 512 pools');
  });

  it('the limits hold at their bounds: 512 pools on 64 pistes in 8 flights', () => {
    const a = allocatePools(Array.from({ length: MAX_POOLS }, (_, i) => pool(`q${i}`, 6 + (i % 2))), pistes(MAX_PISTES));
    expect(MAX_POOLS).toBe(512);
    expect(a.flights).toBe(8);
    expect(a.placements).toHaveLength(512);
    // Every piste fences 8 pools; the busiest at most one pool of 7 more than the lightest.
    expect(Math.max(...loads(a)) - Math.min(...loads(a))).toBeLessThanOrEqual(21);
  });

  it('a day places one full practice: 256 pools of 2 of one event (core/limits MAX_POOLS) on 64 pistes', () => {
    const a = allocatePools(Array.from({ length: PRACTICE_POOLS }, (_, i) => pool(`q${i}`, 2)), pistes(MAX_PISTES));
    expect(a.placements).toHaveLength(256);
    expect(a.flights).toBe(4);
    expect(new Set(a.placements.map((p) => `${p.pisteId}/${p.flightName}`)).size).toBe(256);
  });
});

const match = (id: string, round: number, position: number, a: string | null, b: string | null, state: MatchState = 'waiting', pisteId: string | null = null): TableauMatch => ({
  id, round, position, fencers: [a, b], done: state === 'done', state, pisteId,
});
// A tableau of 8 (FENCING.md T8: 1-8, 5-4, 3-6, 7-2), rounds 1 to 3, the bout for 3rd below the final.
const t8 = (overrides: TableauMatch[] = []): TableauMatch[] => {
  const base = [
    match('r1-m0', 1, 0, 's1', 's8'), match('r1-m1', 1, 1, 's5', 's4'), match('r1-m2', 1, 2, 's3', 's6'), match('r1-m3', 1, 3, 's7', 's2'),
    match('r2-m0', 2, 0, null, null), match('r2-m1', 2, 1, null, null), match('r3-m0', 3, 0, null, null), match('r3-m1', 3, 1, null, null),
  ];
  return base.map((m) => overrides.find((o) => o.id === m.id) ?? m);
};
const hall = pistes(4, { 4: { final: true, name: 'Final' } });
const call = (input: Partial<CallInput>) => callMatches({ matches: t8(), busy: new Set(), pistes: hall, free: new Set(['p1', 'p2', 'p3', 'p4']), ...input });
const calls = (...pairs: [string, string][]): MatchCall[] => pairs.map(([matchId, pisteId]) => ({ matchId, pisteId }));

describe('calling tableau matches to pistes', () => {
  it('calls ready matches in tableau order, skipping one whose fencer fences in another event, keeping the final piste free', () => {
    expect(call({ busy: new Set(['s4']) })).toEqual({ calls: calls(['r1-m0', 'p1'], ['r1-m2', 'p2'], ['r1-m3', 'p3']), held: [] });
  });

  it('uses the final piste only when nothing else is free, and says which ready match waits for a piste', () => {
    expect(call({ free: new Set(['p2', 'p4']) })).toEqual({
      calls: calls(['r1-m0', 'p2'], ['r1-m1', 'p4']),
      held: [{ matchId: 'r1-m2', reason: 'no-free-piste' }, { matchId: 'r1-m3', reason: 'no-free-piste' }] satisfies HeldMatch[],
    });
  });

  it('earlier rounds go before later ones, whatever order the matches come in', () => {
    const matches = [...t8([match('r2-m0', 2, 0, 's1', 's5'), match('r1-m3', 1, 3, 's7', 's2')]).filter((m) => m.round > 1), match('r1-m3', 1, 3, 's7', 's2')];
    expect(call({ matches, free: new Set(['p1']) })).toEqual({ calls: calls(['r1-m3', 'p1']), held: [{ matchId: 'r2-m0', reason: 'no-free-piste' }] });
  });

  it('does not call a match that is done, already called or on piste, or missing a fencer', () => {
    const matches = t8([
      match('r1-m0', 1, 0, 's1', 's8', 'done'), match('r1-m1', 1, 1, 's5', 's4', 'called', 'p1'), match('r1-m2', 1, 2, 's3', 's6', 'on-piste', 'p2'),
      match('r2-m0', 2, 0, 's1', null),
    ]);
    expect(call({ matches, free: new Set(['p3']) })).toEqual({ calls: calls(['r1-m3', 'p3']), held: [] });
  });

  it('a piste held by a called match is not free, even when listed free', () => {
    const matches = t8([match('r1-m0', 1, 0, 's1', 's8', 'called', 'p1')]);
    expect(call({ matches, free: new Set(['p1', 'p2']) }).calls).toEqual(calls(['r1-m1', 'p2']));
  });

  it('an unavailable piste is never called to', () => {
    expect(call({ pistes: pistes(4, { 1: { available: false } }), free: new Set(['p1', 'p2']) }).calls).toEqual(calls(['r1-m0', 'p2']));
  });

  it('no fencer is called twice in one round of calls', () => {
    const matches = [match('x1', 1, 0, 'a', 'b'), match('x2', 1, 1, 'b', 'c'), match('x3', 1, 2, 'd', 'e')];
    expect(call({ matches, pistes: pistes(4) }).calls).toEqual(calls(['x1', 'p1'], ['x3', 'p2']));
  });

  const finalReady = t8([
    ...['r1-m0', 'r1-m1', 'r1-m2', 'r1-m3', 'r2-m0', 'r2-m1'].map((id) => ({ ...t8().find((m) => m.id === id)!, done: true, state: 'done' as const })),
    match('r3-m0', 3, 0, 's1', 's2'), match('r3-m1', 3, 1, 's4', 's3'),
  ]);

  it('the final goes to the final piste, and the bout for 3rd to another', () => {
    expect(call({ matches: finalReady })).toEqual({ calls: calls(['r3-m0', 'p4'], ['r3-m1', 'p1']), held: [] });
  });

  it('the final waits for a busy final piste rather than take another', () => {
    expect(call({ matches: finalReady, free: new Set(['p1', 'p2']) })).toEqual({
      calls: calls(['r3-m1', 'p1']),
      held: [{ matchId: 'r3-m0', reason: 'final-piste-busy' }],
    });
  });

  it('without a final piste (none marked, or the marked one unavailable) the final takes the first free piste', () => {
    expect(call({ matches: finalReady, pistes: pistes(4) }).calls).toEqual(calls(['r3-m0', 'p1'], ['r3-m1', 'p2']));
    const closed = pistes(4, { 4: { final: true, available: false } });
    expect(call({ matches: finalReady, pistes: closed, free: new Set(['p3', 'p4']) }).calls).toEqual(calls(['r3-m0', 'p3']));
  });

  it('refuses malformed tableaux', () => {
    const bad = (matches: TableauMatch[], message: string) => expect(() => call({ matches })).toThrow(new PisteError(message));
    bad([match('m', 1, 0, 'a', 'b'), match('m', 1, 1, 'c', 'd')], 'Two matches share an id');
    bad([match('m', 0, 0, 'a', 'b')], 'Match m has no valid round and position');
    bad([match('m', 1, -1, 'a', 'b')], 'Match m has no valid round and position');
    bad([match('m', 1, 0, 'a', 'a')], 'Match m pairs a fencer with themselves');
    bad(Array.from({ length: MAX_MATCHES + 1 }, (_, i) => match(`m${i}`, 1, i, null, null)), 'A tableau has at most 512 matches');
    expect(() => call({ pistes: pistes(MAX_PISTES + 1) })).toThrow(new PisteError('A day has at most 64 pistes'));
  });
});

describe("a match's call states", () => {
  const run = (events: MatchEvent[], from: MatchState = 'waiting') => events.reduce(nextMatchState, from);

  it('waiting → called → on piste → done', () => {
    expect(nextMatchState('waiting', 'call')).toBe('called');
    expect(nextMatchState('called', 'on-piste')).toBe('on-piste');
    expect(nextMatchState('on-piste', 'done')).toBe('done');
  });

  it('a cancelled call goes back to waiting, from called or on piste, and can be called again', () => {
    expect(run(['call', 'cancel-call'])).toBe('waiting');
    expect(run(['call', 'on-piste', 'cancel-call', 'call'])).toBe('called');
  });

  it('a result ends a match never called (a walkover, o.79.1) or only called', () => {
    expect(nextMatchState('waiting', 'done')).toBe('done');
    expect(nextMatchState('called', 'done')).toBe('done');
  });

  it('refuses going on piste before the call, a second call, cancelling nothing, and anything after done', () => {
    expect(() => nextMatchState('waiting', 'on-piste')).toThrow(new MatchStateError("A match that is waiting cannot take 'on-piste'"));
    expect(() => nextMatchState('called', 'call')).toThrow(MatchStateError);
    expect(() => nextMatchState('on-piste', 'call')).toThrow(MatchStateError);
    expect(() => nextMatchState('on-piste', 'on-piste')).toThrow(MatchStateError);
    expect(() => nextMatchState('waiting', 'cancel-call')).toThrow(MatchStateError);
    for (const event of ['call', 'on-piste', 'done', 'cancel-call'] as const) expect(() => nextMatchState('done', event)).toThrow(new MatchStateError(`A match that is done cannot take '${event}'`));
  });
});
