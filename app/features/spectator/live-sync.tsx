import { useLivePractice } from '../../state/live-practice';
import type { PracticeView } from '../../state/viewer';

/**
 * Keeps a board live (its room's socket, a catch-up on each reconnect). Loaded after the board's first
 * paint (issue 29): the page already shows the snapshot it came with, or the one it just read.
 */
export function LiveSync({ view, onClosed, onPaused, fresh }: { view: Pick<PracticeView, 'id' | 'role' | 'liveUrl' | 'boardId'>; onClosed: (reason: string) => void; onPaused: (reason: string | null) => void; fresh: string | null }) {
  useLivePractice(view, onClosed, fresh, onPaused);
  return null;
}
