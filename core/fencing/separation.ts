import { sameNameKey } from '../names';

/**
 * Separation in the pools (issue 58): fencers who share a club, a region (FFE `Ligue`, a US division) or a
 * nation are kept in different pools as far as possible, at the levels the organiser picks and in the order
 * picked (the first level matters most). FIE Organisation rules o.68.2: "The allocation of fencers in the pools
 * must be made in such a way as to place fencers of the same nationality in different pools, as far as
 * possible. If a fencer is placed in a pool where there is already a fencer of the same nationality, he is
 * moved one or more places down the ranking until he is placed in a pool without a fencer of the same
 * nationality. If this is not possible, he must remain in the original pool." BellePoule applies the same
 * swapping to any list of criteria (club, league, nation), the first before the next. Pure.
 */

export const SEPARATION_LEVELS = ['club', 'region', 'nation'] as const;
export type SeparationLevel = (typeof SEPARATION_LEVELS)[number];

/** As before the organiser could choose: club mates apart. */
export const DEFAULT_SEPARATION: readonly SeparationLevel[] = ['club'];

/** What separation reads in a fencer: each may be unknown (a typed name has none). */
export interface Affiliated {
  club: string | null;
  region?: string | null;
  nation?: string | null;
}

/** A club, region or nation as compared: by the rule for the same name (core/names: case, ß/ss, spaces); blank is none. */
export function affiliationKey(value: string | null | undefined): string | null {
  const key = sameNameKey(value ?? '');
  return key === '' ? null : key;
}

/** The fencer's club, region or nation as compared; null when unknown (never a clash). */
export function affiliationOf(fencer: Affiliated, level: SeparationLevel): string | null {
  return affiliationKey(fencer[level]);
}

/** Whether a list of levels is one the organiser can pick: each of club, region, nation at most once. */
export function isSeparation(levels: readonly unknown[]): levels is SeparationLevel[] {
  return levels.length <= SEPARATION_LEVELS.length && levels.every((l) => (SEPARATION_LEVELS as readonly unknown[]).includes(l)) && new Set(levels).size === levels.length;
}

/** Pairs of fencers of one value in a group, at one level: the bouts between compatriots it makes (n fencers → n(n−1)/2). */
export function sharedPairs(group: readonly Affiliated[], level: SeparationLevel): number {
  const seen = new Map<string, number>();
  let pairs = 0;
  for (const f of group) {
    const key = affiliationOf(f, level);
    if (key === null) continue;
    const n = seen.get(key) ?? 0;
    pairs += n;
    seen.set(key, n + 1);
  }
  return pairs;
}

/** A separation not kept: `count` fencers of one club, region or nation (`value`, as first written) in one pool. */
export interface UnkeptSeparation {
  level: SeparationLevel;
  value: string;
  /** 1-based, in the order of the pools given. */
  pool: number;
  count: number;
}

/**
 * Each separation the pools do not keep, level by level in the order picked, then pool by pool: "Pool 2 has 2
 * fencers of FRA" is { level: 'nation', value: 'FRA', pool: 2, count: 2 }. After `serpentinePools` these are
 * the ones o.68.2 lets stand: no swap within a band could part them without breaking a separation that
 * comes first.
 */
export function unkeptSeparations(pools: readonly (readonly Affiliated[])[], levels: readonly SeparationLevel[]): UnkeptSeparation[] {
  const out: UnkeptSeparation[] = [];
  for (const level of levels) {
    pools.forEach((members, i) => {
      const counts = new Map<string, { value: string; count: number }>();
      for (const f of members) {
        const key = affiliationOf(f, level);
        if (key === null) continue;
        const seen = counts.get(key);
        if (seen) seen.count++;
        else counts.set(key, { value: f[level]!.trim(), count: 1 });
      }
      for (const { value, count } of counts.values()) if (count > 1) out.push({ level, value, pool: i + 1, count });
    });
  }
  return out;
}

/** A separation no draw can keep: more fencers of one value than pools, so `pools` pools hold `most` of them. */
export interface Unavoidable {
  level: SeparationLevel;
  value: string;
  fencers: number;
  /** How many pools hold more than one of them. */
  pools: number;
  /** The most of them in one pool. */
  most: number;
}

/**
 * What the rule cannot avoid before any draw (o.68.2 "if this is not possible"): 5 fencers of FRA in 4 pools
 * leave one pool with 2 of them; 9 in 4, one pool with 3 and three with 2. Spread as evenly as the counts
 * allow: n of a value in p pools give n mod p pools of ⌈n/p⌉ and the rest ⌊n/p⌋. Level by level in the order
 * picked, values in order of first appearance.
 */
export function unavoidableSeparations(fencers: readonly Affiliated[], poolCount: number, levels: readonly SeparationLevel[]): Unavoidable[] {
  const p = Math.max(1, poolCount);
  const out: Unavoidable[] = [];
  for (const level of levels) {
    const counts = new Map<string, { value: string; count: number }>();
    for (const f of fencers) {
      const key = affiliationOf(f, level);
      if (key === null) continue;
      const seen = counts.get(key);
      if (seen) seen.count++;
      else counts.set(key, { value: f[level]!.trim(), count: 1 });
    }
    for (const { value, count } of counts.values()) {
      if (count <= p) continue;
      const most = Math.ceil(count / p);
      const atMost = count % p === 0 ? p : count % p;
      // Pools of ⌈n/p⌉ are the `atMost` ones; those of ⌊n/p⌋ share too when ⌊n/p⌋ ≥ 2.
      const sharing = Math.floor(count / p) >= 2 ? p : atMost;
      out.push({ level, value, fencers: count, pools: sharing, most });
    }
  }
  return out;
}
