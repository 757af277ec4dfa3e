import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { AuditEntry, CheckScope, ResultCheck } from '../../core/contracts/checks';
import { checkOf, type ResultPlace } from '../../core/fencing/result-checks';
import { call, client } from '../lib/api';

/**
 * Results checked and locked (issue 58): the current practice's checks, from its snapshot and the room's
 * `checks` messages. A checked pool, round or event is final for guests; only the coach changes it.
 */
export const checksAtom = atom<{ practiceId: string | null; checks: ResultCheck[] }>({ practiceId: null, checks: [] });

const store = getDefaultStore();

export function applyChecks(practiceId: string, checks: ResultCheck[]) {
  store.set(checksAtom, { practiceId, checks });
}

/** The check that makes a result of this practice final, or null. */
export function useCheckOf(practiceId: string, place: ResultPlace): ResultCheck | null {
  const { practiceId: of, checks } = useAtomValue(checksAtom);
  return of === practiceId ? checkOf(checks, place) : null;
}

/** The coach marks a pool, a round or the event checked, or no longer: every screen hears the room's answer. */
export async function markChecked(practiceId: string, scope: CheckScope, checked: boolean) {
  const { checks } = await call(client.practices[':practiceId'].checks.$put({ param: { practiceId }, json: { scope, checked } }));
  applyChecks(practiceId, checks);
}

/** A bout's score changes, oldest first (the coach's): a pool bout or tableau match by its link name (`targetParam`), a barrage bout as `barrage.<a>.<b>`. */
export async function fetchAudit(practiceId: string, bout: string): Promise<AuditEntry[]> {
  const { entries } = await call(client.practices[':practiceId'].checks.audit.$get({ param: { practiceId }, query: { bout } }));
  return entries;
}
