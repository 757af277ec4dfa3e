import type { PracticeSnapshot } from '../../core/contracts/snapshot';
import { call, client } from '../lib/api';
import { readStorage, storageKeys } from '../lib/storage';

/** Who a read of a practice's snapshot is made as: the coach (cookie) or a guest (their token). */
export type Asker = 'coach' | 'guest';

/** A member's whole practice in one read (issue 33), with the room's change mark. */
export function fetchSnapshot(practiceId: string, bearer?: string): Promise<PracticeSnapshot> {
  const request = client.practices[':practiceId'].snapshot.$get({ param: { practiceId } }, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : undefined);
  return call(request);
}

/** The practice a guest token names (read, not checked: the room checks it), or null. */
function practiceOfToken(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { pid?: unknown };
    return typeof payload.pid === 'string' ? payload.pid : null;
  } catch {
    return null;
  }
}

let first: { practiceId: string; as: Asker; answer: Promise<PracticeSnapshot>; shown: boolean } | null = null;

/**
 * At boot on a practice screen (app/main.tsx): the snapshot is asked for beside the route's code, for the
 * practice this device last showed (a guest's token names theirs; a coach's is the current practice kept in
 * local storage), before the session and the practice list are known.
 */
export function fetchFirstSnapshot() {
  const token = readStorage(storageKeys.guestSessionToken);
  const guestPractice = token ? practiceOfToken(token) : null;
  const practiceId = guestPractice ?? readStorage(storageKeys.currentPracticeId);
  if (!practiceId) return;
  const answer = fetchSnapshot(practiceId, guestPractice ? token! : undefined);
  answer.catch(() => undefined); // whoever takes it handles its failure; nobody may
  first = { practiceId, as: guestPractice ? 'guest' : 'coach', answer, shown: false };
}

/** A practice screen rendered by the worker (issue 33) brought its snapshot: the screen's first load takes it, no read. */
export function givenFirstSnapshot(practiceId: string, snapshot: PracticeSnapshot) {
  first = { practiceId, as: 'coach', answer: Promise.resolve(snapshot), shown: true };
}

/**
 * The boot's read, once, when it is the practice and the role the screen reads as; else null (read again).
 * `shown`: it is the snapshot the page came with, already in the stores the screen hydrated from.
 */
export function takeFirstSnapshot(practiceId: string, as: Asker): { answer: Promise<PracticeSnapshot>; shown: boolean } | null {
  const taken = first;
  first = null;
  return taken && taken.practiceId === practiceId && taken.as === as ? { answer: taken.answer, shown: taken.shown } : null;
}
