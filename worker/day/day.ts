import type { Env } from '../env';
import type { DayRoom } from './day-room';

/** The room object of a competition day (issue 28), named by the day's id: every stub lookup goes through here. */
export function getDayRoom(env: Env, dayId: string): DurableObjectStub<DayRoom> {
  return env.DAY_ROOM.get(env.DAY_ROOM.idFromName(dayId));
}
