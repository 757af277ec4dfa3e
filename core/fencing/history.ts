import { hasCards, readCards, type SideCards } from './bout-cards';
import { boutVictories, type Bout } from './bout-result';
import { isMainMatch, placesTitle, roundCount, roundTitle } from './bracket';
import { stageLabel } from './final-positions';
import { computeRatings, type RatingPoint } from './rating';

/**
 * A fencer's progress across practices (issue 16), derived from the stored bouts only: linking an entry
 * to a roster athlete changes what is derived, never a stored number. Pool bouts and tableau matches of the
 * coach's practices, each once; a bout annulled by a withdrawal or exclusion (o.74) counts for nobody, an
 * unfenced tableau match or a walkover is not a bout.
 */

export interface BoutSide {
  /** The pool entry (players.id); tableau matches name the same entries. */
  entry: string;
  athlete_id: string | null;
  name: string;
  score: number;
  /** The cards the referee gave this side (issue 29), only when the bout kept some. */
  cards?: SideCards;
}

/** Where and when a bout was fenced: what a coach's bout and an athlete's side of it share. */
export interface BoutContext {
  date: string;
  practice_id: string;
  practice: string;
  /** Order within a date: when the score was saved. */
  seq: number;
  kind: 'pool' | 'tableau';
  /** The pool's name, or the tableau round ("Tableau: Semi-finals", "Tableau: Bout for 3rd place"). */
  phase: string;
  /** Tableau only: the round, the number of rounds, and whether the bout is in the main table. */
  round: number | null;
  rounds: number | null;
  main: boolean;
}

export interface CoachBout extends BoutContext {
  a: BoutSide;
  b: BoutSide;
  aWon: boolean;
}

/** A stored pool bout as the history query reads it (with both entries, their links and statuses). */
export interface PoolBoutRow extends Bout {
  date: string; practice_id: string; practice: string; pool: string; updated_at: number;
  name1: string; name2: string; athlete1: string | null; athlete2: string | null; status1: string | null; status2: string | null;
  /** The stored cards (issue 29): JSON, or null; absent reads none. */
  cards?: string | null;
}

/** A fenced tableau match as the history query reads it; `first_round` counts the first round's matches. */
export interface TableauMatchRow {
  date: string; practice_id: string; practice: string; updated_at: number; round: number; position: number; first_round: number;
  player1_id: string; player2_id: string; player1_score: number; player2_score: number; winner_id: string;
  name1: string; name2: string; athlete1: string | null; athlete2: string | null;
  cards?: string | null;
}

/** A bout's two sides with the cards its stored result kept (issue 29), each side's own. */
function sidesOf(stored: string | null | undefined, a: BoutSide, b: BoutSide): { a: BoutSide; b: BoutSide } {
  const cards = readCards(stored);
  if (!cards) return { a, b };
  const of = (side: BoutSide, own: SideCards) => (hasCards(own) ? { ...side, cards: own } : side);
  return { a: of(a, { cards: cards.player1, pCards: cards.p_cards }), b: of(b, { cards: cards.player2, pCards: cards.p_cards }) };
}

/** The coach's bouts from the rows of the two history reads (annulled pool bouts left out). */
export function coachBouts(pool: readonly PoolBoutRow[], tableau: readonly TableauMatchRow[]): CoachBout[] {
  const out: CoachBout[] = [];
  for (const b of pool) {
    if (b.status1 || b.status2) continue;
    out.push({
      date: b.date, practice_id: b.practice_id, practice: b.practice, seq: b.updated_at, kind: 'pool', phase: b.pool, round: null, rounds: null, main: false,
      ...sidesOf(b.cards, { entry: b.player1_id, athlete_id: b.athlete1, name: b.name1, score: b.score1 }, { entry: b.player2_id, athlete_id: b.athlete2, name: b.name2, score: b.score2 }),
      aWon: boutVictories(b).player1,
    });
  }
  for (const m of tableau) {
    const rounds = roundCount(m.first_round * 2);
    const main = isMainMatch(m, rounds);
    out.push({
      date: m.date, practice_id: m.practice_id, practice: m.practice, seq: m.updated_at, kind: 'tableau',
      phase: `Tableau: ${main ? roundTitle(m.round, rounds) : placesTitle(m, rounds)}`, round: m.round, rounds, main,
      ...sidesOf(m.cards, { entry: m.player1_id, athlete_id: m.athlete1, name: m.name1, score: m.player1_score }, { entry: m.player2_id, athlete_id: m.athlete2, name: m.name2, score: m.player2_score }),
      aWon: m.winner_id === m.player1_id,
    });
  }
  return out;
}

/** A bout from one athlete's side. */
export interface AthleteBout extends BoutContext {
  opponent: string;
  /** The cards the referee gave the athlete and the opponent (issue 29), only when the bout kept some. */
  cards?: SideCards;
  opponent_cards?: SideCards;
  /** The opponent's roster athlete, when their entry is linked. */
  opponent_id: string | null;
  scored: number;
  received: number;
  victory: boolean;
}

const newestFirst = (x: { date: string; seq: number }, y: { date: string; seq: number }) => y.date.localeCompare(x.date) || y.seq - x.seq;

/** The athlete's bouts (entries linked to them, on either side), from their side, newest first. */
export function boutsOfAthlete(athleteId: string, bouts: readonly CoachBout[]): AthleteBout[] {
  const out: AthleteBout[] = [];
  for (const bout of bouts) {
    const mineA = bout.a.athlete_id === athleteId;
    const mineB = bout.b.athlete_id === athleteId;
    if (mineA === mineB) continue; // not theirs, or (two entries linked to one athlete) against themself
    const [me, them] = mineA ? [bout.a, bout.b] : [bout.b, bout.a];
    const { a: _a, b: _b, aWon, ...rest } = bout;
    out.push({
      ...rest, opponent: them.name, opponent_id: them.athlete_id, scored: me.score, received: them.score, victory: mineA === aWon,
      ...(me.cards ? { cards: me.cards } : {}), ...(them.cards ? { opponent_cards: them.cards } : {}),
    });
  }
  return out.sort(newestFirst);
}

/** Bouts between two dates (YYYY-MM-DD, both included; either may be open). */
export function inRange<B extends { date: string }>(bouts: readonly B[], from: string | null, to: string | null): B[] {
  return bouts.filter((b) => (!from || b.date >= from) && (!to || b.date <= to));
}

export interface Record {
  bouts: number;
  victories: number;
  defeats: number;
  /** Victories per bout, 0 to 1 (0 before any bout). */
  winRate: number;
  scoredPerBout: number;
  receivedPerBout: number;
}

/** Bouts, V, D, the share won and the touches scored and received per bout. */
export function recordOf(bouts: readonly AthleteBout[]): Record {
  const n = bouts.length;
  const victories = bouts.filter((b) => b.victory).length;
  const sum = (f: (b: AthleteBout) => number) => bouts.reduce((s, b) => s + f(b), 0);
  return {
    bouts: n, victories, defeats: n - victories, winRate: n ? victories / n : 0,
    scoredPerBout: n ? sum((b) => b.scored) / n : 0, receivedPerBout: n ? sum((b) => b.received) / n : 0,
  };
}

export interface PracticeIndicator {
  practice_id: string;
  practice: string;
  date: string;
  bouts: number;
  /** Touches scored minus received over the practice's pool bouts (the FIE indicator is a pool figure). */
  indicator: number;
}

/** The pool indicator of each practice the athlete fenced pools in, oldest first (the chart over time). */
export function indicatorByPractice(bouts: readonly AthleteBout[]): PracticeIndicator[] {
  const by = new Map<string, PracticeIndicator & { seq: number }>();
  for (const b of bouts) {
    if (b.kind !== 'pool') continue;
    const p = by.get(b.practice_id) ?? { practice_id: b.practice_id, practice: b.practice, date: b.date, bouts: 0, indicator: 0, seq: b.seq };
    p.bouts++;
    p.indicator += b.scored - b.received;
    p.seq = Math.min(p.seq, b.seq);
    by.set(b.practice_id, p);
  }
  return [...by.values()].sort((x, y) => x.date.localeCompare(y.date) || x.seq - y.seq).map(({ seq: _seq, ...p }) => p);
}

export interface RoundReached {
  practice_id: string;
  practice: string;
  date: string;
  /** The stage as final results say it: Champion, Finalist, Semi-Finalist, Quarter-Finalist, Round n. */
  stage: string;
  /** The tableau's number of rounds, which names a "Round n" in languages that say "tableau of 16". */
  rounds: number;
}

/** How far the athlete went in each tableau they fenced (main table), newest first. */
export function roundsReached(bouts: readonly AthleteBout[]): RoundReached[] {
  const deepest = new Map<string, AthleteBout>();
  for (const b of bouts) {
    if (b.kind !== 'tableau' || !b.main) continue;
    const seen = deepest.get(b.practice_id);
    if (!seen || b.round! > seen.round!) deepest.set(b.practice_id, b);
  }
  return [...deepest.values()].sort(newestFirst).map((b) => ({
    practice_id: b.practice_id, practice: b.practice, date: b.date, stage: stageLabel(b.round!, b.rounds!, b.victory && b.round === b.rounds), rounds: b.rounds!,
  }));
}

export interface HeadToHead {
  opponent_id: string;
  bouts: number;
  victories: number;
  defeats: number;
  scored: number;
  received: number;
}

/** The record against each roster opponent (typed names that are not linked have no row), most bouts first. */
export function headToHead(bouts: readonly AthleteBout[]): HeadToHead[] {
  const by = new Map<string, HeadToHead>();
  for (const b of bouts) {
    if (!b.opponent_id) continue;
    const h = by.get(b.opponent_id) ?? { opponent_id: b.opponent_id, bouts: 0, victories: 0, defeats: 0, scored: 0, received: 0 };
    h.bouts++;
    if (b.victory) h.victories++;
    else h.defeats++;
    h.scored += b.scored;
    h.received += b.received;
    by.set(b.opponent_id, h);
  }
  return [...by.values()].sort((x, y) => y.bouts - x.bouts || y.victories - x.victories || x.opponent_id.localeCompare(y.opponent_id));
}

/** The ratings of the coach's bouts between two roster athletes (core/fencing/rating.ts). */
export function ratingsOf(bouts: readonly CoachBout[]): { ratings: Map<string, number>; history: Map<string, RatingPoint[]> } {
  return computeRatings(
    bouts
      .filter((b) => b.a.athlete_id && b.b.athlete_id)
      .map((b) => ({ a: b.a.athlete_id!, b: b.b.athlete_id!, aWon: b.aWon, date: b.date, seq: b.seq, practice: b.practice })),
  );
}

/** What the roster list shows of each athlete: rating, bouts, victories, the last practice they fenced in. */
export interface AthleteSummary {
  rating: number | null;
  bouts: number;
  victories: number;
  last_practice: string | null;
}

export function rosterSummary(bouts: readonly CoachBout[]): Map<string, AthleteSummary> {
  const { ratings } = ratingsOf(bouts);
  const out = new Map<string, AthleteSummary>();
  const touch = (id: string | null, won: boolean, date: string) => {
    if (!id) return;
    const s = out.get(id) ?? { rating: null, bouts: 0, victories: 0, last_practice: null };
    s.bouts++;
    if (won) s.victories++;
    if (!s.last_practice || date > s.last_practice) s.last_practice = date;
    out.set(id, s);
  };
  for (const b of bouts) {
    if (b.a.athlete_id && b.a.athlete_id === b.b.athlete_id) continue;
    touch(b.a.athlete_id, b.aWon, b.date);
    touch(b.b.athlete_id, !b.aWon, b.date);
  }
  for (const [id, r] of ratings) {
    const s = out.get(id);
    if (s) s.rating = r;
  }
  return out;
}
