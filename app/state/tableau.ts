import { atom } from 'jotai';
import { DEFAULT_FORMAT, finalClassification, resolveTableau } from '../../core/fencing/tableau';
import { bracketAtom } from './bracket';
import { poolsAtom } from './pools';

/**
 * The current practice's tableau, resolved from its pools and saved bracket with the server's own rules,
 * with the practice's format (the cut, the bouts for places) and its final classification.
 */
export const tableauAtom = atom((get) => {
  const pools = get(poolsAtom);
  const bracket = get(bracketAtom);
  const loading = pools.status !== 'ready' || bracket.status === 'idle' || bracket.status === 'loading';
  const saved = bracket.bracket ?? { seeding: null, matches: [], format: DEFAULT_FORMAT, did_not_start: [] };
  const tableau = resolveTableau(pools.pools, saved);
  return {
    loading,
    tableau,
    version: bracket.bracket?.version ?? 0,
    format: saved.format,
    didNotStart: saved.did_not_start,
    standings: finalClassification(pools.pools, saved),
  };
});
