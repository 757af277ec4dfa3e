/**
 * Standard bout orders by pool size (FENCING.md, o.69 and established tournament software). Numbers are
 * positions on the pool sheet, 1-based.
 */
const TABLES: Record<number, string> = {
  3: '2-3 1-3 1-2',
  4: '1-4 2-3 1-3 2-4 3-4 1-2',
  5: '1-2 3-4 5-1 2-3 5-4 1-3 2-5 4-1 3-5 4-2',
  6: '1-2 4-3 6-5 3-1 2-6 5-4 1-6 3-5 4-2 5-1 6-4 2-3 1-4 5-2 3-6',
  7: '1-4 2-5 3-6 7-1 5-4 2-3 6-7 5-1 4-3 6-2 5-7 3-1 4-6 7-2 3-5 1-6 2-4 7-3 6-5 1-2 4-7',
  8: '2-3 1-5 7-4 6-8 1-2 3-4 5-6 8-7 4-1 5-2 8-3 6-7 4-2 8-1 7-5 3-6 2-8 5-4 6-1 3-7 4-8 2-6 3-5 1-7 4-6 8-5 7-2 1-3',
  9: '1-9 2-8 3-7 4-6 1-5 2-9 8-3 7-4 6-5 1-2 9-3 8-4 7-5 6-1 3-2 9-4 5-8 7-6 3-1 2-4 5-9 8-6 7-1 4-3 5-2 6-9 8-7 4-1 5-3 6-2 9-7 1-8 4-5 3-6 2-7 9-8',
  10: '1-4 6-9 2-5 7-10 3-1 8-6 4-5 9-10 2-3 7-8 5-1 10-6 4-2 9-7 5-3 10-8 1-2 6-7 3-4 8-9 5-10 1-6 2-7 3-8 4-9 6-5 10-2 8-1 7-4 9-3 2-6 5-8 4-10 1-9 3-7 8-2 6-4 9-5 10-3 7-1 4-8 2-9 3-6 5-7 1-10',
  11: '1-2 7-8 4-5 10-11 2-3 8-9 5-6 3-1 9-7 6-4 2-5 8-11 1-4 7-10 5-3 11-9 1-6 4-2 10-8 3-6 5-1 11-7 3-4 9-10 6-2 1-7 3-9 10-4 8-2 5-11 1-8 9-2 3-10 4-11 6-7 9-1 2-10 11-3 7-5 6-8 10-1 11-2 4-7 8-5 6-9 11-1 7-3 4-8 9-5 6-10 2-7 8-3 4-9 10-5 6-11',
  12: '1-2 3-4 5-6 7-8 9-10 11-12 3-1 2-4 7-5 6-8 11-9 10-12 4-1 2-3 8-5 6-7 12-9 10-11 1-5 4-8 6-2 7-3 9-1 12-5 4-10 8-11 2-7 3-6 5-9 1-12 8-10 11-4 5-2 9-7 12-3 1-6 10-2 5-11 8-9 4-7 3-10 12-6 11-1 2-8 9-4 7-10 5-3 6-11 2-12 1-8 4-5 9-3 7-11 10-6 8-12 9-2 7-1 6-4 3-11 10-5 12-7 6-9 8-3 1-10 4-12 11-2',
};

export type BoutPair = [number, number];

const parse = (t: string): BoutPair[] => t.split(' ').map((p) => p.split('-').map(Number) as BoutPair);

/**
 * The order in which a pool of n fencers fences its bouts. 3–12 use the standard tables; 2 is one bout;
 * 13 and more use the circle method, one round at a time, with each round starting on a bout that
 * involves neither fencer of the bout before it, so nobody fences twice in a row.
 */
export function boutOrder(n: number): BoutPair[] {
  if (n < 2) return [];
  if (n === 2) return [[1, 2]];
  const table = TABLES[n];
  if (table) return parse(table);
  return circleOrder(n);
}

function circleOrder(n: number): BoutPair[] {
  const size = n % 2 === 0 ? n : n + 1; // a bye seat for odd pools
  const seats = Array.from({ length: size }, (_, i) => i + 1);
  const out: BoutPair[] = [];
  for (let round = 0; round < size - 1; round++) {
    const bouts: BoutPair[] = [];
    for (let i = 0; i < size / 2; i++) {
      const a = seats[i]!;
      const b = seats[size - 1 - i]!;
      if (a <= n && b <= n) bouts.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    const last = out[out.length - 1];
    const startIdx = last ? bouts.findIndex(([a, b]) => !last.includes(a) && !last.includes(b)) : 0;
    out.push(...bouts.slice(startIdx), ...bouts.slice(0, startIdx));
    // Rotate every seat but the first.
    seats.splice(1, 0, seats.pop()!);
  }
  return out;
}

/** The next two unfenced bouts in order: 'fencing now' and 'on deck'. */
export function nextBouts(order: BoutPair[], isFenced: (pair: BoutPair) => boolean): { now: BoutPair | null; onDeck: BoutPair | null } {
  const open = order.filter((p) => !isFenced(p));
  return { now: open[0] ?? null, onDeck: open[1] ?? null };
}

/**
 * Where a pool's bout order stands: each bout is done once fenced, or annulled because one of its fencers
 * withdrew or was excluded (o.74: never fenced, never waited for); who fences now, who is on deck, and how
 * many bouts are left. `fenced(pair)` says whether a bout (fencers by their number on the sheet) has a result.
 */
export function boutProgress(players: readonly { status?: string | null }[], fenced: (pair: BoutPair) => boolean) {
  const order = boutOrder(players.length);
  const at = (n: number) => players[n - 1]!;
  const annulled = ([a, b]: BoutPair) => at(a).status != null || at(b).status != null;
  const done = (pair: BoutPair) => annulled(pair) || fenced(pair);
  return { order, annulled, ...nextBouts(order, done), remaining: order.filter((p) => !done(p)).length };
}
