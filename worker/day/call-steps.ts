import type { Day, DayCall } from '../../core/contracts/days';
import { ERROR_MESSAGES } from '../../core/messages';
import { hold } from './day-store';
import { DAY_TABLES as T } from './schema';

/** How long the day remembers a step's idempotency key: the write queue gives up on a step long before. */
export const STEP_KEY_MS = 24 * 60 * 60 * 1000;

const { call_moved: CALL_MOVED, guests_call_off: GUESTS_MAY_NOT, guests_on_piste_only: GUESTS_ON_PISTE_ONLY } = ERROR_MESSAGES;

/**
 * A step on a call (issue 28): "on piste" (the fencers are there, t.118.1) or "cancel" (a mistake, a piste
 * that fails), over the version the screen saw. Taken by the coach from the day's screen or an event's
 * tableau, or by a guest of the event from its tableau while the coach allows it.
 */
export interface CallStep {
  callId: string;
  event: 'on-piste' | 'cancel-call';
  version: number;
  /** The write queue's idempotency key (null: a step sent without one). */
  key: string | null;
  /** Sent through an event's room: the call must be one of that event's. */
  practiceId?: string;
  /** A guest of that event took it. */
  byGuest?: boolean;
}

/** A step the day refused: the status and message the worker answers with. */
export type StepRefusal = { refused: { status: 403 | 404 | 409; message: string } };

/** Whether this step's key was taken already (its first answer was lost): it is answered, not taken again. */
export function takenBefore(sql: SqlStorage, key: string | null): boolean {
  return key !== null && sql.exec(`SELECT 1 FROM ${T.applied} WHERE key = ?`, key).toArray().length > 0;
}

/** The call the step is on, or why the step cannot be taken. */
export function callFor(step: CallStep, calls: readonly DayCall[], day: Day | null): DayCall | StepRefusal {
  const call = calls.find((c) => c.id === step.callId && (step.practiceId === undefined || c.practice_id === step.practiceId));
  if (!call) return { refused: { status: 404, message: 'Call not found' } };
  if (step.byGuest && step.event !== 'on-piste') return { refused: { status: 403, message: GUESTS_ON_PISTE_ONLY } };
  // Facts written before the flag existed have none: guests may not.
  if (step.byGuest && day?.guests_call !== true) return { refused: { status: 403, message: GUESTS_MAY_NOT } };
  if (call.version !== step.version || (step.event === 'on-piste' && call.state !== 'called')) return { refused: { status: 409, message: CALL_MOVED } };
  return call;
}

/** Takes the step (inside the day's transaction) and keeps its key; keys older than a day go. */
export function takeStep(sql: SqlStorage, call: DayCall, step: CallStep, now: number) {
  if (step.event === 'on-piste') sql.exec(`UPDATE ${T.calls} SET state = 'on-piste', version = version + 1 WHERE id = ?`, call.id);
  else {
    sql.exec(`DELETE FROM ${T.calls} WHERE id = ?`, call.id);
    hold(sql, call);
  }
  if (step.key === null) return;
  sql.exec(`DELETE FROM ${T.applied} WHERE at < ?`, now - STEP_KEY_MS);
  sql.exec(`INSERT OR IGNORE INTO ${T.applied} (key, at) VALUES (?, ?)`, step.key, now);
}
