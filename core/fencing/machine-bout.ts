import type { CyranoFencer, CyranoFrame } from '../cyrano';
import { parseClock } from '../cyrano';
import type { BoutFormat, Card, RefereeState, Side } from './referee';

/**
 * A scoring machine's INFO as a refereed bout (issue 57): the machine's zones matched to the bout's fencers by
 * id, never by name or side (a referee who swaps sides swaps the zones), and its score, cards, P-cards, clock,
 * priority and state read as the state a referee's phone would send.
 */

/** The id a machine knows a fencer by: at most 8 characters (EFP1.1), the first of the fencer's own id. */
export const machineId = (id: string) => id.replace(/-/g, '').slice(0, 8);

/** Each side's lights as the machine shows them: the coloured (a valid hit) and the white (off target). */
export type MachineLights = Record<Side, { colour: boolean; white: boolean }>;

/** A machine P-card (0 none, 1 yellow, 2 one red, 3 two red, 4 one black, 5 two black) as the bout's count (t.124: 0–3). */
const P_CARDS = [0, 1, 2, 2, 3, 3] as const;

/** A fencer's cards: the yellow, each red, and the black of an exclusion (a P-black is the bout's P-card, not a card). */
function cardsOf(f: CyranoFencer): Card[] {
  const cards: Card[] = f.yellow ? ['yellow'] : [];
  for (let i = 0; i < f.red; i++) cards.push('red');
  if (f.status === 'E' && f.pCard < 4) cards.push('black');
  return cards;
}

/**
 * The bout's state as a machine's INFO tells it, for the bout between `left` and `right` (the fencers' ids as
 * the sheet places them), or null when the frame is not of that bout (another match loaded, no fencers). A
 * fencer who abandoned (status A) is told apart (`abandoned`): the bout's state has no such end, and its
 * result is the opponent's win with the score as it stands.
 */
export function machineState(
  frame: CyranoFrame,
  bout: { left: string; right: string },
  format: BoutFormat,
  now: number,
): { state: RefereeState; lights: MachineLights; abandoned: Side | null } | null {
  const { right: r, left: l } = frame;
  if (!r || !l) return null;
  const [leftId, rightId] = [machineId(bout.left), machineId(bout.right)];
  // The machine's left zone is the sheet's left fencer, unless the referee swapped sides.
  const swapped = l.id === rightId && r.id === leftId;
  if (!swapped && !(l.id === leftId && r.id === rightId)) return null;
  const zone: Record<Side, CyranoFencer> = swapped ? { left: r, right: l } : { left: l, right: r };
  const sideOfMachine = (s: 'L' | 'R'): Side => ((s === 'L') !== swapped ? 'left' : 'right');
  const sides = ['left', 'right'] as const;
  const excludedBy = sides.find((s) => zone[s].status === 'E' || zone[s].pCard >= 4) ?? null;
  const abandoned = sides.find((s) => zone[s].status === 'A') ?? null;
  const priority = frame.priority === 'L' || frame.priority === 'R' ? sideOfMachine(frame.priority) : null;
  const running = frame.state === 'F';
  const phase: RefereeState['phase'] =
    frame.state === 'E' ? 'over' : frame.state === 'P' ? 'break' : priority ? 'priority' : running ? 'fencing' : 'ready';
  const state: RefereeState = {
    format,
    phase,
    running: running && phase !== 'over',
    left: zone.left.score,
    right: zone.right.score,
    period: Math.min(Math.max(frame.round ?? 1, 1), format.periods),
    remainingMs: Math.min(parseClock(frame.clock) ?? format.periodMs, Math.max(format.periodMs, format.breakMs, 60_000)),
    since: running && phase !== 'over' ? now : null,
    quietMs: 0,
    cards: { left: cardsOf(zone.left), right: cardsOf(zone.right) },
    pCards: Math.max(P_CARDS[zone.left.pCard] ?? 0, P_CARDS[zone.right.pCard] ?? 0),
    priority,
    excluded: excludedBy,
  };
  const lights: MachineLights = { left: { colour: zone.left.light, white: zone.left.white }, right: { colour: zone.right.light, white: zone.right.white } };
  return { state, lights, abandoned };
}
