import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it the screen is a phone's, and the practice's screens condense. */
const WIDE = '(min-width: 640px)';

const subscribe = (changed: () => void) => {
  const query = matchMedia(WIDE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/**
 * Whether the screen is wider than a phone (issue 29): a phone shows the grid first and keeps the pool's
 * management controls behind one menu; a wider screen shows them in place. Follows a rotation or a resize.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(WIDE).matches, () => true);
}
