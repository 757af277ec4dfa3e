import { useState } from 'react';
import { paths as api, type Practice } from '../../../core/api';
import { api as call, errorMessage } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { upsertPractice } from '../../state/practices';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast, toastError } from '../ui/toast';

/** The live board's own address: read-only, safe to send to parents; it never lets anyone score. */
export const boardUrl = (practice: Practice) => `${location.origin}/live/${practice.board_id}`;

/** The read-only live board link, with Copy and a New link action (the old link stops working). */
export function BoardLinkChip({ practice }: { practice: Practice }) {
  const [confirm, setConfirm] = useState(false);

  async function rotate() {
    try {
      upsertPractice(await call<Practice>('POST', api.practiceBoard(practice.id), {}));
      toast({ title: 'Board link changed', description: 'The old live board link no longer works.' });
    } catch (e) {
      toastError(errorMessage(e, 'Failed to change the board link'));
    }
  }

  return (
    <div className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1 text-sm" data-testid="board-link">
      <a href={`/live/${practice.board_id}`} target="_blank" rel="noreferrer" className="font-medium text-sky-700 hover:underline">
        Live board
      </a>
      <button
        type="button"
        className="btn-ghost px-2 py-1"
        aria-label="Copy live board link"
        onClick={async () => {
          await copyText(boardUrl(practice));
          toast({ title: 'Copied!', description: 'Live board link copied: it lets people watch, never score' });
        }}
      >
        Copy
      </button>
      <button type="button" className="btn-ghost px-2 py-1" aria-label="New live board link" onClick={() => setConfirm(true)}>
        New link
      </button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Change the live board link?"
        message="The current board link stops working at once; screens showing it must be sent the new link. Guests are not affected."
        confirmLabel="Change link"
        onConfirm={rotate}
      />
    </div>
  );
}
