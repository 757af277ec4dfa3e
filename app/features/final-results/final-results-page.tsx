import { useAtomValue } from 'jotai';
import { standingsAtom, tableauAtom } from '../../state/tableau';

/**
 * /final-results: places from the tableau (FENCING.md o.82), ties ordered by seed, then (issue 14) the
 * fencers the cut eliminated after the pools, those who withdrew, and, without a place, those excluded and
 * those who did not start (o.74).
 */
export function FinalResultsPage() {
  const { loading, tableau } = useAtomValue(tableauAtom);
  const standings = useAtomValue(standingsAtom);
  if (loading) return <p className="py-10 text-center text-sm text-slate-600" role="status">Loading final results...</p>;
  const placed = standings.filter((s) => tableau.seeds.some((seed) => seed.id === s.id));
  if (placed.length === 0) {
    return <p className="card p-10 text-center text-sm text-slate-600">No bracket results available yet. Complete matches in the Olympic Tableau to see final rankings.</p>;
  }
  const stillIn = tableau.seeds.length - placed.length;
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
  return (
    <div className="space-y-3">
      {stillIn > 0 && <p className="text-sm text-slate-600">{stillIn} {stillIn === 1 ? 'fencer is' : 'fencers are'} still in the tableau.</p>}
      <div className="card overflow-x-auto">
        <table className="w-full text-sm" data-testid="final-results">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={th}>Rank</th>
              <th scope="col" className={th}>Player</th>
              <th scope="col" className={th}>Stage</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {standings.map((s) => (
              <tr key={s.id} data-testid="standing-row" className={s.place === 1 ? 'bg-amber-50' : s.place === null ? 'text-slate-600' : ''}>
                <td className="px-3 py-2 font-semibold tabular-nums">{s.place ?? '—'}</td>
                <td className="px-3 py-2">{s.name}</td>
                <td className="px-3 py-2">{s.stage}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
