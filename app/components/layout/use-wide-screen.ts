import { useSyncExternalStore } from 'react';
import { WIDE, wideAsRendered } from '../../lib/screen-width';

const subscribe = (changed: () => void) => {
  const query = matchMedia(WIDE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/**
 * Whether the screen is wider than a phone (issue 29): a phone shows the grid first and keeps the pool's
 * management controls behind one menu; a wider screen shows them in place. Follows a rotation or a resize. A
 * page the worker rendered hydrates at the width it was rendered for (issue 33), then follows its screen.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(WIDE).matches, wideAsRendered);
}
