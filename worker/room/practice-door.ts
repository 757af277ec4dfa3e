import type { LiveMessage } from '../../core/live-messages';
import { can } from '../../core/permissions';
import type { AccountSessions } from './account-sessions';
import type { BoardSharing } from './board-sharing';
import type { GuestList } from './guests';
import type { Presence } from './presence';
import type { SharingClock } from './sharing-clock';
import type { DoorHost } from './socket-door';
import type { SocketTag } from './sockets';

/** What the practice's room lends its door. */
interface DoorParts {
  accountSessions: AccountSessions;
  guests: GuestList;
  sharing: BoardSharing;
  clock: SharingClock;
  people: Presence;
  greeting(practiceId: string, role: SocketTag['role']): LiveMessage[];
}

/** What the practice's room tells its door (./socket-door) of a socket coming in. */
export function practiceDoor({ accountSessions, guests, sharing, clock, people, greeting }: DoorParts): DoorHost {
  return {
    // A revocation that happened after the worker's checks.
    ended: async (tag) => {
      if (tag.role === 'coach') return !(await accountSessions.stands(tag.subject ?? '', tag.sv ?? 0));
      if (tag.role === 'guest') return (tag.epoch ?? -1) < guests.epoch() || !guests.has(tag.subject ?? '');
      return sharing.linkEnded(tag);
    },
    greeting: async (tag) => {
      // Sharing is off (the board came while it was off, or it ended after the worker looked the link up): this
      // board waits with the others for it to return.
      if (tag.role === 'spectator') return sharing.opening(tag.practiceId);
      // Who is in the room as it stands, to a screen that shows it: a change while its snapshot was read does not
      // move the change mark (boards come and go by the hundred), so its hello alone would not catch it.
      const shown: LiveMessage[] = can(tag.role, 'room.manage') ? [{ type: 'presence', practiceId: tag.practiceId, presence: people.now() }] : [];
      return [...greeting(tag.practiceId, tag.role), ...shown];
    },
    admitted: async (tag) => {
      if (tag.role !== 'coach' && !(tag.role === 'spectator' && sharing.paused())) await clock.watch(tag.practiceId, tag.sharingExpiresAt);
      if (tag.role === 'spectator') people.changed();
    },
  };
}
