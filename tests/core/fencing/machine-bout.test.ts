import { describe, expect, it } from 'vitest';
import { parseFrame, writeFrame, type CyranoFencer, type CyranoFrame } from '../../../core/cyrano';
import { machineId, machineState } from '../../../core/fencing/machine-bout';
import { boutFormat, boutOutcome, legalState } from '../../../core/fencing/referee';

const ANN = '0b5e6c1a-1111-4a4a-9999-000000000001';
const BOB = '7f00aa12-2222-4b4b-8888-000000000002';
const tableau = boutFormat('tableau', 'foil');

/** An INFO as a machine sends it: the right zone first, then the left. */
function info(general: Partial<CyranoFrame>, right: Partial<CyranoFencer> & { id: string }, left: Partial<CyranoFencer> & { id: string }): CyranoFrame {
  const text = writeFrame('INFO', { piste: '3', ...general }, { right, left });
  const parsed = parseFrame(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.frame;
}

describe('a scoring machine’s INFO as a refereed bout (issue 57)', () => {
  it('knows the fencers by their ids, cut to the machine’s 8 characters', () => {
    expect(machineId(ANN)).toBe('0b5e6c1a');
    expect(machineId('short')).toBe('short');
  });

  it('reads the score, the clock and the period onto the sheet’s sides', () => {
    const f = info({ round: 2, clock: '1:42', state: 'F', priority: 'N' }, { id: machineId(BOB), score: 7 }, { id: machineId(ANN), score: 9, light: true });
    const read = machineState(f, { left: ANN, right: BOB }, tableau, 1_000)!;
    expect(read.state).toMatchObject({ left: 9, right: 7, period: 2, remainingMs: 102_000, running: true, since: 1_000, phase: 'fencing', priority: null, excluded: null });
    expect(read.lights).toEqual({ left: { colour: true, white: false }, right: { colour: false, white: false } });
  });

  it('follows the fencers, not the sides, when the referee swaps them on the piste', () => {
    const f = info({ state: 'H', priority: 'R' }, { id: machineId(ANN), score: 4, yellow: 1 }, { id: machineId(BOB), score: 2 });
    const { state } = machineState(f, { left: ANN, right: BOB }, tableau, 0)!;
    expect(state).toMatchObject({ left: 4, right: 2, running: false, phase: 'priority', priority: 'left' });
    expect(state.cards).toEqual({ left: ['yellow'], right: [] });
  });

  it('is not of this bout when the machine holds another match', () => {
    const f = info({ state: 'H' }, { id: 'someone' }, { id: machineId(ANN) });
    expect(machineState(f, { left: ANN, right: BOB }, tableau, 0)).toBeNull();
  });

  it('reads red cards, a black card, P-cards, and the end of the match as the result to save', () => {
    const carded = info({ state: 'H' }, { id: machineId(BOB), red: 2, pCard: 2 }, { id: machineId(ANN), score: 3, pCard: 2 });
    expect(machineState(carded, { left: ANN, right: BOB }, tableau, 0)!.state).toMatchObject({ cards: { left: [], right: ['red', 'red'] }, pCards: 2, excluded: null });
    const black = info({ state: 'E' }, { id: machineId(BOB), score: 12, status: 'E' }, { id: machineId(ANN), score: 10 });
    const ended = machineState(black, { left: ANN, right: BOB }, tableau, 0)!.state;
    expect(ended).toMatchObject({ phase: 'over', running: false, excluded: 'right', cards: { right: ['black'] } });
    expect(boutOutcome(ended)).toMatchObject({ winner: 'left', left: 10, right: 12 });
    expect(legalState(ended, tableau)).toBe(true);
    const onPriority = info({ state: 'E', priority: 'L' }, { id: machineId(BOB), score: 9 }, { id: machineId(ANN), score: 9 });
    expect(boutOutcome(machineState(onPriority, { left: ANN, right: BOB }, tableau, 0)!.state)).toMatchObject({ winner: 'left', priority: 'left' });
  });

  it('reads a P-black as the bout’s third P-card, and an abandonment apart: both states the room takes', () => {
    const pBlack = info({ state: 'E' }, { id: machineId(BOB), score: 8, pCard: 4, status: 'E' }, { id: machineId(ANN), score: 8, pCard: 4 });
    const read = machineState(pBlack, { left: ANN, right: BOB }, tableau, 0)!;
    expect(read.state).toMatchObject({ pCards: 3, excluded: 'left', cards: { left: [], right: [] } });
    expect(legalState(read.state, tableau)).toBe(true);
    const gaveUp = info({ state: 'E' }, { id: machineId(BOB), score: 3, status: 'A' }, { id: machineId(ANN), score: 6 });
    const abandon = machineState(gaveUp, { left: ANN, right: BOB }, tableau, 0)!;
    expect(abandon.abandoned).toBe('right');
    expect(abandon.state.excluded).toBeNull();
    expect(legalState(abandon.state, tableau)).toBe(true);
  });
});
