import { BOARD_DATA_ID, type EmbeddedBoard } from '../../../core/board-page';
import type { SpectatorSnapshot } from '../../../core/contracts/guests';

/**
 * The snapshot a board's page came with (issue 29): the worker rendered the board from it and put it in
 * the page (core/board-page), so the page starts from it instead of asking again. In the worker it is the
 * one being rendered (`renderingBoard`).
 */
let embedded: EmbeddedBoard | null = fromPage();

function fromPage(): EmbeddedBoard | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(BOARD_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as EmbeddedBoard;
  } catch {
    return null;
  }
}

/**
 * What the page came with for board link `code`, until the board first leaves the screen: its snapshot, null
 * when the worker's lookup found no board there, undefined when the page brought nothing for that link.
 */
export const embeddedBoard = (code: string): SpectatorSnapshot | null | undefined => (embedded?.boardId === code ? embedded.board : undefined);

/** Whether the page came for board link `code` found right, its practice not sharing right now (the board waits). */
export const embeddedPaused = (code: string): boolean => embedded?.boardId === code && embedded.paused === true;

/** The board has left the screen: a later visit to it reads it afresh. */
export const dropEmbeddedBoard = () => void (embedded = null);

/** The worker's render: the board it renders (one render at a time, app/ssr/board.tsx). */
export const renderingBoard = (board: EmbeddedBoard) => void (embedded = board);
