import { useTexts } from '../i18n/common';
import { QrCode } from './qr-code';
import { Dialog } from './ui/dialog';
import { i18n } from '../i18n';

const messages = i18n('board-qr-dialog', {
  title: 'Follow live',
  description: 'Scan to watch the live board: pools, results and tableau, read only. It never lets anyone score.',
});

/**
 * The live board's QR code, big enough to scan across a table (issue 15): parents and fencers follow the
 * practice on their phones. It is the read-only board link, never the room code.
 */
export function BoardQrDialog({ url, open, onOpenChange }: { url: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTexts(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} description={t.description}>
      <div className="flex flex-col items-center gap-3">
        <QrCode value={url} size={260} label={t.boardQr} />
        <p className="break-all text-center text-sm text-slate-600">{url}</p>
      </div>
    </Dialog>
  );
}
