import { boutOrder, type BoutPair } from './bout-order';
import { boutKey } from './bout-result';

/**
 * Who referees next (issue 18): in a club pool the fencers who sit out referee the others. For each bout
 * still to fence, in the bout order, the suggestion is a fencer of the pool who does not fence it, and
 * preferably not the next one either (on deck, getting ready), spread evenly: nobody past their fair
 * share (the bouts left over the fencers left, rounded up) while someone else is free; then someone not on
 * deck (in a pool of 5 one fencer is free of both, and always naming them would load some with three bouts
 * and others with one, so there a fencer on deck is named once); then the fewest duties, the longest rest,
 * the lowest number on the sheet. From 6 fencers on nobody on deck is needed. A coach's choice for a bout stands and counts as that fencer's duty.
 * Pure: positions in, positions out.
 */
export interface DutyInput {
  /** The pool's size: fencers are numbered 1..count. */
  count: number;
  /** Positions that no longer fence (withdrawn or excluded): they referee nothing either. */
  out: ReadonlySet<number>;
  /** The bout order, with whether each bout is done (fenced or annulled). */
  order: readonly BoutPair[];
  done: (pair: BoutPair) => boolean;
  /** The coach's choices, by bout ("a-b" of the order) → position. */
  chosen: ReadonlyMap<string, number>;
}

export const dutyKey = ([a, b]: BoutPair) => `${a}-${b}`;

/** The referee of every bout still to fence, by `dutyKey`; a bout nobody can referee has none. */
export function suggestReferees({ count, out, order, done, chosen }: DutyInput): Map<string, number> {
  const duties = new Map<number, number>();
  const last = new Map<number, number>();
  const result = new Map<string, number>();
  const upcoming = order.filter((p) => !done(p));
  // Each fencer's fair share of the bouts to referee.
  const share = Math.ceil(upcoming.length / Math.max(1, count - out.size));
  upcoming.forEach((pair, i) => {
    const key = dutyKey(pair);
    let referee = chosen.get(key);
    if (referee === undefined) {
      const next: readonly number[] = upcoming[i + 1] ?? [];
      const deck = (n: number) => (next.includes(n) ? 1 : 0);
      // Nobody past their fair share, then someone not on deck, then the fewest duties, the longest rest.
      const load = (n: number) => duties.get(n) ?? 0;
      const full = (n: number) => (load(n) >= share ? 1 : 0);
      referee = Array.from({ length: count }, (_, k) => k + 1)
        .filter((n) => !out.has(n) && !pair.includes(n))
        .sort((x, y) => full(x) - full(y) || deck(x) - deck(y) || load(x) - load(y) || (last.get(x) ?? -1) - (last.get(y) ?? -1) || x - y)[0];
    }
    if (referee === undefined) return;
    result.set(key, referee);
    duties.set(referee, (duties.get(referee) ?? 0) + 1);
    last.set(referee, i);
  });
  return result;
}

/**
 * The referees of a pool's bouts still to fence, from its fencers (in sheet order), which bouts are
 * fenced, and the coach's choices by fencer ids (ordered pair "a:b" → referee id, as the room keeps them).
 */
export function poolReferees(
  players: readonly { id: string; status?: string | null }[],
  fenced: (pair: BoutPair) => boolean,
  chosenIds: Readonly<Record<string, string>> = {},
): Map<string, number> {
  const order = boutOrder(players.length);
  const position = new Map(players.map((p, i) => [p.id, i + 1]));
  const out = new Set(players.flatMap((p, i) => (p.status ? [i + 1] : [])));
  const chosen = new Map<string, number>();
  for (const pair of order) {
    const [x, y] = pair.map((n) => players[n - 1]!.id) as [string, string];
    const id = chosenIds[boutKey(x, y)];
    const at = id === undefined ? undefined : position.get(id);
    if (at !== undefined && !out.has(at) && !pair.includes(at)) chosen.set(dutyKey(pair), at);
  }
  const annulled = ([a, b]: BoutPair) => out.has(a) || out.has(b);
  return suggestReferees({ count: players.length, out, order, done: (p) => annulled(p) || fenced(p), chosen });
}
