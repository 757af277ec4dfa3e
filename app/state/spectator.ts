import { getDefaultStore } from 'jotai';
import { paths, type SpectatorSnapshot } from '../../core/api';
import { api } from '../lib/api';
import { bracketAtom } from './bracket';
import { applyPoolList, poolsAtom } from './pools';

const store = getDefaultStore();

/** Loads a live board by room code into the same state the practice screens read. */
export async function fetchSpectatorBoard(code: string): Promise<SpectatorSnapshot> {
  return api<SpectatorSnapshot>('GET', paths.spectate(code));
}

export function showSpectatorBoard(board: SpectatorSnapshot) {
  const practiceId = board.practice.id;
  store.set(poolsAtom, (s) => (s.practiceId === practiceId ? s : { practiceId, status: 'loading', pools: [] }));
  applyPoolList(practiceId, board.pools);
  store.set(bracketAtom, { practiceId, status: 'ready', bracket: board.bracket });
}

export async function loadSpectatorBoard(practiceId: string, code: string): Promise<boolean> {
  try {
    const board = await fetchSpectatorBoard(code);
    if (board.practice.id !== practiceId) return false;
    showSpectatorBoard(board);
    return true;
  } catch {
    return false;
  }
}
