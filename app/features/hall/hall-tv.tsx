import type { DayCall, DayPlacement, DaySnapshot } from '../../../core/contracts/days';
import { poolState } from '../../../core/fencing/day-plan';
import { onDemand } from '../../components/ui/lazy';
import { dayTerms, pisteQueues, poolsById, refereesById, type PisteBout } from '../../state/day';
import { poolTimeText, useDayTimes } from '../../state/day-schedule';
import { liveStatusText, useTexts } from '../../i18n/common';
import type { LiveStatus } from '../../lib/live-socket';
import { HallGate, hallTexts, PisteBoutLine } from './hall-page';

const NowCalling = onDemand(() => import('../../components/day-calls').then((m) => m.NowCalling));

/**
 * /hall/{board id}/tv (issue 28): the hall board for the TV on the wall, read from across the hall: "now
 * calling" first (who, which piste, which referee), then each piste with what holds it now (a called match
 * or a pool, with its progress and estimated time) and what comes next. No controls; live like the board.
 */
export function HallTv() {
  return <HallGate render={(snapshot, status, bouts) => <Tv snapshot={snapshot} status={status} bouts={bouts} />} />;
}

function Tv({ snapshot, status, bouts }: { snapshot: DaySnapshot; status: LiveStatus; bouts: ReadonlyMap<string, PisteBout> }) {
  const t = useTexts(hallTexts);
  const d = useTexts(dayTerms);
  const pools = poolsById(snapshot);
  const referees = refereesById(snapshot);
  const queues = pisteQueues(snapshot);
  const times = useDayTimes(snapshot);
  const callOn = new Map(snapshot.calls.map((c) => [c.piste_id, c]));

  const pool = (placement: DayPlacement | null, label: string, testId: string) => {
    const p = placement ? pools.get(placement.pool_id) : undefined;
    if (!p) return null;
    const time = poolTimeText(d, poolState(p), times.pools.get(p.id));
    const referee = placement?.referee_id ? referees.get(placement.referee_id) : undefined;
    return (
      <p className="text-2xl" data-testid={testId}>
        <span className="mr-3 text-base font-semibold uppercase tracking-widest opacity-70">{label}</span>
        <span className="font-bold">{p.event} · {p.name}</span> <span className="tabular-nums">{d.progress({ done: p.done, bouts: p.bouts })}</span>
        {time && <span className="ml-3 tabular-nums opacity-90">{time}</span>}
        {referee && <span className="block text-xl opacity-80">{t.refereeName({ name: referee.name })}</span>}
      </p>
    );
  };
  const match = (call: DayCall) => {
    const referee = call.referee_id ? referees.get(call.referee_id) : undefined;
    return (
      <p className="text-2xl" data-testid="tv-piste-call">
        <span className="mr-3 text-base font-semibold uppercase tracking-widest opacity-70">{t.nowLabel}</span>
        <span className="font-bold">{call.names[0] ?? '?'} – {call.names[1] ?? '?'}</span>
        {referee && <span className="block text-xl opacity-80">{t.refereeName({ name: referee.name })}</span>}
      </p>
    );
  };

  return (
    <div className="min-h-screen cursor-none bg-slate-950 p-8 text-white">
      <header className="mb-6 flex items-baseline justify-between gap-6">
        <h1 className="text-5xl font-black" data-testid="hall-day-name">{snapshot.day.name}</h1>
        <span role="status" className={`text-xl font-semibold ${status === 'live' ? 'text-green-400' : 'text-amber-300'}`}>{liveStatusText(d, status)}</span>
      </header>
      <NowCalling snapshot={snapshot} large />
      <section aria-labelledby="tv-pistes" className="mt-8">
        <h2 id="tv-pistes" className="mb-4 text-4xl font-black">{t.pistesTitle}</h2>
        <ul className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          {[...snapshot.pistes].sort((a, b) => a.position - b.position).map((piste) => {
            const queue = queues.get(piste.id);
            const call = callOn.get(piste.id);
            return (
              <li key={piste.id} className="space-y-2 rounded-lg bg-slate-800 p-4" data-testid="tv-piste" data-piste={piste.name}>
                <h3 className="text-3xl font-black">
                  {d.pisteName({ name: piste.name })}
                  {piste.final && <span className="ml-3 align-middle text-base font-semibold uppercase text-violet-300">{d.finalPiste}</span>}
                </h3>
                {call ? match(call) : (pool(queue?.now ?? null, t.nowLabel, 'tv-piste-now') ?? <p className="text-2xl opacity-70">{t.free}</p>)}
                {bouts.has(piste.id) && <PisteBoutLine live={bouts.get(piste.id)!} tv testId="tv-piste-score" />}
                {pool(queue?.next ?? null, t.nextLabel, 'tv-piste-next')}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
