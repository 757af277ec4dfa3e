import type { Context } from 'hono';
import type { EventCalls } from '../../core/contracts/days';
import type { RoomPresence } from '../../core/contracts/practices';
import type { LiveMessage } from '../../core/live-messages';
import type { RoomEnv } from '../env';
import type { HeldCalls } from './day-calls';
import type { RefereeDesk, Reshaped, SavedResult } from './referee-desk';

/**
 * The room as the practice's routes reach it. Those routes run inside the practice's room (./http), which puts
 * itself in their context as this value: a call from a route to its room is a call on an object, never a stub.
 */
export interface RoomHere {
  /** The practice the room holds, which the route acts on. */
  readonly practiceId: string;
  /** The referee desk (./referee-desk): refereed bouts, duty, cards. */
  readonly desk: RefereeDesk;
  /** Sends a message to every socket whose role may read it; answers how many received it. */
  publish(message: LiveMessage): Promise<number>;
  /** A result was saved: the refereed bout it decides ends, then every screen hears of it. */
  resultSaved(message: SavedResult): Promise<number>;
  /** Pools or the tableau changed shape: refereed bouts whose fencers are gone end, then every screen hears of it. */
  reshaped(message: Reshaped): Promise<number>;
  /** The room's data version now (what a snapshot carries). */
  changeMark(): string;
  /** Guests in the room and the number of live boards. */
  presence(): Promise<RoomPresence>;
  /** The competition day the practice is an event of (null: none). */
  dayOfEvent(): string | null;
  /** What the day last told the practice of its calls (null: nothing). */
  heldDayCalls(): HeldCalls | null;
  /** Keeps the day's word on the event's calls and tells the screens; false when the word is older than the held one. */
  dayCalls(dayId: string, word: EventCalls): Promise<boolean>;
}

/** The room a practice's route runs in. Only the room's own routes (./http `roomRoutes`) may ask. */
export function roomHere(c: Context<RoomEnv>): RoomHere {
  const here = c.get('here');
  if (!here) throw new Error('a practice route ran outside its room');
  return here;
}

/** Tells the room's screens after a write; a failure is logged and never fails the write (it is stored). */
async function tell(c: Context<RoomEnv>, type: LiveMessage['type'], call: (here: RoomHere) => Promise<unknown>) {
  const here = roomHere(c);
  try {
    await call(here);
  } catch (e) {
    console.error('publish failed', here.practiceId, type, e);
  }
}

/** Publishes a message to the practice's screens (the roles allowed to read it). */
export const publish = (c: Context<RoomEnv>, message: LiveMessage) => tell(c, message.type, (here) => here.publish(message));

/** A result was saved (a pool bout, tableau scores): the refereed bout it decides ends, then it is published. */
export const publishResult = (c: Context<RoomEnv>, message: SavedResult) => tell(c, message.type, (here) => here.resultSaved(message));

/** Pools or the tableau changed shape: refereed bouts whose fencers are gone end, then it is published. */
export const publishReshaped = (c: Context<RoomEnv>, message: Reshaped) => tell(c, message.type, (here) => here.reshaped(message));
