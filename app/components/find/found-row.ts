import { useDeferredValue, useLayoutEffect, useRef } from 'react';

/** Rows drawn at once; a longer list draws the rest just after its first paint (issue 33: a ranking of 512). */
const FIRST_ROWS = 60;

/**
 * How many rows of a long list to draw now: the first screenfuls at once (`first`), all of them in the render React
 * does right after (a table row cannot use `content-visibility`, so the list is drawn in two steps instead).
 */
export function useRowsShown(total: number, first = FIRST_ROWS): number {
  return useDeferredValue(total, Math.min(total, first));
}

/**
 * Issue 33: the row a find marks (`data-found`) is scrolled to the middle of the screen at each new find,
 * once it is drawn. Returns the ref of the element holding the rows.
 */
export function useScrollToFound<E extends HTMLElement>(found: object | null, drawn: number) {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    if (found) ref.current?.querySelector('[data-found]')?.scrollIntoView({ block: 'center' });
  }, [found, drawn]);
  return ref;
}

/** The marking of a found row. */
export const FOUND_ROW = 'bg-amber-100 outline-2 -outline-offset-2 outline-amber-500';
