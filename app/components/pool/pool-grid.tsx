import { useTexts, type TextsOf } from '../../i18n/common';
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { BOUT_APPLIED, BOUT_RECEIVED } from '../../lib/marks';
import type { PoolPlayer } from '../../../core/contracts/pools';
import { isBoutOf, RESULT_LETTER, type Bout } from '../../../core/fencing/bout-result';
import type { PlayerStats } from '../../../core/fencing/pool-stats';
import { formatRatio, Indicator, STATS, useStatLabels } from '../stats-cells';
import { useStatusNames, type StatusNames } from './status-labels';
import { CardMarks, useCardsLabel } from '../referee/card-marks';
import type { SideCards } from '../../../core/fencing/bout-cards';
import type { LiveCell } from '../../../core/live-cells';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';
import { useResultLetters } from '../../i18n/fencing-terms';

const messages = i18n('pool-grid', {
  statusOf: params('Status of {name}'),
  statusTip: 'Withdrawn, excluded or fencing; roster athlete',
  removeTip: 'Remove from pool',
  annulledRow: params('{status}: bouts annulled'),
  same: 'Same fencer',
  // Plain words, not a template: a row builds one label per cell each time it changes.
  against: 'against',
  notFenced: 'not fenced',
  live: ', on the piste now',
  area: 'Pool grid',
});

interface PoolGridProps {
  players: PoolPlayer[];
  stats: PlayerStats[];
  /** Bouts written on this screen that have not reached the server yet. */
  pending?: Bout[];
  zoom: number;
  /** Absent on a spectator board: cells are read-only. */
  onCell?: (row: PoolPlayer, col: PoolPlayer) => void;
  /** Absent for guests, who enter bouts but do not manage the pool. */
  onRemove?: (player: PoolPlayer) => void;
  /** Opens the fencer's status menu (withdrawn, excluded, fencing): the coach only. */
  onStatus?: (player: PoolPlayer) => void;
  /** Bouts being refereed now (issue 18): each row's running score against a column, `rowId>colId` → "3–2", and its cards (issue 29). */
  live?: ReadonlyMap<string, LiveCell>;
  /** A fencer found by name (issue 33): their row is marked and scrolled into view, again at each new find. */
  found?: { id: string } | null;
}

/**
 * Measures a bout delta from its arrival (set by the live handler) to this grid's commit, which `npm run bench`
 * reads in Chromium (issue 13: applying a bout is cheap).
 */
function useApplyMeasure(stats: PlayerStats[]) {
  useLayoutEffect(() => {
    if (performance.getEntriesByName(BOUT_RECEIVED, 'mark').length === 0) return;
    performance.measure(BOUT_APPLIED, BOUT_RECEIVED);
    performance.clearMarks(BOUT_RECEIVED);
  }, [stats]);
}

const cardsKey = (side: SideCards | undefined) => (side ? `${side.cards.join('')}${side.pCards}` : '');

const cellClass = (result: string | undefined) =>
  result?.startsWith(RESULT_LETTER.victory) ? 'bg-green-100 text-green-900' : result?.startsWith(RESULT_LETTER.defeat) ? 'bg-red-100 text-red-900' : 'bg-white text-slate-500';

/**
 * SPEC §2 grid: Athletes, one numbered column per fencer, V, D, Ratio, TS, TR, Ind, Actions. The athlete
 * column and the header row stay in place while the grid scrolls inside its area, so it works on a phone;
 * the area is at most 70% of the viewport (SPEC §2) and no taller than its rows (issue 12: no empty space).
 */
export function PoolGrid({ players, stats, pending = [], zoom, onCell, onRemove, onStatus, live, found }: PoolGridProps) {
  const t = useTexts(messages);
  const statusNames = useStatusNames();
  const stat = useStatLabels();
  useApplyMeasure(stats);
  // Stable handlers, so a row whose results did not change is not rendered again (issue 13: a bout re-renders
  // only the two rows it changes).
  const handlers = useRef({ onCell, onRemove, onStatus });
  handlers.current = { onCell, onRemove, onStatus };
  const cell = useCallback((a: PoolPlayer, b: PoolPlayer) => handlers.current.onCell?.(a, b), []);
  const remove = useCallback((p: PoolPlayer) => handlers.current.onRemove?.(p), []);
  const status = useCallback((p: PoolPlayer) => handlers.current.onStatus?.(p), []);
  const area = useRef<HTMLDivElement>(null);
  // Once per find (a new `found`, set with the pool it opens): a later reload of the pool does not scroll back to it.
  useLayoutEffect(() => {
    if (found) area.current?.querySelector('[data-found]')?.scrollIntoView({ block: 'center', inline: 'start' });
  }, [found]);
  const th = 'border border-slate-200 bg-slate-100 px-2 py-2 text-xs font-semibold text-slate-700';
  return (
    // Read only (the board), no cell takes focus: the area itself does, named, so a keyboard scrolls it (issue 29, axe).
    <div ref={area} className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white" data-testid="pool-grid-area" {...(onCell ? {} : { tabIndex: 0, role: 'region', 'aria-label': t.area })}>
      <table className="border-collapse text-sm" style={{ zoom: zoom / 100 }} data-testid="pool-grid">
        <thead className="sticky top-0 z-20">
          <tr>
            <th scope="col" className={`${th} sticky left-0 z-30 min-w-36 text-left`}>{t.athletes}</th>
            {players.map((p) => (
              <th key={p.id} scope="col" className={`${th} w-12 text-center ${p.status ? 'text-slate-400 line-through' : ''}`} title={p.name}>{p.position}</th>
            ))}
            {STATS.map((h) => (
              <th key={h} scope="col" className={`${th} cursor-help text-center`} title={stat(h).tooltip}>{stat(h).label}</th>
            ))}
            {(onRemove || onStatus) && <th scope="col" className={th}>{t.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {players.map((row, r) => {
            const s = stats[r]!;
            const waiting = players.filter((col) => pending.some((b) => isBoutOf(b, row.id, col.id))).map((col) => col.id).join(',');
            const running = live?.size ? players.flatMap((col) => (live.has(`${row.id}>${col.id}`) ? [`${col.id}=${live.get(`${row.id}>${col.id}`)!.score}`] : [])).join(',') : '';
            // Issue 29: the row fencer's cards in each bout on the piste, beside its running score.
            const carded = running ? players.map((col) => cardsKey(live!.get(`${row.id}>${col.id}`)?.cards)).join(',') : '';
            return (
              <GridRow
                key={row.id}
                row={row}
                players={players}
                found={found?.id === row.id}
                stats={s}
                signature={`${row.status}|${s.victories}|${s.defeats}|${s.touchesScored}|${s.touchesReceived}|${players.map((c) => s.matches[c.id] ?? c.status ?? '').join(',')}|${waiting}|${running}|${carded}`}
                waiting={waiting}
                running={running}
                live={live}
                t={t}
                status={statusNames}
                onCell={onCell ? cell : undefined}
                onRemove={onRemove ? remove : undefined}
                onStatus={onStatus ? status : undefined}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface GridRowProps {
  row: PoolPlayer;
  players: PoolPlayer[];
  found: boolean;
  stats: PlayerStats;
  /** Everything the row shows, as one string: the row renders again only when it changes. */
  signature: string;
  /** Ids of the columns whose bout with this row waits to sync, comma-separated. */
  waiting: string;
  /** The columns this row is fencing now with the running score, `colId=3–2`, comma-separated. */
  running: string;
  /** The bouts on the piste (`rowId>colId`), for their cards; the signature names this row's. */
  live: ReadonlyMap<string, LiveCell> | undefined;
  /** The grid's texts and the statuses' names, handed down: one subscription for the grid, not two a row. */
  t: TextsOf<typeof messages>;
  status: StatusNames;
  onCell?: (row: PoolPlayer, col: PoolPlayer) => void;
  onRemove?: (player: PoolPlayer) => void;
  onStatus?: (player: PoolPlayer) => void;
}

const GridRow = memo(function GridRow({ row, players, found, stats: s, waiting: waitingIds, running, live, t, status, onCell, onRemove, onStatus }: GridRowProps) {
  const cardsLabel = useCardsLabel();
  // The cell reads the result letters of the language (issue 32); its colour follows the stored V/D.
  const letters = useResultLetters();
  const pendingCols = new Set(waitingIds ? waitingIds.split(',') : []);
  const onPiste = new Map(running ? running.split(',').map((e) => e.split('=') as [string, string]) : []);
  const actions = (onRemove || onStatus) && (
    <td className="whitespace-nowrap border border-slate-200 px-1 text-center">
      {onStatus && (
        <button type="button" className="btn-ghost px-2 py-1 text-slate-700" aria-label={t.statusOf({ name: row.name })} title={t.statusTip} onClick={() => onStatus(row)}>
          <MoreIcon />
        </button>
      )}
      {onRemove && (
        <button type="button" className="btn-ghost px-2 py-1 text-red-700" aria-label={t.removeName({ name: row.name })} title={t.removeTip} onClick={() => onRemove(row)}>
          <TrashIcon />
        </button>
      )}
    </td>
  );
  return (
    <tr data-testid="pool-row" data-status={row.status ?? undefined} data-found={found || undefined} aria-current={found || undefined}>
      <th scope="row" className={`sticky left-0 z-10 border border-slate-200 ${found ? 'bg-amber-100 ring-2 ring-inset ring-amber-500' : 'bg-white'} px-2 py-2 text-left font-semibold shadow-[1px_0_0_0_#e2e8f0]`}>
        <span className="mr-2 text-slate-500 tabular-nums">{row.position}</span>
        <span className={`whitespace-nowrap ${row.status ? 'text-slate-500 line-through' : ''}`}>{row.name}</span>
      </th>
      {row.status ? (
        // o.74: the row shows the status instead of results; the fencer's bouts count for nobody.
        <td colSpan={players.length + 6} className="border border-slate-200 bg-slate-100 px-3 text-center text-sm font-semibold text-slate-700" data-testid={`status-${row.position}`}>
          {t.annulledRow({ status: status[row.status] })}
        </td>
      ) : players.map((col) => {
        if (col.id === row.id) {
          return <td key={col.id} className="border border-slate-200 bg-slate-900 text-center text-slate-500" aria-label={t.same}>-</td>;
        }
        if (col.status) {
          return <td key={col.id} className="border border-slate-200 bg-slate-100 text-center text-xs italic text-slate-500" data-testid={`cell-${row.position}-${col.position}`}>{t.annulled}</td>;
        }
        const stored = s.matches[col.id];
        const result = stored === undefined ? undefined : letters.text(stored);
        const waiting = pendingCols.has(col.id);
        // A bout on the piste shows its running score, marked live, until its result is saved.
        const score = result ? undefined : onPiste.get(col.id);
        const cards = score ? live?.get(`${row.id}>${col.id}`)?.cards : undefined;
        const shown = cards ? <span className="flex flex-col items-center leading-none">{score}<CardMarks side={cards} className="mt-0.5" /></span> : (result ?? score ?? '-');
        return (
          <td
            key={col.id}
            className={`border border-slate-200 p-0 text-center ${score ? 'bg-amber-100 text-amber-950 ring-2 ring-inset ring-amber-400' : cellClass(stored)} ${waiting ? 'outline-dashed outline-2 -outline-offset-2 outline-amber-500' : ''}`}
            data-pending={waiting || undefined}
            data-live={score ? true : undefined}
          >
            {!onCell ? (
              <span className="inline-flex h-11 w-12 items-center justify-center font-semibold tabular-nums" data-testid={`cell-${row.position}-${col.position}`}>{shown}</span>
            ) : (
              <button
                type="button"
                className="h-11 w-12 font-semibold tabular-nums"
                aria-label={`${row.name} ${t.against} ${col.name}, ${result ?? score ?? t.notFenced}${cards ? `, ${cardsLabel(cards)}` : ''}${score ? t.live : ''}${waiting ? t.waitingToSync : ''}`}
                data-testid={`cell-${row.position}-${col.position}`}
                onClick={() => onCell(row, col)}
              >
                {shown}
              </button>
            )}
          </td>
        );
      })}
      {!row.status && (
        <>
          <td className="border border-slate-200 px-2 text-center tabular-nums" data-stat="V">{s.victories}</td>
          <td className="border border-slate-200 px-2 text-center tabular-nums" data-stat="D">{s.defeats}</td>
          <td className="border border-slate-200 px-2 text-center tabular-nums" data-stat="Ratio">{formatRatio(s.ratio)}</td>
          <td className="border border-slate-200 px-2 text-center tabular-nums" data-stat="TS">{s.touchesScored}</td>
          <td className="border border-slate-200 px-2 text-center tabular-nums" data-stat="TR">{s.touchesReceived}</td>
          <td className="border border-slate-200 px-2 text-center" data-stat="Ind"><Indicator value={s.indicator} /></td>
        </>
      )}
      {actions}
    </tr>
  );
}, (a, b) => a.signature === b.signature && a.found === b.found && a.row === b.row && a.players === b.players && a.t === b.t && a.status === b.status && a.onCell === b.onCell && a.onRemove === b.onRemove && a.onStatus === b.onStatus);

function MoreIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}
