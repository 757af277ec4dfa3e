import { useTexts } from '../../i18n/common';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import { boutOrder } from '../../../core/fencing/bout-order';
import { dutyKey, poolReferees } from '../../../core/fencing/referee-duty';
import { usePoolDuty } from '../../state/referee';
import { isMainMatch, placesTitle, roundsOf, type BracketMatch, type Seed } from '../../../core/fencing/bracket';
import { combinePoolResults } from '../../../core/fencing/pool-results';
import type { ResultTable } from '../../../core/interop/tables';
import { QrCode } from '../qr-code';
import { useRatings } from './print-ratings';
import { formatPracticeDate as formatDate } from '../../lib/dates';
import './print.css';
import { params } from '@nanostores/i18n';
import { formatNumber, i18n } from '../../i18n';
import { useResultLetters, useTerms } from '../../i18n/fencing-terms';
import { STATS, useStatLabels, type Stat } from '../stats-cells';

const messages = i18n('print-view', {
  // A plain word: the sheet prints it before the name of each bout's referee.
  refShort: 'Ref.',
  referee: 'Referee: ______________________',
  signature: 'Signature: ______________________',
  part: params('Tableau of {size}: part {part} of {parts}'),
  lastRounds: params('Tableau of {size}: last rounds'),
  note: 'Note',
});

import { RelaySheetPage, type RelaySheetJob } from './relay-sheet';
/**
 * Paper (issue 15): what the Print buttons print, rendered outside the app (a portal the print stylesheet
 * keeps alone on paper: no header, tabs or buttons), then handed to the browser's print dialog, where the
 * coach picks the printer or "Save as PDF". Every sheet carries the QR code of the practice's live board.
 */

export interface PrintHeader {
  practice: string;
  date: string;
  /** The read-only live board's link, for the QR code; null when it cannot be shown (a guest's print). */
  boardUrl: string | null;
}

export type PrintJob = PrintHeader &
  (
    | { kind: 'pools'; pools: PoolSnapshot[] }
    | { kind: 'tableau'; matches: BracketMatch[]; seeds: Seed[] }
    /** `rounds`: the tableau's, which names a stage "Round n" in the reader's language. */
    | ({ kind: 'table'; title: string; rounds?: number } & ResultTable)
    /** A team match's relay sheet (issue 58). */
    | RelaySheetJob
  );

/** First-round slots on one page of a large tableau: 16 (8 bouts), which fits a landscape A4 or Letter. */
const SLOTS_PER_PAGE = 16;

function SheetHeader({ job, title }: { job: PrintHeader; title: string }) {
  const t = useTexts(messages);
  return (
    <header className="print-header">
      <div>
        <p className="print-kicker">{job.practice} · {formatDate(job.date)}</p>
        <h1 className="print-title">{title}</h1>
      </div>
      {job.boardUrl && (
        <figure className="print-qr">
          <QrCode value={job.boardUrl} size={88} label={t.boardQr} />
          <figcaption>{t.liveResults}</figcaption>
        </figure>
      )}
    </header>
  );
}

function PoolSheet({ job, pool, ratings }: { job: PrintHeader; pool: PoolSnapshot; ratings: Map<string, string> }) {
  const t = useTexts(messages);
  const stat = useStatLabels();
  // The cells and the bout order read the result letters of the grid's heads (issue 32).
  const { text } = useResultLetters();
  const players = pool.players;
  const ranked = new Map(combinePoolResults([pool]).map((r) => [r.id, r]));
  const stats = (id: string) => ranked.get(id)!;
  const order = boutOrder(players.length);
  const at = (n: number) => players[n - 1]!;
  // Who referees each bout still to fence (issue 18): the coach's choice, else the suggestion.
  const referees = poolReferees(players, ([a, b]) => stats(at(a).id).matches[at(b).id] !== undefined, usePoolDuty(pool.id));
  return (
    <section className="print-page" data-testid="print-pool-sheet">
      <SheetHeader job={job} title={pool.name} />
      <table className="print-grid">
        <thead>
          <tr>
            <th className="name">{t.fencer}</th>
            <th>#</th>
            {players.map((p) => <th key={p.id}>{p.position}</th>)}
            <th>{stat('V').label}</th>
            <th>{stat('TS').label}</th>
            <th>{stat('TR').label}</th>
            <th>{stat('Ind').label}</th>
            <th>{t.rank}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((row) => {
            const s = stats(row.id);
            const fenced = s.victories + s.defeats > 0;
            return (
              <tr key={row.id}>
                <td className="name">
                  {row.name}
                  {row.athlete_id && ratings.has(row.athlete_id) && <span className="rating" data-testid="print-rating"> {ratings.get(row.athlete_id)}</span>}
                  {row.status && <em> ({row.status})</em>}
                </td>
                <th>{row.position}</th>
                {players.map((col) => (col.id === row.id ? <td key={col.id} className="self" /> : <td key={col.id}>{text(s.matches[col.id] ?? '')}</td>))}
                <td>{fenced ? s.victories : ''}</td>
                <td>{fenced ? s.touchesScored : ''}</td>
                <td>{fenced ? s.touchesReceived : ''}</td>
                <td>{fenced ? (s.indicator > 0 ? `+${s.indicator}` : s.indicator) : ''}</td>
                <td>{fenced && s.rank !== null ? s.rank : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {order.length > 0 && (
        <>
          <h2 className="print-subtitle">{t.boutOrder}</h2>
          <ol className="print-bouts">
            {order.map(([a, b], i) => {
              const result = stats(at(a).id).matches[at(b).id];
              return (
                <li key={`${a}-${b}`}>
                  <span className="tick" aria-hidden="true">{result ? '☑' : '☐'}</span>
                  <span className="num">{i + 1}.</span>
                  <span className="pair">{a}–{b}</span>
                  <span className="who">
                    {at(a).name} – {at(b).name}
                    {referees.has(dutyKey([a, b])) && <em className="ref"> · {t.refShort} {at(referees.get(dutyKey([a, b]))!).name}</em>}
                  </span>
                  <span className="score">{result ? `${text(result)} / ${text(stats(at(b).id).matches[at(a).id] ?? '')}` : '___ : ___'}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <p className="print-signature">
        <span>{t.referee}</span>
        <span>{t.signature}</span>
      </p>
    </section>
  );
}

function MatchBox({ m, seedOf }: { m: BracketMatch; seedOf: Map<string, Seed> }) {
  const line = (id: string | null, score: number | null) => {
    const s = id ? seedOf.get(id) : undefined;
    return (
      <div className={`side ${id && m.winner_id === id ? 'won' : ''}`}>
        <span className="seed">{s ? s.seed : ''}</span>
        <span className="who">{s ? s.name : m.round === 1 ? '—' : ''}</span>
        <span className="score">{score ?? ''}</span>
      </div>
    );
  };
  return (
    <div className="print-match" data-testid="print-match">
      {line(m.player1_id, m.player1_score)}
      {line(m.player2_id, m.player2_score)}
    </div>
  );
}

/** Rounds side by side, each round's bouts spread over the column so that each sits between its feeders. */
function BracketColumns({ columns, seedOf, main = false }: { columns: { title: string; matches: BracketMatch[] }[]; seedOf: Map<string, Seed>; main?: boolean }) {
  return (
    <div className={main ? 'print-bracket main' : 'print-bracket'}>
      {columns.map((c) => (
        <div key={c.title} className="col">
          <h2 className="print-subtitle">{c.title}</h2>
          <div className="matches">
            {c.matches.map((m) => <MatchBox key={m.id} m={m} seedOf={seedOf} />)}
          </div>
        </div>
      ))}
    </div>
  );
}

function TableauPages({ job }: { job: Extract<PrintJob, { kind: 'tableau' }> }) {
  const t = useTexts(messages);
  const term = useTerms();
  const rounds = roundsOf(job.matches);
  const seedOf = new Map(job.seeds.map((s) => [s.id, s]));
  const main = job.matches.filter((m) => isMainMatch(m, rounds));
  const inRound = (r: number, from = 0, to = Infinity) => main.filter((m) => m.round === r && m.position >= from && m.position < to).sort((a, b) => a.position - b.position);
  const size = 2 ** rounds;
  const places = job.matches.filter((m) => !isMainMatch(m, rounds) && (m.player1_id || m.player2_id));
  const pages: ReactNode[] = [];
  if (size <= SLOTS_PER_PAGE) {
    pages.push(
      <section className="print-page" key="all" data-testid="print-tableau-page">
        <SheetHeader job={job} title={t.tableau} />
        <BracketColumns main seedOf={seedOf} columns={Array.from({ length: rounds }, (_, i) => ({ title: term.round(i + 1, rounds), matches: inRound(i + 1) }))} />
        {places.length > 0 && <BracketColumns seedOf={seedOf} columns={places.map((m) => ({ title: term.text(placesTitle(m, rounds)), matches: [m] }))} />}
      </section>,
    );
  } else {
    // A part per 16 first-round slots, followed through its own rounds; then the last rounds on a page of their own.
    const partRounds = Math.log2(SLOTS_PER_PAGE);
    const parts = size / SLOTS_PER_PAGE;
    for (let part = 0; part < parts; part++) {
      const columns = Array.from({ length: partRounds }, (_, i) => {
        const r = i + 1;
        const per = SLOTS_PER_PAGE / 2 ** r;
        return { title: term.round(r, rounds), matches: inRound(r, part * per, (part + 1) * per) };
      });
      pages.push(
        <section className="print-page" key={`part-${part}`} data-testid="print-tableau-page">
          <SheetHeader job={job} title={t.part({ size, part: part + 1, parts })} />
          <BracketColumns main seedOf={seedOf} columns={columns} />
        </section>,
      );
    }
    pages.push(
      <section className="print-page" key="last" data-testid="print-tableau-page">
        <SheetHeader job={job} title={t.lastRounds({ size })} />
        <BracketColumns seedOf={seedOf} columns={Array.from({ length: rounds - partRounds }, (_, i) => ({ title: term.round(partRounds + i + 1, rounds), matches: inRound(partRounds + i + 1) }))} />
        {places.length > 0 && <BracketColumns seedOf={seedOf} columns={places.map((m) => ({ title: term.text(placesTitle(m, rounds)), matches: [m] }))} />}
      </section>,
    );
  }
  return <>{pages}</>;
}

function TablePage({ job }: { job: Extract<PrintJob, { kind: 'table' }> }) {
  const t = useTexts(messages);
  const stat = useStatLabels();
  const term = useTerms();
  /** The shared table's English column names (core/interop/tables.ts) in the reader's language. */
  const heading = (column: string) =>
    (STATS as readonly string[]).includes(column) ? stat(column as Stat).label : column === 'Rank' ? t.rank : column === 'Athlete' ? t.athlete : column === 'Pool' ? t.pool : column === 'Note' ? t.note : column === 'Player' ? t.player : column === 'Stage' ? t.stage : column === 'Rating before' ? t.ratingBefore : column === 'Rating earned' ? t.ratingEarned : column;
  const cellText = (column: string, cell: string | number | null) =>
    cell === null ? '' : column === 'Ratio' ? formatNumber(Number(cell), 2) : column === 'Note' || column === 'Stage' ? term.text(String(cell), job.rounds ?? 0) : cell;
  return (
    <section className="print-page" data-testid="print-table-page">
      <SheetHeader job={job} title={job.title} />
      <table className="print-table">
        <thead>
          <tr>{job.columns.map((c) => <th key={c}>{heading(c)}</th>)}</tr>
        </thead>
        <tbody>
          {job.rows.map((r, i) => (
            <tr key={i}>{r.map((cell, j) => <td key={j}>{cellText(job.columns[j]!, cell)}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Renders the job for paper and opens the print dialog; `onDone` when printing is over (the dialog
 * closed). The page orientation follows the job: pool sheets and tables portrait, the tableau landscape.
 */
export function PrintView({ job, onDone }: { job: PrintJob; onDone: () => void }) {
  const ratings = useRatings(job.kind === 'pools');
  useLayoutEffect(() => {
    document.body.classList.add('printing');
    return () => document.body.classList.remove('printing');
  }, []);
  useEffect(() => {
    if (!ratings) return;
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    // After this render has reached the page (the sheets must exist when the dialog snapshots them).
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [onDone, ratings]);
  const landscape = job.kind === 'tableau';
  return createPortal(
    <div className="print-root" data-testid="print-root" data-kind={job.kind}>
      <style>{`@page { size: ${landscape ? 'landscape' : 'portrait'}; margin: 10mm; }`}</style>
      {job.kind === 'pools' && ratings && job.pools.map((p) => <PoolSheet key={p.id} job={job} pool={p} ratings={ratings} />)}
      {job.kind === 'tableau' && <TableauPages job={job} />}
      {job.kind === 'table' && <TablePage job={job} />}
      {job.kind === 'relay' && <RelaySheetPage job={job} header={<SheetHeader job={job} title={job.title} />} />}
    </div>,
    document.body,
  );
}
