import { useId, useMemo, useState } from 'react';
import { i18n, useStore } from '../../i18n';

const messages = i18n('find-fencer', {
  label: 'Go to a fencer',
  placeholder: 'Part of a name',
  none: 'No fencer by that name',
  found: 'Fencers found',
});

interface FindFencerProps<T> {
  items: readonly T[];
  nameOf: (item: T) => string;
  keyOf: (item: T) => string;
  /** Where the fencer is, beside the name (their pool, their round). */
  detailOf?: (item: T) => string;
  onPick: (item: T) => void;
  className?: string;
  autoFocus?: boolean;
}

type Search = typeof import('./found-list');

/** The search and its list, once here (one load for every field of the page). */
let search: Search | null = null;
const loadSearch = (): Promise<Search> => import('./found-list').then((m) => (search = m));

/** The field's texts, for a button that opens it. */
export const useFindTexts = () => useStore(messages);

/**
 * Issue 33: a big event's lists (37 pools, a ranking of 256, a table of 256) are reached by typing part of
 * a fencer's name: the matches (core/name-search: case and accents fold) as buttons big enough for a thumb,
 * Enter takes the first. The screen then opens and marks the fencer's row. The field is part of a first paint;
 * the search and its matches (`found-list`) load once the visitor opens or types in it (kept off the live
 * board's first load). The service worker precaches them, so it works offline too.
 */
export function FindFencer<T>({ items, nameOf, keyOf, detailOf, onPick, className = '', autoFocus }: FindFencerProps<T>) {
  const t = useStore(messages);
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(search);
  const found = useMemo(() => loaded?.findNames(items, query, nameOf) ?? [], [loaded, items, query, nameOf]);
  // Asked for on focus, so it is usually here by the first letter; a failed load (offline, no service worker yet) is asked again.
  const load = async () => {
    if (loaded) return loaded;
    const m = await loadSearch();
    setLoaded(m);
    return m;
  };
  const pick = (item: T) => {
    setOpen(false);
    onPick(item);
  };
  return (
    <div className={`relative ${className}`} data-testid="find-fencer">
      <label className="label" htmlFor={id}>{t.label}</label>
      <input
        id={id}
        type="search"
        className="input w-full"
        placeholder={t.placeholder}
        autoComplete="off"
        autoFocus={autoFocus}
        value={query}
        onFocus={() => void load().catch(() => undefined)}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          void load().catch(() => undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
          if (e.key !== 'Enter' || query.trim() === '') return;
          e.preventDefault();
          // Typed before the search arrived: the first match once it is here.
          if (loaded) return void (found[0] && pick(found[0]));
          void load().then((m) => {
            const first = m.findNames(items, query, nameOf)[0];
            if (first) pick(first);
          }, () => undefined);
        }}
      />
      {open && query.trim() !== '' && loaded && (
        <loaded.FoundList found={found} nameOf={nameOf} keyOf={keyOf} detailOf={detailOf} onPick={pick} label={t.found} none={t.none} />
      )}
    </div>
  );
}
