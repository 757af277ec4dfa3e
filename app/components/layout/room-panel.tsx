import { guestName, useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { presenceAtom, removeGuest } from '../../state/presence';
import { Dialog } from '../ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { count, params } from '@nanostores/i18n';
import { formatTime, i18n } from '../../i18n';

const messages = i18n('room-panel', {
  watching: count({ one: '{count} screen is watching the live board.', other: '{count} screens are watching the live board.' }),
  guests: count({ one: '{count} guest', other: '{count} guests' }),
  watchingShort: params('{count} watching'),
  title: 'In the room',
  description: params('Guests joined with the room code and can enter scores. {watching}'),
  none: 'No guests right now.',
  guestList: 'Guests',
  joined: params('joined {time}'),
  removed: 'Guest removed',
  removedText: params('{name} is out of the room.'),
  removeFailed: 'Failed to remove the guest',
});

/** The coach sees who is in the room: guests with their join time (each removable) and live-board screens. */
export function RoomPanel({ practiceId }: { practiceId: string }) {
  const t = useTexts(messages);
  const state = useAtomValue(presenceAtom);
  const [open, setOpen] = useState(false);
  // Not known until the room says (a screen offline, or still connecting): no count rather than a false zero.
  const known = state?.practiceId === practiceId;
  const presence = known ? state.presence : { guests: [], spectators: 0 };
  const n = presence.guests.length;
  const watching = t.watching(presence.spectators);
  return (
    <>
      <button type="button" className="btn-ghost rounded-full border border-slate-300 bg-white px-3 py-1 text-sm" data-testid="room-summary" onClick={() => setOpen(true)}>
        {known ? <>{t.guests(n)} · {t.watchingShort({ count: presence.spectators })}</> : t.title}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t.title} description={t.description({ watching })}>
        {n === 0 ? (
          <p className="text-sm text-slate-600">{t.none}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={t.guestList}>
            {presence.guests.map(({ id, name: given, joined_at }) => ({ id, joined_at, name: guestName(t, given) })).map((g) => (
              <li key={g.id} className="flex items-center justify-between gap-3 py-2" data-testid="room-guest">
                <span>
                  <span className="font-medium">{g.name}</span> <span className="text-sm text-slate-600">{t.joined({ time: formatTime(new Date(g.joined_at)) })}</span>
                </span>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1 text-sm"
                  aria-label={t.removeName({ name: g.name })}
                  onClick={async () => {
                    try {
                      await removeGuest(practiceId, g.id);
                      toast({ title: t.removed, description: t.removedText({ name: g.name }) });
                    } catch (e) {
                      toastError(errorMessage(e, t.removeFailed));
                    }
                  }}
                >
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
