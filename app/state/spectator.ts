import { getDefaultStore } from 'jotai';
import type { SpectatorSnapshot } from '../../core/contracts/guests';
import { bracketAtom } from './bracket';
import { applyPoolList, poolsAtom } from './pools';

const store = getDefaultStore();

/**
 * Loads a live board by its board id (with a solved human check when the limiter asked for one). The API's
 * client comes when first needed: a board's page comes with its snapshot (issue 29).
 */
export async function fetchSpectatorBoard(boardId: string, check?: string): Promise<SpectatorSnapshot> {
  const [{ call, client }, { checkHeaders }] = await Promise.all([import('../lib/api'), import('../lib/challenge')]);
  return call(client.board[':boardId'].$get({ param: { boardId } }, { headers: checkHeaders(check) }));
}

export function showSpectatorBoard(board: SpectatorSnapshot) {
  const practiceId = board.practice.id;
  store.set(poolsAtom, (s) => (s.practiceId === practiceId ? s : { practiceId, status: 'loading', pools: [] }));
  applyPoolList(practiceId, board.pools);
  store.set(bracketAtom, { practiceId, status: 'ready', bracket: board.bracket });
}

export async function loadSpectatorBoard(practiceId: string, boardId: string): Promise<boolean> {
  try {
    const board = await fetchSpectatorBoard(boardId);
    if (board.practice.id !== practiceId) return false;
    showSpectatorBoard(board);
    return true;
  } catch {
    return false;
  }
}
