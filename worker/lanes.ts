/**
 * Runs `run` on each item in the list's order, at most `lanes` at a time. A failure starts no further call; the
 * first one is thrown once the running ones end. A caller for whom one item's failure is not the others' catches
 * it inside `run` (a room out of reach, logged, while the rest still hear).
 */
export async function eachAtMost<T>(items: readonly T[], lanes: number, run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (next < items.length && !failure) {
      const item = items[next++]!;
      try {
        await run(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}
