// A referee's step (SPEC §9, the referee's phone): the bout's whole state, numbered after the room's last
// (its `seq` is its version). The referee view decides on it: a conflict or a refusal ends the view's sending.
import { refereeKey, type RefereeTarget } from '../../../core/refereeing';
import type { RefereeUpdateBody } from '../../../core/validation';
import { call, client } from '../../lib/api';
import { newWriteKey } from '../../lib/outbox-store';
import { dropWrites, enqueue } from '../outbox';
import { defineWrite } from '../write-kind';

declare module '../write-kind' {
  interface WriteKinds {
    referee: { write: { body: RefereeUpdateBody }; current: never };
  }
}

/** What became of a referee's step, for the view that made it: stored (and whether it was new to the room), or why it ended. */
export type StepAnswer = { applied: boolean } | { ended: string };
const stepAnswers = new Map<string, StepAnswer>();

/** The answer a step's entry got (read once, when its `enqueue` settles). */
function takeStepAnswer(key: string): StepAnswer | undefined {
  const answer = stepAnswers.get(key);
  stepAnswers.delete(key);
  return answer;
}

/** The record of a referee's steps: the bout they referee. */
const refereeRecord = (e: { practiceId: string; body: { target: RefereeTarget } }) => `referee:${e.practiceId}:${refereeKey(e.body.target)}`;

export const refereeWrite = defineWrite<'referee'>({
  kind: 'referee',
  record: refereeRecord,
  // The latest state wins and each step is numbered after the last: a bout's steps go one after another.
  line: refereeRecord,
  send: async (e, options) => {
    // Stamped when it goes, not when it was made: the room shifts the bout's clock by the phone's offset,
    // which a step that waited (offline, behind another write, across a reload) would otherwise add to it.
    const json = { ...e.body, sent_at: Date.now() };
    const { applied } = await call(client.practices[':practiceId'].referee.$put({ param: { practiceId: e.practiceId }, json }, options));
    return { show: () => stepAnswers.set(e.key, { applied }) };
  },
  versionAfter: (e) => e.body.seq,
  // Another view holds the bout now (409), or the step was refused: the view says so and stops.
  endsAtView: (e, message) => stepAnswers.set(e.key, { ended: message }),
  unheard: (e) => void takeStepAnswer(e.key),
});

/**
 * Queues a referee's step: kept on this device, sent after the bout's earlier steps, retried while the
 * network or the room is away. Settles with what the room made of it: stored (and whether it was new to it),
 * or why it ended (another view holds the bout, the step was refused); `null` if it was dropped.
 */
export async function queueRefereeStep(practiceId: string, body: RefereeUpdateBody): Promise<StepAnswer | null> {
  const key = newWriteKey();
  const outcome = await enqueue(practiceId, { kind: 'referee', body }, key);
  const answer = takeStepAnswer(key);
  if (outcome === 'dropped') return null;
  return answer ?? (outcome === 'done' ? { applied: true } : { ended: '' });
}

/** A bout handed over or discarded: its steps still waiting on this device go (the room's copy is what stands). */
export function forgetRefereeSteps(practiceId: string, target: RefereeTarget) {
  const record = refereeRecord({ practiceId, body: { target } });
  return dropWrites((e) => e.kind === 'referee' && refereeRecord(e) === record);
}
