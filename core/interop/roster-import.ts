/**
 * What a roster import will do with each row (issue 15), decided the same way by the preview and by the
 * server: a good row whose name is not in the roster yet is new; one already there (or repeated earlier in
 * the file) is left alone; a bad row is an error with its reason.
 */

/** How two names are recognised as the same fencer: Unicode-normalised, spaces collapsed, case ignored. */
export function nameKey(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('und');
}

export type ImportStatus = 'new' | 'existing' | 'repeated' | 'error';

export interface ImportDecision<R> {
  row: R;
  status: ImportStatus;
  /** The reason of an error; null otherwise. */
  reason: string | null;
}

/** Each row's fate against the roster's names: errors, new fencers, those already in it or repeated. */
export function classifyImport<R extends { name: string; error: string | null }>(rows: R[], rosterNames: Iterable<string>): ImportDecision<R>[] {
  const known = new Set([...rosterNames].map(nameKey));
  const seen = new Set<string>();
  return rows.map((row) => {
    if (row.error) return { row, status: 'error', reason: row.error };
    const key = nameKey(row.name);
    if (known.has(key)) return { row, status: 'existing', reason: null };
    if (seen.has(key)) return { row, status: 'repeated', reason: null };
    seen.add(key);
    return { row, status: 'new', reason: null };
  });
}
