import type { Practice } from '../../../core/contracts/practices';
import { can, type Role } from '../../../core/permissions';
import { BoardLinkChip } from './board-link-chip';
import { RoomCodeChip } from './room-code-chip';
import { RoomPanel } from './room-panel';
import { SharingToggle } from './sharing-toggle';

/**
 * What a wider screen shows of the practice's sharing in its header, beside the Share control: guest access,
 * who is in the room, the board link and the room code. A phone has them in the Share dialog only (issue 29),
 * so this loads after the first paint, and only on a wider screen.
 */
export function HeaderSharing({ practice, role }: { practice: Practice; role: Role }) {
  return (
    <>
      <SharingToggle practice={practice} />
      {practice.allow_guest_access && can(role, 'room.manage') && <RoomPanel practiceId={practice.id} />}
      {practice.allow_guest_access && can(role, 'board.manage') && <BoardLinkChip practice={practice} />}
      {can(role, 'roomCode.read') && <RoomCodeChip practice={practice} />}
    </>
  );
}
