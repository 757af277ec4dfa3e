import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import { barrageAtCut, barrageOrder, barrageResult, settleByBarrage } from '../../../core/fencing/barrage';
import { combinePoolResults } from '../../../core/fencing/pool-results';
import { finalClassification, resolveTableau } from '../../../core/fencing/tableau';

/** A ranking as rankFencers gives it: equal on every criterion, equal rank. */
const ranking = (ranks: number[]) => ranks.map((rank, i) => ({ id: `f${i + 1}`, name: `F${i + 1}`, rank }));
const bout = (a: string, b: string, score1: number, score2: number) => ({ player1_id: a, player2_id: b, score1, score2, priority_id: null });

describe('a barrage at the cut (issue 58)', () => {
  it('is needed only when the fencers tied at the line are more than the places left there', () => {
    // Top 4 of 1, 2, 3, 3, 3, 6: places 3 and 4 for three tied fencers.
    expect(barrageAtCut(ranking([1, 2, 3, 3, 3, 6]), { kind: 'top', value: 4 })).toEqual({ fencers: [{ id: 'f3', name: 'F3' }, { id: 'f4', name: 'F4' }, { id: 'f5', name: 'F5' }], places: 2 });
    // The line between two ranks: nobody fences.
    expect(barrageAtCut(ranking([1, 2, 3, 3, 5, 6]), { kind: 'top', value: 4 })).toBeNull();
    // Everyone through, or a cut past the field: nothing to settle.
    expect(barrageAtCut(ranking([1, 1, 1]), { kind: 'all' })).toBeNull();
    expect(barrageAtCut(ranking([1, 2, 2]), { kind: 'top', value: 5 })).toBeNull();
    // 50 % of 6 is 3: the 2nd to 4th tied fence for places 2 and 3.
    expect(barrageAtCut(ranking([1, 2, 2, 2, 5, 6]), { kind: 'percent', value: 50 })?.places).toBe(2);
  });

  it('is fenced in the standard order of a pool of its size, by the fencers’ order in the ranking', () => {
    expect(barrageOrder([{ id: 'a' }, { id: 'b' }])).toEqual([['a', 'b']]);
    // A pool of 3 fences 2-3, 1-3, 1-2 (o.69's table).
    expect(barrageOrder([{ id: 'a' }, { id: 'b' }, { id: 'c' }])).toEqual([['b', 'c'], ['a', 'c'], ['a', 'b']]);
    expect(barrageOrder([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }])[0]).toEqual(['a', 'd']);
  });

  it('settles the line by its own ranking once fenced; a barrage tied again lets the tied through (o.73.3)', () => {
    const ranked = ranking([1, 2, 3, 3, 3, 6]);
    const cut = { kind: 'top' as const, value: 4 };
    // Half fenced: nothing changes yet.
    expect(barrageResult(barrageAtCut(ranked, cut)!, [bout('f4', 'f5', 5, 2)]).done).toBe(false);
    expect(settleByBarrage(ranked, cut, [bout('f4', 'f5', 5, 2)])).toEqual(ranked);
    // F5 beats both, F4 beats F3: F5 3rd, F4 4th, F3 5th.
    const fenced = [bout('f4', 'f5', 2, 5), bout('f3', 'f5', 1, 5), bout('f3', 'f4', 3, 5)];
    expect(settleByBarrage(ranked, cut, fenced).map((r) => `${r.id}:${r.rank}`)).toEqual(['f1:1', 'f2:2', 'f5:3', 'f4:4', 'f3:5', 'f6:6']);
    // Each beats one, 5–4 every time: tied again on every criterion, all three share the line.
    const circle = [bout('f4', 'f5', 5, 4), bout('f3', 'f5', 4, 5), bout('f3', 'f4', 5, 4)];
    expect(settleByBarrage(ranked, cut, circle).map((r) => r.rank)).toEqual([1, 2, 3, 3, 3, 6]);
  });

  it('holds the tableau back until fenced, then draws it with the winner, and places the loser after everyone through', () => {
    // One pool of four: Ann beats all; Bob, Cleo and Dan each win one bout 5–4 (tied on every criterion).
    const players = ['ann', 'bob', 'cleo', 'dan'].map((id, i) => ({ id, name: id.toUpperCase(), athlete_id: null, position: i + 1, status: null }));
    const bouts = [
      bout('ann', 'bob', 5, 0), bout('ann', 'cleo', 5, 0), bout('ann', 'dan', 5, 0),
      bout('bob', 'cleo', 5, 4), bout('cleo', 'dan', 5, 4), bout('bob', 'dan', 4, 5),
    ].map((b) => ({ ...b, updated_at: 0, version: 1 }));
    const pools: PoolSnapshot[] = [{ id: 'p', practice_id: 'x', name: 'Pool 1', version: 1, created_at: 0, round: 1, players, bouts }];
    const format = { cut: { kind: 'top' as const, value: 2 }, third_place: 'shared' as const, places_5_8: false, ties: 'barrage' as const };
    const saved = { seeding: null, matches: [], format, did_not_start: [] };
    // Without a barrage the three tied fencers all go through (o.73.3): a tableau of four.
    expect(resolveTableau(pools, { ...saved, format: { ...format, ties: 'all' } }).seeds).toHaveLength(4);
    const waiting = resolveTableau(pools, saved);
    expect(waiting.matches).toEqual([]);
    expect(waiting.barrage).toEqual({ fencers: [{ id: 'bob', name: 'BOB' }, { id: 'cleo', name: 'CLEO' }, { id: 'dan', name: 'DAN' }], places: 1 });
    expect(combinePoolResults(pools, format.cut, []).filter((r) => r.barrage).map((r) => r.id)).toEqual(['bob', 'cleo', 'dan']);
    // While a pool bout is still to fence, nobody is marked for a barrage yet (the tie may still move).
    expect(combinePoolResults([{ ...pools[0]!, bouts: bouts.slice(1) }], format.cut, []).filter((r) => r.barrage)).toEqual([]);
    // Cleo wins both barrage bouts.
    const barrage = [bout('bob', 'cleo', 3, 5), bout('cleo', 'dan', 5, 1), bout('bob', 'dan', 5, 2)].map((b) => ({ ...b, updated_at: 0, version: 1 }));
    const drawn = resolveTableau(pools, { ...saved, barrage });
    expect(drawn.barrage).toBeNull();
    expect(drawn.seeds.map((s) => s.id)).toEqual(['ann', 'cleo']);
    const standings = finalClassification(pools, drawn, { format, did_not_start: [], barrage });
    // The final is not fenced yet; Bob (2nd of the barrage) then Dan are placed 3rd and 4th, after those through.
    expect(standings.map((s) => [s.id, s.place, s.stage])).toEqual([['bob', 3, 'eliminated after pools'], ['dan', 4, 'eliminated after pools']]);
  });
});
