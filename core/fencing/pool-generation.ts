import { defaultNames, type DefaultNames } from '../defaults';


/** A fencer to place in a pool: an athlete of the roster (with an optional club) or a typed name. */
export interface PoolEntry {
  key: string;
  name: string;
  athleteId: string | null;
  club: string | null;
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
 * Serpentine seeding of fencers already in ranking order, keeping club mates apart where possible: a
 * fencer whose pool already holds a club mate moves to the next pool (in serpentine order) without one
 * that still has room. Sizes stay balanced.
 */
export function serpentinePools<T extends { club: string | null }>(ranked: readonly T[], poolCount: number, names = defaultNames()): GeneratedPool<T>[] {
  const pools = Math.max(1, Math.min(poolCount, ranked.length));
  const capacity = balancedSizes(ranked.length, pools);
  const groups: T[][] = Array.from({ length: pools }, () => []);
  const hasRoom = (p: number) => groups[p]!.length < capacity[p]!;
  const hasClubMate = (p: number, club: string | null) => club !== null && groups[p]!.some((m) => m.club === club);
  ranked.forEach((entry, seed) => {
    // Candidate pools in the order the serpentine would visit them from this seed on.
    const order: number[] = [];
    for (let s = seed; order.length < pools; s++) {
      const p = serpentineIndex(s, pools);
      if (!order.includes(p)) order.push(p);
    }
    const open = order.filter(hasRoom);
    const target = open.find((p) => !hasClubMate(p, entry.club)) ?? open[0]!;
    groups[target]!.push(entry);
  });
  separateClubMates(groups, ranked);
  return named(groups, names);
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

/**
 * Where the serpentine walk found no clash-free pool left, swap fencers between pools while a swap
 * lowers the number of club mates sharing a pool, taking the swap between the closest seeds first so
 * the seeding moves as little as possible. Sizes are unchanged.
 */
function separateClubMates<T extends { club: string | null }>(groups: T[][], ranked: readonly T[]) {
  const seed = new Map(ranked.map((r, i) => [r, i]));
  for (let guard = 0; guard < ranked.length * ranked.length; guard++) {
    let best: { p: number; i: number; q: number; j: number; gain: number; distance: number } | null = null;
    for (let p = 0; p < groups.length; p++) {
      const P = groups[p]!;
      const before = clashes(P);
      if (before === 0) continue;
      for (let i = 0; i < P.length; i++) {
        for (let q = 0; q < groups.length; q++) {
          if (q === p) continue;
          const Q = groups[q]!;
          for (let j = 0; j < Q.length; j++) {
            if (P[i]!.club === Q[j]!.club) continue;
            const P2 = P.map((m, k) => (k === i ? Q[j]! : m));
            const Q2 = Q.map((m, k) => (k === j ? P[i]! : m));
            const gain = before + clashes(Q) - clashes(P2) - clashes(Q2);
            const distance = Math.abs(seed.get(P[i]!)! - seed.get(Q[j]!)!);
            if (gain > 0 && (!best || gain > best.gain || (gain === best.gain && distance < best.distance))) {
              best = { p, i, q, j, gain, distance };
            }
          }
        }
      }
    }
    if (!best) return;
    const a = groups[best.p]![best.i]!;
    groups[best.p]![best.i] = groups[best.q]![best.j]!;
    groups[best.q]![best.j] = a;
  }
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
