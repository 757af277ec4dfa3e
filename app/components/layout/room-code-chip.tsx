import { apiPaths, type Practice } from '../../../core/api';
import { api } from '../../lib/api';
import { SecretChip } from './secret-chip';

/** The practice's room code (what guests join with) with a copy button and a Regenerate code action. */
export function RoomCodeChip({ practice }: { practice: Practice }) {
  return (
    <SecretChip
      testId="room-code-chip"
      copy={{ value: practice.room_code, label: 'Copy room code', toast: { title: 'Copied!', description: 'Room code copied to clipboard' } }}
      rotate={{
        label: 'Regenerate room code',
        button: 'New code',
        confirm: {
          title: 'Regenerate room code?',
          message: 'The current code stops working at once; anyone who joined with it must join again with the new code.',
          label: 'Regenerate',
        },
        call: () => api<Practice>('POST', apiPaths.practiceRoomCode(practice.id)),
        done: { title: 'Room code changed', description: 'Share the new code with your guests.' },
        failure: 'Failed to regenerate room codes',
      }}
    >
      <span className="text-slate-500">Room</span>
      <span className="font-mono font-semibold tracking-widest" data-testid="room-code">
        {practice.room_code}
      </span>
    </SecretChip>
  );
}
