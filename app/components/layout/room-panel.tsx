import { format } from 'date-fns';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { presenceAtom, removeGuest } from '../../state/presence';
import { Dialog } from '../ui/dialog';
import { toast, toastError } from '../ui/toast';

/** The coach sees who is in the room: guests with their join time (each removable) and live-board screens. */
export function RoomPanel({ practiceId }: { practiceId: string }) {
  const state = useAtomValue(presenceAtom);
  const [open, setOpen] = useState(false);
  const presence = state?.practiceId === practiceId ? state.presence : { guests: [], spectators: 0 };
  const n = presence.guests.length;
  const watching = `${presence.spectators} ${presence.spectators === 1 ? 'screen is' : 'screens are'} watching the live board.`;
  return (
    <>
      <button type="button" className="btn-ghost rounded-full border border-slate-300 bg-white px-3 py-1 text-sm" data-testid="room-summary" onClick={() => setOpen(true)}>
        {n} {n === 1 ? 'guest' : 'guests'} · {presence.spectators} watching
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="In the room" description={`Guests joined with the room code and can enter scores. ${watching}`}>
        {n === 0 ? (
          <p className="text-sm text-slate-600">No guests right now.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Guests">
            {presence.guests.map((g) => (
              <li key={g.id} className="flex items-center justify-between gap-3 py-2" data-testid="room-guest">
                <span>
                  <span className="font-medium">{g.name}</span> <span className="text-sm text-slate-600">joined {format(new Date(g.joined_at), 'h:mm a')}</span>
                </span>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1 text-sm"
                  aria-label={`Remove ${g.name}`}
                  onClick={async () => {
                    try {
                      await removeGuest(practiceId, g.id);
                      toast({ title: 'Guest removed', description: `${g.name} is out of the room.` });
                    } catch (e) {
                      toastError(errorMessage(e, 'Failed to remove the guest'));
                    }
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
