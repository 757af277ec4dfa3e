import type { DaySnapshot } from '../contracts/days';
import { flightName } from './pistes';
import { estimateSchedule, type DaySchedule, type EventInput } from './schedule';

/**
 * A competition day's estimated schedule (issue 28) from what its screens hold: the day's pistes, its events'
 * pools as their rooms last told them (fencers, bouts done) and where each is placed (piste, flight), their
 * tableaux (a team event's of team matches), and the bout minutes the coach set. `estimateSchedule` (./schedule) does the estimating; every screen runs this on
 * each new snapshot (every result) and as the clock moves, so the times move with the day. Pools of fewer
 * than two fencers fence no bout and are left out. Pure: the start and the time now come in.
 */
export function scheduleOfDay(snapshot: Pick<DaySnapshot, 'day' | 'events' | 'pistes' | 'placements'>, start: number, now: number): DaySchedule | null {
  if (snapshot.pistes.length === 0) return null;
  const placed = new Map(snapshot.placements.map((p) => [p.pool_id, p]));
  const events: EventInput[] = snapshot.events.map((e) => ({
    id: e.practice_id,
    weapon: e.weapon,
    pools: e.pools
      .filter((p) => p.fencers >= 2)
      .map((p) => ({ id: p.id, piste: placed.get(p.id)?.piste_id ?? null, flight: flightName(placed.get(p.id)?.flight ?? 0), fencers: p.fencers, done: Math.min(p.done, p.bouts) })),
    tableau: e.tableau,
    team: e.practice_type === 'team',
  }));
  return estimateSchedule({ start, now, pistes: [...snapshot.pistes].sort((a, b) => a.position - b.position).map((p) => p.id), events, minutes: snapshot.day.minutes ?? {} });
}

/**
 * When the day's first pools begin: its date at its start time, read in the clock of the device showing it
 * (the hall's devices are at the venue); without a start time, now. The estimate never starts before now.
 */
export function dayStart(day: Pick<DaySnapshot['day'], 'date' | 'starts_at'>, now: number): number {
  if (!day.starts_at) return now;
  const [y, m, d] = day.date.split('-').map(Number);
  const [h, min] = day.starts_at.split(':').map(Number);
  return new Date(y!, m! - 1, d!, h!, min!).getTime();
}
