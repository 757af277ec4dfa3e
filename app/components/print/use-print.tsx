import { useCallback, useState } from 'react';
import { onDemand } from '../ui/lazy';
import type { PracticeView } from '../../state/viewer';
import type { PrintJob } from './print-view';

const PrintView = onDemand(() => import('./print-view').then((m) => m.PrintView));

/**
 * A screen's Print button: `print(job)` renders the job for paper (its code loaded on first use) and opens
 * the print dialog; `sheets` is what the screen renders for it.
 */
export function usePrint() {
  const [job, setJob] = useState<PrintJob | null>(null);
  const done = useCallback(() => setJob(null), []);
  return { print: setJob, sheets: job ? <PrintView job={job} onDone={done} /> : null };
}

/** The live board's link of a practice, for the QR code on paper and in the header (never the room code). */
export function boardUrl(boardId: string | null | undefined): string | null {
  return boardId ? `${location.origin}/live/${boardId}` : null;
}

/** What every printed sheet of a screen's practice carries: its name, date and live board QR code. */
export function printHeader(view: PracticeView) {
  return { practice: view.name, date: view.date, boardUrl: boardUrl(view.coach?.board_id ?? view.boardId) };
}
