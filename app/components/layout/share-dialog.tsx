import type { Practice } from '../../../core/contracts/practices';
import { can, type Role } from '../../../core/permissions';
import { i18n } from '../../i18n';
import { useTexts } from '../../i18n/common';
import { QrCode } from '../qr-code';
import { Dialog } from '../ui/dialog';
import { BoardLinkChip } from './board-link-chip';
import { RoomCodeChip } from './room-code-chip';
import { RoomPanel } from './room-panel';
import { SharingToggle } from './sharing-toggle';

const messages = i18n('share-dialog', {
  title: 'Share this practice',
  description: 'Guests score with the room code; the live board lets anyone watch, never score.',
  off: 'Turn guest access on to share the live board and let guests join.',
});

/** What the Share control opens: guest access, the room code, the live board link and its QR code, who is in the room. */
export function ShareDialog({ practice, role, open, onOpenChange }: { practice: Practice; role: Role; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTexts(messages);
  const url = `${location.origin}/live/${practice.board_id}`;
  const shared = practice.allow_guest_access;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} description={t.description}>
      <div className="flex flex-col items-start gap-3" data-testid="share-dialog">
        <SharingToggle practice={practice} />
        {can(role, 'roomCode.read') && <RoomCodeChip practice={practice} />}
        {shared && can(role, 'board.manage') && (
          <>
            <BoardLinkChip practice={practice} />
            <div className="flex w-full flex-col items-center gap-2">
              <QrCode value={url} size={200} label={t.boardQr} />
              <p className="break-all text-center text-sm text-slate-600" data-testid="share-board-url">{url}</p>
            </div>
          </>
        )}
        {shared && can(role, 'room.manage') && <RoomPanel practiceId={practice.id} />}
        {!shared && <p className="text-sm text-slate-600">{t.off}</p>}
      </div>
    </Dialog>
  );
}
