import { params } from '@nanostores/i18n';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { DayCall, DayPlacement, DaySnapshot } from '../../../core/contracts/days';
import { poolState } from '../../../core/fencing/day-plan';
import { flightName } from '../../../core/fencing/pistes';
import { Spinner } from '../../components/ui/spinner';
import { onDemand } from '../../components/ui/lazy';

/** The calls load just after the board's first paint (issue 13: the hall board's first load stays under 100 KB). */
const NowCalling = onDemand(() => import('../../components/day-calls').then((m) => m.NowCalling));
import type { LiveStatus } from '../../lib/live-socket';
import { dayTerms, pisteQueues, poolsById, refereesById, stateLabel, useLiveDay, type PisteBout } from '../../state/day';
import { clockTime, poolTimeText, useDayTimes } from '../../state/day-schedule';
import { liveStatusText, useTexts } from '../../i18n/common';
import { i18n, intlLocale, useStore } from '../../i18n';
import { LanguagePicker } from '../../i18n/language-picker';

/** The hall board's words, the TV's too (./hall-tv). */
export const hallTexts = i18n('hall-page', {
  eyebrow: 'Piste hall board',
  unavailable: 'Hall board unavailable',
  notValid: 'This hall board link is not valid, or the day is not shared right now.',
  paused: 'Hall board paused',
  comesBack: 'This screen comes back by itself when the coach shares the day again.',
  pistesTitle: 'On the pistes',
  nowLabel: 'Now',
  nextLabel: 'Next up',
  free: 'Nothing fencing',
  noneNext: 'Nothing after',
  noPistes: 'The pistes appear here once the pools are placed.',
  where: params('{piste}, {flight}'),
});

/** The day's date in the viewer's language, by the browser's own Intl (no date library on the board's load). */
function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/**
 * /hall/{board id} (issue 28): a competition day's hall board for a screen in the hall or a parent's phone,
 * no account: per piste what fences now and what comes next, and each event's pools with their piste,
 * flight and estimated time (when its pools end); live through the day's room while the coach shares it. Its own chunk: no other screen grows.
 */
/** /hall/{board id}/tv, the TV view: its own code, loaded when it is opened. */
const HallTv = onDemand(() => import('./hall-tv').then((m) => m.HallTv));
/** /hall/{board id}/fencer/{event}/{entry}, a fencer's own page, and the board's fencer finder: loaded when used. */
const HallFencerPage = onDemand(() => import('./hall-fencer').then((m) => m.HallFencerPage));
const FencerFinder = onDemand(() => import('./hall-finder').then((m) => m.FencerFinder));
/** A bout a piste's scoring machine holds (issue 57): loaded the first time one shows. */
export const PisteBoutLine = onDemand(() => import('../../components/referee/piste-bout').then((m) => m.PisteBoutLine));

export function HallPage() {
  const { '*': rest = '' } = useParams();
  if (rest === 'tv') return <HallTv />;
  if (rest.startsWith('fencer/')) return <HallFencerPage />;
  return <HallGate render={(snapshot, status, bouts) => <Hall snapshot={snapshot} status={status} bouts={bouts} />} />;
}

/**
 * The hall board's day, live by its link, for the board and its TV view: a clear message while the link
 * shows nothing (not valid, not shared, closed by the server), a spinner while it loads.
 */
export function HallGate({ render }: { render: (snapshot: DaySnapshot, status: LiveStatus, bouts: ReadonlyMap<string, PisteBout>) => ReactNode }) {
  const t = useStore(hallTexts);
  const { boardId = '' } = useParams();
  const live = useLiveDay({ hall: boardId });
  if (live.closed || live.snapshot === null) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-2 px-4 text-center">
        <h1 className="text-2xl font-bold">{t.unavailable}</h1>
        <p className="text-slate-600" data-testid="hall-unavailable">{live.closed ?? t.notValid}</p>
      </main>
    );
  }
  // The day stopped being shared (or was not when the board opened): nothing of it shows, and the board comes
  // back when it is shared again.
  if (live.paused) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-2 px-4 text-center" data-testid="hall-paused">
        <h1 className="text-2xl font-bold">{t.paused}</h1>
        <p className="text-slate-600">{live.paused}</p>
        <p className="text-slate-600">{t.comesBack}</p>
      </main>
    );
  }
  if (live.snapshot === undefined) return <Spinner />;
  return <>{render(live.snapshot, live.status, live.pisteBouts)}</>;
}

function Hall({ snapshot, status, bouts }: { snapshot: DaySnapshot; status: LiveStatus; bouts: ReadonlyMap<string, PisteBout> }) {
  const t = useTexts(hallTexts);
  const d = useTexts(dayTerms);
  const { day } = snapshot;
  const pools = poolsById(snapshot);
  const queues = pisteQueues(snapshot);
  const placementOf = new Map(snapshot.placements.map((p) => [p.pool_id, p]));
  const pisteName = new Map(snapshot.pistes.map((p) => [p.id, p.name]));
  // Who referees each pool, for the fencers and their parents: the coach's screen warns about clubs, not the board.
  const referees = refereesById(snapshot);
  // The estimated times, taken again on each result and as the clock moves.
  const times = useDayTimes(snapshot);
  // A match called to a piste is what fences there now (as the TV view shows it), before any pool placed on it.
  const callOn = new Map(snapshot.calls.map((c) => [c.piste_id, c]));

  const line = (label: string, placement: DayPlacement | null, empty: string, testId: string) => {
    const pool = placement ? pools.get(placement.pool_id) : undefined;
    const referee = placement?.referee_id ? referees.get(placement.referee_id) : undefined;
    const time = pool ? poolTimeText(d, poolState(pool), times.pools.get(pool.id)) : null;
    return (
      <p data-testid={testId}>
        <span className="mr-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</span>
        {pool ? (
          <>
            <span className="font-semibold">{pool.event} · {pool.name}</span>{' '}
            <span className="tabular-nums" aria-hidden="true">{d.progress({ done: pool.done, bouts: pool.bouts })}</span>
            <span className="sr-only">{d.poolProgress({ done: pool.done, bouts: pool.bouts })}</span>
            {time && <span className="ml-2 text-sm font-medium tabular-nums text-slate-700">{time}</span>}
            {referee && <span className="block text-sm text-slate-700">{t.refereeName({ name: referee.name })}</span>}
          </>
        ) : (
          <span className="text-slate-500">{empty}</span>
        )}
      </p>
    );
  };

  const called = (call: DayCall) => {
    const referee = call.referee_id ? referees.get(call.referee_id) : undefined;
    return (
      <p data-testid="hall-now-call">
        <span className="mr-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t.nowLabel}</span>
        <span className="font-semibold">{call.names[0] ?? '?'} – {call.names[1] ?? '?'}</span>
        {referee && <span className="block text-sm text-slate-700">{t.refereeName({ name: referee.name })}</span>}
      </p>
    );
  };

  return (
    <div className="min-h-screen text-base lg:text-lg">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <p className="text-xs font-semibold uppercase tracking-widest text-slate-500">{t.eyebrow}</p>
            <h1 className="text-2xl font-bold lg:text-4xl" data-testid="hall-day-name">{day.name}</h1>
            <p className="text-sm text-slate-600">{[longDate(day.date), day.venue].filter(Boolean).join(' · ')}</p>
          </div>
          <div className="flex items-center gap-4">
            <LanguagePicker />
            <span role="status" className={`text-xs font-semibold ${status === 'live' ? 'text-green-700' : 'text-amber-700'}`}>{liveStatusText(d, status)}</span>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <NowCalling snapshot={snapshot} />
        <FencerFinder />
        <section aria-labelledby="hall-pistes">
          <h2 id="hall-pistes" className="mb-3 text-xl font-bold">{t.pistesTitle}</h2>
          {snapshot.placements.length === 0 && snapshot.calls.length === 0 ? (
            <p className="text-slate-600">{t.noPistes}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {snapshot.pistes.map((piste) => {
                const queue = queues.get(piste.id);
                const call = callOn.get(piste.id);
                return (
                  <li key={piste.id} className="card space-y-1 p-3" data-testid="hall-piste" data-piste={piste.name}>
                    <h3 className="text-lg font-bold">
                      {d.pisteName({ name: piste.name })}
                      {piste.final && <span className="ml-2 text-xs font-semibold uppercase text-violet-700">{d.finalPiste}</span>}
                    </h3>
                    {call ? called(call) : line(t.nowLabel, queue?.now ?? null, t.free, 'hall-now')}
                    {bouts.has(piste.id) && <PisteBoutLine live={bouts.get(piste.id)!} testId="hall-piste-score" />}
                    {line(t.nextLabel, queue?.next ?? null, t.noneNext, 'hall-next')}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby="hall-events" className="space-y-4">
          <h2 id="hall-events" className="text-xl font-bold">{d.events}</h2>
          {snapshot.events.map((e) => (
            <article key={e.practice_id} className="card p-3" data-testid="hall-event">
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold">{e.name}</h3>
                {times.poolsEnd.has(e.practice_id) && (
                  <span className="font-medium tabular-nums text-slate-700" data-testid="hall-pools-end">{d.poolsEndAbout({ time: clockTime(times.poolsEnd.get(e.practice_id)!) })}</span>
                )}
                {(times.rounds.get(e.practice_id) ?? []).length > 0 && (
                  <span className="font-medium tabular-nums text-slate-700" data-testid="hall-tableau">
                    {d.tableauAbout({ time: clockTime(times.rounds.get(e.practice_id)![0]!.start) })} · {d.finalAbout({ time: clockTime(times.rounds.get(e.practice_id)!.at(-1)!.start) })}
                  </span>
                )}
              </div>
              <ul className="divide-y divide-slate-100">
                {e.pools.map((p) => {
                  const at = placementOf.get(p.id);
                  const piste = at ? pisteName.get(at.piste_id) : undefined;
                  const referee = at?.referee_id ? referees.get(at.referee_id) : undefined;
                  const time = poolTimeText(d, poolState(p), times.pools.get(p.id));
                  return (
                    <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-1" data-testid="hall-pool" data-pool={p.name}>
                      <span className="font-medium">{p.name}</span>
                      <span className="text-slate-700">
                        {at && piste !== undefined ? t.where({ piste: d.pisteName({ name: piste }), flight: d.flightName({ name: flightName(at.flight) }) }) : d.notPlaced}
                      </span>
                      {referee && <span className="text-slate-700" data-testid="hall-pool-referee">{t.refereeName({ name: referee.name })}</span>}
                      {time && <span className="font-medium tabular-nums" data-testid="hall-pool-time">{time}</span>}
                      <span className="tabular-nums" data-testid="hall-pool-progress">{d.progress({ done: p.done, bouts: p.bouts })} · {stateLabel(d, poolState(p))}</span>
                    </li>
                  );
                })}
              </ul>
            </article>
          ))}
        </section>
      </main>
    </div>
  );
}
