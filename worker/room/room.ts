import type { LiveMessage } from '../../core/live-messages';
import type { Env } from '../env';
import type { PracticeRoom } from './practice-room';
import type { Reshaped, SavedResult } from './referee-desk';

/**
 * The room object of a practice: every stub lookup goes through here. A route running in that very room
 * (its practice's routes run there, issue 26) gets the room itself: no call leaves the object.
 */
export function getRoom(env: Env, practiceId: string): DurableObjectStub<PracticeRoom> {
  if (env.HERE && env.HERE.practiceId === practiceId) return env.HERE.room as unknown as DurableObjectStub<PracticeRoom>;
  return env.PRACTICE_ROOM.get(env.PRACTICE_ROOM.idFromName(practiceId));
}

/** Rooms built at once, at most: a restore of a thousand practices never opens a thousand calls together. */
const BUILDS_AT_ONCE = 8;

/**
 * The rooms of practices just written to D1 (a restore) take their practice now, each once, so the first
 * screen to open one is not the one that waits for it. A room that fails here takes it on first use instead.
 */
export async function buildRooms(env: Env, practiceIds: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < practiceIds.length) {
      const id = practiceIds[next++]!;
      try {
        await getRoom(env, id).ensurePractice(id);
      } catch (e) {
        console.error('room build failed', id, e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BUILDS_AT_ONCE, practiceIds.length) }, worker));
}

/** Tells a practice's room after a write; a failed call is logged and never fails the write (it is stored). */
async function tell(practiceId: string, type: LiveMessage['type'], call: () => Promise<unknown>) {
  try {
    await call();
  } catch (e) {
    console.error('publish failed', practiceId, type, e);
  }
}

/** Publishes a message to a practice's room, which sends it to the roles allowed to read it. Only publishes. */
export const publish = (env: Env, practiceId: string, message: LiveMessage) => tell(practiceId, message.type, () => getRoom(env, practiceId).publish(message));

/** A result was saved (a pool bout, tableau scores): the room ends the refereed bout it decides, then publishes it. */
export const publishResult = (env: Env, practiceId: string, message: SavedResult) => tell(practiceId, message.type, () => getRoom(env, practiceId).resultSaved(message));

/** Pools or the tableau changed shape: the room ends refereed bouts whose fencers are gone, then publishes it. */
export const publishReshaped = (env: Env, practiceId: string, message: Reshaped) => tell(practiceId, message.type, () => getRoom(env, practiceId).reshaped(message));
