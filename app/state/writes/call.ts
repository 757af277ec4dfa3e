// A step on a called tableau match of a competition day (SPEC §10): "on piste", or the coach's "cancel",
// over the call's version. A step the call moved past ends with a toast; the screen shows the call as it stands.
import type { CallStepBody } from '../../../core/day-validation';
import { call, client } from '../../lib/api';
import { callStepEnded } from '../call-step';
import { applyDayCalls } from '../day-calls';
import { enqueue } from '../outbox';
import { defineWrite } from '../write-kind';

declare module '../write-kind' {
  interface WriteKinds {
    call: { write: { callId: string; body: CallStepBody }; current: never };
  }
}

export const callWrite = defineWrite<'call'>({
  kind: 'call',
  record: (e) => `call:${e.practiceId}:${e.callId}`,
  line: (e) => `call:${e.practiceId}:${e.callId}`,
  send: async (e, options) => {
    const calls = await call(client.practices[':practiceId'].calls[':callId'].$post({ param: { practiceId: e.practiceId, callId: e.callId }, json: e.body }, options));
    return { show: () => applyDayCalls(e.practiceId, calls) };
  },
  versionAfter: (e) => e.body.version + 1,
  // The call moved on (another screen's step, a corrected result) or the step was refused: the screen already
  // shows the call as it stands; a toast says why this step was not taken.
  endsAtView: (_e, message) => callStepEnded(message),
});

/** Queues a step on a called match of a day over the call's version as this screen shows it. */
export function queueCallStep(practiceId: string, callId: string, body: CallStepBody) {
  return enqueue(practiceId, { kind: 'call', callId, body });
}
