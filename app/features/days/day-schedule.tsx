import { params } from '@nanostores/i18n';
import { useCallback, useState } from 'react';
import type { DaySnapshot } from '../../../core/contracts/days';
import { poolState } from '../../../core/fencing/day-plan';
import { flightName } from '../../../core/fencing/pistes';
import { onDemand } from '../../components/ui/lazy';
import { dayTerms, stateLabel } from '../../state/day';
import { clockTime, pistesSchedule, timeSpan, type DayTimes } from '../../state/day-schedule';
import { useTexts } from '../../i18n/common';
import { useTerms } from '../../i18n/fencing-terms';
import type { RoundEstimate } from '../../../core/fencing/schedule';
import { i18n, useStore } from '../../i18n';
import { ScheduleSettings } from './schedule-settings';

const DaySheets = onDemand(() => import('../../components/print/day-sheets').then((m) => m.DaySheets));

const messages = i18n('day-schedule', {
  title: 'Schedule',
  hint: 'Estimated from the bouts left, the pistes and the minutes per bout; it moves with every result and with the clock.',
  estimate: 'Estimated times per piste',
  noEstimate: 'The times appear once the day has pistes and pools.',
  lastPoolEnds: params('Last pool ends ≈ {time}'),
  printSheets: 'Print schedule, referees and calls',
});

/**
 * The day's schedule (issue 28): its start time and bout minutes, then the estimate of every pool per piste
 * (core/fencing/day-schedule, taken again on each result and as the clock moves), when each event's pools
 * end, and the paper for the hall: the schedule of each piste and the referees' list.
 */
export function DaySchedule({ snapshot, times, apply }: { snapshot: DaySnapshot; times: DayTimes; apply: (s: DaySnapshot) => void }) {
  const t = useTexts(messages);
  const d = useStore(dayTerms);
  const [printing, setPrinting] = useState(false);
  const printed = useCallback(() => setPrinting(false), []);
  const pistes = pistesSchedule(snapshot, times);
  const estimated = times.pools.size > 0;
  const poolsEnd = [...times.poolsEnd.values()];

  return (
    <section className="card space-y-4 p-4" aria-labelledby="day-schedule-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="day-schedule-title" className="text-lg font-semibold">{t.title}</h2>
        <button type="button" className="btn-secondary" disabled={snapshot.pistes.length === 0} onClick={() => setPrinting(true)}>
          🖨 {t.printSheets}
        </button>
      </div>
      <p className="text-sm text-slate-600">{t.hint}</p>
      <ScheduleSettings snapshot={snapshot} apply={apply} />
      <h3 className="font-semibold">{t.estimate}</h3>
      {!estimated ? (
        <p className="text-sm text-slate-600">{t.noEstimate}</p>
      ) : (
        <>
          <ul className="space-y-1 text-sm" data-testid="schedule-events">
            {snapshot.events.map((e) => {
              const end = times.poolsEnd.get(e.practice_id);
              return end === undefined || e.pools.length === 0 ? null : (
                <li key={e.practice_id} data-testid="schedule-event" data-event={e.name}>
                  <span className="font-medium">{e.name}</span>: <span className="tabular-nums" data-testid="schedule-pools-end">{d.poolsEndAbout({ time: clockTime(end) })}</span>
                  <EventRounds rounds={times.rounds.get(e.practice_id) ?? []} />
                </li>
              );
            })}
            {poolsEnd.length > 0 && (
              <li className="font-semibold tabular-nums" data-testid="schedule-day-end">{t.lastPoolEnds({ time: clockTime(Math.max(...poolsEnd)) })}</li>
            )}
          </ul>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {pistes.map(({ piste, pools }) => (
              <section key={piste.id} className="rounded-md border border-slate-200 p-2" aria-labelledby={`schedule-piste-${piste.id}`} data-testid="schedule-piste" data-piste={piste.name}>
                <h4 id={`schedule-piste-${piste.id}`} className="font-semibold">
                  {d.pisteName({ name: piste.name })}
                  {piste.final && <span className="ml-1 text-xs font-semibold uppercase text-violet-700">{d.finalPiste}</span>}
                </h4>
                {pools.length === 0 ? (
                  <p className="text-sm text-slate-600">{d.noPoolOnPiste}</p>
                ) : (
                  <ol className="space-y-1 text-sm">
                    {pools.map(({ pool, placement, estimate }) => (
                      <li key={pool.id} data-testid="schedule-pool" data-event={pool.event} data-pool={pool.name} data-state={poolState(pool)}>
                        <span className="block tabular-nums font-medium" data-testid="schedule-time">{estimate ? timeSpan(estimate) : ''}</span>
                        <span className="block">
                          {pool.event} · {pool.name}
                          <span className="text-slate-600"> · {placement ? d.flightName({ name: flightName(placement.flight) }) : d.notPlaced} · {stateLabel(d, poolState(pool))}</span>
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            ))}
          </div>
        </>
      )}
      {printing && <DaySheets snapshot={snapshot} times={times} onDone={printed} />}
    </section>
  );
}

/** An event's tableau after its pools, round by round with its estimated times (the table of 16 … the final). */
function EventRounds({ rounds }: { rounds: readonly RoundEstimate[] }) {
  const terms = useTerms();
  if (rounds.length === 0) return null;
  return (
    <ol className="ml-4 mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700" data-testid="schedule-rounds">
      {rounds.map((r, i) => (
        <li key={r.table} className="tabular-nums" data-testid="schedule-round">
          {terms.round(i + 1, rounds.length)} {timeSpan(r)}
        </li>
      ))}
    </ol>
  );
}
