import { apiPaths, type Practice } from '../../../core/api';
import { api } from '../../lib/api';
import { useState } from 'react';
import { onDemand } from '../ui/lazy';
import { SecretChip } from './secret-chip';

const BoardQrDialog = onDemand(() => import('../../features/interop/board-qr-dialog').then((m) => m.BoardQrDialog));

/** The read-only live board link (never the room code: it lets people watch, never score), with Copy and New link. */
export function BoardLinkChip({ practice }: { practice: Practice }) {
  const path = `/live/${practice.board_id}`;
  const [qr, setQr] = useState(false);
  return (
    <>
    <SecretChip
      testId="board-link"
      copy={{
        value: `${location.origin}${path}`,
        label: 'Copy live board link',
        toast: { title: 'Copied!', description: 'Live board link copied: it lets people watch, never score' },
      }}
      rotate={{
        label: 'New live board link',
        button: 'New link',
        confirm: {
          title: 'Change the live board link?',
          message: 'The current board link stops working at once; screens showing it must be sent the new link. Guests are not affected.',
          label: 'Change link',
        },
        call: () => api<Practice>('POST', apiPaths.practiceBoard(practice.id), {}),
        done: { title: 'Board link changed', description: 'The old live board link no longer works.' },
        failure: 'Failed to change the board link',
      }}
    >
      <a href={path} target="_blank" rel="noreferrer" className="font-medium text-sky-700 hover:underline">
        Live board
      </a>
      <button type="button" className="rounded px-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-200" aria-label="Show the live board QR code" data-testid="board-qr" onClick={() => setQr(true)}>
        QR
      </button>
    </SecretChip>
    {qr && <BoardQrDialog url={`${location.origin}${path}`} open={qr} onOpenChange={setQr} />}
    </>
  );
}
