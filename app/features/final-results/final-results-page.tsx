import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { finalStandings } from '../../../core/fencing/final-positions';
import { tableauAtom } from '../../state/tableau';

/** /final-results: places from the tableau (FENCING.md o.82), ties ordered by seed. */
export function FinalResultsPage() {
  const { loading, tableau } = useAtomValue(tableauAtom);
  const standings = useMemo(() => finalStandings(tableau.matches, tableau.seeds), [tableau]);
  if (loading) return <p className="py-10 text-center text-sm text-slate-600" role="status">Loading final results...</p>;
  if (standings.length === 0) {
    return <p className="card p-10 text-center text-sm text-slate-600">No bracket results available yet. Complete matches in the Olympic Tableau to see final rankings.</p>;
  }
  const stillIn = tableau.seeds.length - standings.length;
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
              <tr key={s.id} data-testid="standing-row" className={s.place === 1 ? 'bg-amber-50' : ''}>
                <td className="px-3 py-2 font-semibold tabular-nums">{s.place}</td>
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
