import type { SpectatorSnapshot } from './contracts/guests';

/**
 * A live board's page as the worker answers it (issue 29): index.html with the board already rendered in
 * its root and the snapshot it was rendered from in a JSON script (not executed, so the CSP allows it)
 * with this id. The page reads it as its first data: no second snapshot request.
 */
export const BOARD_DATA_ID = 'board-data';

/**
 * What that script holds: the board id it was read for, the language it was rendered in, the snapshot; or
 * `null` when the page's lookup found no shared board for that id (the page says so without asking the API,
 * so a wrong link costs the board-id limiter one lookup per visit, not two). `paused`: the link is right but
 * its practice does not share right now (the page waits on the board's socket for sharing to come back).
 */
export interface EmbeddedBoard {
  boardId: string;
  lang: string;
  board: SpectatorSnapshot | null;
  paused?: true;
}

/** The tabs of a board link the worker renders (the nested routes under /live/:boardId, and its TV view). */
export const BOARD_TABS = ['results', 'tableau', 'final', 'tv'] as const;

/** The digest of a part of the board the worker leaves to the page (a shared tab): filled in there, not an error. */
export const CLIENT_ONLY = 'piste:client-only';
