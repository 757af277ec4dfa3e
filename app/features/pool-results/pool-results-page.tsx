import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FindFencer } from '../../components/find/find-fencer';
import { FOUND_ROW, useRowsShown, useScrollToFound } from '../../components/find/found-row';
import { rankingsByRound, type RankedRow } from '../../../core/fencing/rounds';
import { formatRatio, Indicator, STATS, useStatLabels } from '../../components/stats-cells';
import { useTerms } from '../../i18n/fencing-terms';
import { useOutletContext } from 'react-router';
import { poolResultsTable } from '../../../core/interop/tables';
import { CSV_TYPE, downloadFile, fileName } from '../../lib/files';
import { poolsAtom } from '../../state/pools';
import type { PracticeView } from '../../state/viewer';
import { printHeader, usePrint } from '../../components/print/use-print';
import { barrageBoutsAtom, formatAtom } from '../../state/tableau';
import { count, params } from '@nanostores/i18n';
import { i18n } from '../../i18n';
import { can } from '../../../core/permissions';
import { call, client } from '../../lib/api';

const messages = i18n('pool-results-page', {
  loading: 'Loading pool results...',
  none: 'No athletes found in any pool tables.',
  tables: count({ one: '{count} pool table', other: '{count} pool tables' }),
  cut: params(' · Tableau: {cut} ({count} go on)'),
  file: params('{name} pool results'),
  printTitle: 'Pool results',
  secondRoundNote: 'The second round’s ranking, then those round 1’s cut left out; the tableau follows from the second round.',
});

/**
 * /pool-results: the combined ranking of all pools of the current practice, with who goes on to the tableau;
 * after a second round of pools (issue 28), round 2's ranking on top (round 1's eliminated after it), then round 1's.
 */
export function PoolResultsPage() {
  const t = useTexts(messages);
  const term = useTerms();
  const state = useAtomValue(poolsAtom);
  const format = useAtomValue(formatAtom);
  const barrage = useAtomValue(barrageBoutsAtom);
  const rounds = useMemo(() => rankingsByRound(state.pools, format.cut, barrage), [state.pools, format.cut, barrage]);
  const results = rounds[0]!.rows;
  const practice = useOutletContext<PracticeView>();
  const { print, sheets } = usePrint();
  // Issue 33: a fencer found by name in a ranking of 256, marked and scrolled to (a second round: either round's row).
  const [found, setFound] = useState<{ key: string } | null>(null);
  const findable = useMemo(() => rounds.flatMap((r) => r.rows.map((row) => ({ round: r.round, row }))), [rounds]);

  if (state.status === 'idle' || state.status === 'loading') {
    return <p className="py-10 text-center text-sm text-slate-600" role="status">{t.loading}</p>;
  }
  if (results.length === 0) {
    return <p className="card p-10 text-center text-sm text-slate-600">{t.none}</p>;
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" data-testid="results-summary">
          {t.tables(state.pools.length)} · {t.athleteCount(results.length)}
          {format.cut.kind !== 'all' && t.cut({ cut: term.cut(format.cut), count: results.filter((r) => r.promoted).length })}
        </p>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={async () => {
            // Issue 32: the coach's export spells linked entries as their roster athletes.
            const [{ poolResultsCsv, rosterSpelling }, roster] = await Promise.all([import('../../../core/interop/exports'), can(practice.role, 'roster.read') ? call(client.athletes.$get()).catch(() => []) : []]);
            downloadFile(fileName(t.file({ name: practice.name }), 'csv'), poolResultsCsv(results, rosterSpelling(state.pools, roster)), CSV_TYPE);
          }}>{t.exportCsv}</button>
          <button type="button" className="btn-secondary" onClick={() => print({
            kind: 'table', title: t.printTitle, ...printHeader(practice), ...poolResultsTable(results, true),
          })}>{t.print}</button>
        </div>
        {sheets}
      </div>
      {results.length > 1 && (
        <FindFencer className="w-full sm:w-72" items={findable} nameOf={(f) => f.row.name} keyOf={keyOf} detailOf={(f) => `${rounds.length > 1 ? `${term.poolRound(f.round)} · ` : ''}${t.rank} ${f.row.rank ?? '—'}`} onPick={(f) => setFound({ key: keyOf(f) })} />
      )}
      {rounds.length > 1 && <p className="text-sm text-slate-600">{t.secondRoundNote}</p>}
      {rounds.map((r, i) => (
        <section key={r.round} className="space-y-2" aria-label={rounds.length > 1 ? term.poolRound(r.round) : undefined}>
          {rounds.length > 1 && <h2 className="text-base font-semibold">{term.poolRound(r.round)}</h2>}
          <ResultsTable rows={r.rows} round={r.round} found={found} testId={i === 0 ? 'pool-results' : `pool-results-round-${r.round}`} label={rounds.length > 1 ? term.poolRound(r.round) : t.poolResults} />
        </section>
      ))}
    </div>
  );
}

const keyOf = (f: { round: number; row: RankedRow }) => `${f.round}/${f.row.id}`;

/** One ranking's table: rank, fencer with their pool and note, and the statistics. */
function ResultsTable({ rows, round, found, testId, label }: { rows: RankedRow[]; round: number; found: { key: string } | null; testId: string; label: string }) {
  const t = useTexts(messages);
  const shown = useRowsShown(rows.length);
  const body = useScrollToFound<HTMLTableSectionElement>(found, shown);
  const stat = useStatLabels();
  const term = useTerms();
  const th = 'px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';
  return (
    // On a phone the table scrolls sideways inside its card: focusable and named, so a keyboard scrolls it too.
    <div className="card overflow-x-auto focus-visible:outline-2 focus-visible:outline-sky-600" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="border-b border-slate-200 bg-slate-50 text-left">
          <tr>
            <th scope="col" className={`${th} sticky left-0 bg-slate-50`}>{t.rank}</th>
            <th scope="col" className={th}>{t.athlete}</th>
            {STATS.map((h) => (
              <th key={h} scope="col" className={`${th} text-center`} title={stat(h).tooltip}>{stat(h).label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100" ref={body}>
          {rows.slice(0, shown).map((r) => {
            const isFound = found?.key === `${round}/${r.id}`;
            return (
            <tr key={r.id} data-testid="result-row" data-found={isFound || undefined} aria-current={isFound || undefined} className={isFound ? FOUND_ROW : r.promoted ? 'bg-white' : 'bg-slate-50 text-slate-600'}>
              {/* The place stays in view while the row scrolls sideways on a phone (issue 33). */}
              <td className="sticky left-0 whitespace-nowrap bg-inherit px-3 py-2 font-semibold tabular-nums">{r.rank ?? '—'}</td>
              <td className="px-3 py-2">
                <span className="font-medium">{r.name}</span>
                <span className="ml-2 text-xs text-slate-600">{r.poolName}</span>
                {r.note && <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700" data-testid="result-note">{term.text(r.note)}</span>}
              </td>
              <td className="px-3 py-2 text-center tabular-nums">{r.victories}</td>
              <td className="px-3 py-2 text-center tabular-nums">{r.defeats}</td>
              <td className="px-3 py-2 text-center tabular-nums">{formatRatio(r.ratio)}</td>
              <td className="px-3 py-2 text-center tabular-nums">{r.touchesScored}</td>
              <td className="px-3 py-2 text-center tabular-nums">{r.touchesReceived}</td>
              <td className="px-3 py-2 text-center"><Indicator value={r.indicator} /></td>
            </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
