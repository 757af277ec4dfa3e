import { params } from '@nanostores/i18n';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';

const messages = i18n('print-relay-sheet', {
  reserveOf: params('Reserve of {team}: {name}'),
  noReserve: params('{team}: no reserve named'),
  signatures: 'Referee ____________________   Captain A ____________________   Captain B ____________________',
});

/** One relay of a printed sheet: the two fencers (number and name, the reserve marked), the touches and running scores as entered. */
export interface RelayPrintRow {
  n: number;
  a: { number: number; name: string };
  b: { number: number; name: string };
  touches: { a: number | null; b: number | null };
  totals: { a: number; b: number } | null;
  target: number;
}

/** A team match's relay sheet on paper (issue 58): the sides by lot, who fences each relay, what is entered, room to sign. */
export interface RelaySheetJob {
  kind: 'relay';
  title: string;
  sides: { a: string; b: string };
  rows: RelayPrintRow[];
  reserves: { a: string | null; b: string | null };
  substitutions: string[];
  /** The match's state as the sheet says it ("Over: Team 2 wins 45–36"). */
  result: string;
  /** The columns' headings as the screen's sheet names them. */
  headings: { touches: string; score: string; target: string };
}

/**
 * The paper relay sheet of a team match (FIE o.99, as the team match score-sheet is kept at the piste): team A on the left,
 * each relay's fencers by number and name in the captains' order, the touches and running scores entered so far (blank
 * cells to fill in by hand), the reserves and substitutions, the result, and lines for the referee's and captains' signatures.
 */
export function RelaySheetPage({ job, header }: { job: RelaySheetJob; header: ReactNode }) {
  const t = useTexts(messages);
  return (
    <section className="print-page" data-testid="print-relay-sheet">
      {header}
      <table className="print-grid">
        <thead>
          <tr>
            <th>#</th>
            <th className="name">{job.sides.a}</th>
            <th>{job.headings.touches}</th>
            <th>{job.headings.score}</th>
            <th>{job.headings.target}</th>
            <th>{job.headings.score}</th>
            <th>{job.headings.touches}</th>
            <th className="name">{job.sides.b}</th>
          </tr>
        </thead>
        <tbody>
          {job.rows.map((r) => (
            <tr key={r.n} data-testid="print-relay-row">
              <td>{r.n}</td>
              <td className="name">{r.a.number} · {r.a.name}</td>
              <td>{r.touches.a ?? ''}</td>
              <td>{r.totals?.a ?? ''}</td>
              <td>{r.target}</td>
              <td>{r.totals?.b ?? ''}</td>
              <td>{r.touches.b ?? ''}</td>
              <td className="name">{r.b.number} · {r.b.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="print-subtitle">{job.reserves.a ? t.reserveOf({ team: job.sides.a, name: job.reserves.a }) : t.noReserve({ team: job.sides.a })}</p>
      <p className="print-subtitle">{job.reserves.b ? t.reserveOf({ team: job.sides.b, name: job.reserves.b }) : t.noReserve({ team: job.sides.b })}</p>
      {job.substitutions.length > 0 && (
        <>
          <p className="print-subtitle">{t.substitutions}</p>
          <ul>{job.substitutions.map((s) => <li key={s}>{s}</li>)}</ul>
        </>
      )}
      <p className="print-subtitle">{t.result}: {job.result}</p>
      <p style={{ marginTop: '24pt' }}>{t.signatures}</p>
    </section>
  );
}
