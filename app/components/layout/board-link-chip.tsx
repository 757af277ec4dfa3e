import { useTexts } from '../../i18n/common';
import type { Practice } from '../../../core/contracts/practices';
import { call, client } from '../../lib/api';
import { useState } from 'react';
import { onDemand } from '../ui/lazy';
import { SecretChip } from './secret-chip';
import { i18n } from '../../i18n';

const messages = i18n('board-link-chip', {
  copy: 'Copy live board link',
  copiedText: 'Live board link copied: it lets people watch, never score',
  rotate: 'New live board link',
  rotateButton: 'New link',
  confirmTitle: 'Change the live board link?',
  confirmText: 'The current board link stops working at once; screens showing it must be sent the new link. Guests are not affected.',
  confirmLabel: 'Change link',
  done: 'Board link changed',
  doneText: 'The old live board link no longer works.',
  failure: 'Failed to change the board link',
  qr: 'Show the live board QR code',
});

const BoardQrDialog = onDemand(() => import('../board-qr-dialog').then((m) => m.BoardQrDialog));

/** The read-only live board link (never the room code: it lets people watch, never score), with Copy and New link. */
export function BoardLinkChip({ practice }: { practice: Practice }) {
  const t = useTexts(messages);
  const path = `/live/${practice.board_id}`;
  const [qr, setQr] = useState(false);
  return (
    <>
    <SecretChip
      testId="board-link"
      copy={{
        value: `${location.origin}${path}`,
        label: t.copy,
        toast: { title: t.copied, description: t.copiedText },
      }}
      rotate={{
        label: t.rotate,
        button: t.rotateButton,
        confirm: {
          title: t.confirmTitle,
          message: t.confirmText,
          label: t.confirmLabel,
        },
        call: () => call(client.practices[':practiceId'].board.$post({ param: { practiceId: practice.id } })),
        done: { title: t.done, description: t.doneText },
        failure: t.failure,
      }}
    >
      <a href={path} target="_blank" rel="noreferrer" className="font-medium text-sky-700 hover:underline">
        {t.liveBoard}
      </a>
      <button type="button" className="rounded px-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-200" aria-label={t.qr} data-testid="board-qr" onClick={() => setQr(true)}>
        QR
      </button>
    </SecretChip>
    {qr && <BoardQrDialog url={`${location.origin}${path}`} open={qr} onOpenChange={setQr} />}
    </>
  );
}
