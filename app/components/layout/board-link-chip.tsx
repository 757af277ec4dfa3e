import { apiPaths, type Practice } from '../../../core/api';
import { api } from '../../lib/api';
import { SecretChip } from './secret-chip';

/** The read-only live board link (never the room code: it lets people watch, never score), with Copy and New link. */
export function BoardLinkChip({ practice }: { practice: Practice }) {
  const path = `/live/${practice.board_id}`;
  return (
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
    </SecretChip>
  );
}
