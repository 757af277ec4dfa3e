import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { combinePoolResults, poolResultNote as noteOf } from '../../../core/fencing/pool-results';
import { describeCut } from '../../../core/fencing/cut';
import { formatRatio, Indicator, STAT_TOOLTIPS } from '../../components/stats-cells';
import { useOutletContext } from 'react-router';
import { poolResultsTable } from '../../../core/interop/tables';
import { CSV_TYPE, downloadFile, fileName } from '../../lib/files';
import { poolsAtom } from '../../state/pools';
import type { PracticeView } from '../../state/viewer';
import { printHeader, usePrint } from '../print/use-print';
import { formatAtom } from '../../state/tableau';

/** /pool-results: the combined ranking of all pools of the current practice, with who goes on to the tableau. */
export function PoolResultsPage() {
  const state = useAtomValue(poolsAtom);
  const format = useAtomValue(formatAtom);
  const results = useMemo(() => combinePoolResults(state.pools, format.cut), [state.pools, format.cut]);
  const practice = useOutletContext<PracticeView>();
  const { print, sheets } = usePrint();

  if (state.status === 'idle' || state.status === 'loading') {
    return <p className="py-10 text-center text-sm text-slate-600" role="status">Loading pool results...</p>;
  }
  if (results.length === 0) {
    return <p className="card p-10 text-center text-sm text-slate-600">No athletes found in any pool tables.</p>;
  }
  const th = 'px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" data-testid="results-summary">
          {state.pools.length} pool {state.pools.length === 1 ? 'table' : 'tables'} · {results.length} {results.length === 1 ? 'athlete' : 'athletes'}
          {format.cut.kind !== 'all' && ` · Tableau: ${describeCut(format.cut)} (${results.filter((r) => r.promoted).length} go on)`}
        </p>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={async () => {
            const { poolResultsCsv } = await import('../../../core/interop/exports');
            downloadFile(fileName(`${practice.name} pool results`, 'csv'), poolResultsCsv(results), CSV_TYPE);
          }}>Export CSV</button>
          <button type="button" className="btn-secondary" onClick={() => print({
            kind: 'table', title: 'Pool results', ...printHeader(practice), ...poolResultsTable(results, true),
          })}>Print</button>
        </div>
        {sheets}
      </div>
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
              <tr key={r.id} data-testid="result-row" className={r.promoted ? '' : 'bg-slate-50 text-slate-600'}>
                <td className="px-3 py-2 font-semibold tabular-nums">{r.rank ?? '—'}</td>
                <td className="px-3 py-2">
                  <span className="font-medium">{r.name}</span>
                  <span className="ml-2 text-xs text-slate-500">{r.poolName}</span>
                  {noteOf(r) && <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700" data-testid="result-note">{noteOf(r)}</span>}
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
