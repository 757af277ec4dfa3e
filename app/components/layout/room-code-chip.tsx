import { useState } from 'react';
import { paths, type Practice } from '../../../core/api';
import { api, errorMessage } from '../../lib/api';
import { upsertPractice } from '../../state/practices';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast, toastError } from '../ui/toast';
import { copyText } from '../../lib/clipboard';

/** The practice's room code with a copy button and a Regenerate code action. */
export function RoomCodeChip({ practice }: { practice: Practice }) {
  const [confirm, setConfirm] = useState(false);

  async function regenerate() {
    try {
      upsertPractice(await api<Practice>('POST', paths.practiceRoomCode(practice.id)));
      toast({ title: 'Room code changed', description: 'Share the new code with your guests.' });
    } catch (e) {
      toastError(errorMessage(e, 'Failed to regenerate room codes'));
    }
  }

  return (
    <div className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1 text-sm">
      <span className="text-slate-500">Room</span>
      <span className="font-mono font-semibold tracking-widest" data-testid="room-code">
        {practice.room_code}
      </span>
      <button
        type="button"
        className="btn-ghost px-2 py-1"
        aria-label="Copy room code"
        onClick={async () => {
          await copyText(practice.room_code);
          toast({ title: 'Copied!', description: 'Room code copied to clipboard' });
        }}
      >
        Copy
      </button>
      <button type="button" className="btn-ghost px-2 py-1" aria-label="Regenerate room code" onClick={() => setConfirm(true)}>
        New code
      </button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Regenerate room code?"
        message="The current code stops working at once; anyone who joined with it must join again with the new code."
        confirmLabel="Regenerate"
        onConfirm={regenerate}
      />
    </div>
  );
}
