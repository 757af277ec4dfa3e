/**
 * Orders answers to loads of one resource: an answer is fresh only if no newer load began and no local
 * change was made after its load began. A stale answer because of a local change means "load again" (the
 * server has the change by now); one overtaken by a newer load is dropped.
 */
export interface LoadGuard {
  /** Starts a load; the returned check tells what its answer is worth when it lands. */
  begin(): () => 'fresh' | 'reload' | 'drop';
  /** A local change (an edit this screen made) happened. */
  changed(): void;
}

export function loadGuard(): LoadGuard {
  let loads = 0;
  let changes = 0;
  return {
    begin() {
      const load = ++loads;
      const at = changes;
      return () => (load !== loads ? 'drop' : at !== changes ? 'reload' : 'fresh');
    },
    changed() {
      changes++;
    },
  };
}
