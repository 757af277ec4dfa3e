import { useState } from 'react';
import type { Practice } from '../../../core/contracts/practices';
import type { Role } from '../../../core/permissions';
import { i18n, useStore } from '../../i18n';
import { onDemand } from '../ui/lazy';

const messages = i18n('share-control', {
  share: 'Share',
});

// The dialog (and the QR encoder) loads the first time it opens: not part of the practice's first paint.
const ShareDialog = onDemand(() => import('./share-dialog').then((m) => m.ShareDialog));

/**
 * One Share control in the practice's header (issue 29): it opens the room code, the live board link and its
 * QR code in a dialog. On a phone it stands for the chips a wider screen also shows in the header.
 */
export function ShareControl({ practice, role }: { practice: Practice; role: Role }) {
  const t = useStore(messages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-secondary px-3 py-1" aria-haspopup="dialog" aria-expanded={open} data-testid="share" onClick={() => setOpen(true)}>
        {t.share}
      </button>
      {open && <ShareDialog practice={practice} role={role} open={open} onOpenChange={setOpen} />}
    </>
  );
}
