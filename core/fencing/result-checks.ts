import type { CheckScope, ResultCheck } from '../contracts/checks';

/**
 * The rules of checked results (issue 58), shared by the room (which refuses a guest's change to a checked
 * result) and the screens (which show it as final).
 */

/** A scope's one name, as the room stores it: `event`, `pool:<id>`, `round:<n>`. */
export function scopeKey(scope: CheckScope): string {
  if (scope.kind === 'event') return 'event';
  return scope.kind === 'pool' ? `pool:${scope.pool_id}` : `round:${scope.round}`;
}

/** A stored scope name read back; null for one that names nothing. */
export function scopeOf(key: string): CheckScope | null {
  if (key === 'event') return { kind: 'event' };
  const pool = /^pool:(.+)$/.exec(key);
  if (pool) return { kind: 'pool', pool_id: pool[1]! };
  const round = /^round:(\d{1,3})$/.exec(key);
  return round ? { kind: 'round', round: Number(round[1]) } : null;
}

/** What a result belongs to: a pool's bout, a tableau match of a round, or the event alone (a team relay sheet). */
export type ResultPlace = { pool_id: string } | { round: number } | 'event';

/** The scope names that make a result final: the whole event's, then its pool's or its round's. */
export function coveringKeys(place: ResultPlace): string[] {
  if (place === 'event') return ['event'];
  return ['event', 'pool_id' in place ? `pool:${place.pool_id}` : `round:${place.round}`];
}

/**
 * The check that makes a result final: its own pool's or round's before the event's (the narrower one says
 * more); null while nothing covers it.
 */
export function checkOf(checks: readonly ResultCheck[], place: ResultPlace): ResultCheck | null {
  const byKey = new Map(checks.map((c) => [scopeKey(c.scope), c]));
  return coveringKeys(place).reverse().map((k) => byKey.get(k)).find((c) => c !== undefined) ?? null;
}

/** The checks with this scope's marked at `at`, or taken away (null): a new list, one per scope, oldest first. */
export function withCheck(checks: readonly ResultCheck[], scope: CheckScope, at: number | null): ResultCheck[] {
  const key = scopeKey(scope);
  const rest = checks.filter((c) => scopeKey(c.scope) !== key);
  return at === null ? rest : [...rest, { scope, at }];
}
