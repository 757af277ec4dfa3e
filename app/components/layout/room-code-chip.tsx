import { useTexts } from '../../i18n/common';
import type { Practice } from '../../../core/contracts/practices';
import { call, client } from '../../lib/api';
import { SecretChip } from './secret-chip';
import { i18n } from '../../i18n';

const messages = i18n('room-code-chip', {
  copy: 'Copy room code',
  copiedText: 'Room code copied to clipboard',
  rotate: 'Regenerate room code',
  rotateButton: 'New code',
  confirmTitle: 'Regenerate room code?',
  confirmText: 'The current code stops working at once; anyone who joined with it must join again with the new code.',
  confirmLabel: 'Regenerate',
  done: 'Room code changed',
  doneText: 'Share the new code with your guests.',
  failure: 'Failed to regenerate room codes',
  room: 'Room',
});

/** The practice's room code (what guests join with) with a copy button and a Regenerate code action. */
export function RoomCodeChip({ practice }: { practice: Practice }) {
  const t = useTexts(messages);
  return (
    <SecretChip
      testId="room-code-chip"
      copy={{ value: practice.room_code, label: t.copy, toast: { title: t.copied, description: t.copiedText } }}
      rotate={{
        label: t.rotate,
        button: t.rotateButton,
        confirm: {
          title: t.confirmTitle,
          message: t.confirmText,
          label: t.confirmLabel,
        },
        call: () => call(client.practices[':practiceId']['room-code'].$post({ param: { practiceId: practice.id } })),
        done: { title: t.done, description: t.doneText },
        failure: t.failure,
      }}
    >
      <span className="text-slate-500">{t.room}</span>
      <span className="font-mono font-semibold tracking-widest" data-testid="room-code">
        {practice.room_code}
      </span>
    </SecretChip>
  );
}
