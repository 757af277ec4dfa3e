import { describe, expect, it } from 'vitest';
import { boutOrder, type BoutPair } from '../../../core/fencing/bout-order';
import { boutFormat, clockAt, doubleTouch, giveCard, givePCard, startBout, step, timeUp, toggleClock, touch, undo, UNDO_DEPTH, WEAPONS, type Card, type RefereeState, type Refereeing, type Side } from '../../../core/fencing/referee';
import { dutyKey, suggestReferees } from '../../../core/fencing/referee-duty';
import { fitsFormat, followsRules, REFEREE_SEQ_WINDOW, seqOrder, lowerSeed, refereeKey, shiftClock, targetFromParam, targetParam, type LiveBout } from '../../../core/refereeing';
import { poolScores } from '../../../core/live-cells';
import { refereeUpdateSchema } from '../../../core/validation';
import { seeded } from '../../helpers/random';

const duty = (count: number, opts: { done?: BoutPair[]; out?: number[]; chosen?: [string, number][] } = {}) => {
  const order = boutOrder(count);
  const done = new Set((opts.done ?? []).map(dutyKey));
  return { order, refs: suggestReferees({ count, order, out: new Set(opts.out ?? []), done: (p) => done.has(dutyKey(p)), chosen: new Map(opts.chosen ?? []) }) };
};

describe('who referees next (issue 18)', () => {
  const count = (refs: Map<string, number>, n: number) => [...refs.values()].filter((r) => r === n).length;

  it('from 6 fencers on: never someone fencing the bout or on deck, and the duty spread evenly', () => {
    for (const size of [6, 7, 8, 9, 10, 12, 14]) {
      const { order, refs } = duty(size);
      expect(refs.size).toBe(order.length);
      order.forEach((pair, i) => {
        const referee = refs.get(dutyKey(pair))!;
        expect(pair).not.toContain(referee);
        if (order[i + 1]) expect(order[i + 1]).not.toContain(referee);
      });
      const counts = Array.from({ length: size }, (_, k) => count(refs, k + 1));
      // Within one of each other (two in a pool of 9, whose standard order leaves the greedy choice short).
      expect(Math.max(...counts) - Math.min(...counts), `pool of ${size}`).toBeLessThanOrEqual(size === 9 ? 2 : 1);
    }
    // Pool of 6 (1-2 4-3 6-5 …): 1-2 with 4-3 on deck leaves 5 and 6; 5 is the lower number.
    expect(duty(6).refs.get('1-2')).toBe(5);
  });

  it('a pool of 5: two bouts each, someone on deck only when evenness needs it', () => {
    const { order, refs } = duty(5);
    expect([1, 2, 3, 4, 5].map((n) => count(refs, n))).toEqual([2, 2, 2, 2, 2]);
    for (const pair of order) expect(pair).not.toContain(refs.get(dutyKey(pair)));
    // The first bout (1-2, 3-4 on deck): 5 is the only one free of both.
    expect(refs.get('1-2')).toBe(5);
  });

  it('skips fenced bouts, never names a scratched fencer, and keeps the coach’s choice (counted as a duty)', () => {
    const order = boutOrder(6);
    const { refs } = duty(6, { done: order.slice(0, 3), out: [6], chosen: [[dutyKey(order[3]!), 1]] });
    expect(refs.has(dutyKey(order[0]!))).toBe(false);
    expect(refs.get(dutyKey(order[3]!))).toBe(1);
    expect([...refs.values()]).not.toContain(6);
    const counts = [1, 2, 3, 4, 5].map((n) => count(refs, n));
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('a pool of 3 has nobody off two bouts running: the one not fencing referees', () => {
    const { order, refs } = duty(3);
    for (const pair of order) expect(refs.get(dutyKey(pair))).toBe(6 - pair[0] - pair[1]);
  });
});

describe('the wire of a live bout', () => {
  const target = { kind: 'pool' as const, pool_id: 'p1', a: 'b-id', b: 'a-id' };

  it('names a bout once whichever side each fencer stands, and round-trips it through a link', () => {
    expect(refereeKey(target)).toBe(refereeKey({ ...target, a: 'a-id', b: 'b-id' }));
    expect(targetFromParam(targetParam(target))).toEqual(target);
    expect(targetFromParam(targetParam({ kind: 'tableau', round: 2, position: 0 }))).toEqual({ kind: 'tableau', round: 2, position: 0 });
    for (const bad of [null, '', 'pool.p1.a', 'pool.p1.a.a', 'tableau.0.1', 'tableau.1.-1', 'tableau.x.1', 'team.1.2']) expect(targetFromParam(bad)).toBeNull();
  });

  it('moves clock readings between a phone’s clock and the room’s, and leaves a stopped clock alone', () => {
    const running = { ...startBout(boutFormat('pool', 'foil')), running: true, since: 1_000, phase: 'fencing' as const };
    const r = step({ state: startBout(boutFormat('pool', 'foil')), past: [] }, running);
    const moved = shiftClock(r, 50_000);
    expect(moved.state.since).toBe(51_000);
    expect(moved.past[0]!.since).toBeNull();
  });

  it('refuses a state that cannot belong to the bout: 6 touches in a pool, a P-card at sabre, a period 2 in a pool', () => {
    const { format: _f, ...pool } = startBout(boutFormat('pool', 'epee'));
    expect(fitsFormat(pool, boutFormat('pool', 'epee'))).toBe(true);
    expect(fitsFormat({ ...pool, left: 6 }, boutFormat('pool', 'epee'))).toBe(false);
    expect(fitsFormat({ ...pool, left: 15 }, boutFormat('tableau', 'epee'))).toBe(true);
    expect(fitsFormat({ ...pool, period: 2 }, boutFormat('pool', 'epee'))).toBe(false);
    expect(fitsFormat({ ...pool, pCards: 1 }, boutFormat('tableau', 'sabre'))).toBe(false);
    expect(fitsFormat({ ...pool, pCards: 1 }, boutFormat('tableau', 'foil'))).toBe(true);
    const body = { target, view: 'view-12345', seq: 1, sent_at: 1, state: pool, past: [] };
    expect(refereeUpdateSchema.safeParse(body).success).toBe(true);
    expect(refereeUpdateSchema.safeParse({ ...body, state: { ...pool, left: -1 } }).success).toBe(false);
    expect(refereeUpdateSchema.safeParse({ ...body, past: Array(51).fill(pool) }).success).toBe(false);
  });

  it('gives a pool grid each running score from the row fencer’s side, and the lower seed for t.124', () => {
    const state = touch(startBout(boutFormat('pool', 'epee')), 'left', 0);
    const bout = { key: 'k', target, left: { id: 'b-id', name: 'B' }, right: { id: 'a-id', name: 'A' }, referee: 'R', state, now: 0 } satisfies LiveBout;
    expect(poolScores([bout], 'p1')).toEqual(new Map([['b-id>a-id', '1–0'], ['a-id>b-id', '0–1']]));
    expect(poolScores([bout], 'other').size).toBe(0);
    expect(lowerSeed({ left: { id: 'x', name: 'X', seed: 3 }, right: { id: 'y', name: 'Y', seed: 14 } })).toBe('right');
    expect(lowerSeed({ left: { id: 'x', name: 'X', seed: 9 }, right: { id: 'y', name: 'Y', seed: 8 } })).toBe('left');
  });
});

describe('what a referee view may send (issue 25)', () => {
  const format = boutFormat('pool', 'epee');
  const strip = ({ format: _f, ...rest }: RefereeState) => rest;
  const sent = (r: Refereeing) => ({ state: strip(r.state), past: r.past.map(strip) });
  const fresh = (): Refereeing => ({ state: startBout(format), past: [] });
  const play = (r: Refereeing, ...rules: ((s: RefereeState) => RefereeState)[]) => rules.reduce((x, rule) => step(x, rule(x.state)), r);

  it('step numbers: the next few after the room’s; older ones are stale, far ones refused', () => {
    expect(REFEREE_SEQ_WINDOW).toBe(8);
    expect(seqOrder(1, 2)).toBe('next');
    expect(seqOrder(1, 1 + REFEREE_SEQ_WINDOW)).toBe('next');
    expect(seqOrder(1, 2 + REFEREE_SEQ_WINDOW)).toBe('ahead');
    expect(seqOrder(1, 1_000_000)).toBe('ahead');
    expect(seqOrder(3, 3)).toBe('stale');
    expect(seqOrder(3, 1)).toBe('stale');
  });

  it('refuses a touch after a black card, however the history is told, and twenty black cards', () => {
    const held = play(fresh(), (s) => touch(s, 'left', 0), (s) => giveCard(s, 'right', 'black', 0));
    expect(followsRules(sent(held), format)).toBe(true);
    // The touch after the black card, or the black card's state with the touch folded in.
    const more = { ...held.state, left: 2 };
    expect(followsRules(sent(step(held, more)), format)).toBe(false);
    expect(followsRules(sent(step(held, { ...held.state, running: true })), format)).toBe(false);
    expect(followsRules({ state: strip(more), past: held.past.map(strip) }, format)).toBe(false);
    expect(followsRules({ state: { ...strip(held.state), cards: { left: [], right: Array<Card>(20).fill('black') } }, past: held.past.map(strip) }, format)).toBe(false);
    // Undoing the black card (a referee's mistake) is no step after it: the bout goes on.
    const undone = play(undo(held, 0), (s) => touch(s, 'left', 0));
    expect(followsRules(sent(undone), format)).toBe(true);
  });

  it('takes whatever a phone running the rules sends: every touch, card, P-card, clock step and undo, long bouts included', () => {
    const seen = { fullHistory: 0, black: 0, pBlack: 0, priority: 0 };
    for (let seed = 1; seed <= 200; seed++) {
      const random = seeded(seed);
      const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
      const f = boutFormat(pick(['pool', 'tableau'] as const), pick(WEAPONS));
      let r: Refereeing = { state: startBout(f), past: [] };
      let now = 0;
      for (let i = 0; i < 400; i++) {
        now += Math.floor(random() * 5_000);
        const side: Side = pick(['left', 'right']);
        const roll = random();
        if (r.state.phase === 'over') r = random() < 0.5 ? undo(r, now) : { state: startBout(f), past: [] };
        else if (roll < 0.3) r = step(r, toggleClock(r.state, now));
        else if (roll < 0.55) r = step(r, touch(r.state, side, now));
        else if (roll < 0.6) r = step(r, doubleTouch(r.state, now));
        else if (roll < 0.68) r = step(r, giveCard(r.state, side, pick(['yellow', 'yellow', 'red', 'black'] as Card[]), now));
        else if (roll < 0.73) r = step(r, givePCard(r.state, side, now));
        else if (roll < 0.85 && r.state.running) r = step(r, timeUp(r.state, now + clockAt(r.state, now).remainingMs, () => side));
        else r = undo(r, now);
        // Offline steps travel together as the latest state and its history: the room checks the same thing.
        const ok = [r.state, ...r.past].every((s) => fitsFormat(strip(s), f)) && followsRules(sent(r), f);
        expect(ok, `seed ${seed}, step ${i}`).toBe(true);
        if (r.past.length === UNDO_DEPTH) seen.fullHistory++;
        if (r.state.excluded) seen[r.state.pCards === 3 ? 'pBlack' : 'black']++;
        if (r.state.phase === 'priority') seen.priority++;
      }
    }
    // The walk reached what matters: histories past the undo depth, both exclusions, the extra minute.
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  }, 30_000); // 200 generated bouts replayed step by step: about 2 s alone, more on a busy 2-core machine (not a speed check)
});
