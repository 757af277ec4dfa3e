import { params } from '@nanostores/i18n';
import type { Day, DayCall, DaySnapshot } from '../../../core/contracts/days';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { targetParam } from '../../../core/refereeing';
import { call as send, client } from '../../lib/api';
import { paths } from '../../lib/paths';
import { outboxAtom } from '../../state/outbox';
import { queueCallStep } from '../../state/writes/call';
import { selectPractice } from '../../state/practices';
import { useTexts } from '../../i18n/common';
import { useStore } from '../../i18n';
import { dayTerms } from '../../i18n/day-terms';
import { i18n } from '../../i18n';
import { useDayWrite } from './day-write';

const messages = i18n('call-actions', {
  onPisteLabel: params('{pair}: the fencers are on piste'),
  cancel: 'Cancel call',
  cancelLabel: params('Cancel the call of {pair}'),
  held: 'Held back',
  heldHint: 'Cancelled calls wait here until you call them again.',
  callAgain: 'Call again',
  callAgainLabel: params('Call {pair} again'),
  stepFailed: 'Failed to change the call',
  refereeLabel: params('Referee {pair} on the event’s tableau'),
  guestsCall: 'Guests of an event may mark its called matches on piste',
  guestsCallHint: 'From the tableau of the practice they joined by room code: a helper at the piste can say the fencers are there.',
  guestsCallFailed: 'Failed to change who may take the call steps',
});

const pairOf = (names: readonly (string | null)[]) => `${names[0] ?? '?'} – ${names[1] ?? '?'}`;

/**
 * The coach's steps on a call (issue 28): "On piste" once the fencers are there (t.118.1), "Cancel call" for
 * a mistake or a piste that fails (the match is held back, the piste freed). Each names the call's version and
 * waits in the write queue like a score when the network is away; the day's screen follows from its socket.
 * "Referee" opens the match's referee view (issue 18) on the event's tableau; a team match has none (it is
 * scored relay by relay on its sheet, from the event's tableau), so a team event's call (`team`) goes without.
 */
export function CallActions({ call, team = false }: { call: DayCall; team?: boolean }) {
  const t = useTexts(messages);
  const d = useStore(dayTerms);
  const navigate = useNavigate();
  const pending = useAtomValue(outboxAtom).some((e) => e.kind === 'call' && e.callId === call.id);
  const pair = pairOf(call.names);
  const step = (event: 'on-piste' | 'cancel-call') => void queueCallStep(call.practice_id, call.id, { event, version: call.version });
  const referee = () => {
    selectPractice(call.practice_id);
    navigate(`${paths.tableau}?referee=${targetParam({ kind: 'tableau', round: call.round, position: call.position })}`);
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {call.state === 'called' && (
        <button type="button" className="btn-secondary" disabled={pending} aria-label={t.onPisteLabel({ pair })} onClick={() => step('on-piste')}>
          {d.fencersOnPiste}
        </button>
      )}
      <button type="button" className="btn-secondary" disabled={pending} aria-label={t.cancelLabel({ pair })} onClick={() => step('cancel-call')}>
        {t.cancel}
      </button>
      {!team && (
        <button type="button" className="btn-secondary" aria-label={t.refereeLabel({ pair })} onClick={referee}>
          {t.referee}
        </button>
      )}
      {pending && <span className="text-sm font-medium text-amber-900" role="status">{t.waitingSync}</span>}
    </div>
  );
}

/** The matches the coach held back, each with "Call again" (it is called as soon as its fencers and a piste are free). */
export function HeldMatches({ snapshot, apply }: { snapshot: DaySnapshot; apply: (s: DaySnapshot) => void }) {
  const t = useTexts(messages);
  const { busy, run } = useDayWrite(apply);
  if (snapshot.held.length === 0) return null;
  return (
    <section aria-labelledby="held-matches" className="mt-3 space-y-1" data-testid="held-matches">
      <h3 id="held-matches" className="font-semibold">{t.held}</h3>
      <p className="text-sm text-slate-600">{t.heldHint}</p>
      <ul className="space-y-1">
        {snapshot.held.map((h) => (
          <li key={h.id} className="flex flex-wrap items-center gap-2" data-testid="held-match">
            <span className="font-medium">{pairOf(h.names)}</span>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              aria-label={t.callAgainLabel({ pair: pairOf(h.names) })}
              onClick={() => void run(() => send(client.days[':dayId'].held[':callId'].$delete({ param: { dayId: snapshot.day.id, callId: h.id } })), t.stepFailed)}
            >
              {t.callAgain}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Whether the guests of the day's events may mark their event's calls on piste (off until the coach allows it). */
export function GuestCalls({ day, apply }: { day: Day; apply: (s: DaySnapshot) => void }) {
  const t = useTexts(messages);
  const { busy, run } = useDayWrite(apply);
  const set = (guests_call: boolean) => run(() => send(client.days[':dayId'].$patch({ param: { dayId: day.id }, json: { guests_call } })), t.guestsCallFailed);
  return (
    <div className="mt-3 space-y-1">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={day.guests_call} disabled={busy} onChange={(e) => void set(e.target.checked)} />
        <span>{t.guestsCall}</span>
      </label>
      <p className="text-sm text-slate-600">{t.guestsCallHint}</p>
    </div>
  );
}
