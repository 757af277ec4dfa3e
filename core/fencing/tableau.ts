import type { BracketSnapshot, TableauFormat } from '../contracts/tableau';
import type { PoolSnapshot } from '../contracts/pools';
import { bracketSize, buildBracket, classificationMatches, isMainMatch, matchId, mergeSaved, roundCount, type BracketMatch, type Seed } from './bracket';
import { CUT_ALL, ELIMINATED_AFTER_POOLS, type Cut } from './cut';
import { barrageAtCut, barrageResult, type BarrageAtCut } from './barrage';
import type { Bout } from './bout-result';
import { finalStandings, type Standing } from './final-positions';
import { boutsInPool } from './pool-generation';
import { combinePoolResults, type PoolResult } from './pool-results';
import { advancedFromFirstRound, seedsAfterSecondRound } from './rounds';
import { ELIMINATED_AFTER_ROUND_1, hasSecondRound, poolsOfRound } from './pool-rounds';
import { countedBouts, DID_NOT_FINISH, DID_NOT_START, EXCLUDED, isScratched } from './withdrawal';

/** No format set: everyone goes on to the tableau, 3rd place is shared (the FIE default, o.82.2). */
export const DEFAULT_FORMAT: TableauFormat = { cut: CUT_ALL, third_place: 'shared', places_5_8: false };

/**
 * The seeds after the pools: the combined ranking's order (SPEC §4), those the cut promotes only; after a
 * second round of pools (issue 28), round 2's ranking alone (./rounds).
 */
export function seedsFromPools(pools: PoolSnapshot[], cut?: Cut, barrage: readonly Bout[] | null = null): Seed[] {
  if (hasSecondRound(pools)) return seedsAfterSecondRound(pools, cut);
  return combinePoolResults(pools, cut, barrage)
    .filter((r) => r.promoted)
    .map((r, i) => ({ id: r.id, name: r.name, seed: i + 1 }));
}

/** Pool bouts not yet fenced, across all pools (a scratched fencer's bouts are no longer to fence). */
export function poolBoutsRemaining(pools: PoolSnapshot[]): number {
  return pools.reduce((sum, p) => {
    return sum + boutsInPool(p.players.filter((x) => !isScratched(x)).length) - countedBouts(p.players, p.bouts).length;
  }, 0);
}

const sameSeeding = (a: Seed[], b: Seed[]) => a.length === b.length && a.every((s, i) => s.id === b[i]!.id);

export interface Tableau {
  seeds: Seed[];
  matches: BracketMatch[];
  /** The seeding is frozen: a score has been saved. */
  frozen: boolean;
  /** Frozen, and the pools (or the cut) now rank the fencers differently: the coach may regenerate. */
  stale: boolean;
  /** Pool bouts still to fence (the tableau is drawn once they are all fenced). */
  remaining: number;
  /** The barrage at the cut still to fence (issue 58): the tableau is drawn once it is fenced. */
  barrage: BarrageAtCut | null;
}

/**
 * The barrage bouts a tableau's cut is settled by (issue 58): its stored bouts when the format asks for a barrage
 * at the cut, null when ties at the line all go through. After a second round of pools the tie goes through.
 */
export function barrageOf(pools: readonly PoolSnapshot[], saved: { format?: TableauFormat; barrage?: Bout[] }): Bout[] | null {
  return saved.format?.ties === 'barrage' && !hasSecondRound([...pools]) ? (saved.barrage ?? []) : null;
}

/**
 * The barrage the cut's line asks for (fenced or not), once every pool bout is fenced and the format asks for
 * barrages: the fencers tied at the line in the pool ranking's order, and the places they fence for.
 */
export function barrageAtLine(pools: PoolSnapshot[], saved: { format?: TableauFormat; barrage?: Bout[] }): BarrageAtCut | null {
  if (barrageOf(pools, saved) === null || poolBoutsRemaining(pools) > 0) return null;
  const classified = combinePoolResults(pools).flatMap((r) => (r.status === null && r.rank !== null ? [{ id: r.id, name: r.name, rank: r.rank }] : []));
  return barrageAtCut(classified, (saved.format ?? DEFAULT_FORMAT).cut);
}

/**
 * The full tableau of a practice: drawn from the fencers the cut promotes once every pool bout is fenced
 * (or from the seeding frozen at its first score), with the bouts for places the format asks for and the
 * saved matches merged in.
 */
export function resolveTableau(pools: PoolSnapshot[], saved: Pick<BracketSnapshot, 'seeding' | 'matches' | 'barrage'> & { format?: TableauFormat }): Tableau {
  const format = saved.format ?? DEFAULT_FORMAT;
  const barrageBouts = barrageOf(pools, saved);
  const current = seedsFromPools(pools, format.cut, barrageBouts);
  const remaining = poolBoutsRemaining(pools);
  const frozen = saved.seeding !== null;
  const seeds = saved.seeding ?? current;
  // Once the pools are fenced, a barrage at the cut still to fence holds the draw back.
  const line = frozen ? null : barrageAtLine(pools, saved);
  const barrage = line && barrageBouts && !barrageResult(line, barrageBouts).done ? line : null;
  const ready = frozen || (current.length >= 2 && remaining === 0 && barrage === null);
  return {
    seeds,
    matches: ready ? mergeSaved(buildBracket(seeds, format), saved.matches) : [],
    frozen,
    stale: frozen && !sameSeeding(saved.seeding!, current),
    remaining,
    barrage,
  };
}

/**
 * The matches of a tableau frozen at its first score (its seeding stored): drawn from that seeding, never from
 * the pools, with the saved matches merged in. What `resolveTableau` answers for a frozen tableau, without the
 * pools: a score in it costs the same whatever the number of pools.
 */
export function frozenMatches(saved: Pick<BracketSnapshot, 'seeding' | 'matches'> & { format?: TableauFormat }): BracketMatch[] {
  if (saved.seeding === null) return [];
  const format = saved.format ?? DEFAULT_FORMAT;
  // Frozen, every match of the draw was stored (worker/store/room/bracket `freezeBracket`): they are the tableau, in its order.
  // A store missing some (never expected) is drawn again and merged.
  const rounds = saved.seeding.length < 2 ? 0 : roundCount(bracketSize(saved.seeding.length));
  if (rounds > 0 && saved.matches.length === 2 ** rounds - 1 + classificationMatches(rounds, format).length) {
    const main = saved.matches.filter((m) => isMainMatch(m, rounds)).sort((a, b) => a.round - b.round || a.position - b.position);
    const byId = new Map(saved.matches.map((m) => [matchId(m.round, m.position), m]));
    const places = classificationMatches(rounds, format).map((c) => byId.get(matchId(c.round, c.position)));
    if (places.every((m) => m !== undefined)) return [...main, ...places].map((m) => ({ ...m, id: matchId(m.round, m.position) }));
  }
  return mergeSaved(buildBracket(saved.seeding, format), saved.matches);
}

/**
 * The final classification (o.82, o.74): the tableau's decided places; then, once the tableau is drawn,
 * the fencers the cut eliminated, ranked by the pool ranking after everyone promoted (o.82.5, "eliminated
 * after pools"); then those who withdrew ("Did Not Finish", after everyone who completed the pools); then,
 * without a classification, those excluded. After a second round of pools (issue 28) the same follows for
 * round 1 below everyone who fenced round 2: those its cut left out, then its withdrawn and excluded. Last,
 * those who did not start.
 */
export function finalClassification(pools: PoolSnapshot[], tableau: Tableau, bracket: Pick<BracketSnapshot, 'format' | 'did_not_start' | 'barrage'>): Standing[] {
  if (tableau.matches.length === 0) return [];
  const rounds = hasSecondRound(pools)
    ? [
        { pools: poolsOfRound(pools, 2), on: new Set(tableau.seeds.map((s) => s.id)), stage: ELIMINATED_AFTER_POOLS },
        { pools: poolsOfRound(pools, 1), on: advancedFromFirstRound(pools), stage: ELIMINATED_AFTER_ROUND_1 },
      ]
    : [{ pools, on: new Set(tableau.seeds.map((s) => s.id)), stage: ELIMINATED_AFTER_POOLS }];
  // Places taken by everyone ranked above the round in hand.
  let above = tableau.seeds.length;
  let seed = above;
  const rest: Standing[] = [];
  for (const round of rounds) {
    // Pool results list the classified first, then the withdrawn, then the excluded: the order kept here.
    const left = combinePoolResults(round.pools, bracket.format.cut, round.stage === ELIMINATED_AFTER_POOLS ? barrageOf(pools, bracket) : null).filter((r) => !round.on.has(r.id));
    const cut = left.filter((r) => r.status === null);
    const withdrawn = left.filter((r) => r.status === 'withdrawn').length;
    // The places go on after those above, in the pool ranking's order, ties shared: the first eliminated fencer is
    // above + 1, and each other one is placed after the eliminated ranked better. Counted among the eliminated
    // only: those left out are not always the bottom of the ranking (fencers of a pool added once the tableau was
    // drawn rank among those in it), and a place never passes the number of fencers.
    const placed = above;
    const placeOf = (status: PoolResult['status'], rank: number | null) =>
      status === null ? { place: placed + 1 + cut.findIndex((c) => c.rank === rank), stage: round.stage }
      : status === 'withdrawn' ? { place: placed + cut.length + 1, stage: DID_NOT_FINISH }
      : { place: null, stage: EXCLUDED };
    rest.push(...left.map((r) => ({ id: r.id, name: r.name, seed: ++seed, ...placeOf(r.status, r.rank) })));
    above += cut.length + withdrawn;
  }
  return [
    ...finalStandings(tableau.matches, tableau.seeds),
    ...rest,
    ...bracket.did_not_start.map((name) => ({ id: `dns:${name}`, name, seed: ++seed, place: null, stage: DID_NOT_START })),
  ];
}
