import type { PoolSnapshot } from '../contracts/pools';
import type { FencerDay, FencerMatch, FencerPool } from '../contracts/days';
import { boutProgress } from './bout-order';
import { isMainMatch } from './bracket';
import { fencerKey } from './day-calls';
import type { Tableau } from './tableau';

/**
 * A fencer's own day in one event (issue 28's fencer page): their pool bouts in the pool's bout order with
 * the results so far and the next one (how many bouts come before it), their tableau matches, and their
 * seed once the tableau is drawn. A person is found by any of their entries: a roster athlete by their
 * athlete, a typed name by the name (a later round of pools gives the same person a new entry), so one
 * page follows them from the pools to the final.
 */
export function fencerDayOf(pools: readonly PoolSnapshot[], tableau: Pick<Tableau, 'matches' | 'seeds'> | null, entryId: string): FencerDay | null {
  const entries = pools.flatMap((p) => p.players);
  const entry = entries.find((e) => e.id === entryId);
  if (!entry) return null;
  const same = (e: (typeof entries)[number]) => (entry.athlete_id ? e.athlete_id === entry.athlete_id : e.athlete_id === null && e.name === entry.name);
  const ids = new Set(entries.filter(same).map((e) => e.id));
  const names = new Map(entries.map((e) => [e.id, e.name]));
  const theirPools = pools.filter((p) => p.players.some((e) => ids.has(e.id))).map((p) => poolOf(p, ids));
  const matches = tableau ? matchesOf(tableau.matches, ids, names) : [];
  const seed = tableau?.seeds.find((s) => ids.has(s.id))?.seed ?? null;
  return {
    name: entry.name,
    status: entries.filter(same).find((e) => e.status !== null)?.status ?? null,
    keys: [...new Set(entries.filter(same).map(fencerKey))],
    pools: theirPools,
    seed,
    matches,
  };
}

function poolOf(pool: PoolSnapshot, ids: ReadonlySet<string>): FencerPool {
  const players = [...pool.players].sort((a, b) => a.position - b.position);
  const at = (n: number) => players[n - 1]!;
  const bout = (a: string, b: string) => pool.bouts.find((x) => (x.player1_id === a && x.player2_id === b) || (x.player1_id === b && x.player2_id === a));
  const progress = boutProgress(players, ([a, b]) => bout(at(a).id, at(b).id) !== undefined);
  const me = players.find((p) => ids.has(p.id))!;
  const open = progress.order.filter((pair) => !progress.annulled(pair) && bout(at(pair[0]).id, at(pair[1]).id) === undefined);
  const mine = progress.order.filter(([a, b]) => a === me.position || b === me.position);
  const bouts = mine.map((pair) => {
    const other = at(pair[0] === me.position ? pair[1] : pair[0]);
    const b = bout(me.id, other.id);
    if (!b) return { opponent: other.name, mine: null, theirs: null, won: null, annulled: progress.annulled(pair) };
    const [mineScore, theirs] = b.player1_id === me.id ? [b.score1, b.score2] : [b.score2, b.score1];
    const won = mineScore === theirs ? b.priority_id === me.id : mineScore > theirs;
    return { opponent: other.name, mine: mineScore, theirs, won, annulled: progress.annulled(pair) };
  });
  const nextIndex = open.findIndex(([a, b]) => a === me.position || b === me.position);
  const nextPair = nextIndex < 0 || me.status !== null ? null : open[nextIndex]!;
  return {
    id: pool.id,
    name: pool.name,
    bouts,
    next: nextPair ? { opponent: at(nextPair[0] === me.position ? nextPair[1] : nextPair[0]).name, before: nextIndex } : null,
    left: progress.remaining,
  };
}

function matchesOf(matches: Tableau['matches'], ids: ReadonlySet<string>, names: ReadonlyMap<string, string>): FencerMatch[] {
  if (matches.length === 0) return [];
  const rounds = Math.max(...matches.map((m) => m.round));
  return matches
    .filter((m) => (m.player1_id !== null && ids.has(m.player1_id)) || (m.player2_id !== null && ids.has(m.player2_id)))
    .sort((a, b) => a.round - b.round)
    .map((m) => {
      const top = m.player1_id !== null && ids.has(m.player1_id);
      const other = top ? m.player2_id : m.player1_id;
      const [mine, theirs] = top ? [m.player1_score, m.player2_score] : [m.player2_score, m.player1_score];
      return {
        id: m.id,
        round: m.round,
        rounds,
        main: isMainMatch(m, rounds),
        opponent: other === null ? null : (names.get(other) ?? null),
        mine,
        theirs,
        won: m.winner_id === null ? null : ids.has(m.winner_id),
      };
    });
}
