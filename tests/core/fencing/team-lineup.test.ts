import { describe, expect, it } from 'vitest';
import type { LineupSubstitution, TeamLineup } from '../../../core/contracts/team-tableau';
import { matchFencerTotals, relayFencers, relaysOfPlace, sideOfPlace, substitutionError, sumFencerTotals } from '../../../core/fencing/team-lineup';
import type { TeamRelayRow } from '../../../core/fencing/team-tableau';

const f = (id: string) => ({ id, name: id.toUpperCase() });

/** Blue (team A: places 4–6) against Red (team B: places 1–3), each with a reserve. */
function lineup(subs: LineupSubstitution[] = []): TeamLineup {
  return {
    round: 1, position: 0, team_a: 'blue', drawn: true, version: 1, subs,
    a: { members: [], fencers: [f('a4'), f('a5'), f('a6')], reserve: f('ar') },
    b: { members: [], fencers: [f('b1'), f('b2'), f('b3')], reserve: f('br') },
  };
}

const names = (l: TeamLineup) => relayFencers(l).map((r) => `${r.a?.id ?? '-'} v ${r.b?.id ?? '-'}`);

describe('the relay order with the captains’ order (o.99.3–4)', () => {
  it('puts each place on its three relays in the fixed order 6-3, 5-1, 4-2, 6-1, 4-3, 5-2, 4-1, 6-2, 5-3', () => {
    expect(names(lineup())).toEqual(['a6 v b3', 'a5 v b1', 'a4 v b2', 'a6 v b1', 'a4 v b3', 'a5 v b2', 'a4 v b1', 'a6 v b2', 'a5 v b3']);
    expect(relaysOfPlace(4)).toEqual([3, 5, 7]);
    expect(relaysOfPlace(1)).toEqual([2, 4, 7]);
    expect(relaysOfPlace(6)).toEqual([1, 4, 8]);
    expect([1, 2, 3, 4, 5, 6].map(sideOfPlace)).toEqual(['B', 'B', 'B', 'A', 'A', 'A']);
  });

  it('leaves a side without its order unnamed', () => {
    const l = { ...lineup(), b: { members: [], fencers: [], reserve: null } };
    expect(relayFencers(l).map((r) => r.b)).toEqual(Array(9).fill(null));
  });
});

describe('the relay order with a reserve (o.99.5)', () => {
  it('the reserve fences every relay of the place from the relay it came in', () => {
    // Red's reserve replaces fencer 1 from relay 4 (after relay 2, fencer 1's first): relays 4 and 7 are the reserve's.
    const rows = relayFencers(lineup([{ place: 1, relay: 4, injury: false }]));
    expect(names(lineup([{ place: 1, relay: 4, injury: false }]))).toEqual(['a6 v b3', 'a5 v b1', 'a4 v b2', 'a6 v br', 'a4 v b3', 'a5 v b2', 'a4 v br', 'a6 v b2', 'a5 v b3']);
    expect(rows[3]!.b).toMatchObject({ id: 'br', name: 'BR', reserve: true, injury: false });
    expect(rows[1]!.b).toMatchObject({ id: 'b1', reserve: false });
  });

  it('the replaced fencer comes back once, in the reserve’s place', () => {
    const subs = [{ place: 5, relay: 6, injury: false }, { place: 5, relay: 9, injury: false }];
    expect(names(lineup(subs))).toEqual(['a6 v b3', 'a5 v b1', 'a4 v b2', 'a6 v b1', 'a4 v b3', 'ar v b2', 'a4 v b1', 'a6 v b2', 'a5 v b3']);
    expect(substitutionError(subs, { A: true, B: true })).toBeNull();
  });

  it('an injury’s reserve takes over the relay in progress, and it is marked so', () => {
    const rows = relayFencers(lineup([{ place: 3, relay: 5, injury: true }]));
    expect(rows[4]!.b).toMatchObject({ id: 'br', reserve: true, injury: true });
    expect(rows[8]!.b).toMatchObject({ id: 'br', reserve: true, injury: false });
    expect(rows[0]!.b).toMatchObject({ id: 'b3', reserve: false });
  });

  it('refuses what o.99.5–6 forbid, with a code', () => {
    const ok = { A: true, B: true };
    expect(substitutionError([{ place: 1, relay: 3, injury: false }], ok)).toBe('substitution_relay');
    expect(substitutionError([{ place: 1, relay: 4, injury: false }], { A: true, B: false })).toBe('substitution_no_reserve');
    // A second change of the side at another place: the reserve would come in twice.
    expect(substitutionError([{ place: 1, relay: 2, injury: false }, { place: 2, relay: 6, injury: false }], ok)).toBe('substitution_once');
    expect(substitutionError([{ place: 1, relay: 2, injury: false }, { place: 1, relay: 4, injury: false }, { place: 1, relay: 7, injury: false }], ok)).toBe('substitution_once');
    expect(substitutionError([{ place: 1, relay: 4, injury: false }, { place: 1, relay: 4, injury: false }], ok)).toBe('substitution_once');
    expect(substitutionError([{ place: 4, relay: 3, injury: true }, { place: 4, relay: 7, injury: false }], ok)).toBe('substitution_after_injury');
    // Each side may use its own reserve in the same match.
    expect(substitutionError([{ place: 4, relay: 5, injury: false }, { place: 2, relay: 6, injury: true }], ok)).toBeNull();
  });
});

describe('what each fencer really fenced', () => {
  /** A sheet from per-relay touches [A, B]. */
  const sheet = (touches: [number, number][]): TeamRelayRow[] => touches.map(([a, b], i) => ({ match_number: i + 1, score_a: a, score_b: b }));

  it('credits each counted relay to the fencer on the piste, the reserve’s to the reserve', () => {
    // Blue reaches 45 in relay 9; Red's reserve fenced relays 4 and 7 in fencer 1's place.
    const rows = sheet([[5, 3], [5, 4], [5, 5], [5, 3], [5, 4], [5, 5], [5, 3], [5, 4], [5, 2]]);
    const totals = matchFencerTotals(lineup([{ place: 1, relay: 4, injury: false }]), 'red', rows);
    const of = (id: string) => totals.find((t) => t.id === id);
    expect(of('br')).toEqual({ id: 'br', name: 'BR', team: 'red', relays: 2, scored: 6, received: 10 });
    expect(of('b1')).toEqual({ id: 'b1', name: 'B1', team: 'red', relays: 1, scored: 4, received: 5 });
    expect(of('a4')).toEqual({ id: 'a4', name: 'A4', team: 'blue', relays: 3, scored: 15, received: 12 });
    expect(of('ar')).toBeUndefined();
    expect(totals.reduce((s, t) => s + t.relays, 0)).toBe(18);
  });

  it('counts only the relays that count: up to 45, or up to the first relay not entered', () => {
    // Blue reaches 45 in relay 8 (a 20-touch relay); relay 9 typed by mistake is not fenced by anyone.
    const over = sheet([[5, 0], [5, 0], [5, 0], [5, 0], [5, 0], [5, 0], [5, 0], [10, 0], [3, 3]]);
    const totals = matchFencerTotals(lineup(), 'red', over);
    expect(totals.reduce((s, t) => s + t.relays, 0)).toBe(16);
    expect(totals.find((t) => t.id === 'a5')).toMatchObject({ relays: 2, scored: 10, received: 0 });
    // Relays 1–2 entered, 3 not, 4 entered: only the first two count.
    const gap: TeamRelayRow[] = [...sheet([[5, 2], [3, 5]]), { match_number: 3, score_a: null, score_b: null }, { match_number: 4, score_a: 2, score_b: 2 }];
    expect(matchFencerTotals(lineup(), 'red', gap).map((t) => `${t.id}:${t.relays}`).sort()).toEqual(['a5:1', 'a6:1', 'b1:1', 'b3:1']);
  });

  it('sums a team’s matches per fencer, most relays first', () => {
    const one = [{ id: 'x', name: 'Xavier', team: 't', relays: 3, scored: 12, received: 9 }, { id: 'r', name: 'Reserve', team: 't', relays: 1, scored: 3, received: 5 }];
    const two = [{ id: 'r', name: 'Reserve', team: 't', relays: 3, scored: 15, received: 10 }, { id: 'x', name: 'Xavier', team: 't', relays: 2, scored: 6, received: 10 }];
    expect(sumFencerTotals([one, two])).toEqual([
      { id: 'r', name: 'Reserve', team: 't', relays: 4, scored: 18, received: 15 },
      { id: 'x', name: 'Xavier', team: 't', relays: 5, scored: 18, received: 19 },
    ].reverse());
  });
});
