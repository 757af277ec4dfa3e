import { looseNameKey, sameNameKey } from '../names';

/**
 * What a roster import will do with each row (issue 15), decided the same way by the preview and by the
 * server: a good row whose name is not in the roster yet is new; one already there (or repeated earlier in
 * the file) is left alone; a bad row is an error with its reason. Names are compared by core/names.ts
 * (issue 32): a new row whose name differs from a roster athlete's only by accents (Pena / Peña) stays new,
 * with that athlete's name as a possible match for the coach to see.
 */

export type ImportStatus = 'new' | 'existing' | 'repeated' | 'error';

export interface ImportDecision<R> {
  row: R;
  status: ImportStatus;
  /** The reason of an error; null otherwise. */
  reason: string | null;
  /** A new row's possible match: the roster name that differs only by accents; null otherwise. */
  possible: string | null;
}

/** Each row's fate against the roster's names: errors, new fencers, those already in it or repeated. */
export function classifyImport<R extends { name: string; error: string | null }>(rows: R[], rosterNames: Iterable<string>): ImportDecision<R>[] {
  const names = [...rosterNames];
  const known = new Set(names.map(sameNameKey));
  const loose = new Map(names.map((n) => [looseNameKey(n), n]));
  const seen = new Set<string>();
  return rows.map((row) => {
    if (row.error) return { row, status: 'error', reason: row.error, possible: null };
    const key = sameNameKey(row.name);
    if (known.has(key)) return { row, status: 'existing', reason: null, possible: null };
    if (seen.has(key)) return { row, status: 'repeated', reason: null, possible: null };
    seen.add(key);
    return { row, status: 'new', reason: null, possible: loose.get(looseNameKey(row.name)) ?? null };
  });
}
