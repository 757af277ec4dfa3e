import type { LiveMessage } from '../../core/live';
import type { Env } from '../env';

/** The room object of a practice: every stub lookup goes through here. */
export function getRoom(env: Env, practiceId: string) {
  return env.PRACTICE_ROOM.get(env.PRACTICE_ROOM.idFromName(practiceId));
}

/**
 * Publishes a message to a practice's room, which sends it to the roles allowed to read it; a failed
 * publish is logged and never fails the write.
 */
export async function publish(env: Env, practiceId: string, message: LiveMessage) {
  try {
    await getRoom(env, practiceId).publish(message);
  } catch (e) {
    console.error('publish failed', practiceId, message.type, e);
  }
}
