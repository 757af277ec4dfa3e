import { params } from '@nanostores/i18n';
import { useEffect, useState } from 'react';
import type { DayPiste, DayPlacement as Placement, DaySnapshot } from '../../../core/contracts/days';
import { poolState } from '../../../core/fencing/day-plan';
import { flightName } from '../../../core/fencing/pistes';
import { call, client } from '../../lib/api';
import { dayTerms, pisteQueues, poolsById, refereesById, stateLabel, type PisteBout } from '../../state/day';
import { poolTimeText, type DayTimes } from '../../state/day-schedule';
import { useTexts } from '../../i18n/common';
import { i18n, useStore } from '../../i18n';
import { useDayWrite } from './day-write';
import { PoolReferee } from './pool-referee';
import { PisteBoutLine } from '../../components/referee/piste-bout';

const messages = i18n('day-placement', {
  title: 'Pools on pistes',
  place: 'Place the pools',
  placeHint: 'Places every pool not started on the pistes, in flights when there are fewer pistes than pools. Pools you moved stay where you put them.',
  placeFailed: 'Failed to place the pools',
  moveFailed: 'Failed to move the pool',
  noPlacement: 'No pool placed yet.',
  notPlaced: 'Not placed',
  nowOn: params('Now: {pool}'),
  nothingNow: 'Free',
  moveTo: params('Piste of {pool}'),
  pinned: 'moved by hand',
});

/**
 * Where each pool fences: pistes as columns, flights as rows (flight B takes a piste as its flight A pool
 * finishes), each pool a chip with its progress and a piste picker to move it (it then stays there).
 */
export function DayPlacement({ snapshot, times, apply, bouts }: { snapshot: DaySnapshot; times: DayTimes; apply: (s: DaySnapshot) => void; bouts: ReadonlyMap<string, PisteBout> }) {
  const t = useTexts(messages);
  const d = useStore(dayTerms);
  const { busy, run } = useDayWrite(apply);
  const dayId = snapshot.day.id;
  const pools = poolsById(snapshot);
  const queues = pisteQueues(snapshot);
  const referees = refereesById(snapshot);
  const flights = snapshot.placements.length ? Math.max(...snapshot.placements.map((p) => p.flight)) + 1 : 0;
  const placed = new Set(snapshot.placements.map((p) => p.pool_id));
  const unplaced = snapshot.events.flatMap((e) => e.pools.filter((p) => !placed.has(p.id)).map((p) => ({ ...p, event: e.name })));
  const poolLabel = (id: string) => {
    const pool = pools.get(id);
    return pool ? `${pool.event} · ${pool.name}` : '';
  };

  const place = () => run(() => call(client.days[':dayId'].placements.$post({ param: { dayId } })), t.placeFailed);
  // A moved chip lands in another cell: its picker keeps the focus there, so the keyboard carries on.
  const [moved, setMoved] = useState<string | null>(null);
  useEffect(() => {
    if (!moved) return;
    document.getElementById(`move-${moved}`)?.focus();
    setMoved(null);
  }, [moved]);
  const move = async (poolId: string, pisteId: string) => {
    const failed = await run(() => call(client.days[':dayId'].placements[':poolId'].$put({ param: { dayId, poolId }, json: { piste_id: pisteId } })), t.moveFailed);
    if (!failed) setMoved(poolId);
  };

  const chip = (placement: Placement) => {
    const pool = pools.get(placement.pool_id);
    if (!pool) return null;
    const state = poolState(pool);
    const tone = state === 'done' ? 'border-slate-200 bg-slate-50 text-slate-500' : state === 'fencing' ? 'border-green-600 bg-green-50' : 'border-slate-300 bg-white';
    const selectId = `move-${placement.pool_id}`;
    const time = poolTimeText(d, state, times.pools.get(pool.id));
    return (
      <div key={placement.pool_id} className={`space-y-1 rounded-md border p-2 text-sm ${tone}`} data-testid="pool-chip" data-pool={pool.name} data-event={pool.event} data-state={state}>
        <p className="font-semibold">{pool.event} · {pool.name}</p>
        <p className="tabular-nums">
          <span data-testid="chip-progress">{d.progress({ done: pool.done, bouts: pool.bouts })}</span> · {stateLabel(d, state)}
          {placement.pinned && <span className="ml-1 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-900" data-testid="pinned">📌 {t.pinned}</span>}
        </p>
        {time && <p className="text-xs font-medium tabular-nums text-slate-700" data-testid="chip-time">{time}</p>}
        <label className="sr-only" htmlFor={selectId}>{t.moveTo({ pool: `${pool.event} ${pool.name}` })}</label>
        <select
          id={selectId}
          className="w-full rounded border border-slate-300 bg-white px-1 py-0.5 text-xs"
          value={placement.piste_id}
          disabled={state !== 'waiting'}
          onChange={(e) => void move(placement.pool_id, e.target.value)}
        >
          {snapshot.pistes.map((p) => <option key={p.id} value={p.id}>{d.pisteName({ name: p.name })}</option>)}
        </select>
        <PoolReferee dayId={dayId} placement={placement} label={`${pool.event} ${pool.name}`} state={state} referees={snapshot.referees} byId={referees} apply={apply} />
      </div>
    );
  };

  const header = (piste: DayPiste) => {
    const now = queues.get(piste.id)?.now;
    return (
      <th key={piste.id} scope="col" className="min-w-40 border-b border-slate-200 p-2 text-left align-top" data-testid="piste-column">
        <span className="block font-semibold">{d.pisteName({ name: piste.name })}</span>
        {piste.final && <span className="text-xs font-semibold uppercase text-violet-700">{d.finalPiste}</span>}
        <span className="block text-xs font-normal text-slate-600" data-testid="now-on-piste">{now ? t.nowOn({ pool: poolLabel(now.pool_id) }) : t.nothingNow}</span>
        {/* The bout the piste's scoring machine holds now (issue 57). */}
        {bouts.has(piste.id) && <div className="mt-1 font-normal"><PisteBoutLine live={bouts.get(piste.id)!} testId="placement-piste-score" /></div>}
      </th>
    );
  };

  return (
    <section className="card space-y-4 p-4" aria-labelledby="day-placement-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="day-placement-title" className="text-lg font-semibold">{t.title}</h2>
        <button type="button" className="btn-primary" disabled={busy} onClick={place}>{t.place}</button>
      </div>
      <p className="text-sm text-slate-600">{t.placeHint}</p>
      {flights === 0 ? (
        <p className="text-sm text-slate-600">{t.noPlacement}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse" data-testid="placement-grid">
            <thead>
              <tr>
                <th scope="col" className="border-b border-slate-200 p-2 text-left text-sm">{d.flight}</th>
                {snapshot.pistes.map(header)}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: flights }, (_, f) => (
                <tr key={f} data-testid="flight-row">
                  <th scope="row" className="whitespace-nowrap p-2 text-left align-top text-sm font-semibold">{d.flightName({ name: flightName(f) })}</th>
                  {snapshot.pistes.map((piste) => (
                    <td key={piste.id} className="space-y-2 p-2 align-top">
                      {snapshot.placements.filter((p) => p.piste_id === piste.id && p.flight === f).map(chip)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unplaced.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">{t.notPlaced}</h3>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm" data-testid="unplaced">
            {unplaced.map((p) => (
              <li key={p.id} className="rounded border border-dashed border-slate-300 px-2 py-1">
                {p.event} · {p.name} · {d.fencerCount(p.fencers)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
