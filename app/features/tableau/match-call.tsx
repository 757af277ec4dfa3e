import { params } from '@nanostores/i18n';
import { useAtomValue } from 'jotai';
import type { EventCall } from '../../../core/contracts/days';
import { can } from '../../../core/permissions';
import { useTexts } from '../../i18n/common';
import { i18n, useStore } from '../../i18n';
import { dayTerms } from '../../i18n/day-terms';
import { useDayCalls } from '../../state/day-calls';
import { outboxAtom } from '../../state/outbox';
import { queueCallStep } from '../../state/writes/call';
import type { PracticeView } from '../../state/viewer';

const messages = i18n('match-call', {
  markOnPisteLabel: params('Mark the fencers on piste {piste}'),
});

/**
 * A tableau match called to a piste of the competition day (issue 28): where and with which referee, and,
 * while it is called, "Fencers on piste" for the event's coach and, when the coach lets them, its guests (the
 * helper at the piste). The step waits in the write queue like a score when the network is away.
 */
export function MatchCall({ practice, matchId }: { practice: Pick<PracticeView, 'id' | 'role'>; matchId: string }) {
  const t = useTexts(messages);
  const d = useStore(dayTerms);
  const day = useDayCalls(practice.id);
  const outbox = useAtomValue(outboxAtom);
  const call: EventCall | undefined = day?.calls.find((c) => c.match_id === matchId);
  if (!day || !call) return null;
  const pending = outbox.some((e) => e.kind === 'call' && e.practiceId === practice.id && e.callId === call.id);
  const mayStep = call.state === 'called' && !pending && can(practice.role, 'call.step') && (practice.role === 'coach' || day.guests_call);
  const step = () => void queueCallStep(practice.id, call.id, { event: 'on-piste', version: call.version });
  return (
    <div className={`flex flex-wrap items-center justify-between gap-2 border-t px-3 py-1 text-xs ${call.state === 'called' ? 'border-sky-200 bg-sky-50 text-sky-950' : 'border-green-200 bg-green-50 text-green-900'}`} data-testid="match-call" data-state={call.state} data-piste={call.piste}>
      <span>
        <span className="font-semibold">{call.state === 'called' ? d.calledTo({ piste: call.piste }) : d.onPisteAt({ piste: call.piste })}</span>
        {call.referee && <span> · {t.refereeName({ name: call.referee })}</span>}
      </span>
      {mayStep && (
        <button type="button" className="rounded bg-sky-800 px-2 py-0.5 font-semibold text-white hover:bg-sky-700" aria-label={t.markOnPisteLabel({ piste: call.piste })} onClick={step}>
          {d.fencersOnPiste}
        </button>
      )}
      {pending && <span className="font-medium text-amber-900">{t.waitingSync}</span>}
    </div>
  );
}
