import type { ReactNode } from 'react';
import type { DayCall, DaySnapshot } from '../../core/contracts/days';
import { dayTerms, refereesById } from '../state/day';
import { clockTime } from '../state/day-schedule';
import { useTexts } from '../i18n/common';
import { i18n, useStore } from '../i18n';
import { params } from '@nanostores/i18n';

export const callTexts = i18n('day-calls', {
  nowCalling: 'Now calling',
  noCalls: 'No match is called right now.',
  callPair: params('{a} v {b}'),
  calledAt: params('called {time}'),
  onPiste: 'on piste',
});

/**
 * The matches called to pistes now (issue 28: the day calls a tableau match as soon as both fencers are
 * known and free and a piste is): fencers, piste, referee and when it was called, newest first, for the hall
 * board and the coach's day screen. The coach also sees when a referee shares a club with a fencer.
 */
export function NowCalling({ snapshot, coach = false, actions, large = false }: { snapshot: DaySnapshot; coach?: boolean; actions?: (call: DayCall) => ReactNode; large?: boolean }) {
  const t = useTexts(callTexts);
  const d = useStore(dayTerms);
  const referees = refereesById(snapshot);
  const pistes = new Map(snapshot.pistes.map((p) => [p.id, p]));
  const events = new Map(snapshot.events.map((e) => [e.practice_id, e.name]));
  const calls = [...snapshot.calls].reverse();
  return (
    <section aria-labelledby="now-calling" className="space-y-2" data-testid="now-calling">
      <h2 id="now-calling" className={large ? 'text-4xl font-black' : 'text-xl font-bold'}>{t.nowCalling}</h2>
      {calls.length === 0 ? (
        <p className={large ? 'text-2xl opacity-80' : 'text-slate-600'}>{t.noCalls}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {calls.map((c) => {
            const piste = pistes.get(c.piste_id);
            const referee = c.referee_id ? referees.get(c.referee_id) : undefined;
            return (
              <li key={c.id} className={large ? 'rounded-lg border-l-8 border-l-violet-400 bg-slate-800 p-4 text-white' : 'card border-l-4 border-l-violet-600 p-3'} data-testid="call" data-piste={piste?.name}>
                <p className={large ? 'text-3xl font-bold' : 'text-lg font-bold'}>
                  {piste ? d.pisteName({ name: piste.name }) : ''} <span className={large ? 'font-normal opacity-80' : 'font-normal text-slate-600'}>· {events.get(c.practice_id)}</span>
                </p>
                <p className={large ? 'text-4xl font-black' : 'text-lg font-semibold'} data-testid="call-fencers">{t.callPair({ a: c.names[0] ?? '?', b: c.names[1] ?? '?' })}</p>
                {c.state === 'on-piste' && (
                  <p className="inline-block rounded bg-green-100 px-1 text-xs font-semibold uppercase text-green-900" data-testid="call-on-piste">{t.onPiste}</p>
                )}
                <p className={large ? 'text-2xl opacity-90' : 'text-sm text-slate-700'}>
                  {referee && <span data-testid="call-referee">{t.refereeName({ name: referee.name })} · </span>}
                  <span className="tabular-nums">{t.calledAt({ time: clockTime(c.called_at) })}</span>
                </p>
                {coach && referee && !c.neutral && (
                  <p className="text-xs font-semibold text-amber-900">
                    <span aria-hidden="true">⚠ </span>
                    {d.clubClash}
                  </p>
                )}
                {actions?.(c)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
