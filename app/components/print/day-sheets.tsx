import { params } from '@nanostores/i18n';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { Day, DaySnapshot } from '../../../core/contracts/days';
import { flightName } from '../../../core/fencing/pistes';
import { formatPracticeDate } from '../../lib/dates';
import { useTerms } from '../../i18n/fencing-terms';
import { clockTime } from '../../state/day-schedule';
import { dayTerms } from '../../state/day';
import { pistesSchedule, refereeDuties, timeSpan, type DayTimes } from '../../state/day-schedule';
import { useTexts } from '../../i18n/common';
import { i18n, useStore } from '../../i18n';
import { QrCode } from '../qr-code';
import { callTexts } from '../day-calls';
import './print.css';

const messages = i18n('day-sheets', {
  pisteSchedule: params('Schedule of piste {name}'),
  refereeList: 'Referee list',
  time: 'Time',
  event: 'Event',
  noDuty: 'No pool yet',
  refereedBy: 'Refereed by',
  refereeOnDuty: 'Referee’s name',
  hallBoard: 'Live hall board',
  hallQr: 'QR code of the hall board',
  callSheet: 'Call sheet',
  called: 'Called',
  round: 'Round',
  piste: 'Piste',
});

const left = { textAlign: 'left' } as const;

function Header({ day, title }: { day: Day; title: string }) {
  const t = useTexts(messages);
  const hall = day.board_shared ? `${location.origin}/hall/${day.board_id}` : null;
  return (
    <header className="print-header">
      <div>
        <p className="print-kicker">{[day.name, formatPracticeDate(day.date), day.venue].filter(Boolean).join(' · ')}</p>
        <h1 className="print-title">{title}</h1>
      </div>
      {hall && (
        <figure className="print-qr">
          <QrCode value={hall} size={88} label={t.hallQr} />
          <figcaption>{t.hallBoard}</figcaption>
        </figure>
      )}
    </header>
  );
}

/**
 * Paper for a competition day (issue 28), printed the way the practice's sheets are (./print-view: a portal
 * the print stylesheet keeps alone on paper): the schedule of each piste on its own page (its pools in the
 * order they fence, with event, referee and estimated times), the referees' list with their pools, then
 * the call sheet: the tableau matches called now, for the bout committee's table and the announcer.
 * The times are the estimate when the coach prints; the sheets follow the live day until the dialog closes.
 */
export function DaySheets({ snapshot, times, onDone }: { snapshot: DaySnapshot; times: DayTimes; onDone: () => void }) {
  const t = useTexts(messages);
  const d = useStore(dayTerms);
  const terms = useTerms();
  const calls = useStore(callTexts);
  const done = useRef(onDone);
  done.current = onDone;
  useLayoutEffect(() => {
    document.body.classList.add('printing');
    return () => document.body.classList.remove('printing');
  }, []);
  useEffect(() => {
    const after = () => done.current();
    window.addEventListener('afterprint', after);
    // After the sheets have reached the page: the dialog snapshots what is there.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const { day } = snapshot;
  const pistes = pistesSchedule(snapshot, times);
  const referees = new Map(snapshot.referees.map((r) => [r.id, r.name]));
  const pisteName = (name: string) => d.pisteName({ name });
  const pistesById = new Map(snapshot.pistes.map((p) => [p.id, p.name]));
  return createPortal(
    <div className="print-root" data-testid="print-root" data-kind="day">
      <style>{'@page { size: portrait; margin: 10mm; }'}</style>
      {pistes.map(({ piste, pools }) => (
        <section key={piste.id} className="print-page" data-testid="print-piste-sheet" data-piste={piste.name}>
          <Header day={day} title={t.pisteSchedule({ name: piste.name })} />
          {pools.length === 0 ? (
            <p>{d.noPoolOnPiste}</p>
          ) : (
            <table className="print-table">
              <thead>
                <tr>
                  <th>{t.time}</th>
                  <th>{t.event}</th>
                  <th>{t.pool}</th>
                  <th>{d.flight}</th>
                  <th>{t.refereedBy}</th>
                </tr>
              </thead>
              <tbody>
                {pools.map(({ pool, placement, estimate }) => (
                  <tr key={pool.id} data-testid="print-piste-pool">
                    <td>{estimate ? timeSpan(estimate) : ''}</td>
                    <td>{pool.event}</td>
                    <td>{pool.name}</td>
                    <td>{placement ? flightName(placement.flight) : d.notPlaced}</td>
                    <td style={left}>{placement?.referee_id ? referees.get(placement.referee_id) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      <section className="print-page" data-testid="print-referee-list">
        <Header day={day} title={t.refereeList} />
        <table className="print-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t.refereeOnDuty}</th>
              <th>{t.club}</th>
              <th style={left}>{t.pools}</th>
            </tr>
          </thead>
          <tbody>
            {refereeDuties(snapshot, pistes).map(({ referee, pools }, i) => (
              <tr key={referee.id} data-testid="print-referee">
                <td>{i + 1}</td>
                <td>{referee.name}</td>
                <td>{referee.club ?? ''}</td>
                <td style={left}>
                  {pools.length === 0
                    ? t.noDuty
                    : pools.map((p) => (
                        <div key={p.pool.id}>{[p.estimate ? timeSpan(p.estimate) : null, pisteName(p.piste.name), `${p.pool.event} · ${p.pool.name}`].filter(Boolean).join(' · ')}</div>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="print-page" data-testid="print-call-sheet">
        <Header day={day} title={t.callSheet} />
        {snapshot.calls.length === 0 ? (
          <p>{calls.noCalls}</p>
        ) : (
          <table className="print-table">
            <thead>
              <tr>
                <th>{t.called}</th>
                <th>{t.piste}</th>
                <th>{t.event}</th>
                <th>{t.round}</th>
                <th style={left}>{t.fencers}</th>
                <th style={left}>{t.refereedBy}</th>
              </tr>
            </thead>
            <tbody>
              {snapshot.calls.map((c) => {
                const event = snapshot.events.find((e) => e.practice_id === c.practice_id);
                const rounds = event?.tableau ? Math.log2(event.tableau.size) : c.round;
                return (
                  <tr key={c.id} data-testid="print-call">
                    <td>{clockTime(c.called_at)}</td>
                    <td>{pistesById.get(c.piste_id) ?? ''}{c.state === 'on-piste' ? ` (${calls.onPiste})` : ''}</td>
                    <td>{event?.name ?? ''}</td>
                    <td>{terms.round(c.round, rounds)}</td>
                    <td style={left}>{c.names.map((n) => n ?? '…').join(' – ')}</td>
                    <td style={left}>{c.referee_id ? referees.get(c.referee_id) : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </div>,
    document.body,
  );
}
