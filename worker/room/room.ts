import type { Env } from '../env';
import { eachAtMost } from '../lanes';
import type { PracticeRoom } from './practice-room';

/**
 * The room object of a practice, from the worker: every stub lookup goes through here. The practice's own
 * routes run in the room and reach it as a value in their context (./here), never through a stub.
 */
export function getRoom(env: Env, practiceId: string): DurableObjectStub<PracticeRoom> {
  return env.PRACTICE_ROOM.get(roomId(env.PRACTICE_ROOM, practiceId));
}

/**
 * A practice's object id, made once per isolate and namespace: `idFromName` hashes the name on every call
 * (about 2% of a read's CPU in issue 26's bench), and an id is a plain value, valid in any request.
 */
const roomIds = new WeakMap<object, Map<string, DurableObjectId>>();
const ROOM_IDS_KEPT = 4_096;
function roomId(namespace: { idFromName(name: string): DurableObjectId }, practiceId: string): DurableObjectId {
  let ids = roomIds.get(namespace);
  if (!ids) roomIds.set(namespace, (ids = new Map()));
  let id = ids.get(practiceId);
  if (!id) {
    if (ids.size >= ROOM_IDS_KEPT) ids.clear();
    ids.set(practiceId, (id = namespace.idFromName(practiceId)));
  }
  return id;
}

/** Rooms called at once, at most: a restore of a thousand practices never opens a thousand calls together. */
export const ROOMS_AT_ONCE = 8;

/**
 * Tells each of these practices' rooms something (`call`), at most ROOMS_AT_ONCE at a time. A room that fails
 * is logged (under `what`) and the others still hear: a room out of reach catches up from D1 on first use.
 */
export async function eachRoom(env: Env, practiceIds: readonly string[], what: string, call: (room: DurableObjectStub<PracticeRoom>, practiceId: string) => Promise<unknown>): Promise<void> {
  await eachAtMost(practiceIds, ROOMS_AT_ONCE, (id) => call(getRoom(env, id), id).catch((e: unknown) => console.error(`${what}: room failed`, id, e)));
}
