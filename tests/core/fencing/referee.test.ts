import { describe, expect, it } from 'vitest';
import {
  boutFormat, boutOutcome, clockAt, doubleTouch, giveCard, givePCard, legalState, legalStep, nonCombativityDue, startBout, step, timeUp, toggleClock, touch, undo,
  type Card, type RefereeState, type Side,
} from '../../../core/fencing/referee';

const S = 1000;
const MIN = 60 * S;
const never = (): Side => {
  throw new Error('no draw expected');
};
/** Hits in order, at one second apart, from a running clock. */
function hits(s: RefereeState, sides: Side[], from = 0): RefereeState {
  let t = from;
  for (const side of sides) {
    s = toggleClock(s, t);
    t += S;
    s = touch(s, side, t);
  }
  return s;
}

describe('the bout clock (t.37, t.38, t.39)', () => {
  it('counts only the time between Play and Halt', () => {
    let s = startBout(boutFormat('pool', 'foil'));
    expect(clockAt(s, 0).remainingMs).toBe(3 * MIN);
    s = toggleClock(s, 0);
    expect(s.phase).toBe('fencing');
    expect(clockAt(s, 10 * S).remainingMs).toBe(3 * MIN - 10 * S);
    s = toggleClock(s, 10 * S);
    expect(s.phase).toBe('ready');
    expect(clockAt(s, 99 * S).remainingMs).toBe(3 * MIN - 10 * S);
    s = toggleClock(s, 100 * S);
    expect(clockAt(s, 105 * S).remainingMs).toBe(3 * MIN - 15 * S);
  });

  it('ends a pool bout at time with the real score when one side leads (t.38.2.a)', () => {
    let s = hits(startBout(boutFormat('pool', 'foil')), ['left', 'left', 'right']);
    s = toggleClock(s, 10 * S);
    s = timeUp(s, 10 * S + 3 * MIN, never);
    expect(s.phase).toBe('over');
    expect(boutOutcome(s)).toEqual({ left: 2, right: 1, winner: 'left', priority: null, excluded: null });
  });

  it('runs three periods of 3 minutes with a minute of rest in the tableau (t.39.1)', () => {
    let s = toggleClock(startBout(boutFormat('tableau', 'foil')), 0);
    s = timeUp(s, 3 * MIN, never);
    expect([s.phase, s.period, clockAt(s, 3 * MIN + 20 * S).remainingMs]).toEqual(['break', 1, 40 * S]);
    expect(toggleClock(s, 3 * MIN + 30 * S)).toBe(s); // no Play during the rest
    s = timeUp(s, 4 * MIN, never);
    expect([s.phase, s.period, s.remainingMs, s.running]).toEqual(['ready', 2, 3 * MIN, false]);
    s = hits(s, ['left'], 4 * MIN);
    s = toggleClock(s, 5 * MIN);
    s = timeUp(s, 8 * MIN, never);
    s = timeUp(s, 9 * MIN, never);
    s = toggleClock(s, 9 * MIN);
    s = timeUp(s, 12 * MIN, never);
    expect(boutOutcome(s)).toEqual({ left: 1, right: 0, winner: 'left', priority: null, excluded: null });
  });

  it('ends the first period at sabre when a fencer reaches 8 (t.39.1)', () => {
    const s = hits(startBout(boutFormat('tableau', 'sabre')), Array<Side>(8).fill('right'));
    expect([s.phase, s.period, s.right]).toEqual(['break', 1, 8]);
    // Not at foil.
    expect(hits(startBout(boutFormat('tableau', 'foil')), Array<Side>(8).fill('right')).phase).toBe('ready');
  });
});

describe('the score and its limit', () => {
  it('ends at 5 in pools and 15 in the tableau', () => {
    const pool = hits(startBout(boutFormat('pool', 'sabre')), ['left', 'right', 'left', 'left', 'right', 'left', 'left']);
    expect(boutOutcome(pool)).toEqual({ left: 5, right: 2, winner: 'left', priority: null, excluded: null });
    expect(touch(pool, 'right', 99 * S)).toBe(pool); // over: nothing more counts
    const tableau = hits(startBout(boutFormat('tableau', 'epee')), Array<Side>(15).fill('right'));
    expect(boutOutcome(tableau)?.right).toBe(15);
  });

  it('scores a double at épée for both (t.92), but not at 4–4 (t.38.1.b); foil and sabre have none', () => {
    let s = hits(startBout(boutFormat('pool', 'epee')), ['left', 'left', 'left']);
    s = doubleTouch(toggleClock(s, 0), S);
    expect([s.left, s.right]).toEqual([4, 1]);
    s = hits(s, ['right', 'right', 'right'], 10 * S);
    expect([s.left, s.right]).toEqual([4, 4]);
    s = doubleTouch(toggleClock(s, 20 * S), 21 * S);
    expect([s.left, s.right, s.phase]).toEqual([4, 4, 'ready']);
    // One hit from the limit against three: the double gives 5–4.
    let t = hits(startBout(boutFormat('pool', 'epee')), ['left', 'left', 'left', 'left', 'right', 'right', 'right']);
    t = doubleTouch(t, 30 * S);
    expect(boutOutcome(t)).toEqual({ left: 5, right: 4, winner: 'left', priority: null, excluded: null });
    const foil = startBout(boutFormat('pool', 'foil'));
    expect(doubleTouch(foil, 0)).toBe(foil);
  });
});

describe('equal at time: the extra minute with priority (t.38.2.b, t.40.3)', () => {
  it('draws priority before the minute; the first hit decides', () => {
    let s = hits(startBout(boutFormat('pool', 'foil')), ['left', 'right']);
    s = toggleClock(s, 10 * S);
    s = timeUp(s, 10 * S + 3 * MIN, () => 'right');
    expect([s.phase, s.priority, s.remainingMs]).toEqual(['priority', 'right', MIN]);
    s = toggleClock(s, 4 * MIN);
    s = touch(s, 'left', 4 * MIN + 20 * S);
    expect(boutOutcome(s)).toEqual({ left: 2, right: 1, winner: 'left', priority: null, excluded: null });
  });

  it('gives the bout to the priority when the minute passes without a hit, at the real score (t.38.2.c)', () => {
    let s = hits(startBout(boutFormat('tableau', 'epee')), ['left', 'right']);
    for (let period = 0; period < 3; period++) {
      s = toggleClock(s, period * 4 * MIN + 10 * S);
      s = timeUp(s, period * 4 * MIN + 10 * S + 3 * MIN, () => 'left');
      if (period < 2) s = timeUp(s, period * 4 * MIN + 10 * S + 4 * MIN, never);
    }
    expect([s.phase, s.priority]).toEqual(['priority', 'left']);
    // A double in the minute leaves the scores equal: fencing goes on.
    s = doubleTouch(toggleClock(s, 20 * MIN), 20 * MIN + S);
    expect([s.phase, s.left, s.right]).toEqual(['priority', 2, 2]);
    s = toggleClock(s, 21 * MIN);
    s = timeUp(s, 22 * MIN, never);
    expect(boutOutcome(s)).toEqual({ left: 2, right: 2, winner: 'left', priority: 'left', excluded: null });
  });
});

describe('cards (t.158–162, t.170)', () => {
  it('warns with a yellow; a second yellow or a red gives the opponent a hit, which may end the bout', () => {
    let s = hits(startBout(boutFormat('pool', 'foil')), ['right', 'right', 'right', 'right']);
    s = giveCard(s, 'left', 'yellow', 10 * S);
    expect([s.cards.left, s.right]).toEqual([['yellow'], 4]);
    s = giveCard(s, 'left', 'yellow', 11 * S);
    expect(s.cards.left).toEqual(['yellow', 'red']);
    expect(boutOutcome(s)).toEqual({ left: 0, right: 5, winner: 'right', priority: null, excluded: null });
  });

  it('excludes with a black card: the opponent wins (o.74.3 in pools)', () => {
    const s = giveCard(hits(startBout(boutFormat('pool', 'sabre')), ['left', 'left']), 'left', 'black', 5 * S);
    expect(boutOutcome(s)).toEqual({ left: 2, right: 0, winner: 'right', priority: null, excluded: 'left' });
  });
});

describe('unwillingness to fight (t.124)', () => {
  const quietMinute = (s: RefereeState, from: number) => toggleClock(s, from);

  it('is due after a minute of fencing without a hit, in the tableau at épée and foil only', () => {
    let s = quietMinute(startBout(boutFormat('tableau', 'foil')), 0);
    expect(nonCombativityDue(s, 59 * S)).toBe(false);
    expect(nonCombativityDue(s, MIN)).toBe(true);
    // A hit starts the minute again (t.124.3.d).
    s = touch(s, 'left', 50 * S);
    s = toggleClock(s, 60 * S);
    expect(nonCombativityDue(s, 100 * S)).toBe(false);
    expect(nonCombativityDue(quietMinute(startBout(boutFormat('tableau', 'sabre')), 0), 2 * MIN)).toBe(false);
    expect(nonCombativityDue(quietMinute(startBout(boutFormat('pool', 'epee')), 0), 2 * MIN)).toBe(false);
  });

  it('gives P-yellow, then P-red (a hit against each), then P-black to the lower score', () => {
    let s = hits(startBout(boutFormat('tableau', 'epee')), ['left', 'left', 'right']);
    s = givePCard(s, 'right', MIN);
    expect([s.pCards, s.left, s.right]).toEqual([1, 2, 1]);
    s = givePCard(s, 'right', 2 * MIN);
    expect([s.pCards, s.left, s.right]).toEqual([2, 3, 2]);
    s = givePCard(s, 'left', 3 * MIN);
    expect(boutOutcome(s)).toEqual({ left: 3, right: 2, winner: 'left', priority: null, excluded: 'right' });
  });

  it('at equal scores gives the P-black to the lower seed; never at 14–14', () => {
    let s = givePCard(givePCard(givePCard(startBout(boutFormat('tableau', 'foil')), 'left', MIN), 'left', 2 * MIN), 'left', 3 * MIN);
    expect(boutOutcome(s)?.winner).toBe('right');
    s = hits(startBout(boutFormat('tableau', 'foil')), [...Array<Side>(14).fill('left'), ...Array<Side>(14).fill('right')]);
    expect(givePCard(s, 'left', 99 * MIN)).toBe(s);
    expect(nonCombativityDue(toggleClock(s, 0), 2 * MIN)).toBe(false);
  });
});

describe('undo', () => {
  it('takes back the last hit and keeps the time already fenced', () => {
    let r = { state: toggleClock(startBout(boutFormat('pool', 'foil')), 0), past: [] as RefereeState[] };
    r = step(r, touch(r.state, 'left', 20 * S));
    r = step(r, toggleClock(r.state, 30 * S));
    r = step(r, touch(r.state, 'right', 40 * S));
    expect([r.state.left, r.state.right]).toEqual([1, 1]);
    r = undo(r, 45 * S);
    expect([r.state.left, r.state.right, r.state.running]).toEqual([1, 0, false]);
    expect(r.state.remainingMs).toBe(3 * MIN - 30 * S);
    r = undo(undo(r, 46 * S), 46 * S);
    expect([r.state.left, r.state.right, r.past.length]).toEqual([0, 0, 0]);
    expect(undo(r, 50 * S)).toBe(r);
  });
});

describe('what the room takes from a phone: states and steps the rules allow (issue 25)', () => {
  const pool = boutFormat('pool', 'foil');
  const tableau = boutFormat('tableau', 'epee');
  const twoOne = hits(startBout(pool), ['left', 'left', 'right']);
  const black = giveCard(twoOne, 'right', 'black', 10 * S);

  it('a state: one yellow a fencer (a second is a red), a hit for every red, one black card that ends the bout', () => {
    expect(legalState(twoOne, pool)).toBe(true);
    expect(legalState(black, pool)).toBe(true);
    expect(legalState(giveCard(giveCard(twoOne, 'left', 'yellow', 0), 'left', 'yellow', 0), pool)).toBe(true);
    expect(legalState({ ...twoOne, cards: { left: ['yellow', 'yellow'], right: [] } }, pool)).toBe(false);
    // Twenty black cards, or two, or a black card the bout goes on after.
    expect(legalState({ ...black, cards: { left: [], right: Array<Card>(20).fill('black') } }, pool)).toBe(false);
    expect(legalState({ ...black, cards: { left: ['black'], right: ['black'] } }, pool)).toBe(false);
    expect(legalState({ ...black, phase: 'ready' }, pool)).toBe(false);
    expect(legalState({ ...black, cards: { left: [], right: ['black', 'yellow'] } }, pool)).toBe(false);
    expect(legalState({ ...black, running: true }, pool)).toBe(false);
    // A red card without the opponent's hit, a bout at 5 still running, a P-black nobody was given.
    expect(legalState({ ...twoOne, cards: { left: [], right: ['red', 'red', 'red'] } }, pool)).toBe(false);
    expect(legalState({ ...twoOne, left: 5 }, pool)).toBe(false);
    expect(legalState({ ...startBout(tableau), pCards: 3 }, tableau)).toBe(false);
  });

  it('a step: nothing after a black card, not a hit, a card or the clock', () => {
    for (const after of [{ ...black, left: 3 }, { ...black, cards: { left: ['yellow' as Card], right: black.cards.right } }, { ...black, phase: 'ready' as const }, black]) {
      expect(legalStep(black, after, pool)).toBe(false);
    }
    // A black card is no hit; one step is one hit (a double only at épée), one card.
    expect(legalStep(twoOne, { ...black, left: 3 }, pool)).toBe(false);
    expect(legalStep(twoOne, { ...twoOne, left: 4 }, pool)).toBe(false);
    expect(legalStep(twoOne, { ...twoOne, left: 3, right: 2 }, pool)).toBe(false);
    expect(legalStep(twoOne, { ...twoOne, cards: { left: ['yellow'], right: ['yellow'] } }, pool)).toBe(false);
    const warned = giveCard(twoOne, 'left', 'yellow', 0);
    expect(legalStep(warned, { ...warned, cards: { left: ['yellow', 'yellow'], right: [] } }, pool)).toBe(false);
    expect(legalStep(warned, { ...warned, cards: { left: ['yellow', 'red'], right: [] } }, pool)).toBe(false);
    expect(legalStep(twoOne, { ...twoOne, pCards: 1 }, pool)).toBe(false);
    // Cards given stay given.
    expect(legalStep(warned, twoOne, pool)).toBe(false);
  });

  it('every step the rules make is one the room takes', () => {
    const mid = hits(startBout(tableau), ['left', 'right', 'right']);
    const warned = giveCard(mid, 'left', 'yellow', 0);
    const pYellow = givePCard(mid, 'right', 0);
    const pRed = givePCard(pYellow, 'right', 0);
    const pairs: [RefereeState, RefereeState][] = [
      [mid, toggleClock(mid, 0)], [mid, touch(mid, 'left', 0)], [mid, doubleTouch(mid, 0)], [mid, pYellow], [pYellow, pRed], [pRed, givePCard(pRed, 'right', 0)],
      ...(['left', 'right'] as Side[]).flatMap((side) => (['yellow', 'red', 'black'] as Card[]).map((card): [RefereeState, RefereeState] => [mid, giveCard(mid, side, card, 0)])),
      [warned, giveCard(warned, 'left', 'yellow', 0)],
      [toggleClock(mid, 0), timeUp(toggleClock(mid, 0), 3 * MIN, never)],
    ];
    for (const [from, to] of pairs) {
      expect(to).not.toBe(from);
      expect(legalState(to, tableau)).toBe(true);
      expect(legalStep(from, to, tableau)).toBe(true);
    }
  });
});
