import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { combinePoolResults } from '../../../core/fencing/pool-results';
import { formatRatio, Indicator, STAT_TOOLTIPS } from '../../components/stats-cells';
import { poolsAtom } from '../../state/pools';

/** /pool-results: the combined ranking of all pools of the current practice. */
export function PoolResultsPage() {
  const state = useAtomValue(poolsAtom);
  const results = useMemo(() => combinePoolResults(state.pools), [state.pools]);

  if (state.status === 'idle' || state.status === 'loading') {
    return <p className="py-10 text-center text-sm text-slate-600" role="status">Loading pool results...</p>;
  }
  if (results.length === 0) {
    return <p className="card p-10 text-center text-sm text-slate-600">No athletes found in any pool tables.</p>;
  }
  const th = 'px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" data-testid="results-summary">
        {state.pools.length} pool {state.pools.length === 1 ? 'table' : 'tables'} · {results.length} {results.length === 1 ? 'athlete' : 'athletes'}
      </p>
      <div className="card overflow-x-auto">
        <table className="w-full text-sm" data-testid="pool-results">
          <thead className="border-b border-slate-200 bg-slate-50 text-left">
            <tr>
              <th scope="col" className={th}>Rank</th>
              <th scope="col" className={th}>Athlete</th>
              {(['V', 'D', 'Ratio', 'TS', 'TR', 'Ind'] as const).map((h) => (
                <th key={h} scope="col" className={`${th} text-center`} title={STAT_TOOLTIPS[h]}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {results.map((r) => (
              <tr key={r.id} data-testid="result-row">
                <td className="px-3 py-2 font-semibold tabular-nums">{r.rank}</td>
                <td className="px-3 py-2">
                  <span className="font-medium">{r.name}</span>
                  <span className="ml-2 text-xs text-slate-500">{r.poolName}</span>
                </td>
                <td className="px-3 py-2 text-center tabular-nums">{r.victories}</td>
                <td className="px-3 py-2 text-center tabular-nums">{r.defeats}</td>
                <td className="px-3 py-2 text-center tabular-nums">{formatRatio(r.ratio)}</td>
                <td className="px-3 py-2 text-center tabular-nums">{r.touchesScored}</td>
                <td className="px-3 py-2 text-center tabular-nums">{r.touchesReceived}</td>
                <td className="px-3 py-2 text-center"><Indicator value={r.indicator} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
