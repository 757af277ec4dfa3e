import { nameIncludes } from '../../../core/names';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import type { HallFencers } from '../../../core/contracts/days';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { call, client } from '../../lib/api';
import { useResource } from '../../lib/use-resource';

export const finderTexts = i18n('hall-finder', {
  title: 'Find a fencer',
  label: 'Fencer’s name',
  hint: 'Their page shows their next bout, piste and time, and can notify a phone when they are called.',
  none: 'No fencer of the day by that name.',
  more: 'Type more of the name to see the rest.',
});

/** The most names listed at once: a day of 300 fencers is found by typing, not by scrolling. */
const SHOWN = 30;

/** The hall board's fencer finder (issue 28): every fencer of the day by name, each a link to their page. Loaded after the board's first paint. */
export function FencerFinder() {
  const t = useTexts(finderTexts);
  const { boardId = '' } = useParams();
  const [query, setQuery] = useState('');
  const list = useResource<HallFencers>(boardId, () => call(client.hall[':boardId'].fencers.$get({ param: { boardId } })));
  // Issue 32: found the way core/names.ts compares names (STRAUSS finds Strauß, pena finds Peña).
  const found = (list.data?.events ?? []).flatMap((e) => e.fencers.filter((f) => nameIncludes(f.name, query)).map((f) => ({ ...f, event: e.name, practice: e.practice_id })));
  return (
    <section aria-labelledby="hall-finder" className="card space-y-2 p-3">
      <h2 id="hall-finder" className="text-xl font-bold">{t.title}</h2>
      <p className="text-sm text-slate-700">{t.hint}</p>
      <label className="block max-w-sm">
        <span className="text-sm font-medium">{t.label}</span>
        <input type="search" className="input mt-1 w-full" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="hall-finder-input" />
      </label>
      {query.trim() && list.data && (found.length === 0 ? (
        <p className="text-slate-600">{t.none}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="hall-finder-results">
          {found.slice(0, SHOWN).map((f) => (
            <li key={`${f.practice}/${f.id}`}>
              <Link className="btn-secondary" to={`/hall/${boardId}/fencer/${f.practice}/${f.id}`} data-testid="hall-finder-fencer">
                {f.name} <span className="font-normal text-slate-600">· {f.event}</span>
              </Link>
            </li>
          ))}
          {found.length > SHOWN && <li className="text-sm text-slate-600">{t.more}</li>}
        </ul>
      ))}
    </section>
  );
}
