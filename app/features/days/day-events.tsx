import { params } from '@nanostores/i18n';
import { useState } from 'react';
import type { DaySnapshot } from '../../../core/contracts/days';
import { poolState } from '../../../core/fencing/day-plan';
import { call, client } from '../../lib/api';
import { useResource } from '../../lib/use-resource';
import { dayTerms, stateLabel } from '../../state/day';
import { useTexts } from '../../i18n/common';
import { i18n, useStore } from '../../i18n';
import { useTerms } from '../../i18n/fencing-terms';
import { useDayWrite } from './day-write';

const messages = i18n('day-events', {
  none: 'No event yet: add the practices fenced today.',
  noPools: 'No pools yet.',
  addEvent: 'Add event',
  pick: 'Practice to add',
  allIn: 'Every practice of yours is in this day.',
  addFailed: 'Failed to add the event',
  removeFailed: 'Failed to remove the event',
  removeEvent: params('Remove event {name}'),
  progress: 'Bouts fenced',
  state: 'State',
});

type Apply = (snapshot: DaySnapshot) => void;

/** The day's events (practices of the coach) with their pools, an Add event picker and Remove. */
export function DayEvents({ snapshot, apply }: { snapshot: DaySnapshot; apply: Apply }) {
  const t = useTexts(messages);
  const d = useStore(dayTerms);
  const term = useTerms();
  const dayId = snapshot.day.id;
  const { busy, run } = useDayWrite(apply);
  const practices = useResource('practices', () => call(client.practices.$get()));
  const inDay = new Set(snapshot.events.map((e) => e.practice_id));
  const addable = (practices.data ?? []).filter((p) => !inDay.has(p.id));
  const [picked, setPicked] = useState('');
  const choice = addable.some((p) => p.id === picked) ? picked : (addable[0]?.id ?? '');

  const add = () =>
    choice && run(() => call(client.days[':dayId'].events[':practiceId'].$put({ param: { dayId, practiceId: choice } })), t.addFailed);
  const remove = (practiceId: string) =>
    run(() => call(client.days[':dayId'].events[':practiceId'].$delete({ param: { dayId, practiceId } })), t.removeFailed);

  return (
    <section className="card space-y-4 p-4" aria-labelledby="day-events-title">
      <h2 id="day-events-title" className="text-lg font-semibold">{d.events}</h2>
      {snapshot.events.length === 0 && <p className="text-sm text-slate-600">{t.none}</p>}
      {snapshot.events.map((e) => (
        <article key={e.practice_id} className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="day-event">
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold">{e.name} <span className="text-sm font-normal text-slate-600">· {term.weapon(e.weapon)}</span></h3>
            <button type="button" className="btn-ghost px-2 py-1 text-red-700" disabled={busy} aria-label={t.removeEvent({ name: e.name })} onClick={() => remove(e.practice_id)}>
              {t.remove}
            </button>
          </div>
          {e.pools.length === 0 ? (
            <p className="text-sm text-slate-600">{t.noPools}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 font-medium">{t.pool}</th>
                  <th scope="col" className="py-1 font-medium">{t.fencers}</th>
                  <th scope="col" className="py-1 font-medium">{t.progress}</th>
                  <th scope="col" className="py-1 font-medium">{t.state}</th>
                </tr>
              </thead>
              <tbody>
                {e.pools.map((p) => (
                  <tr key={p.id} className="border-t border-slate-100" data-testid="day-pool">
                    <td className="py-1">{p.name}</td>
                    <td className="py-1">{p.fencers}</td>
                    <td className="py-1 tabular-nums">{d.progress({ done: p.done, bouts: p.bouts })}</td>
                    <td className="py-1">{stateLabel(d, poolState(p))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </article>
      ))}
      {addable.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label className="label" htmlFor="day-add-event">{t.pick}</label>
            <select id="day-add-event" className="input" value={choice} onChange={(e) => setPicked(e.target.value)}>
              {addable.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
          </div>
          <button type="button" className="btn-primary" disabled={busy || !choice} onClick={add}>{t.addEvent}</button>
        </div>
      ) : (
        practices.status === 'ready' && <p className="text-sm text-slate-600">{t.allIn}</p>
      )}
    </section>
  );
}
