// One file: every way of drawing pools (single, random, serpentine with its separation swaps, manual) shares the sizes, the names and the clash counts.
import { defaultNames, type DefaultNames } from '../defaults';
import { affiliationOf, DEFAULT_SEPARATION, type Affiliated, type SeparationLevel } from './separation';


/**
 * A fencer to place in a pool: an athlete of the roster (with an optional club, and region and nation, which
 * separation reads, issue 58) or a typed name.
 */
export interface PoolEntry {
  key: string;
  name: string;
  athleteId: string | null;
  club: string | null;
  region?: string | null;
  nation?: string | null;
}

export interface GeneratedPool<T> {
  name: string;
  members: T[];
}

export type Random = () => number;

/** Fisher–Yates shuffle with an injected source of randomness in [0, 1). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Pool sizes that differ by at most one, larger pools first: 10 in 4 → [3, 3, 2, 2]. */
export function balancedSizes(count: number, pools: number): number[] {
  const base = Math.floor(count / pools);
  const extra = count % pools;
  return Array.from({ length: pools }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The bouts a pool of n fencers fences: everyone once against everyone. */
export const boutsInPool = (n: number) => (n * (n - 1)) / 2;

/** Below this size a pool gives each fencer too few bouts (issue 14 warns). */
export const SMALL_POOL = 4;

/**
 * What a division will give before it is generated (issue 14): the pool sizes (17 fencers in 3 pools →
 * 6, 6, 5) and the bouts each pool fences. One pool for a single division.
 */
export function divisionPreview(fencers: number, pools: number | null): { sizes: number[]; bouts: number[] } {
  const sizes = fencers === 0 ? [] : pools === null ? [fencers] : balancedSizes(fencers, Math.max(1, Math.min(pools, fencers)));
  return { sizes, bouts: sizes.map(boutsInPool) };
}

/**
 * How many pools of each size a division gives (issue 58), the larger first, with the bouts each fences: 17
 * fencers in 3 pools → 2 pools of 6 (15 bouts) and 1 of 5 (10 bouts).
 */
export function poolMix(sizes: readonly number[]): { size: number; pools: number; bouts: number }[] {
  const counts = new Map<number, number>();
  for (const n of sizes) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => b - a).map(([size, pools]) => ({ size, pools, bouts: boutsInPool(size) }));
}

/** Names pools 'Pool 1', 'Pool 2', … (in the coach's language, issue 29) and drops empty ones (SPEC §4 Pool generation). */
function named<T>(groups: T[][], names: DefaultNames): GeneratedPool<T>[] {
  return groups.filter((g) => g.length > 0).map((members, i) => ({ name: names.pool(i + 1), members }));
}

/** SPEC §4: one pool named Main Pool (in the coach's language, issue 29). */
export function singlePool<T>(entries: readonly T[], names = defaultNames()): GeneratedPool<T>[] {
  return entries.length ? [{ name: names.mainPool, members: [...entries] }] : [];
}

/** A random split into balanced pools: shuffled, then dealt one by one so sizes differ by at most one. */
export function randomPools<T>(entries: readonly T[], poolCount: number, random: Random, names = defaultNames()): GeneratedPool<T>[] {
  const pools = Math.max(1, Math.min(poolCount, entries.length));
  const groups: T[][] = Array.from({ length: pools }, () => []);
  shuffle(entries, random).forEach((e, i) => groups[i % pools]!.push(e));
  return named(groups, names);
}

/** The pool index of each seed under serpentine seeding: 0,1,2,2,1,0,0,1,… (FENCING.md o.68). */
export function serpentineIndex(seed: number, pools: number): number {
  const pass = Math.floor(seed / pools);
  const pos = seed % pools;
  return pass % 2 === 0 ? pos : pools - 1 - pos;
}

/**
 * Where each seed starts: its serpentine pool (o.68.1). A last band shorter than the pools fills the first
 * pools, so the larger pools come first as `balancedSizes` says.
 */
function startPool(seed: number, count: number, pools: number): number {
  const bandStart = Math.floor(seed / pools) * pools;
  return bandStart + pools <= count ? serpentineIndex(seed, pools) : seed - bandStart;
}

/**
 * Serpentine seeding of fencers already in ranking order (o.68.1), then separation (o.68.2, issue 58) at the
 * levels picked, the first before the next (./separation): fencers trade places with fencers of their own
 * band (a row of the serpentine, fencers of like strength), so each pool keeps one fencer of each band and
 * the sizes stay balanced. Among the ways to trade, the one that leaves the fewest compatriots together on
 * the first level is taken, then on the second, then the third (a kept separation of a higher level is never
 * given up for a lower one), then the one that moves the fewest and the weakest fencers, the nearest places
 * down the ranking first ("moved one or more places down the ranking"). What no trade within a band can
 * part stays together ("if this is not possible, he must remain in the original pool"):
 * `unkeptSeparations` names it. With no levels it is the plain serpentine.
 */
export function serpentinePools<T extends Affiliated>(
  ranked: readonly T[],
  poolCount: number,
  names = defaultNames(),
  levels: readonly SeparationLevel[] = DEFAULT_SEPARATION,
): GeneratedPool<T>[] {
  const pools = Math.max(1, Math.min(poolCount, ranked.length));
  const poolOf = separatedPools(ranked, pools, levels);
  const groups: T[][] = Array.from({ length: pools }, () => []);
  ranked.forEach((entry, seed) => groups[poolOf[seed]!]!.push(entry));
  return named(groups, names);
}

/** Bounds the search of `separatedPools` (steps of the assignment method): a full practice still draws at once. */
const SEPARATION_WORK = 3_000_000;

/**
 * The pool of each seed: the serpentine, then, band by band in seed order (the first band, the pools' leaders,
 * stays), the placement of the band's fencers that costs least against the better seeds already placed, as
 * the rule walks; then each band again against all the others until none changes. A fencer's cost in a pool
 * is, level by level (each level outweighing every later one and the moves together), the fencers of its
 * value already there, then, if it is not its serpentine pool, a cost of moving that is higher for a better
 * seed and grows with the places moved. Each change lowers the total, so it ends. Where compatriots still
 * meet more than their numbers force, trading two band mates and settling again may free them (one band at
 * a time cannot see that): tried within SEPARATION_WORK.
 */
function separatedPools(ranked: readonly Affiliated[], pools: number, levels: readonly SeparationLevel[]): number[] {
  const n = ranked.length;
  const start = ranked.map((_, s) => startPool(s, n, pools));
  let poolOf = [...start];
  if (levels.length === 0 || pools < 2) return poolOf;
  const keys = ranked.map((f) => levels.map((level) => affiliationOf(f, level)));
  let counts: Map<string, number>[][] = [];
  const place = (s: number, delta: number) =>
    keys[s]!.forEach((key, l) => {
      if (key === null) return;
      const m = counts[l]![poolOf[s]!]!;
      m.set(key, (m.get(key) ?? 0) + delta);
    });
  const bands = Math.ceil(n / pools);
  const seedsOf = (b: number) => Array.from({ length: Math.min(n, (b + 1) * pools) - b * pools }, (_, i) => b * pools + i);
  const band = (b: number, delta: number) => seedsOf(b).forEach((s) => place(s, delta));
  const reset = (to: readonly number[]) => {
    poolOf = [...to];
    counts = levels.map(() => Array.from({ length: pools }, () => new Map<string, number>()));
    ranked.forEach((_, s) => place(s, 1));
  };
  // Weights: the moves of a band cost less than one more compatriot on the last level, and so on upwards.
  // The seed of each band that starts in each pool (−1: none, in a short last band).
  const startSeed = new Array<number>(bands * pools).fill(-1);
  start.forEach((q, s) => (startSeed[Math.floor(s / pools) * pools + q] = s));
  const moveCost = (s: number, q: number) => {
    if (q === start[s]) return 0;
    const first = Math.floor(s / pools) * pools;
    const t = startSeed[first + q]!;
    return pools - (s - first) + (t < 0 ? pools : Math.abs(t - s));
  };
  const lastWeight = 2 * pools * pools + 1;
  const step = pools * Math.ceil(n / pools) + 1;
  const weights = levels.map((_, l) => lastWeight * step ** (levels.length - 1 - l));
  let work = 0;
  /** Places band b at its cheapest, given the fencers placed (b's own taken out); true when it changed. */
  const settle = (b: number): boolean => {
    const seeds = seedsOf(b);
    const costOf = (s: number, q: number) => {
      let c = moveCost(s, q);
      keys[s]!.forEach((key, l) => {
        if (key !== null) c += weights[l]! * (counts[l]![q]!.get(key) ?? 0);
      });
      return c;
    };
    const current = seeds.reduce((sum, s) => sum + costOf(s, poolOf[s]!), 0);
    // A band where nobody moved and nobody meets a compatriot is as good as it gets.
    if (current === 0) return false;
    const cost = seeds.map((s) => Array.from({ length: pools }, (_, q) => costOf(s, q)));
    work += seeds.length * pools * (seeds.length + levels.length);
    const best = cheapestAssignment(cost, pools);
    if (best.reduce((sum, q, i) => sum + cost[i]![q]!, 0) >= current) return false;
    seeds.forEach((s, i) => (poolOf[s] = best[i]!));
    return true;
  };
  const descend = () => {
    for (let sweep = 0; sweep <= 2 * bands; sweep++) {
      let changed = false;
      for (let b = 1; b < bands; b++) {
        band(b, -1);
        changed = settle(b) || changed;
        band(b, 1);
      }
      if (!changed) return;
    }
  };
  // Pairs of compatriots on each level, then the moves: compared in that order.
  const score = () => [
    ...levels.map((_, l) => counts[l]!.reduce((sum, m) => sum + [...m.values()].reduce((t, c) => t + (c * (c - 1)) / 2, 0), 0)),
    ranked.reduce((sum, _, s) => sum + moveCost(s, poolOf[s]!), 0),
  ];
  const better = (x: number[], y: number[]) => {
    const k = x.findIndex((v, i) => v !== y[i]);
    return k >= 0 && x[k]! < y[k]!;
  };
  // The fewest pairs the counts allow on each level: n of a value in p pools spread n mod p of ⌈n/p⌉, the rest ⌊n/p⌋.
  const floor = levels.map((_, l) => {
    const total = new Map<string, number>();
    for (const k of keys) if (k[l] !== null) total.set(k[l]!, (total.get(k[l]!) ?? 0) + 1);
    return [...total.values()].reduce((sum, c) => {
      const low = Math.floor(c / pools);
      const high = c % pools;
      return sum + high * ((low + 1) * low) / 2 + (pools - high) * (low * (low - 1)) / 2;
    }, 0);
  });
  reset(start);
  for (let b = 0; b < bands; b++) band(b, -1);
  band(0, 1);
  for (let b = 1; b < bands; b++) {
    settle(b);
    band(b, 1);
  }
  descend();
  let best = [...poolOf];
  let bestScore = score();
  const atFloor = () => levels.every((_, l) => bestScore[l] === floor[l]);
  // Kicks: trade two band mates, one of them meeting a compatriot, and settle again; keep what is better.
  for (let improved = true; improved && !atFloor() && work < SEPARATION_WORK; ) {
    improved = false;
    const meeting = ranked.map((_, s) => keys[s]!.some((key, l) => key !== null && (counts[l]![poolOf[s]!]!.get(key) ?? 0) > 1));
    search: for (let b = 1; b < bands; b++) {
      const seeds = seedsOf(b);
      for (const s of seeds) {
        if (!meeting[s]) continue;
        for (const t of seeds) {
          if (t === s || work >= SEPARATION_WORK) continue;
          const trial = [...best];
          [trial[s], trial[t]] = [trial[t]!, trial[s]!];
          reset(trial);
          descend();
          // Resetting, settling and scoring a trial walk the field a few times over.
          work += 10 * n * levels.length;
          const trialScore = score();
          // Only fewer compatriots together is worth a kick, never fewer moves alone.
          if (better(trialScore.slice(0, levels.length), bestScore.slice(0, levels.length))) {
            best = [...poolOf];
            bestScore = trialScore;
            improved = true;
            break search;
          }
        }
      }
    }
    reset(best);
  }
  return best;
}

/**
 * The least costly way to give each row its own column (rows ≤ columns): the Hungarian method with
 * potentials, O(rows² · columns). Costs are whole numbers, so sums stay exact.
 */
export function cheapestAssignment(cost: readonly (readonly number[])[], columns: number): number[] {
  const rows = cost.length;
  const u = new Array<number>(rows + 1).fill(0);
  const v = new Array<number>(columns + 1).fill(0);
  const rowOf = new Array<number>(columns + 1).fill(0);
  const via = new Array<number>(columns + 1).fill(0);
  for (let i = 1; i <= rows; i++) {
    rowOf[0] = i;
    let col = 0;
    const least = new Array<number>(columns + 1).fill(Infinity);
    const used = new Array<boolean>(columns + 1).fill(false);
    do {
      used[col] = true;
      const row = rowOf[col]!;
      let delta = Infinity;
      let next = 0;
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue;
        const reduced = cost[row - 1]![j - 1]! - u[row]! - v[j]!;
        if (reduced < least[j]!) {
          least[j] = reduced;
          via[j] = col;
        }
        if (least[j]! < delta) {
          delta = least[j]!;
          next = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOf[j]!]! += delta;
          v[j]! -= delta;
        } else least[j]! -= delta;
      }
      col = next;
    } while (rowOf[col] !== 0);
    do {
      const prev = via[col]!;
      rowOf[col] = rowOf[prev]!;
      col = prev;
    } while (col !== 0);
  }
  const out = new Array<number>(rows).fill(0);
  for (let j = 1; j <= columns; j++) if (rowOf[j]) out[rowOf[j]! - 1] = j - 1;
  return out;
}

/** How many club mates share a pool beyond the first of each club. */
export function clashes<T extends { club: string | null }>(group: readonly T[]): number {
  const seen = new Map<string, number>();
  let extra = 0;
  for (const m of group) {
    if (m.club === null) continue;
    const n = seen.get(m.club) ?? 0;
    if (n > 0) extra++;
    seen.set(m.club, n + 1);
  }
  return extra;
}

/** Manual assignment: entry key → pool number (1-based). Returns the unassigned count when incomplete. */
export function manualPools<T extends { key: string }>(
  entries: readonly T[],
  assignment: Record<string, number>,
  names = defaultNames(),
): { pools: GeneratedPool<T>[]; unassigned: number } {
  const unassigned = entries.filter((e) => !(assignment[e.key]! >= 1)).length;
  const count = Math.max(0, ...entries.map((e) => assignment[e.key] ?? 0));
  const groups: T[][] = Array.from({ length: count }, () => []);
  for (const e of entries) {
    const n = assignment[e.key];
    if (n && n >= 1) groups[n - 1]!.push(e);
  }
  return { pools: named(groups, names), unassigned };
}

/** SPEC §5 message for an incomplete manual assignment. */
export function unassignedMessage(n: number): string {
  return `Please assign all athletes to pools. ${n} athlete(s) unassigned.`;
}

/** SPEC §5 Practice setup: typed names, one per line, trimmed, blanks dropped. */
export function parseManualNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}
