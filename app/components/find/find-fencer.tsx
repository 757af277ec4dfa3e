import { useId, useMemo, useState } from 'react';
import { searchNames } from '../../../core/name-search';
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

/** The field's texts, for a button that opens it. */
export const useFindTexts = () => useStore(messages);

/**
 * Issue 33: a big event's lists (37 pools, a ranking of 256, a table of 256) are reached by typing part of
 * a fencer's name: the matches (core/name-search: case and accents fold) as buttons big enough for a thumb,
 * Enter takes the first. The screen then opens and marks the fencer's row.
 */
export function FindFencer<T>({ items, nameOf, keyOf, detailOf, onPick, className = '', autoFocus }: FindFencerProps<T>) {
  const t = useStore(messages);
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const found = useMemo(() => searchNames(items, query, nameOf), [items, query, nameOf]);
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
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && found[0]) {
            e.preventDefault();
            pick(found[0]);
          }
          if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && query.trim() !== '' && (
        found.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600" role="status">{t.none}</p>
        ) : (
          <ul className="absolute inset-x-0 z-40 mt-1 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg" aria-label={t.found}>
            {found.map((item) => (
              <li key={keyOf(item)}>
                <button type="button" className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:bg-sky-50" onClick={() => pick(item)}>
                  <span className="min-w-0 truncate font-medium">{nameOf(item)}</span>
                  {detailOf && <span className="shrink-0 text-xs text-slate-600">{detailOf(item)}</span>}
                </button>
              </li>
            ))}
          </ul>
        )
      )}
    </div>
  );
}
