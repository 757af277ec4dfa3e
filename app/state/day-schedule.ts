import { useEffect, useMemo, useState } from 'react';
import type { DayPiste, DayPlacement, DayPool, DayReferee, DaySnapshot, PoolState } from '../../core/contracts/days';
import type { PoolEstimate, RoundEstimate } from '../../core/fencing/schedule';
import { formatTime } from '../i18n';
import { poolsById, type dayTerms } from './day';

/** How often the estimate is taken again while nothing changes: the times move with the clock. */
const TICK_MS = 30_000;

/** The time now, moving every TICK_MS. */
function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface DayTimes {
  /** Each pool's estimate (piste, start, end), by pool id. */
  pools: ReadonlyMap<string, PoolEstimate>;
  /** When each event's pools end, by practice id. */
  poolsEnd: ReadonlyMap<string, number>;
  /** Each event's tableau, round by round from the first to the final, by practice id (empty without one). */
  rounds: ReadonlyMap<string, readonly RoundEstimate[]>;
  /** When the day's last pool ends. */
  end: number | null;
}

const NONE: DayTimes = { pools: new Map(), poolsEnd: new Map(), rounds: new Map(), end: null };

/**
 * The estimating rules, loaded after the first paint (issue 13: the hall board's first load stays small; the
 * times follow a moment later). Loaded once; a failed load is tried again by the next screen that asks.
 */
type Estimator = Pick<typeof import('../../core/fencing/day-schedule'), 'scheduleOfDay' | 'dayStart'> & Pick<typeof import('../../core/fencing/schedule'), 'ScheduleError'>;
let estimator: Estimator | undefined;
let loading: Promise<Estimator> | undefined;
function loadEstimator(): Promise<Estimator> {
  loading ??= Promise.all([import('../../core/fencing/day-schedule'), import('../../core/fencing/schedule')]).then(
    ([day, rules]) => (estimator = { scheduleOfDay: day.scheduleOfDay, dayStart: day.dayStart, ScheduleError: rules.ScheduleError }),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

function useEstimator(): Estimator | undefined {
  const [loaded, setLoaded] = useState(estimator);
  useEffect(() => {
    if (loaded) return;
    let gone = false;
    loadEstimator().then(
      (e) => !gone && setLoaded(e),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [loaded]);
  return loaded;
}

/**
 * The day's estimated times (issue 28: core/fencing/day-schedule), taken again on every snapshot (every
 * result) and as the clock moves; nothing while the day has no pistes or the rules are still loading.
 */
export function useDayTimes(snapshot: DaySnapshot | null | undefined): DayTimes {
  const now = useClock();
  const rules = useEstimator();
  return useMemo(() => {
    if (!snapshot || !rules) return NONE;
    try {
      const schedule = rules.scheduleOfDay(snapshot, rules.dayStart(snapshot.day, now), now);
      if (!schedule) return NONE;
      return {
        pools: new Map(schedule.events.flatMap((e) => e.pools.map((p) => [p.id, p] as const))),
        poolsEnd: new Map(schedule.events.map((e) => [e.id, e.poolsEnd] as const)),
        rounds: new Map(schedule.events.map((e) => [e.id, e.rounds] as const)),
        end: schedule.end,
      };
    } catch (e) {
      // A day the rules cannot estimate (out of their bounds) shows no times rather than breaking the screen.
      if (e instanceof rules.ScheduleError) return NONE;
      throw e;
    }
  }, [snapshot, now, rules]);
}

/** A time of day as the viewer's language writes it (09:24, 9:24 AM). */
export const clockTime = (ms: number) => formatTime(new Date(ms));

/** An estimate's span as the schedule and the sheets print it: 09:00–09:24. */
export const timeSpan = (e: { start: number; end: number }) => `${clockTime(e.start)}–${clockTime(e.end)}`;

/**
 * A pool's estimated time as its chip and the hall board say it: while it waits, when it starts; while it
 * fences, when it ends; nothing once it is done (or while the day cannot be estimated).
 */
export function poolTimeText(d: ReturnType<typeof dayTerms.get>, state: PoolState, estimate: PoolEstimate | undefined): string | null {
  if (!estimate || state === 'done') return null;
  return state === 'waiting' ? d.startsAbout({ time: clockTime(estimate.start) }) : d.endsAbout({ time: clockTime(estimate.end) });
}

export interface ScheduledPool {
  pool: DayPool & { event: string };
  /** Where the coach's grid put it; null while it is not placed (the estimate still gives it a piste). */
  placement: DayPlacement | null;
  estimate: PoolEstimate | null;
}

/**
 * Each piste of the day with its pools in the order they fence there: the estimate's order (flight A before
 * B); a pool not placed yet is shown on the piste the estimate expects to free up first.
 */
export function pistesSchedule(snapshot: DaySnapshot, times: DayTimes): { piste: DayPiste; pools: ScheduledPool[] }[] {
  const placements = new Map(snapshot.placements.map((p) => [p.pool_id, p]));
  const all = [...poolsById(snapshot).values()].map((pool): ScheduledPool => ({ pool, placement: placements.get(pool.id) ?? null, estimate: times.pools.get(pool.id) ?? null }));
  const startOf = (p: ScheduledPool) => p.estimate?.start ?? Infinity;
  return [...snapshot.pistes]
    .sort((a, b) => a.position - b.position)
    .map((piste) => ({
      piste,
      pools: all
        .filter((p) => (p.estimate?.piste ?? p.placement?.piste_id) === piste.id)
        .sort((a, b) => startOf(a) - startOf(b) || (a.placement?.flight ?? 0) - (b.placement?.flight ?? 0)),
    }));
}

/** Each referee of the day with the pools they referee, in the order they come (for their list on paper). */
export function refereeDuties(snapshot: DaySnapshot, pistes: ReturnType<typeof pistesSchedule>): { referee: DayReferee; pools: (ScheduledPool & { piste: DayPiste })[] }[] {
  const duties = pistes
    .flatMap(({ piste, pools }) => pools.map((p) => ({ ...p, piste })))
    .sort((a, b) => (a.estimate?.start ?? Infinity) - (b.estimate?.start ?? Infinity));
  return [...snapshot.referees]
    .sort((a, b) => a.position - b.position)
    .map((referee) => ({ referee, pools: duties.filter((p) => p.placement?.referee_id === referee.id) }));
}
