import { useSearch } from '../../lib/use-search';
import { targetFromParam, targetParam, type RefereeTarget } from '../../../core/refereeing';

/**
 * The bout being refereed on this screen, kept in the link (`?referee=…`) so a phone that reloads opens the
 * same bout again (issue 18); `open` and `close` change only that part of the link.
 */
export function useRefereeParam() {
  const [search, setSearch] = useSearch();
  const set = (target: RefereeTarget | null) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (target) next.set('referee', targetParam(target));
      else next.delete('referee');
      return next;
    });
  return { target: targetFromParam(search.get('referee')), open: (t: RefereeTarget) => set(t), close: () => set(null) };
}
