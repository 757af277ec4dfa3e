import { getDefaultStore } from 'jotai';
import { apiPaths, type SpectatorSnapshot } from '../../core/api';
import { api } from '../lib/api';
import { bracketAtom } from './bracket';
import { applyPoolList, poolsAtom } from './pools';

const store = getDefaultStore();

/** Loads a live board by its board id into the same state the practice screens read. */
export async function fetchSpectatorBoard(boardId: string): Promise<SpectatorSnapshot> {
  return api<SpectatorSnapshot>('GET', apiPaths.board(boardId));
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
