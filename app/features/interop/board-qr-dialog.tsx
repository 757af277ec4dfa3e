import { QrCode } from '../../components/qr-code';
import { Dialog } from '../../components/ui/dialog';

/**
 * The live board's QR code, big enough to scan across a table (issue 15): parents and fencers follow the
 * practice on their phones. It is the read-only board link, never the room code.
 */
export function BoardQrDialog({ url, open, onOpenChange }: { url: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Follow live" description="Scan to watch the live board: pools, results and tableau, read only. It never lets anyone score.">
      <div className="flex flex-col items-center gap-3">
        <QrCode value={url} size={260} label="QR code of the live board" />
        <p className="break-all text-center text-sm text-slate-600">{url}</p>
      </div>
    </Dialog>
  );
}
