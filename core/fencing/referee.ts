/**
 * Refereeing one bout touch by touch (issue 18): the score, the bout clock and its periods, the cards, the
 * non-combativity clock and the extra minute with priority, as the FIE Technical rules (August 2026) set
 * them. Pure: every step takes the state and the time (`now`, milliseconds) and answers the next state; the
 * room object stores it, the referee's phone and every screen draw it.
 *
 * - t.37: the duration of a bout is its effective duration, the time between "Play!" and "Halt!".
 * - t.38 (pools): the bout ends at 5 hits or after 3 minutes. At épée at 4–4 the fencers fence for the
 *   deciding hit and a double hit is not counted (t.38.1.b). Equal at time: one extra minute, the Referee
 *   having drawn lots for who wins if the scores are still equal (t.38.2.b), and the sheet shows the
 *   real score (t.38.2.c).
 * - t.39/t.40 (direct elimination): 15 hits, or three periods of 3 minutes with a minute's rest between
 *   them; at sabre the first period also ends when a fencer reaches 8. Equal at time: the extra minute and
 *   the lots, as in pools (t.40.3).
 * - t.92: at épée, when both are hit, a hit is scored against each (the double hit). Foil and sabre have no
 *   double: the referee gives the hit to one side or none.
 * - t.124 (unwillingness to fight, direct elimination): a minute of fencing without a hit; the first time
 *   both fencers get a P-yellow card, the second time a P-red card (a penalty hit against each), the third
 *   time a P-black card to the fencer with the lower score, or at equal scores to the lower seed, and the
 *   other wins. The minute starts again after every hit and every penalty hit and at each period
 *   (t.124.3.d); no P-card at 14–14 (t.124.3.a); at equal scores when time runs out t.124 gives way to
 *   the extra minute (t.124.3.f). Issue 18 applies it at épée and foil.
 * - t.158–162, t.170 (penalties): a yellow card is a warning for the bout; a further offence, or a red card,
 *   is a penalty hit to the opponent; a black card excludes the fencer (in pools: o.74.3, the fencer is
 *   scratched and their results are annulled).
 */
export type Weapon = 'epee' | 'foil' | 'sabre';
export type Side = 'left' | 'right';
export type BoutKind = 'pool' | 'tableau';
export type Card = 'yellow' | 'red' | 'black';

export const WEAPONS: readonly Weapon[] = ['epee', 'foil', 'sabre'];

const MINUTE = 60_000;

export interface BoutFormat {
  kind: BoutKind;
  weapon: Weapon;
  /** Hits that win the bout: 5 in pools (t.38.1), 15 in the tableau (t.40.1). */
  limit: number;
  /** Fencing time of a period, and how many periods (t.38.2, t.39.1). */
  periodMs: number;
  periods: number;
  /** The rest between periods (t.39.1). */
  breakMs: number;
  /** At sabre the first period also ends at this score (t.39.1); null elsewhere. */
  firstPeriodEndsAt: number | null;
  /** Whether a minute without a hit brings P-cards (t.124: direct elimination; issue 18: épée and foil). */
  nonCombativity: boolean;
}

/** The format of a bout of a pool or of the tableau at a weapon. */
export function boutFormat(kind: BoutKind, weapon: Weapon): BoutFormat {
  if (kind === 'pool') return { kind, weapon, limit: 5, periodMs: 3 * MINUTE, periods: 1, breakMs: 0, firstPeriodEndsAt: null, nonCombativity: false };
  return {
    kind, weapon, limit: 15, periodMs: 3 * MINUTE, periods: 3, breakMs: MINUTE,
    firstPeriodEndsAt: weapon === 'sabre' ? 8 : null,
    nonCombativity: weapon !== 'sabre',
  };
}

/**
 * Where the bout stands. `ready`: before "Play!" or stopped by "Halt!"; `fencing`: the clock runs; `break`:
 * the minute's rest after a period; `priority`: the extra minute (stopped or running, see `running`);
 * `over`: a side reached the limit, time ran out, or a black card ended it.
 */
export type Phase = 'ready' | 'fencing' | 'break' | 'priority' | 'over';

export interface RefereeState {
  format: BoutFormat;
  phase: Phase;
  /** Whether the clock runs (fencing, the extra minute, or counting down the rest). */
  running: boolean;
  left: number;
  right: number;
  /** 1-based. */
  period: number;
  /** What is left of the period, the rest or the extra minute when the clock last stopped (or started). */
  remainingMs: number;
  /** When the clock last started (`now` of that step), while it runs. */
  since: number | null;
  /** Fencing time since the last hit (t.124.3.d), as of `since`. */
  quietMs: number;
  cards: Record<Side, Card[]>;
  /** P-cards given so far, to both fencers at once (t.124): 0 to 3. */
  pCards: number;
  /** Drawn by lots before the extra minute (t.38.2.b, t.40.3): who wins if still equal. */
  priority: Side | null;
  /** The fencer a black card (or a P-black card) put out, whose opponent wins. */
  excluded: Side | null;
}

export function startBout(format: BoutFormat): RefereeState {
  return {
    format, phase: 'ready', running: false, left: 0, right: 0, period: 1, remainingMs: format.periodMs, since: null, quietMs: 0,
    cards: { left: [], right: [] }, pCards: 0, priority: null, excluded: null,
  };
}

export const other = (side: Side): Side => (side === 'left' ? 'right' : 'left');

/** The clock as it reads at `now`: time left and fencing time without a hit. */
export function clockAt(s: RefereeState, now: number): { remainingMs: number; quietMs: number } {
  if (!s.running || s.since === null) return { remainingMs: s.remainingMs, quietMs: s.quietMs };
  const elapsed = Math.max(0, now - s.since);
  return { remainingMs: Math.max(0, s.remainingMs - elapsed), quietMs: s.phase === 'break' ? s.quietMs : s.quietMs + elapsed };
}

/** Stops the clock at `now`, keeping what it read. */
function halt(s: RefereeState, now: number): RefereeState {
  const { remainingMs, quietMs } = clockAt(s, now);
  return { ...s, running: false, since: null, remainingMs, quietMs };
}

/** "Play!" / "Halt!": the big tap. Starting from `ready` fences; in the extra minute it runs its clock. */
export function toggleClock(s: RefereeState, now: number): RefereeState {
  if (s.phase === 'over' || s.phase === 'break') return s;
  if (s.running) return { ...halt(s, now), phase: s.phase === 'fencing' ? 'ready' : s.phase };
  if (s.remainingMs <= 0) return s;
  return { ...s, running: true, since: now, phase: s.phase === 'ready' ? 'fencing' : s.phase };
}

/** Whether a side's hits end the bout, or (sabre) the first period. */
function afterScore(s: RefereeState, now: number): RefereeState {
  const { limit, firstPeriodEndsAt } = s.format;
  if (s.left >= limit || s.right >= limit) return { ...halt(s, now), phase: 'over' };
  // The extra minute: the first hit decides (t.38.2.b, t.40.3).
  if (s.phase === 'priority' && s.left !== s.right) return { ...halt(s, now), phase: 'over' };
  if (firstPeriodEndsAt !== null && s.period === 1 && (s.left >= firstPeriodEndsAt || s.right >= firstPeriodEndsAt)) return startBreak(s, now);
  return s;
}

/** A hit for one side: the referee's +1. The bout stops ("Halt!") and the non-combativity minute restarts. */
export function touch(s: RefereeState, side: Side, now: number): RefereeState {
  if (s.phase === 'over' || s.phase === 'break') return s;
  const stopped = halt(s, now);
  const scored = { ...stopped, [side]: stopped[side] + 1, quietMs: 0, phase: s.phase === 'priority' ? 'priority' : 'ready' } as RefereeState;
  return afterScore(scored, now);
}

/**
 * A double hit at épée (t.92): a hit against each. When both stand one hit from the limit (4–4 in a pool,
 * 14–14 in the tableau) it is not counted and they fence on for the deciding hit (t.38.1.b).
 */
export function doubleTouch(s: RefereeState, now: number): RefereeState {
  if (s.format.weapon !== 'epee' || s.phase === 'over' || s.phase === 'break') return s;
  const stopped = halt(s, now);
  const last = s.format.limit - 1;
  if (s.left === last && s.right === last) return { ...stopped, quietMs: 0, phase: s.phase === 'priority' ? 'priority' : 'ready' };
  // In the extra minute a double leaves the scores equal: fencing goes on.
  return afterScore({ ...stopped, left: stopped.left + 1, right: stopped.right + 1, quietMs: 0, phase: s.phase === 'priority' ? 'priority' : 'ready' }, now);
}

/**
 * A card to one fencer (t.158–162). Yellow warns; a second yellow is a red; a red gives the opponent a
 * penalty hit (which may end the bout); black excludes the fencer and ends the bout.
 */
export function giveCard(s: RefereeState, side: Side, card: Card, now: number): RefereeState {
  if (s.phase === 'over') return s;
  const given: Card = card === 'yellow' && s.cards[side].includes('yellow') ? 'red' : card;
  const stopped: RefereeState = { ...halt(s, now), cards: { ...s.cards, [side]: [...s.cards[side], given] }, phase: s.phase === 'fencing' ? 'ready' : s.phase };
  if (given === 'black') return { ...stopped, excluded: side, phase: 'over' };
  if (given === 'yellow') return stopped;
  const opponent = other(side);
  return afterScore({ ...stopped, [opponent]: stopped[opponent] + 1, quietMs: 0 } as RefereeState, now);
}

/** What the rules constrain in a state, the clock aside: the part a phone's state must get right. */
export type ScoreSheet = Pick<RefereeState, 'phase' | 'running' | 'left' | 'right' | 'period' | 'cards' | 'pCards' | 'priority' | 'excluded'>;

const SIDES: readonly Side[] = ['left', 'right'];
const counted = (cards: readonly Card[], card: Card) => cards.filter((c) => c === card).length;

/**
 * Whether a state can stand by the rules (t.158–162, t.124): at most one yellow card per fencer (a second
 * is a red); every red card, and the P-red, gave the opponent a hit; at most one black card in the bout, the
 * fencer's last, with that fencer excluded; the P-black excludes too; a bout at its limit or with a fencer
 * excluded is over, and an ended bout's clock stands still.
 */
export function legalState(s: ScoreSheet, format: BoutFormat): boolean {
  if (counted(s.cards.left, 'black') + counted(s.cards.right, 'black') > 1) return false;
  for (const side of SIDES) {
    const cards = s.cards[side];
    if (counted(cards, 'yellow') > 1 || counted(cards, 'red') + (s.pCards >= 2 ? 1 : 0) > s[other(side)]) return false;
    if (cards.includes('black') && (cards.at(-1) !== 'black' || s.excluded !== side)) return false;
  }
  if ((s.pCards === 3) !== (s.excluded !== null && !s.cards[s.excluded].includes('black'))) return false;
  const ended = s.excluded !== null || s.left >= format.limit || s.right >= format.limit;
  return (!ended || s.phase === 'over') && !(s.phase === 'over' && s.running);
}

/**
 * Whether `b` can follow `a` in one step (the clock aside): nothing follows an ended bout (a black card ends
 * it); otherwise one hit, a double at épée, one card (a yellow only as the fencer's first, a red with the
 * opponent's hit, a black excluding), one P-card (t.124), or the clock alone (a period on, priority drawn).
 */
export function legalStep(a: ScoreSheet, b: ScoreSheet, format: BoutFormat): boolean {
  if (a.phase === 'over' || b.period < a.period || b.period > a.period + 1) return false;
  if (b.priority !== a.priority && (a.priority !== null || b.phase !== 'priority')) return false;
  const added: { side: Side; card: Card }[] = [];
  for (const side of SIDES) {
    const before = a.cards[side];
    const after = b.cards[side];
    if (after.length < before.length || before.some((c, i) => after[i] !== c)) return false;
    for (const card of after.slice(before.length)) added.push({ side, card });
  }
  const pCard = b.pCards - a.pCards;
  if (added.length > 1 || pCard < 0 || pCard > 1 || (added.length === 1 && pCard === 1)) return false;
  const hits = (left: number, right: number) => b.left - a.left === left && b.right - a.right === right;
  const card = added[0];
  if (card) {
    if (card.card === 'black') return hits(0, 0) && b.excluded === card.side;
    if (b.excluded !== null) return false;
    if (card.card === 'yellow') return hits(0, 0) && !a.cards[card.side].includes('yellow');
    return card.side === 'left' ? hits(0, 1) : hits(1, 0);
  }
  if (pCard === 1) {
    const last = format.limit - 1;
    if (!format.nonCombativity || (a.left === last && a.right === last)) return false;
    if (b.pCards === 3) return hits(0, 0) && b.excluded !== null && (a.left === a.right || b.excluded === (a.left < a.right ? 'left' : 'right'));
    return b.excluded === null && (b.pCards === 2 ? hits(1, 1) : hits(0, 0));
  }
  return b.excluded === null && (hits(0, 0) || hits(1, 0) || hits(0, 1) || (format.weapon === 'epee' && hits(1, 1)));
}

/** Whether a minute without a hit calls for a P-card now (t.124): the referee halts and gives it. */
export function nonCombativityDue(s: RefereeState, now: number): boolean {
  if (!s.format.nonCombativity || s.phase !== 'fencing' || s.pCards >= 3) return false;
  const last = s.format.limit - 1;
  if (s.left === last && s.right === last) return false; // t.124.3.a: none at 14–14
  return clockAt(s, now).quietMs >= MINUTE;
}

/**
 * The next P-card to both fencers (t.124.1): P-yellow, then P-red (a penalty hit against each), then
 * P-black to the lower score, or at equal scores to the lower seed (`lowerSeed`), whose opponent wins.
 */
export function givePCard(s: RefereeState, lowerSeed: Side, now: number): RefereeState {
  if (!s.format.nonCombativity || s.phase === 'over' || s.pCards >= 3) return s;
  const last = s.format.limit - 1;
  if (s.left === last && s.right === last) return s;
  const stopped = { ...halt(s, now), pCards: s.pCards + 1, quietMs: 0, phase: 'ready' as const };
  if (stopped.pCards === 1) return stopped;
  if (stopped.pCards === 2) return afterScore({ ...stopped, left: stopped.left + 1, right: stopped.right + 1 }, now);
  const out: Side = s.left === s.right ? lowerSeed : s.left < s.right ? 'left' : 'right';
  return { ...stopped, excluded: out, phase: 'over' };
}

function startBreak(s: RefereeState, now: number): RefereeState {
  return { ...halt(s, now), phase: 'break', running: true, since: now, remainingMs: s.format.breakMs, quietMs: 0 };
}

/**
 * What the clock reaching zero does (the view calls it when `clockAt` reads 0): the end of a period starts
 * the rest; the end of the rest starts the next period (stopped, for "Play!"); the end of regulation time
 * ends the bout, or at equal scores starts the extra minute with priority drawn (`draw`: a fair coin,
 * injected so the rule stays pure); the end of the extra minute gives the bout to the priority.
 */
export function timeUp(s: RefereeState, now: number, draw: () => Side): RefereeState {
  const { remainingMs } = clockAt(s, now);
  if (remainingMs > 0 || s.phase === 'over') return s;
  if (s.phase === 'break') return { ...s, phase: 'ready', running: false, since: null, period: s.period + 1, remainingMs: s.format.periodMs, quietMs: 0 };
  if (s.phase === 'priority') return { ...halt(s, now), phase: 'over' };
  if (s.period < s.format.periods) return startBreak(s, now);
  if (s.left !== s.right) return { ...halt(s, now), phase: 'over' };
  return { ...halt(s, now), phase: 'priority', remainingMs: MINUTE, quietMs: 0, priority: draw() };
}

/** The result to save when the bout is over: the real score (t.38.2.c), and the winner on priority if equal. */
export function boutOutcome(s: RefereeState): { left: number; right: number; winner: Side | null; priority: Side | null; excluded: Side | null } | null {
  if (s.phase !== 'over') return null;
  if (s.excluded) return { left: s.left, right: s.right, winner: other(s.excluded), priority: null, excluded: s.excluded };
  if (s.left !== s.right) return { left: s.left, right: s.right, winner: s.left > s.right ? 'left' : 'right', priority: null, excluded: null };
  return { left: s.left, right: s.right, winner: s.priority, priority: s.priority, excluded: null };
}

/** A bout being refereed with what it was before each step, so the referee can undo the last one. */
export interface Refereeing {
  state: RefereeState;
  /** Earlier states, the latest last (at most `UNDO_DEPTH`). */
  past: RefereeState[];
}

export const UNDO_DEPTH = 50;

/** Applies a step, remembering the state before it (a step that changes nothing is not remembered). */
export function step(r: Refereeing, next: RefereeState): Refereeing {
  if (next === r.state) return r;
  return { state: next, past: [...r.past, r.state].slice(-UNDO_DEPTH) };
}

/**
 * Undoes the last step: the score, cards, P-cards and phase as they were, the clock stopped. Time fenced
 * since is real, so within the same period the clock keeps its current reading; a step that changed the
 * period (or started the extra minute) is undone to that period's clock as the step found it.
 */
export function undo(r: Refereeing, now: number): Refereeing {
  const previous = r.past.at(-1);
  if (!previous) return r;
  const samePeriod = previous.period === r.state.period && (previous.phase === 'priority') === (r.state.phase === 'priority') && r.state.phase !== 'break';
  const clock = samePeriod ? clockAt(r.state, now) : { remainingMs: previous.remainingMs, quietMs: previous.quietMs };
  const phase = previous.phase === 'fencing' ? 'ready' : previous.phase;
  return { state: { ...previous, ...clock, phase, running: phase === 'break' && previous.running, since: phase === 'break' ? previous.since : null }, past: r.past.slice(0, -1) };
}
