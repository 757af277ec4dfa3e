// The direct-elimination tableau (FENCING.md: placement, byes, the bouts for places): building it from the
// seeding, routing winners and losers, applying and undoing a score. One file because routing, walkovers and
// the score's effect on later rounds are one rule: each step reads the others.
import type { BoutCards } from './bout-cards';

/** A stored tableau match (SPEC §3 bracket_matches). */
export interface SavedBracketMatch {
  round: number;
  position: number;
  player1_id: string | null;
  player2_id: string | null;
  player1_score: number | null;
  player2_score: number | null;
  winner_id: string | null;
  /**
   * Moves on with every change to this match (its score, or a fencer or result reaching it from an earlier
   * round); 0 while nothing is stored. A score is written against the version its writer saw.
   */
  version: number;
  /** The referee's cards (issue 29), present only when the match was refereed and a card was given. */
  cards?: BoutCards;
}

/** A fencer entering the tableau: their seed is their place in the ranking after the pools (1 = best, unique). */
export interface Seed {
  id: string;
  name: string;
  seed: number;
}

/** One tableau match, as stored plus its id. Rounds count from 1 (the first round) to the final; positions from 0, top down. */
export interface BracketMatch extends SavedBracketMatch {
  id: string;
}

export const matchId = (round: number, position: number) => `r${round}-m${position}`;

/** SPEC §4: the bracket size is the fencer count rounded up to a power of two (at least 2). */
export function bracketSize(count: number): number {
  let size = 2;
  while (size < count) size *= 2;
  return size;
}

export const roundCount = (size: number) => Math.log2(size);

/**
 * FENCING.md placement, top to bottom: the final is 1 v 2, and doubling a table from n to 2n replaces
 * each seed s by the pair (s, 2n+1−s), the seed keeping its side (top of the pair on even places,
 * bottom on odd). So seeds 1 and 2 can meet only in the final, and byes go to the top seeds.
 */
export function seedingOrder(size: number): number[] {
  let order = [1, 2];
  for (let n = 2; n < size; n *= 2) {
    order = order.flatMap((s, i) => (i % 2 === 0 ? [s, 2 * n + 1 - s] : [2 * n + 1 - s, s]));
  }
  return order;
}

/** SPEC §9 maximum bracket score: 15 for individual practices, 45 for team practices. */
export function bracketMaxScore(practiceType: 'individual' | 'team'): number {
  return practiceType === 'team' ? 45 : 15;
}

const emptyMatch = (round: number, position: number): BracketMatch => ({
  id: matchId(round, position), round, position, player1_id: null, player2_id: null, player1_score: null, player2_score: null, winner_id: null, version: 0,
});

/** Where the winner of a match goes: even positions fill player1 of floor(position/2), odd player2 (SPEC §4). */
export function nextSlot(match: { round: number; position: number }) {
  return { round: match.round + 1, position: Math.floor(match.position / 2), slot: match.position % 2 === 0 ? ('player1_id' as const) : ('player2_id' as const) };
}

/**
 * Places fenced out (issue 14), chosen per practice: the FIE places both semi-final losers equal third
 * (o.82.2, o.88, o.94) unless a bout for third place separates them (o.82.3); a practice may also have the
 * quarter-final losers fence for places 5–8 (a small table: two classification semi-finals, then a bout for
 * 5th and one for 7th; the FIE fences such tables in team events, o.98.3). Everyone else keeps the place of
 * the round they lost in (o.82.4).
 */
export interface Places {
  third_place: 'shared' | 'bout';
  places_5_8: boolean;
}

export const SHARED_PLACES: Places = { third_place: 'shared', places_5_8: false };

/**
 * Where the classification matches sit, beside the main table's matches (whose positions in a round run
 * from 0 to 2^(rounds − round) − 1): the bout for 3rd in the final's round at position 1; the 5–8 semi-finals
 * in the semi-finals' round at positions 2 and 3; the bouts for 5th and 7th in the final's round at 2 and 3.
 */
export const classificationMatches = (rounds: number, places: Places): { round: number; position: number }[] => [
  ...(places.third_place === 'bout' && rounds >= 2 ? [{ round: rounds, position: 1 }] : []),
  ...(places.places_5_8 && rounds >= 3
    ? [{ round: rounds - 1, position: 2 }, { round: rounds - 1, position: 3 }, { round: rounds, position: 2 }, { round: rounds, position: 3 }]
    : []),
];

/** The number of rounds of a tableau, from its first round (which holds main-table matches only). */
export const roundsOf = (matches: readonly { round: number }[]) => (matches.length === 0 ? 0 : roundCount(matches.filter((m) => m.round === 1).length * 2));

/** A match of the main table (not a bout for places). */
export const isMainMatch = (m: { round: number; position: number }, rounds: number) => m.position < 2 ** (rounds - m.round);

type Slot = { round: number; position: number; slot: 'player1_id' | 'player2_id' };
const side = (position: number) => (position % 2 === 0 ? ('player1_id' as const) : ('player2_id' as const));

/**
 * Where a match sends its winner and its loser: winners of the main table move on (SPEC §4); the
 * semi-final losers go to the bout for 3rd, the quarter-final losers to the 5–8 semi-finals, whose winners
 * fence for 5th and losers for 7th. A destination counts only if the tableau has that match.
 */
export function routesOf(m: { round: number; position: number }, rounds: number): { winner: Slot | null; loser: Slot | null } {
  if (isMainMatch(m, rounds)) {
    const winner = m.round < rounds ? nextSlot(m) : null;
    const loser =
      m.round === rounds - 1 ? { round: rounds, position: 1, slot: side(m.position) }
      : m.round === rounds - 2 ? { round: rounds - 1, position: 2 + Math.floor(m.position / 2), slot: side(m.position) }
      : null;
    return { winner, loser };
  }
  if (m.round === rounds - 1) return { winner: { round: rounds, position: 2, slot: side(m.position) }, loser: { round: rounds, position: 3, slot: side(m.position) } };
  return { winner: null, loser: null };
}

/**
 * Which slots of the tableau can ever hold a fencer. A first-round slot is empty for good when it is a bye;
 * a later slot when the match feeding it cannot supply a fencer for it (a winner needs one possible fencer,
 * a loser two). A match with a single possible fencer is a walkover: that fencer wins it on arrival.
 */
function liveSlots(matches: readonly BracketMatch[], rounds: number): Map<string, { player1_id: boolean; player2_id: boolean }> {
  const fedBy = new Map<string, { from: BracketMatch; as: 'winner' | 'loser' }>();
  for (const m of matches) {
    const r = routesOf(m, rounds);
    if (r.winner) fedBy.set(`${matchId(r.winner.round, r.winner.position)}:${r.winner.slot}`, { from: m, as: 'winner' });
    if (r.loser) fedBy.set(`${matchId(r.loser.round, r.loser.position)}:${r.loser.slot}`, { from: m, as: 'loser' });
  }
  const live = new Map<string, { player1_id: boolean; player2_id: boolean }>();
  const count = (m: BracketMatch) => {
    const l = live.get(m.id)!;
    return Number(l.player1_id) + Number(l.player2_id);
  };
  const ordered = [...matches].sort((a, b) => a.round - b.round || a.position - b.position);
  for (const m of ordered) {
    const slot = (k: 'player1_id' | 'player2_id') => {
      if (m.round === 1) return m[k] !== null;
      const feeder = fedBy.get(`${m.id}:${k}`);
      if (!feeder) return false;
      return feeder.as === 'winner' ? count(feeder.from) >= 1 : count(feeder.from) === 2;
    };
    live.set(m.id, { player1_id: slot('player1_id'), player2_id: slot('player2_id') });
  }
  return live;
}

/**
 * For the screens, by match id: which slots can ever hold a fencer. A slot that cannot is a bye or a
 * walkover's missing side; a match with neither (a bout for 7th when too few fencers lost a quarter-final)
 * is never fenced.
 */
export const possibleSlots = (matches: readonly BracketMatch[]) => liveSlots(matches, roundsOf(matches));

/** The fencer who wins a match by walkover (its only possible fencer, once there), or null. */
function walkover(m: BracketMatch, live: { player1_id: boolean; player2_id: boolean } | undefined): string | null {
  if (!live || m.winner_id !== null || live.player1_id === live.player2_id) return null;
  return live.player1_id ? m.player1_id : m.player2_id;
}

/**
 * SPEC §4 Bracket building: every round's matches, the first round paired by placement, and the bouts for
 * places the practice fences; a missing seed is a bye, and the present fencer wins it and moves on at once.
 */
export function buildBracket(seeds: Seed[], places: Places = SHARED_PLACES): BracketMatch[] {
  if (seeds.length < 2) return [];
  const size = bracketSize(seeds.length);
  const rounds = roundCount(size);
  const bySeed = new Map(seeds.map((s) => [s.seed, s]));
  const matches: BracketMatch[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (let position = 0; position < size / 2 ** round; position++) matches.push(emptyMatch(round, position));
  }
  for (const c of classificationMatches(rounds, places)) matches.push(emptyMatch(c.round, c.position));
  const order = seedingOrder(size);
  const first = matches.filter((m) => m.round === 1);
  for (const m of first) {
    m.player1_id = bySeed.get(order[2 * m.position]!)?.id ?? null;
    m.player2_id = bySeed.get(order[2 * m.position + 1]!)?.id ?? null;
  }
  let state = matches;
  const live = liveSlots(matches, rounds);
  for (const m of first) {
    const lone = walkover(m, live.get(m.id));
    if (lone) state = setWinner(state, m.round, m.position, lone, null, null, { rounds, live });
  }
  return state;
}

const find = (matches: BracketMatch[], round: number, position: number) => matches.find((m) => m.round === round && m.position === position);

/** SPEC §4: saved matches override the generated ones, match by match. */
export function mergeSaved(generated: BracketMatch[], saved: SavedBracketMatch[]): BracketMatch[] {
  const byKey = new Map(saved.map((s) => [matchId(s.round, s.position), s]));
  return generated.map((m) => {
    const s = byKey.get(m.id);
    return s ? { ...m, ...s, id: m.id } : m;
  });
}

/**
 * Empties the slots a match's winner and loser had filled, and everything those had reached, round after
 * round (SPEC §4: the next match's scores and winner are always cleared).
 */
function clearDownstream(matches: BracketMatch[], from: BracketMatch, rounds: number): BracketMatch[] {
  let state = matches;
  const { winner, loser } = routesOf(from, rounds);
  for (const to of [winner, loser]) {
    if (!to) continue;
    const next = find(state, to.round, to.position);
    if (!next) continue;
    const cleared: BracketMatch = { ...next, [to.slot]: null, player1_score: null, player2_score: null, winner_id: null };
    state = state.map((m) => (m.id === next.id ? cleared : m));
    // Only a decided match had sent anyone further.
    if (next.winner_id) state = clearDownstream(state, cleared, rounds);
  }
  return state;
}

/**
 * What a tableau's shape settles once: its rounds and which slots can ever hold a fencer. Round 1's fencers and
 * byes decide both, and no score changes round 1's fencers, so one reading serves every step of a score
 * (a 512-fencer tableau's walk through them was most of a score's time).
 */
interface Shape {
  rounds: number;
  live: ReturnType<typeof liveSlots>;
}

function setWinner(matches: BracketMatch[], round: number, position: number, winner: string | null, s1: number | null, s2: number | null, known?: Shape): BracketMatch[] {
  const rounds = known?.rounds ?? roundsOf(matches);
  const match = find(matches, round, position)!;
  const updated: BracketMatch = { ...match, player1_score: s1, player2_score: s2, winner_id: winner };
  let state = clearDownstream(matches.map((m) => (m.id === match.id ? updated : m)), match, rounds);
  if (winner === null) return state;
  const loser = winner === match.player1_id ? match.player2_id : match.player1_id;
  const { winner: up, loser: down } = routesOf(match, rounds);
  const arrivals: [Slot, string][] = [];
  if (up && find(state, up.round, up.position)) arrivals.push([up, winner]);
  if (down && loser && find(state, down.round, down.position)) arrivals.push([down, loser]);
  for (const [to, id] of arrivals) state = state.map((m) => (m.round === to.round && m.position === to.position ? { ...m, [to.slot]: id } : m));
  // A fencer who reaches a match nobody else can reach wins it at once (a walkover), and moves on.
  const shape = arrivals.length ? (known ?? { rounds, live: liveSlots(state, rounds) }) : null;
  for (const [to] of arrivals) {
    const m = find(state, to.round, to.position)!;
    const lone = walkover(m, shape!.live.get(m.id));
    if (lone) state = setWinner(state, m.round, m.position, lone, null, null, shape!);
  }
  return state;
}

export interface ScoreEntry {
  round: number;
  position: number;
  player1_score: number;
  player2_score: number;
  /** At equal scores, the fencer who won on priority (FENCING.md t.40); otherwise ignored. */
  priority_id?: string | null;
}

/**
 * SPEC §4 Entering a bracket score: the higher score wins; equal scores mean no winner unless a priority
 * winner is named; negative scores are ignored (the bracket is returned unchanged). The winner moves on,
 * the next match's scores and winner are cleared, and a changed winner clears every later slot it reached.
 */
export function applyScore(matches: BracketMatch[], entry: ScoreEntry): BracketMatch[] {
  const match = find(matches, entry.round, entry.position);
  if (!match || match.player1_id === null || match.player2_id === null) return matches;
  const { player1_score: s1, player2_score: s2 } = entry;
  if (s1 < 0 || s2 < 0 || !Number.isInteger(s1) || !Number.isInteger(s2)) return matches;
  let winner: string | null = s1 > s2 ? match.player1_id : s2 > s1 ? match.player2_id : null;
  if (winner === null && entry.priority_id && [match.player1_id, match.player2_id].includes(entry.priority_id)) winner = entry.priority_id;
  return setWinner(matches, match.round, match.position, winner, s1, s2);
}

/** The matches whose content differs between two states of one bracket: what a save must write. */
export function changedMatches(before: BracketMatch[], after: BracketMatch[]): BracketMatch[] {
  const old = new Map(before.map((m) => [m.id, m]));
  return after.filter((m) => {
    const o = old.get(m.id);
    return !o || o.player1_id !== m.player1_id || o.player2_id !== m.player2_id || o.player1_score !== m.player1_score || o.player2_score !== m.player2_score || o.winner_id !== m.winner_id;
  });
}

const RESULT = ['player1_score', 'player2_score', 'winner_id'] as const;
const SLOTS = ['player1_id', 'player2_id'] as const;
type Column = (typeof RESULT)[number] | (typeof SLOTS)[number];

/** One match a score changes: which match, the columns it sets, and the values those depend on. */
export interface MatchChange {
  round: number;
  position: number;
  /** The new values of the columns that change. */
  set: Partial<Record<Column, string | number | null>>;
  /**
   * What the match must still hold for the change to be right: its result, and the fencer slots the change
   * replaces. The other slot is left out, so scores of two matches feeding the same next match never
   * conflict (each fills its own slot).
   */
  expect: Partial<Record<Column, string | number | null>>;
}

/**
 * A score and everything it changes (DESIGN: versions belong to the match): the target match, and the later
 * matches its winner reaches or leaves, each with the columns it sets and what it expects to find there.
 * Every changed match's version moves on by one, as the server moves it, so a screen that shows a score
 * before the server has it offers the next score against the right version. Null when the score does not
 * apply (a match without both fencers, or a bad score).
 */
export function scoreMatch(matches: BracketMatch[], entry: ScoreEntry): { matches: BracketMatch[]; target: MatchChange; later: MatchChange[] } | null {
  const match = find(matches, entry.round, entry.position);
  const next = applyScore(matches, entry);
  if (!match || next === matches) return null;
  const changed = new Set(changedMatches(matches, next).map((m) => m.id));
  changed.add(match.id);
  const old = new Map(matches.map((m) => [m.id, m]));
  const changes = next
    .filter((m) => changed.has(m.id))
    .map((m): MatchChange => {
      const before = old.get(m.id)!;
      const moved = [...SLOTS, ...RESULT].filter((k) => before[k] !== m[k]);
      const set = Object.fromEntries((m.id === match.id ? RESULT : moved).map((k) => [k, m[k]]));
      const expect = Object.fromEntries([...RESULT, ...SLOTS.filter((k) => moved.includes(k))].map((k) => [k, before[k]]));
      return { round: m.round, position: m.position, set, expect };
    });
  return {
    matches: next.map((m) => (changed.has(m.id) ? { ...m, version: m.version + 1 } : m)),
    target: changes.find((c) => c.round === match.round && c.position === match.position)!,
    later: changes.filter((c) => c.round !== match.round || c.position !== match.position),
  };
}

/** The title of a bout for places (see `classificationMatches`). */
export function placesTitle(m: { round: number; position: number }, rounds: number): string {
  if (m.round === rounds - 1) return 'Places 5–8: semi-final';
  return m.position === 1 ? 'Bout for 3rd place' : m.position === 2 ? 'Bout for 5th place' : 'Bout for 7th place';
}

/** SPEC §2: a round's column title. */
export function roundTitle(round: number, rounds: number): string {
  const fromFinal = rounds - round;
  return fromFinal === 0 ? 'Final' : fromFinal === 1 ? 'Semi-finals' : fromFinal === 2 ? 'Quarter-finals' : `Round ${round}`;
}
