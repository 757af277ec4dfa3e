import { searchNames } from '../../../core/name-search';

/**
 * The search and the matches of "Go to a fencer" (issue 33), loaded when a visitor first opens or types in the
 * field: a board's first paint shows the field, never a match, so its first load leaves this out.
 */
export const findNames = searchNames;

interface FoundListProps<T> {
  found: readonly T[];
  nameOf: (item: T) => string;
  keyOf: (item: T) => string;
  detailOf?: (item: T) => string;
  onPick: (item: T) => void;
  label: string;
  none: string;
}

/** The matches as buttons big enough for a thumb, or the line saying there are none. */
export function FoundList<T>({ found, nameOf, keyOf, detailOf, onPick, label, none }: FoundListProps<T>) {
  if (found.length === 0) return <p className="mt-1 text-sm text-slate-600" role="status">{none}</p>;
  return (
    <ul className="absolute inset-x-0 z-40 mt-1 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg" aria-label={label}>
      {found.map((item) => (
        <li key={keyOf(item)}>
          <button type="button" className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:bg-sky-50" onClick={() => onPick(item)}>
            <span className="min-w-0 truncate font-medium">{nameOf(item)}</span>
            {detailOf && <span className="shrink-0 text-xs text-slate-600">{detailOf(item)}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
