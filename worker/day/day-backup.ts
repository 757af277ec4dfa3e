import type { DaySnapshot } from '../../core/contracts/days';
import type { DayRestore } from '../../core/interop/backup-days';
import type { Env } from '../env';
import { eachAtMost } from '../lanes';
import { ROOMS_AT_ONCE } from '../room/room';
import { getDayRoom } from './day';

/**
 * The day rooms' side of the account backup (issue 28): a backup reads each day's arrangement from its room;
 * a restore fills each restored day's room before D1 holds the day, and empties them again when any room or
 * the D1 batch fails, so an account is never half restored. Unlike a practice's room, which takes its
 * practice from D1 on first use (../room/room `eachRoom` only logs a room that fails), a day's room is the
 * only keeper of its pistes, referees and placements: a room that fails fails the backup or the restore.
 */
export interface DayRooms {
  /** Each day as its room holds it (null: the room never held it). */
  read(dayIds: readonly string[]): Promise<Map<string, DaySnapshot | null>>;
  /** Fills each restored day's room; on a failure every one of them is emptied again and the failure thrown. */
  fill(rooms: readonly DayRestore[]): Promise<void>;
  /** Empties these restored days' rooms (the D1 batch that was to hold them failed). */
  erase(rooms: readonly DayRestore[]): Promise<void>;
}

/** Runs `call` on each item, ROOMS_AT_ONCE at a time; after a failure no call starts, and the first is thrown. */
const eachRoomOf = <T>(items: readonly T[], call: (item: T) => Promise<void>) => eachAtMost(items, ROOMS_AT_ONCE, call);

export function dayRoomsOf(env: Env): DayRooms {
  const erase = (rooms: readonly DayRestore[]) =>
    eachRoomOf(rooms, async (r) => {
      try {
        await getDayRoom(env, r.day.id).dayDeleted(r.day.id);
      } catch (e) {
        // A room out of reach keeps what it was given under an id no D1 row names: nobody can open it.
        console.error('restore: day room not emptied', r.day.id, e);
      }
    });
  return {
    async read(dayIds) {
      const held = new Map<string, DaySnapshot | null>();
      await eachRoomOf(dayIds, async (id) => {
        const snapshot = await getDayRoom(env, id).snapshot();
        held.set(id, snapshot?.day.id === id ? snapshot : null);
      });
      return held;
    },
    async fill(rooms) {
      // Every room asked, but one that answered it already holds a day (never ours to empty).
      const asked = new Set<DayRestore>();
      try {
        await eachRoomOf(rooms, async (r) => {
          asked.add(r);
          if (await getDayRoom(env, r.day.id).restoreDay(r)) return;
          asked.delete(r);
          throw new Error(`restore: the room of day ${r.day.id} already holds a day`);
        });
      } catch (e) {
        await erase([...asked]);
        throw e;
      }
    },
    erase,
  };
}
